import type { StatsRange } from '../../shared/stats';

/** A stats address with the date range in its query string. */
export function withRange(href: string, range: StatsRange): string {
  return `${href}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}
