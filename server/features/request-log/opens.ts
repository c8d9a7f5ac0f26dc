/**
 * Opens of item pages and contents per user type (the stats' Most Opened page): the item page's counted
 * view and every GET of /content/{ref} queue an open with the viewer's user type — never the person — and the batch
 * writer adds them up per UTC day in opens_per_user_type (daily-counts.ts). The ref is kept without a foreign key, so
 * a deleted item's opens stay, shown as its path, until the request log's retention sweeps them (sweep.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { opensPerUserType } from '../../db/schema';
import { createBatchWriter, type BatchWriter } from '../../db/batch-writer';
import { dailyCounts } from './daily-counts';
import { REQUEST_LOG_BATCH_MAX, REQUEST_LOG_BATCH_WINDOW_MS, REQUEST_LOG_MAX_WAITING } from './recorder';

export interface Open {
  kind: 'item' | 'content';
  ref: string;
  /** The viewer's user type (null: not signed in), as the request log keeps it. */
  userTypeId: number | null;
  at: Date;
}

/** What the app decorates: closing is the app's. */
export type OpenCounts = Pick<BatchWriter<Open>, 'record' | 'flush'>;

declare module 'fastify' {
  interface FastifyInstance {
    openCounts: OpenCounts;
  }
}

export function createOpenCounts(db: Database, log: FastifyBaseLogger): BatchWriter<Open> {
  return createBatchWriter({
    write: (batch) => writeOpens(db, batch),
    windowMs: REQUEST_LOG_BATCH_WINDOW_MS,
    maxBatch: REQUEST_LOG_BATCH_MAX,
    maxWaiting: REQUEST_LOG_MAX_WAITING,
    log,
    what: 'the opens per user type',
  });
}

async function writeOpens(db: Database, batch: Open[]): Promise<number> {
  const counts = dailyCounts(
    batch,
    (open) => ({ kind: open.kind, ref: open.ref, userTypeId: open.userTypeId }),
    (key) => `${key.kind}\u0000${key.ref}\u0000${key.userTypeId ?? ''}`,
  );
  const rows = JSON.stringify(counts.map(({ day, key, count }) => ({ day, kind: key.kind, ref: key.ref, user_type_id: key.userTypeId, open_count: count })));
  await db.execute(sql`
    insert into ${opensPerUserType} (day, kind, ref, user_type_id, open_count)
    select q.day, q.kind, q.ref, q.user_type_id, q.open_count
    from json_to_recordset(${rows}::json) as q(day date, kind text, ref text, user_type_id integer, open_count integer)
    on conflict (day, kind, ref, user_type_id) do update set open_count = ${opensPerUserType}.open_count + excluded.open_count`);
  return batch.length;
}
