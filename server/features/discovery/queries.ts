import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '../../../shared/constants';
import { VISIBILITY } from '../../../shared/enums';
import type { ItemListing, ItemSummary, ItemsPagination, SearchResult } from '../../../shared/items';
import { isAdmin, isSignedIn, listableItemsCondition, unexpiredForListingCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { matchesSearch, searchRank, textSearch, type TextSearch } from './search';
import { itemSummary } from '../items/summary';
import { summaryColumns } from './summaries';
import { taggedWith, type CatalogueTag, type TagCatalogue } from './tag-catalogue';

export const TYPE_AHEAD_LIMIT = 8;
export const TYPE_AHEAD_BLURB_LENGTH = 140;

/** What one page of an index shows. `search` is the trimmed text ('' when not searching). */
export interface ListingRequest {
  listing: ItemListing;
  search: string;
  tags: readonly CatalogueTag[];
  page: number;
}

export interface ListingPage {
  summaries: ItemSummary[];
  pagination: ItemsPagination;
}

/** One page of items the viewer may list, with the total for counts and paging. */
export async function listItems(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest): Promise<ListingPage> {
  const now = new Date();
  const search = request.search ? textSearch(request.search) : null;
  const where = and(
    listableItemsCondition(viewer, now),
    unexpiredForListingCondition(viewer, now),
    listingScope(viewer, request.listing),
    request.search ? searchCondition(search) : undefined,
    ...request.tags.map((tag) => taggedWith(catalogue, tag)),
  );
  const rows = await db
    .select(summaryColumns)
    .from(items)
    .where(where)
    .orderBy(...listingOrder(request.listing, search))
    .limit(PAGE_SIZE)
    .offset((request.page - 1) * PAGE_SIZE);
  const [{ total }] = await db.select({ total: count() }).from(items).where(where);
  return { summaries: rows.map((row) => itemSummary(row, now)), pagination: pagination(request.page, total) };
}

/** A search with nothing searchable left (only punctuation or stop words) matches nothing. */
function searchCondition(search: TextSearch | null): SQL {
  return search ? matchesSearch(search) : sql`false`;
}

/** Which items a listing is about; access is the policy's separate condition. */
function listingScope(viewer: Viewer, listing: ItemListing): SQL | undefined {
  switch (listing) {
    case 'draft': {
      const drafts = inArray(items.visibility, [VISIBILITY.DRAFT, VISIBILITY.PENDING]);
      if (isAdmin(viewer)) return drafts;
      return isSignedIn(viewer) ? and(drafts, eq(items.createdByUserId, viewer.id)) : sql`false`;
    }
    case 'unpublished':
      return inArray(items.visibility, [VISIBILITY.DRAFT, VISIBILITY.PENDING, VISIBILITY.HIDDEN]);
    case 'unlisted':
      return eq(items.visibility, VISIBILITY.UNLISTED);
    default:
      return undefined;
  }
}

/** Titles compare in the "C" collation so PGlite and PostgreSQL page identically. */
const titleOrder = sql`lower(${items.title}) collate "C"`;

function listingOrder(listing: ItemListing, search: TextSearch | null): SQL[] {
  if (search) return [desc(searchRank(search)), asc(titleOrder), asc(items.id)];
  switch (listing) {
    case 'popular':
      return [desc(items.recentViewCount), desc(items.viewCount), asc(titleOrder), asc(items.id)];
    case 'draft':
    case 'unpublished':
    case 'unlisted':
      return [desc(items.updatedAt), asc(items.id)];
    default:
      return [asc(titleOrder), asc(items.id)];
  }
}

export function pagination(page: number, total: number): ItemsPagination {
  return {
    currentPage: page,
    nextPage: page * PAGE_SIZE < total ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    perPage: PAGE_SIZE,
    total,
  };
}

/** The navbar's type-ahead: the best few matches the viewer may list. */
export async function typeAheadResults(db: Database, viewer: Viewer, text: string): Promise<SearchResult[]> {
  const search = textSearch(text);
  if (!search) return [];
  const now = new Date();
  const rows = await db
    .select({ ref: items.ref, title: items.title, topic: items.topic, blurb: items.blurb })
    .from(items)
    .where(and(listableItemsCondition(viewer, now), unexpiredForListingCondition(viewer, now), matchesSearch(search)))
    .orderBy(desc(searchRank(search)), asc(titleOrder), asc(items.id))
    .limit(TYPE_AHEAD_LIMIT);
  return rows.map((row) => ({ ...row, blurb: shorten(row.blurb, TYPE_AHEAD_BLURB_LENGTH) }));
}

/** Cut at a word boundary and mark the cut with an ellipsis. */
export function shorten(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
