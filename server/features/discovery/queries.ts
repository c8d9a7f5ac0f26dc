import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, SUGGESTION_LIMIT } from '../../../shared/constants';
import { VISIBILITY } from '../../../shared/enums';
import type { IndexSuggestions, ItemListing, ItemSummary, ItemsPagination, SearchResult, Taxonomy } from '../../../shared/items';
import { isAdmin, isSignedIn, listableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items, itemTags } from '../../db/schema';
import { forgivingSearchRank, matchesForgivingSearch, matchesSearch, searchRank, textSearch, titleCloseness, type TextSearch } from './search';
import { itemSummary } from '../items/summary';
import { summaryColumns } from './summaries';
import type { CachedReads } from './library-cache';
import { filterGroups, taggedWithAny, type CatalogueTag, type TagCatalogue } from './tag-catalogue';

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

/**
 * Listings whose rows change only with a write the library version follows; popular (view counts) and the
 * curation lists (ordered by last edit) are always read afresh.
 */
const CACHED_LISTINGS: ReadonlySet<ItemListing> = new Set(['all', 'tag']);

/** One page of items the viewer may list, with the total for counts and paging. */
export async function listItems(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, reads?: CachedReads): Promise<ListingPage> {
  const now = new Date();
  const read = () => listingRows(db, viewer, catalogue, request, now);
  const { rows, total } = reads && CACHED_LISTINGS.has(request.listing) ? await reads.cache.remember(reads.snapshot, listingKey(request), read) : await read();
  // Cards are made per request: whether an item is expiring depends on the time.
  return { summaries: rows.map((row) => itemSummary(row, now)), pagination: pagination(request.page, total) };
}

function listingKey({ listing, search, tags, page }: ListingRequest): string {
  return JSON.stringify(['listing', listing, search, tags.map((tag) => tag.id), page]);
}

async function listingRows(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date) {
  const statements = listingQueries(db, viewer, catalogue, request, now);
  return statements.ranked ? rankedPage(statements, request.page) : orderedPage(statements);
}

type ListingStatements = ReturnType<typeof listingQueries>;

/** A search ranks every match anyway, so the same pass counts them. */
async function rankedPage(statements: ListingStatements, page: number) {
  const rows = await statements.pageWithTotal;
  if (rows.length > 0) return { rows, total: rows[0].total };
  // An empty first page means no match; an empty later page still needs the total for its links.
  return { rows, total: page === 1 ? 0 : (await statements.total)[0].total };
}

/** Without a search the page is read in index order and the count comes from the narrow listing index. */
async function orderedPage(statements: ListingStatements) {
  const [rows, [{ total }]] = await Promise.all([statements.page, statements.total]);
  return { rows, total };
}

/**
 * The statements behind a listing page, not yet run: `page` and `total` (used without a search), and
 * `pageWithTotal`, which carries the count of all matches on every row (used with one, see `ranked`).
 */
export function listingQueries(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date) {
  const search = request.search ? textSearch(request.search) : null;
  const where = listingCondition(viewer, catalogue, request, now, search, filterGroups(catalogue, request.tags));
  const order = listingOrder(request.listing, search);
  const offset = (request.page - 1) * PAGE_SIZE;
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  return {
    ranked: request.search !== '',
    page: db.select(summaryColumns).from(items).where(where).orderBy(...order).limit(PAGE_SIZE).offset(offset),
    pageWithTotal: db.select({ ...summaryColumns, total }).from(items).where(where).orderBy(...order).limit(PAGE_SIZE).offset(offset),
    total: db.select({ total: count() }).from(items).where(where),
  };
}

type FilterGroup = ReturnType<typeof filterGroups>[number];

/**
 * Which items a listing shows: those the viewer may list (the policy's condition, always), in the listing's scope,
 * matching the search, and passing every filter group (tags of one taxonomy OR, taxonomies AND).
 */
function listingCondition(viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date, search: TextSearch | null, groups: readonly FilterGroup[]): SQL | undefined {
  return and(
    listableItemsCondition(viewer, now),
    listingScope(viewer, request.listing),
    request.search ? searchCondition(catalogue, search) : undefined,
    ...groups.map((group) => (search ? searchMatchCarriesTag(group.tagIds) : taggedWithAny(group.tagIds))),
  );
}

/**
 * SQL: the item carries one of the tags, checked for each search match through the (item_id, tag_id) key. The
 * GIN index has already narrowed the items down, so probing them is cheaper than joining every item with the
 * tags; `offset 0` keeps the planner from turning it into that join.
 */
function searchMatchCarriesTag(tagIds: readonly number[]): SQL {
  return sql`exists (select 1 from ${itemTags} where ${itemTags.itemId} = ${items.id} and ${inArray(itemTags.tagId, [...tagIds])} offset 0)`;
}

/**
 * How many items of the current result carry each offered filter tag (or one below it), by ref. For a taxonomy
 * with a selection the count leaves that taxonomy's own selection out (its tags are a union: the count says what
 * choosing the tag adds), and keeps every other filter and the search. Access is the listing's own condition, so
 * a count never includes an item the viewer may not list.
 */
export async function tagCounts(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, offered: readonly Taxonomy[], reads?: CachedReads): Promise<Record<string, number>> {
  const read = () => countTags(db, viewer, catalogue, request, offered, new Date());
  return reads && CACHED_LISTINGS.has(request.listing) ? reads.cache.remember(reads.snapshot, `tag-counts|${listingKey({ ...request, page: 1 })}`, read) : read();
}

async function countTags(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, offered: readonly Taxonomy[], now: Date): Promise<Record<string, number>> {
  const search = request.search ? textSearch(request.search) : null;
  const groups = filterGroups(catalogue, request.tags);
  const offeredTags = offered.flatMap((taxonomy) => taxonomy.tags.map((tag) => catalogue.tag(tag.ref)).filter((tag) => tag !== undefined));
  // Taxonomies without a selection share one statement over the whole filter; each one with a selection has its own.
  const batches = new Map<number | null, CatalogueTag[]>();
  for (const tag of offeredTags) {
    const key = groups.some((group) => group.taxonomyId === tag.taxonomyId) ? tag.taxonomyId : null;
    batches.set(key, [...(batches.get(key) ?? []), tag]);
  }
  const counts: Record<string, number> = {};
  for (const [taxonomyId, batch] of batches) {
    const where = listingCondition(viewer, catalogue, request, now, search, groups.filter((group) => group.taxonomyId !== taxonomyId));
    const columns = Object.fromEntries(batch.map((tag, index) => [`t${index}`, tagCountColumn(catalogue.withDescendants(tag.id))]));
    const allIds = [...new Set(batch.flatMap((tag) => catalogue.withDescendants(tag.id)))];
    const [row] = await db.select(columns).from(itemTags).innerJoin(items, eq(items.id, itemTags.itemId)).where(and(inArray(itemTags.tagId, allIds), where));
    batch.forEach((tag, index) => (counts[tag.ref] = Number(row?.[`t${index}`] ?? 0)));
  }
  return counts;
}

/** Items carrying one of the ids: a tag without children is on an item at most once, so counting its rows is enough. */
function tagCountColumn(ids: number[]): SQL<number> {
  return ids.length === 1
    ? sql<number>`count(*) filter (where ${itemTags.tagId} = ${ids[0]})`.mapWith(Number)
    : sql<number>`count(distinct ${itemTags.itemId}) filter (where ${inArray(itemTags.tagId, ids)})`.mapWith(Number);
}

/**
 * What an empty result offers instead (decisions: "Finding things"): with a search, the items whose titles come
 * closest to it within the chosen filters; otherwise, or when no title comes close, the most viewed items within
 * the chosen filters. Same access condition and scope as the listing; none when the filters alone hold nothing.
 */
export async function suggestionsFor(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, reads?: CachedReads): Promise<IndexSuggestions | null> {
  const read = () => readSuggestions(db, viewer, catalogue, request, new Date());
  return reads && CACHED_LISTINGS.has(request.listing) ? reads.cache.remember(reads.snapshot, `suggestions|${listingKey({ ...request, page: 1 })}`, read) : read();
}

async function readSuggestions(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date): Promise<IndexSuggestions | null> {
  const search = request.search ? textSearch(request.search) : null;
  const inFilters = listingCondition(viewer, catalogue, { ...request, search: '' }, now, null, filterGroups(catalogue, request.tags));
  if (search) {
    const closeness = titleCloseness(search);
    const closest = await db
      .select(summaryColumns)
      .from(items)
      .where(and(inFilters, sql`${closeness} >= ${SUGGESTION_MIN_CLOSENESS}`))
      .orderBy(desc(closeness), asc(titleOrder), asc(items.id))
      .limit(SUGGESTION_LIMIT);
    if (closest.length > 0) return { kind: 'closest', items: closest.map((row) => itemSummary(row, now)) };
  }
  const popular = await db
    .select(summaryColumns)
    .from(items)
    .where(inFilters)
    .orderBy(desc(items.recentViewCount), desc(items.viewCount), asc(titleOrder), asc(items.id))
    .limit(SUGGESTION_LIMIT);
  return popular.length > 0 ? { kind: 'popular', items: popular.map((row) => itemSummary(row, now)) } : null;
}

/** Titles at least this close to the search (pg_trgm word similarity) are offered as the closest matches. */
export const SUGGESTION_MIN_CLOSENESS = 0.3;

/** A search with nothing searchable left (only punctuation) matches nothing; tags whose labels are close match too. */
function searchCondition(catalogue: TagCatalogue, search: TextSearch | null): SQL {
  return search ? matchesForgivingSearch(search, catalogue.tagIdsMatching(search.plain)) : sql`false`;
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
  if (search) return [desc(forgivingSearchRank(search)), asc(titleOrder), asc(items.id)];
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
  const rows = await typeAheadQuery(db, viewer, search, new Date());
  return rows.map((row) => ({ ...row, blurb: shorten(row.blurb, TYPE_AHEAD_BLURB_LENGTH) }));
}

/**
 * The type-ahead's JSON answer, `{ data: [...] }`. Cached as text: the navbar asks with every pause in typing, and
 * the same few prefixes come from many people at the same level.
 */
export async function typeAheadJson(db: Database, viewer: Viewer, text: string, reads?: CachedReads): Promise<string> {
  const serialize = async () => JSON.stringify({ data: await typeAheadResults(db, viewer, text) });
  const search = textSearch(text);
  if (!reads || !search) return serialize();
  return reads.cache.remember(reads.snapshot, `type-ahead-json|${search.text}`, serialize);
}

/** The type-ahead's statement for a parsed search, not yet run. */
export function typeAheadQuery(db: Database, viewer: Viewer, search: TextSearch, now: Date) {
  return db
    .select({ ref: items.ref, title: items.title, topic: items.topic, blurb: items.blurb })
    .from(items)
    .where(and(listableItemsCondition(viewer, now), matchesSearch(search)))
    .orderBy(desc(searchRank(search)), asc(titleOrder), asc(items.id))
    .limit(TYPE_AHEAD_LIMIT);
}

/** Cut at a word boundary and mark the cut with an ellipsis. */
export function shorten(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
