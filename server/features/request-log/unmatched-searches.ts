/**
 * Searches that found nothing: the item index queues the search text of a full visit whose search found
 * no item, and the batch writer adds them up per UTC day in unmatched_searches with the last time seen
 * (daily-counts.ts). Only the text is kept, normalised (`normaliseSearchText`): never who searched, nor their user type.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { UNMATCHED_SEARCH_MAX_LENGTH } from '../../../shared/stats';
import type { Database } from '../../db/client';
import { unmatchedSearches } from '../../db/schema';
import { createBatchWriter, type BatchWriter } from '../../db/batch-writer';
import { dailyCounts } from './daily-counts';
import { REQUEST_LOG_BATCH_MAX, REQUEST_LOG_BATCH_WINDOW_MS, REQUEST_LOG_MAX_WAITING } from './recorder';

export interface UnmatchedSearch {
  text: string;
  at: Date;
}

/** What the app decorates: closing is the app's. */
export type UnmatchedSearchLog = Pick<BatchWriter<UnmatchedSearch>, 'record' | 'flush'>;

declare module 'fastify' {
  interface FastifyInstance {
    unmatchedSearches: UnmatchedSearchLog;
  }
}

/**
 * One spelling for searches that differ only in case, width or spacing ('Psalm  23', 'psalm 23'): NFKC, lower case,
 * runs of white space (and control characters) as one space, trimmed, then cut to UNMATCHED_SEARCH_MAX_LENGTH
 * characters (never inside a surrogate pair). '' for a search of nothing but spaces.
 */
export function normaliseSearchText(text: string): string {
  const spaced = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  return Array.from(spaced).slice(0, UNMATCHED_SEARCH_MAX_LENGTH).join('').trimEnd();
}

export function createUnmatchedSearchLog(db: Database, log: FastifyBaseLogger): BatchWriter<UnmatchedSearch> {
  return createBatchWriter({
    write: (batch) => writeSearches(db, batch),
    windowMs: REQUEST_LOG_BATCH_WINDOW_MS,
    maxBatch: REQUEST_LOG_BATCH_MAX,
    maxWaiting: REQUEST_LOG_MAX_WAITING,
    log,
    what: 'the searches that found nothing',
  });
}

async function writeSearches(db: Database, batch: UnmatchedSearch[]): Promise<number> {
  const searches = batch.map((search) => ({ text: normaliseSearchText(search.text), at: search.at })).filter((search) => search.text !== '');
  if (searches.length === 0) return 0;
  const counts = dailyCounts(
    searches,
    (search) => search.text,
    (text) => text,
  );
  const rows = JSON.stringify(
    counts.map(({ day, key, count, lastAt }) => ({ day, search_text: key, search_count: count, last_searched_at: lastAt.toISOString() })),
  );
  await db.execute(sql`
    insert into ${unmatchedSearches} (day, search_text, search_count, last_searched_at)
    select q.day, q.search_text, q.search_count, q.last_searched_at
    from json_to_recordset(${rows}::json) as q(day date, search_text text, search_count integer, last_searched_at timestamptz)
    on conflict (day, search_text) do update set
      search_count = ${unmatchedSearches}.search_count + excluded.search_count,
      last_searched_at = greatest(${unmatchedSearches}.last_searched_at, excluded.last_searched_at)`);
  return searches.length;
}
