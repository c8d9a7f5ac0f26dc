/**
 * The CSV download of the request log (/admin/stats/download_http). Rows are read in keyset-paged batches on
 * (created_at, id), CSV_BATCH_SIZE at a time, and streamed, so a million rows never sit in memory at once and no
 * transaction is held open while the browser downloads. Cells are written by server/lib/csv.ts (quoted, formula-guarded).
 */
import { sql } from 'drizzle-orm';
import type { StatsRange } from '../../../shared/stats';
import type { Database } from '../../db/client';
import { httpRequests } from '../../db/schema';
import { rangeBounds } from './schemas';
import { sqlRows } from '../../db/sql-rows';
import { csvLine } from '../../lib/csv';

export const CSV_BATCH_SIZE = 5000;
export const CSV_COLUMNS = ['id', 'method', 'url', 'referer', 'response_code', 'user_type_id', 'duration_ms', 'created_at'] as const;

interface CsvRow {
  id: unknown;
  method: string;
  url: string;
  referer: string | null;
  response_code: number;
  user_type_id: number | null;
  duration_ms: number;
  created_at: string;
  at_key: string;
}

async function batchAfter(db: Database, range: StatsRange, after: { at: string; id: number } | null, size: number): Promise<CsvRow[]> {
  const { start, end } = rangeBounds(range);
  const keyset = after
    ? sql`(${httpRequests.createdAt}, ${httpRequests.id}) > (${after.at}::timestamptz, ${after.id})`
    : sql`${httpRequests.createdAt} >= ${start.toISOString()}::timestamptz`;
  return sqlRows<CsvRow>(
    db,
    sql`
    select id, method, url, referer, response_code, user_type_id, duration_ms,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, created_at::text as at_key
    from ${httpRequests}
    where ${keyset} and ${httpRequests.createdAt} < ${end.toISOString()}::timestamptz
    order by ${httpRequests.createdAt}, ${httpRequests.id}
    limit ${size}`,
  );
}

/** The CSV text of the requests in the range, oldest first: the header line, then a chunk per batch. */
export async function* requestsCsv(db: Database, range: StatsRange, batchSize: number = CSV_BATCH_SIZE): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows = await batchAfter(db, range, after, batchSize);
    if (rows.length === 0) return;
    yield rows
      .map((row) => csvLine([Number(row.id), row.method, row.url, row.referer, row.response_code, row.user_type_id, row.duration_ms, row.created_at]))
      .join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.at_key, id: Number(last.id) };
  }
}

/** equip-http-requests-{from}-to-{to}.csv */
export function csvFileName(range: StatsRange): string {
  return `equip-http-requests-${range.from}-to-${range.to}.csv`;
}
