import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable, type AnyPgColumn, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import * as schema from '../schema';

/** PostgreSQL allows 65,535 bind parameters per statement; stay well below it. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_STATEMENT = 1000;

function rowsPerStatement(rows: readonly object[]): number {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  return Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns)));
}

function* batchesOf<T>(rows: readonly T[]): Generator<T[]> {
  const size = rowsPerStatement(rows as readonly object[]);
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Multi-row inserts, a thousand rows (or fewer for wide rows) per statement. */
export async function insertRows<T extends PgTable>(db: Database, table: T, rows: readonly PgInsertValue<T>[]): Promise<number> {
  for (const batch of batchesOf(rows)) await db.insert(table).values(batch);
  return rows.length;
}

type TableWithRef = PgTable & { id: AnyPgColumn; ref: AnyPgColumn };

/** Inserts rows that carry a ref and answers the generated id of each ref. */
export async function insertReturningIds<T extends TableWithRef>(db: Database, table: T, rows: readonly PgInsertValue<T>[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of batchesOf(rows)) {
    const inserted = (await db.insert(table).values(batch).returning({ id: table.id, ref: table.ref })) as { id: number; ref: string }[];
    for (const row of inserted) ids.set(row.ref, row.id);
  }
  return ids;
}

function allTables(): PgTable[] {
  return Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
}

/** Empties every application table and restarts the id sequences; the library's version row stays (it only ever rises). */
export async function truncateAllTables(db: Database): Promise<void> {
  const names = allTables()
    .filter((table) => table !== schema.libraryState)
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row.count;
}
