/**
 * Writers that must not overlap (two moves within one ordered list, two clicks counted against one person's limit)
 * queue on a lock of their own, held until their transaction ends. Nothing else waits for them: no transaction
 * holds a lock shared by every writer (library_state's versions rise at commit, migration 0035).
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Takes the transaction-long lock named `name` (and `key`, for one person's or one record's writers). Call it in a transaction. */
export async function takeWritersLock(tx: Pick<Database, 'execute'>, name: string, key = 0): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}), ${key}::integer)`);
}
