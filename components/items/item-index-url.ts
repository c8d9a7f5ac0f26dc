import { EXACT_COUNT_LIMIT } from '../../shared/constants';
import type { ItemListing } from '../../shared/items';

export interface IndexFilters {
  search: string;
  tags: string[];
}

/** Filters and searches continue on /item from a tag page; the special listings keep their own path. */
export function indexPath(listing: ItemListing): string {
  return listing === 'all' || listing === 'tag' ? '/item' : `/${listing}`;
}

/** The query string of an index: tag refs joined by hyphens (member-library §7), empty parts left out. */
export function indexQuery({ search, tags }: IndexFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.trim()) query.search = search.trim();
  if (tags.length > 0) query.tags = tags.join('-');
  return query;
}

export function withTag(tags: readonly string[], ref: string): string[] {
  return tags.includes(ref) ? [...tags] : [...tags, ref];
}

export function withoutTag(tags: readonly string[], ref: string): string[] {
  return tags.filter((tag) => tag !== ref);
}

/**
 * '1 match' / '2 matches', '1 item' / '2 items' (the spec's 'match(es)', 'item(s)'); a count the server stopped at
 * (above EXACT_COUNT_LIMIT) reads '1,000+ matches'.
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${countText(count)} ${count === 1 ? singular : plural}`;
}

/** A count as shown: above EXACT_COUNT_LIMIT the server counted no further. */
export function countText(count: number): string {
  return count > EXACT_COUNT_LIMIT ? `${EXACT_COUNT_LIMIT.toLocaleString('en-GB')}+` : String(count);
}
