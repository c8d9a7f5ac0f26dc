import { EXACT_COUNT_LIMIT } from '../../shared/constants';
import type { ItemListing } from '../../shared/items';

export interface IndexFilters {
  search: string;
  tags: string[];
}

/** The path of a listing's filtered visits: the special listings keep their own path, the others go to /item. */
function indexPath(listing: ItemListing): string {
  return listing === 'all' || listing === 'tag' ? '/item' : `/${listing}`;
}

/** A tag page's own tag and address (the page's `tagPage` prop). */
interface TagPage {
  ref: string;
  path: string;
}

/**
 * Where a filter or search chosen on an index goes: a tag page stays itself (its address, Follow button and feed),
 * its own tag applied by the path and the other filters added as query parameters; the other listings, indexPath.
 */
export function indexAddress(listing: ItemListing, tagPage: TagPage | null, filters: IndexFilters): { path: string; query: Record<string, string> } {
  if (tagPage) return { path: tagPage.path, query: indexQuery({ ...filters, tags: withoutTag(filters.tags, tagPage.ref) }) };
  return { path: indexPath(listing), query: indexQuery(filters) };
}

/** Whether a person chose a filter or a search: a tag page's own tag is the page, not a filter to remove. */
export function hasChosenFilters(tagPage: TagPage | null, filters: IndexFilters): boolean {
  return filters.search.trim() !== '' || filters.tags.some((ref) => ref !== tagPage?.ref);
}

/** The query string of an index: tag refs joined by hyphens, empty parts left out. */
function indexQuery({ search, tags }: IndexFilters): Record<string, string> {
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
 * '1 match' / '2 matches', '1 item' / '2 items'; a count the server stopped at
 * (above EXACT_COUNT_LIMIT) reads '1,000+ matches'.
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${countText(count)} ${count === 1 ? singular : plural}`;
}

/** A count as shown: above EXACT_COUNT_LIMIT the server counted no further. */
export function countText(count: number): string {
  return count > EXACT_COUNT_LIMIT ? `${EXACT_COUNT_LIMIT.toLocaleString('en-GB')}+` : String(count);
}
