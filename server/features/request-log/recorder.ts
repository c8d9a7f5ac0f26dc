/**
 * The request log is written in batches, off the request (server/db/batch-writer.ts): within
 * REQUEST_LOG_BATCH_WINDOW_MS (or at REQUEST_LOG_BATCH_MAX rows) one multi-row INSERT writes every queued row.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { httpRequests } from '../../db/schema';
import { createBatchWriter, type BatchWriter } from '../../db/batch-writer';

export const REQUEST_LOG_BATCH_WINDOW_MS = 1000;
export const REQUEST_LOG_BATCH_MAX = 500;
/** Rows that may wait in memory while the database is behind; past it new requests are not logged. */
export const REQUEST_LOG_MAX_WAITING = 50_000;

export interface LoggedRequest {
  method: string;
  url: string;
  referer: string | null;
  responseCode: number;
  userTypeId: number | null;
  durationMs: number;
  createdAt: Date;
}

/** What the app decorates: closing is the app's. */
export type RequestLog = Pick<BatchWriter<LoggedRequest>, 'record' | 'flush'>;

export function createRequestLog(db: Database, log: FastifyBaseLogger, maxWaiting: number = REQUEST_LOG_MAX_WAITING): BatchWriter<LoggedRequest> {
  return createBatchWriter({
    write: (batch) => writeRequests(db, batch),
    windowMs: REQUEST_LOG_BATCH_WINDOW_MS,
    maxBatch: REQUEST_LOG_BATCH_MAX,
    maxWaiting,
    log,
    what: 'the request log',
  });
}

/** One statement. No foreign key and no lookup per row: a batch of 500 costs a few milliseconds of the database. */
async function writeRequests(db: Database, batch: LoggedRequest[]): Promise<number> {
  const rows = JSON.stringify(
    batch.map((row) => ({
      method: row.method,
      url: row.url,
      referer: row.referer,
      response_code: row.responseCode,
      user_type_id: row.userTypeId,
      duration_ms: row.durationMs,
      created_at: row.createdAt.toISOString(),
    })),
  );
  await db.execute(sql`
    insert into ${httpRequests} (method, url, referer, response_code, user_type_id, duration_ms, created_at)
    select q.method, q.url, q.referer, q.response_code, q.user_type_id, q.duration_ms, q.created_at
    from json_to_recordset(${rows}::json) as q(method text, url text, referer text, response_code integer, user_type_id integer, duration_ms integer, created_at timestamptz)`);
  return batch.length;
}
