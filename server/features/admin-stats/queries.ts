/**
 * The stats' queries over http_requests (docs/performance.md "Request stats"). Every one is bounded by the date range
 * on created_at, which the (created_at, id) index serves.
 * - Top by a parameter: one grouped count, the STATS_TOP_LIMIT largest.
 * - Over time: one indexed count per bucket (day, month or year, UTC) between the first and last request of the
 *   range, so no sort or hash of a million rows; buckets without requests in between are listed with 0.
 */
import { sql, type SQL } from 'drizzle-orm';
import { STATS_TOP_LIMIT, type StatsGrain, type StatsOverTimeResult, type StatsParameter, type StatsRange, type StatsTopResult } from '../../../shared/stats';
import type { Database } from '../../db/client';
import { httpRequests, userTypes } from '../../db/schema';
import { rangeBounds } from './schemas';
import { sqlRows } from '../../db/sql-rows';

const COLUMNS: Record<StatsParameter, SQL> = {
  url: sql`${httpRequests.url}`,
  referer: sql`${httpRequests.referer}`,
  user_type_id: sql`${httpRequests.userTypeId}`,
  method: sql`${httpRequests.method}`,
  response_code: sql`${httpRequests.responseCode}`,
};

function inRange(range: StatsRange): SQL {
  const { start, end } = rangeBounds(range);
  return sql`${httpRequests.createdAt} >= ${start.toISOString()}::timestamptz and ${httpRequests.createdAt} < ${end.toISOString()}::timestamptz`;
}

interface TopRow {
  param_key: string | number | null;
  total_count: unknown;
  param_label: string | null;
}

/** The statement of `topByParameter` (scripts/stats-timing.ts explains it). */
export function topByParameterQuery(parameter: StatsParameter, range: StatsRange): SQL {
  const label = parameter === 'user_type_id' ? sql`(select ${userTypes.title} from ${userTypes} where ${userTypes.id} = top.param_key)` : sql`null::text`;
  return sql`
    with top as (
      select ${COLUMNS[parameter]} as param_key, count(*) as total_count
      from ${httpRequests} where ${inRange(range)}
      group by 1 order by 2 desc, 1 asc nulls last limit ${STATS_TOP_LIMIT}
    )
    select top.param_key, top.total_count, ${label} as param_label from top order by top.total_count desc, top.param_key asc nulls last`;
}

/** The keys of one parameter with the most requests in the range, largest count first (ties by key). */
export async function topByParameter(db: Database, parameter: StatsParameter, range: StatsRange): Promise<StatsTopResult[]> {
  const rows = await sqlRows<TopRow>(db, topByParameterQuery(parameter, range));
  return rows.map((row) => ({ param_key: row.param_key, total_count: Number(row.total_count), param_label: row.param_label ?? null }));
}

/** The statement of `overTime` (scripts/stats-timing.ts explains it). */
export function overTimeQuery(grain: StatsGrain, range: StatsRange): SQL {
  const { start, end } = rangeBounds(range);
  const from = sql`${start.toISOString()}::timestamptz`;
  const until = sql`${end.toISOString()}::timestamptz`;
  const step = sql.raw(`interval '1 ${grain}'`);
  const unit = sql.raw(`'${grain}'`);
  return sql`
    with span as (
      select min(${httpRequests.createdAt}) as lo, max(${httpRequests.createdAt}) as hi from ${httpRequests} where ${inRange(range)}
    ),
    buckets as (
      select b from span, generate_series(date_trunc(${unit}, span.lo at time zone 'UTC'), date_trunc(${unit}, span.hi at time zone 'UTC'), ${step}) as b
      where span.lo is not null
    )
    select to_char(b, 'YYYY-MM-DD') as date,
      (select count(*) from ${httpRequests} h
        where h.created_at >= greatest(b at time zone 'UTC', ${from}) and h.created_at < least((b + ${step}) at time zone 'UTC', ${until})) as total_count
    from buckets order by b`;
}

/** Request counts per day, month or year of the range (UTC), from the first bucket with requests to the last. */
export async function overTime(db: Database, grain: StatsGrain, range: StatsRange): Promise<StatsOverTimeResult[]> {
  const rows = await sqlRows<{ date: string; total_count: unknown }>(db, overTimeQuery(grain, range));
  return rows.map((row) => ({ date: row.date, total_count: Number(row.total_count) }));
}
