/**
 * Retention of the history: changes recorded more than HISTORY_RETENTION_DAYS ago are deleted by a periodic job, once
 * a period for the deployment (server/db/periodic-jobs.ts), in batches.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteInBatches } from '../../db/delete-in-batches';
import { runPeriodically } from '../../db/periodic-jobs';
import { changeHistory } from '../../db/schema';
import { DAY_MS } from '../../../shared/dates';

const HISTORY_SWEEP_BATCH = 10_000;

/** Deletes the changes recorded before `now - retentionDays`; resolves with how many went. */
export async function sweepOldHistory(db: Database, retentionDays: number, now: Date = new Date(), batchSize = HISTORY_SWEEP_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return deleteInBatches(db, changeHistory, sql`${changeHistory.createdAt} < ${cutoff}::timestamptz`, batchSize);
}

export function sweepOldHistoryPeriodically(app: FastifyInstance): void {
  runPeriodically(app, { name: 'history-retention', work: async () => ({ changes: await sweepOldHistory(app.db, app.config.HISTORY_RETENTION_DAYS) }) });
}
