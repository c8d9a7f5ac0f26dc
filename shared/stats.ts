/** Admin stats: the links, parameters and result shapes of /admin/stats. */

export const STATS_DOWNLOAD_URL = '/admin/stats/download_http';
/** The most opened items and contents per user type. */
export const STATS_OPENED_URL = '/admin/stats/opened';
/** Searches that found nothing: the search text only. */
export const STATS_UNMATCHED_SEARCHES_URL = '/admin/stats/unmatched_searches';

/** The columns a "Top …" page groups the request log by; each is its own route, /admin/stats/{parameter}. */
export const STATS_PARAMETERS = ['url', 'referer', 'user_type_id', 'method', 'response_code'] as const;
export type StatsParameter = (typeof STATS_PARAMETERS)[number];

/** How the 'By {parameter}' list names its parameter: in words, as the stats links do, not as a column. */
const STATS_PARAMETER_NAMES: Record<StatsParameter, string> = {
  url: 'URL',
  referer: 'Referrer',
  user_type_id: 'User Type',
  method: 'HTTP Method',
  response_code: 'HTTP Response Code',
};

/** 'By URL', 'By User Type': the heading of a top-by list. */
export function topByHeading(parameter: string): string {
  return `By ${STATS_PARAMETER_NAMES[parameter as StatsParameter] ?? parameter}`;
}

/** The over-time buckets: /admin/stats/time (day), /admin/stats/time/month, /admin/stats/time/year. */
export const STATS_GRAINS = ['day', 'month', 'year'] as const;
export type StatsGrain = (typeof STATS_GRAINS)[number];

/** The links of the stats page, in the order they show; `download` ones are plain browser downloads. */
export const STATS_LINKS: readonly { label: string; href: string; download?: boolean }[] = [
  { label: 'Top URLs', href: '/admin/stats/url' },
  { label: 'Top Referrers', href: '/admin/stats/referer' },
  { label: 'Top User Types', href: '/admin/stats/user_type_id' },
  { label: 'Top HTTP Methods', href: '/admin/stats/method' },
  { label: 'Top HTTP Response Codes', href: '/admin/stats/response_code' },
  { label: 'Download Http Requests', href: STATS_DOWNLOAD_URL, download: true },
  { label: 'By Day', href: '/admin/stats/time' },
  { label: 'By Month', href: '/admin/stats/time/month' },
  { label: 'By Year', href: '/admin/stats/time/year' },
  { label: 'Most Opened', href: STATS_OPENED_URL },
  { label: 'Searches That Found Nothing', href: STATS_UNMATCHED_SEARCHES_URL },
];

/** How many keys a "Top …" list shows, and how many searches that found nothing. */
export const STATS_TOP_LIMIT = 100;
/** How many items, and how many contents, the Most Opened page shows for each user type. */
export const STATS_OPENED_PER_USER_TYPE = 10;
/** The longest search text kept of a search that found nothing (normalised first: see decisions). */
export const UNMATCHED_SEARCH_MAX_LENGTH = 100;
/** The date range every stats page starts with: the last 90 days, today included. */
export const STATS_DEFAULT_RANGE_DAYS = 90;

/** Stats top result: a key and how many requests had it. */
export interface StatsTopResult {
  /** null: the request had none (no referer, an anonymous visitor's user type). */
  param_key: string | number | null;
  total_count: number;
  /**
   * A readable name beside the key: the user type's title on /admin/stats/user_type_id; on /admin/stats/url the title
   * of the item (/i/{ref}) or content (/content/{ref}) the path opens, when the viewing admin may open it; else null.
   */
  param_label: string | null;
  /** The key is the path of an item or content that no longer exists. */
  deleted: boolean;
}

/** An item page or a content file as a stats row names it: its path, and its title when the viewer may open it. */
export interface StatsTarget {
  /** /i/{ref} or /content/{ref}. */
  path: string;
  /** The item's title; a content's label and its item's title. Null when the viewer may not open it, or it is deleted. */
  title: string | null;
  deleted: boolean;
}

/** One item or content of the Most Opened page and how many times it was opened in the range. */
export interface StatsOpenedResult extends StatsTarget {
  totalCount: number;
}

/** The most opened items and contents of one user type (null: visitors who were not signed in). */
export interface StatsOpenedGroup {
  userTypeId: number | null;
  userTypeTitle: string | null;
  items: StatsOpenedResult[];
  contents: StatsOpenedResult[];
}

/** A search that found nothing: its (normalised) text, how many times in the range, and when last (ISO). */
export interface UnmatchedSearchResult {
  searchText: string;
  totalCount: number;
  lastSearchedAt: string;
}

/** Stats over-time result: the first day of the bucket (YYYY-MM-DD, UTC) and its count. */
export interface StatsOverTimeResult {
  date: string;
  total_count: number;
}

/** The date range shown (YYYY-MM-DD, both days included, UTC). */
export interface StatsRange {
  from: string;
  to: string;
}
