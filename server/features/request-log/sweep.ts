/**
 * Retention of the request log: rows older than REQUEST_LOG_RETENTION_DAYS are deleted by a periodic job (once a
 * period for the deployment, server/db/periodic-jobs.ts), in batches. The same job and retention sweep the daily counts
 * kept beside it (opens per user type, searches that found nothing): a day's row goes once the whole day is
 * older than the retention.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteInBatches } from '../../db/delete-in-batches';
import { runPeriodically } from '../../db/periodic-jobs';
import { httpRequests, opensPerUserType, unmatchedSearches } from '../../db/schema';
import { DAY_MS } from '../../../shared/dates';

/** Rows deleted per statement, so a big first sweep never holds long locks or one huge transaction. */
export const REQUEST_LOG_SWEEP_BATCH = 10_000;

/** Deletes rows logged before `now - retentionDays`; resolves with how many were deleted. */
export async function sweepOldRequests(db: Database, retentionDays: number, now: Date = new Date(), batchSize = REQUEST_LOG_SWEEP_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return deleteInBatches(db, httpRequests, sql`${httpRequests.createdAt} < ${cutoff}::timestamptz`, batchSize);
}

/** Deletes the daily counts of days that ended before `now - retentionDays`; resolves with how many rows of each. */
export async function sweepOldDailyCounts(
  db: Database,
  retentionDays: number,
  now: Date = new Date(),
  batchSize = REQUEST_LOG_SWEEP_BATCH,
): Promise<{ opens: number; unmatchedSearches: number }> {
  const cutoffDay = new Date(now.getTime() - retentionDays * DAY_MS).toISOString().slice(0, 10);
  return {
    opens: await deleteInBatches(db, opensPerUserType, sql`${opensPerUserType.day} < ${cutoffDay}::date`, batchSize),
    unmatchedSearches: await deleteInBatches(db, unmatchedSearches, sql`${unmatchedSearches.day} < ${cutoffDay}::date`, batchSize),
  };
}

export function sweepOldRequestsPeriodically(app: FastifyInstance): void {
  runPeriodically(app, {
    name: 'request-log-retention',
    work: async () => {
      const retentionDays = app.config.REQUEST_LOG_RETENTION_DAYS;
      return { requests: await sweepOldRequests(app.db, retentionDays), ...(await sweepOldDailyCounts(app.db, retentionDays)) };
    },
  });
}
