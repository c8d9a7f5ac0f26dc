/**
 * Rows written in batches, off the request (the request log, counted item views): a response queues its row, and
 * within `windowMs` (or at `maxBatch` rows) one statement writes every queued row. Batches are written one after
 * another, so no two of them wait on each other's rows. A batch that cannot be written is logged and dropped: what
 * goes through here is statistics, never anything a person saved.
 */
import { outsideChangeContext } from './change-context';
import type { FastifyBaseLogger } from 'fastify';

export interface BatchWriter<T> {
  /** Queues one row; it is written within the batch window. */
  record(row: T): void;
  /** Writes every queued row now; resolves with what the write counted. */
  flush(): Promise<number>;
  /** Writes what is queued, whatever happens to it. */
  close(): Promise<void>;
}

export interface BatchWriterOptions<T> {
  /** One statement for the whole batch; resolves with what it counted. */
  write: (batch: T[]) => Promise<number>;
  windowMs: number;
  maxBatch: number;
  /**
   * Rows that may wait in memory while the database is slower than the traffic (queued plus batches not yet written);
   * past it new rows are left out, so a struggling database never makes the server run out of memory.
   */
  maxWaiting: number;
  log: FastifyBaseLogger;
  /** What the rows are, for the log: 'the request log', 'item views'. */
  what: string;
}

export function createBatchWriter<T>({ write, windowMs, maxBatch, maxWaiting, log, what }: BatchWriterOptions<T>): BatchWriter<T> {
  let queue: T[] = [];
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
    const written = writing.then(() => (batch.length === 0 ? 0 : write(batch)));
    writing = written
      .catch((error: unknown) => {
        log.warn({ err: error, rows: batch.length }, `could not write ${what}`);
      })
      .finally(() => {
        unwritten -= batch.length;
      });
    return written;
  }

  function full(): boolean {
    if (unwritten + queue.length < maxWaiting) {
      if (dropped > 0) log.warn({ rows: dropped }, `${what} left out rows while the database was behind`);
      dropped = 0;
      return false;
    }
    dropped += 1;
    return true;
  }

  return {
    record(row) {
      if (full()) return;
      queue.push(row);
      // A batch holds many people's rows: it is written outside the change context of the request that happens to
      // fill it or start its timer (server/db/change-context.ts).
      if (queue.length >= maxBatch) void outsideChangeContext(flush).catch(() => undefined);
      else if (!timer) {
        timer = outsideChangeContext(() => setTimeout(() => void flush().catch(() => undefined), windowMs));
        timer.unref();
      }
    },
    flush,
    async close() {
      await flush().catch(() => undefined);
    },
  };
}
