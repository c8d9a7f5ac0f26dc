import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Rows of a raw statement: both drivers (PGlite and node-postgres) answer with a `rows` array. */
export async function sqlRows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
