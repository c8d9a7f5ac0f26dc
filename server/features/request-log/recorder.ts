/**
 * The request log is written in batches, off the request (modelled on features/items/view-recorder.ts): a response
 * queues its row, and within REQUEST_LOG_BATCH_WINDOW_MS (or at REQUEST_LOG_BATCH_MAX rows) one multi-row INSERT
 * writes every queued row. A batch that cannot be written is logged and dropped: these are statistics.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { httpRequests } from '../../db/schema';

export const REQUEST_LOG_BATCH_WINDOW_MS = 1000;
export const REQUEST_LOG_BATCH_MAX = 500;
/**
 * Rows that may wait in memory while the database is slower than the traffic (queued plus batches not yet written);
 * past it new requests are not logged, so a struggling database never makes the server run out of memory.
 */
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

export interface RequestLog {
  /** Queues one request; it is written within the batch window. */
  record(request: LoggedRequest): void;
  /** Writes every queued request now; resolves with how many were written. */
  flush(): Promise<number>;
}

export function createRequestLog(db: Database, log: FastifyBaseLogger, maxWaiting: number = REQUEST_LOG_MAX_WAITING): RequestLog & { close(): Promise<void> } {
  let queue: LoggedRequest[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  /** Rows handed to batches that are not written yet. */
  let unwritten = 0;
  let dropped = 0;

  function flush(): Promise<number> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    unwritten += batch.length;
    const written = writing.then(() => (batch.length === 0 ? 0 : writeRequests(db, batch)));
    writing = written
      .catch((error: unknown) => {
        log.warn({ err: error, requests: batch.length }, 'could not write the request log');
      })
      .finally(() => {
        unwritten -= batch.length;
      });
    return written;
  }

  function full(): boolean {
    if (unwritten + queue.length < maxWaiting) {
      if (dropped > 0) log.warn({ requests: dropped }, 'the request log left out requests while the database was behind');
      dropped = 0;
      return false;
    }
    dropped += 1;
    return true;
  }

  return {
    record(request) {
      if (full()) return;
      queue.push(request);
      if (queue.length >= REQUEST_LOG_BATCH_MAX) void flush().catch(() => undefined);
      else if (!timer) {
        timer = setTimeout(() => void flush().catch(() => undefined), REQUEST_LOG_BATCH_WINDOW_MS);
        timer.unref();
      }
    },
    flush,
    async close() {
      await flush().catch(() => undefined);
    },
  };
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
