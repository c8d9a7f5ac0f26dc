/**
 * The stats' queries over http_requests (docs/performance.md "Request stats"). Every one is bounded by the date range
 * on created_at, which the (created_at, id) index serves.
 * - Top by a parameter: one grouped count, the STATS_TOP_LIMIT largest.
 * - Over time: one indexed count per bucket (day, month or year, UTC) between the first and last request of the
 *   range, so no sort or hash of a million rows; buckets without requests in between are listed with 0.
 * - Most opened and searches that found nothing: sums of the daily counts (opens_per_user_type,
 *   unmatched_searches) over the range's days, read through their (day, …) unique indexes.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  STATS_OPENED_PER_USER_TYPE,
  STATS_TOP_LIMIT,
  type StatsGrain,
  type StatsOpenedGroup,
  type StatsOverTimeResult,
  type StatsParameter,
  type StatsRange,
  type StatsTopResult,
  type UnmatchedSearchResult,
} from '../../../shared/stats';
import type { Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { httpRequests, opensPerUserType, unmatchedSearches, userTypes } from '../../db/schema';
import { rangeBounds } from './schemas';
import { sqlRows } from '../../db/sql-rows';
import { targetPath, targetTitles, type TargetKind } from './titles';

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

/** The path of this site a key names: a Top URLs key, or a Top Referrers key on the site's own origin; else null. */
function ownPathOf(parameter: StatsParameter, key: string | number | null, ownOrigin: string): string | null {
  if (typeof key !== 'string') return null;
  if (parameter === 'url') return key;
  return parameter === 'referer' && key.startsWith(`${ownOrigin}/`) ? key.slice(ownOrigin.length) : null;
}

/**
 * The keys of one parameter with the most requests in the range, largest count first (ties by key). Top URLs, and Top
 * Referrers on the site's own origin (`ownOrigin`, APP_URL's), name the items and contents their paths open, as far as
 * the viewer may open them (titles.ts).
 */
export async function topByParameter(db: Database, viewer: Viewer, parameter: StatsParameter, range: StatsRange, ownOrigin = ''): Promise<StatsTopResult[]> {
  const rows = await sqlRows<TopRow>(db, topByParameterQuery(parameter, range));
  const paths = rows.map((row) => ownPathOf(parameter, row.param_key, ownOrigin));
  const named = await targetTitles(
    db,
    viewer,
    paths.filter((path) => path !== null),
  );
  return rows.map((row, index) => {
    const target = named.get(paths[index] ?? '');
    return {
      param_key: row.param_key,
      total_count: Number(row.total_count),
      param_label: target ? target.title : (row.param_label ?? null),
      deleted: target?.deleted ?? false,
    };
  });
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

interface OpenedRow {
  kind: TargetKind;
  ref: string;
  user_type_id: number | null;
  user_type_title: string | null;
  total_count: unknown;
}

/** The statement of `mostOpened`: per user type and kind, the STATS_OPENED_PER_USER_TYPE refs opened most in the range. */
function mostOpenedQuery(range: StatsRange): SQL {
  return sql`
    with counted as (
      select kind, ref, user_type_id, sum(open_count) as total_count
      from ${opensPerUserType} where ${opensPerUserType.day} between ${range.from}::date and ${range.to}::date
      group by kind, ref, user_type_id
    ),
    ranked as (
      select counted.*, row_number() over (partition by user_type_id, kind order by total_count desc, ref) as place from counted
    )
    select kind, ref, user_type_id, (select ${userTypes.title} from ${userTypes} where ${userTypes.id} = ranked.user_type_id) as user_type_title, total_count
    from ranked where place <= ${STATS_OPENED_PER_USER_TYPE}
    order by user_type_id nulls first, kind, place`;
}

/**
 * The most opened items and contents of each user type in the range (visitors who were not signed in first, then by
 * user type), each named as far as the viewer may open it.
 */
export async function mostOpened(db: Database, viewer: Viewer, range: StatsRange): Promise<StatsOpenedGroup[]> {
  const rows = await sqlRows<OpenedRow>(db, mostOpenedQuery(range));
  const named = await targetTitles(
    db,
    viewer,
    rows.map((row) => targetPath(row.kind, row.ref)),
  );
  const groups = new Map<number | null, StatsOpenedGroup>();
  for (const row of rows) {
    const userTypeId = row.user_type_id === null ? null : Number(row.user_type_id);
    let group = groups.get(userTypeId);
    if (!group) groups.set(userTypeId, (group = { userTypeId, userTypeTitle: row.user_type_title, items: [], contents: [] }));
    const path = targetPath(row.kind, row.ref);
    const target = named.get(path) ?? { path, title: null, deleted: true };
    (row.kind === 'item' ? group.items : group.contents).push({ ...target, totalCount: Number(row.total_count) });
  }
  return [...groups.values()];
}

/** The searches that found nothing in the range: the STATS_TOP_LIMIT most frequent, then the latest first. */
export async function unmatchedSearchesIn(db: Database, range: StatsRange): Promise<UnmatchedSearchResult[]> {
  const rows = await sqlRows<{ search_text: string; total_count: unknown; last_searched_at: string }>(
    db,
    sql`
    select ${unmatchedSearches.searchText} as search_text, sum(${unmatchedSearches.searchCount}) as total_count,
      to_char(max(${unmatchedSearches.lastSearchedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_searched_at
    from ${unmatchedSearches} where ${unmatchedSearches.day} between ${range.from}::date and ${range.to}::date
    group by ${unmatchedSearches.searchText}
    order by 2 desc, 3 desc, 1
    limit ${STATS_TOP_LIMIT}`,
  );
  return rows.map((row) => ({ searchText: row.search_text, totalCount: Number(row.total_count), lastSearchedAt: row.last_searched_at }));
}
