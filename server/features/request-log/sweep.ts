/** Retention of the request log: rows older than REQUEST_LOG_RETENTION_DAYS are deleted by a periodic job, in batches. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runPeriodically } from '../../db/periodic-jobs';
import { httpRequests } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement, so a big first sweep never holds long locks or one huge transaction. */
export const REQUEST_LOG_SWEEP_BATCH = 10_000;

/** Deletes rows logged before `now - retentionDays`; resolves with how many were deleted. */
export async function sweepOldRequests(db: Database, retentionDays: number, now: Date = new Date(), batchSize = REQUEST_LOG_SWEEP_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await sqlRows<unknown>(
      db,
      sql`
      delete from ${httpRequests} where ${httpRequests.id} in (
        select ${httpRequests.id} from ${httpRequests} where ${httpRequests.createdAt} < ${cutoff}::timestamptz limit ${batchSize}
      ) returning 1 as deleted`,
    );
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

export function sweepOldRequestsPeriodically(app: FastifyInstance): void {
  runPeriodically(app, { name: 'request-log-retention', work: () => sweepOldRequests(app.db, app.config.REQUEST_LOG_RETENTION_DAYS) });
}
