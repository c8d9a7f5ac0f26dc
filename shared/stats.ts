/** Admin stats (admin-curation §2 "Admin Stats", §3 stats results and page props, §9). */

export const STATS_URL = '/admin/stats';
export const STATS_DOWNLOAD_URL = '/admin/stats/download_http';

/** The columns a "Top …" page groups the request log by; each is its own route, /admin/stats/{parameter}. */
export const STATS_PARAMETERS = ['url', 'referer', 'user_type_id', 'method', 'response_code'] as const;
export type StatsParameter = (typeof STATS_PARAMETERS)[number];

/** The over-time buckets: /admin/stats/time (day), /admin/stats/time/month, /admin/stats/time/year. */
export const STATS_GRAINS = ['day', 'month', 'year'] as const;
export type StatsGrain = (typeof STATS_GRAINS)[number];

/** The links of the stats page, in the spec's order; `download` ones are plain browser downloads. */
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
];

/** How many keys a "Top …" list shows. */
export const STATS_TOP_LIMIT = 100;
/** The date range every stats page starts with: the last 90 days, today included. */
export const STATS_DEFAULT_RANGE_DAYS = 90;

/** Stats top result (§3): a key and how many requests had it. */
export interface StatsTopResult {
  /** null: the request had none (no referer, an anonymous visitor's user type). */
  param_key: string | number | null;
  total_count: number;
  /** A readable name beside the key: the user type's title on /admin/stats/user_type_id; null elsewhere. */
  param_label: string | null;
}

/** Stats over-time result (§3): the first day of the bucket (YYYY-MM-DD, UTC) and its count. */
export interface StatsOverTimeResult {
  date: string;
  total_count: number;
}

/** The date range shown (YYYY-MM-DD, both days included, UTC). */
export interface StatsRange {
  from: string;
  to: string;
}
