import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { sqlRows } from './sql-rows';

/**
 * Deletes the table's rows that `expired` selects, `batchSize` a statement (by id), so a big retention sweep never
 * holds long locks or one huge transaction; resolves with how many went. For tables with an `id` key.
 */
export async function deleteInBatches(db: Database, table: PgTable, expired: SQL, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await sqlRows<unknown>(
      db,
      sql`delete from ${table} where id in (select id from ${table} where ${expired} limit ${batchSize}) returning 1 as deleted`,
    );
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
