import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, PAGE_SIZE, SUGGESTION_LIMIT } from '../../../shared/constants';
import { VISIBILITY } from '../../../shared/enums';
import type { IndexSuggestions, ItemListing, ItemSummary, ItemsPagination, SearchResult, Taxonomy } from '../../../shared/items';
import { listableItemsCondition, listedDraftsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { items } from '../../db/schema';
import {
  forgivingSearchRank,
  hasLooselyCloseTitle,
  matchesSearch,
  matchesSearchInTitles,
  searchRank,
  textSearch,
  titleCloseness,
  type TextSearch,
} from '../../items';
import { boundedWay, candidateIds, searchCandidates } from './search-candidates';
import { itemSummary, type SummaryRow } from '../../items';
import { summaryColumns } from './summaries';
import { rememberList, type CachedReads } from './library-cache';
import { filteredCondition, filteredIds, rareFilteredSet, type FilteredQuestion } from './filtered-ids';
import { carriesAnyTag, filterGroups, taggedWithAny, type CatalogueTag, type TagCatalogue } from './tag-catalogue';

export const TYPE_AHEAD_LIMIT = 8;
export const TYPE_AHEAD_BLURB_LENGTH = 140;

/** What one page of an index shows. `search` is the trimmed text ('' when not searching). */
export interface ListingRequest {
  listing: ItemListing;
  search: string;
  tags: readonly CatalogueTag[];
  page: number;
  /**
   * The tags with an item the viewer may list (`tagIdsInUse`), when known: a filter group with none of them lets no
   * item through, so nothing is read for it (a visitor following a link to a tag with no public item).
   */
  tagsInUse?: ReadonlySet<number>;
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
  const { rows, total, hasMore } = await rememberList(reads, viewer, cacheKeyOf(request, listingKey(request)), (as) =>
    listingRows(db, as, catalogue, request, now),
  );
  // Cards are made per request: whether an item is expiring depends on the time.
  return { summaries: rows.map((row) => itemSummary(row, now)), pagination: pagination(request.page, total, hasMore) };
}

function listingKey({ listing, search, tags, page }: ListingRequest): string {
  return JSON.stringify(['listing', listing, search, tags.map((tag) => tag.id), page]);
}

/** `key` for the listings the library cache keeps (CACHED_LISTINGS), null for the others. */
function cacheKeyOf(request: ListingRequest, key: string): string | null {
  return CACHED_LISTINGS.has(request.listing) ? key : null;
}

const offsetOf = (page: number) => (page - 1) * PAGE_SIZE;

/** Whether a filter group has no tag in use for the viewer, so that no item passes the groups. */
function passesNothing(groups: readonly FilterGroup[], tagsInUse: ReadonlySet<number> | undefined): boolean {
  return tagsInUse !== undefined && groups.some((group) => !group.tagIds.some((id) => tagsInUse.has(id)));
}

async function listingRows(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date) {
  const groups = filterGroups(catalogue, request.tags);
  if (passesNothing(groups, request.tagsInUse)) return { rows: [], total: 0, hasMore: false };
  if (request.search === '' && groups.length > 0) return tagFilteredRows(db, viewer, request, groups, now);
  const statements = listingQueries(db, viewer, catalogue, request, now, await passingIdsIfRare(db, viewer, request, groups, now));
  const offset = offsetOf(request.page);
  // One row more than a page says whether another page follows; a search shows only its best EXACT_COUNT_LIMIT.
  const shown = statements.ranked ? Math.max(0, Math.min(PAGE_SIZE, EXACT_COUNT_LIMIT - offset)) : PAGE_SIZE;
  const fetched: Array<SummaryRow & { total?: number }> = await statements.page;
  const rows = fetched.slice(0, shown);
  const hasMore = fetched.length > shown && offset + shown < (statements.ranked ? EXACT_COUNT_LIMIT : Number.POSITIVE_INFINITY);
  return { rows, total: await countOf(statements, fetched, offset, hasMore), hasMore };
}

/** An unsearched page with tag filters: its ids from `filteredIds`, which counts on the way when it can. */
async function tagFilteredRows(db: Database, viewer: Viewer, request: ListingRequest, groups: readonly FilterGroup[], now: Date) {
  const question = filteredQuestion(viewer, request.listing, groups, now);
  const offset = offsetOf(request.page);
  const found = await filteredIds(db, question, offset, PAGE_SIZE + 1);
  const hasMore = found.ids.length > PAGE_SIZE;
  const pageIds = found.ids.slice(0, PAGE_SIZE);
  const rows =
    pageIds.length === 0
      ? []
      : await db
          .select(summaryColumns)
          .from(items)
          .where(inArray(items.id, pageIds))
          .orderBy(...question.order);
  // The last page knows the exact length; above the limit filteredIds only knows "more than 1,000".
  if (!hasMore && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length, hasMore };
  if (found.total !== undefined) return { rows, total: found.total, hasMore };
  const [row] = await db.select({ total: count() }).from(
    db
      .select({ id: items.id })
      .from(items)
      .where(filteredCondition(question))
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('limited'),
  );
  return { rows, total: Math.min(row?.total ?? 0, EXACT_COUNT_LIMIT + 1), hasMore };
}

/** With a search, the items that pass the filter groups when they are few (`rareFilteredSet`); otherwise null. */
async function passingIdsIfRare(db: Database, viewer: Viewer, request: ListingRequest, groups: readonly FilterGroup[], now: Date): Promise<number[] | null> {
  if (request.search === '' || groups.length === 0) return null;
  // Any order will do for a set, and ids follow when items were added, not what their titles say: in title order the
  // first 2,000 hold few items for children, and the index was read for 5,000 of them in vain (71 ms).
  return rareFilteredSet(db, { ...filteredQuestion(viewer, request.listing, groups, now), order: [asc(items.id)] });
}

function filteredQuestion(viewer: Viewer, listing: ItemListing, groups: readonly FilterGroup[], now: Date): FilteredQuestion {
  return {
    base: and(listableItemsCondition(viewer, now), listingScope(viewer, listing)),
    groups: groups.map((group) => group.tagIds),
    order: listingOrder(listing, null),
  };
}

/**
 * The count, with as little work as the page allows: a search's page carries its candidates' count (above the limit
 * only "more"); a page that ends the list knows the exact length; otherwise the count stops at EXACT_COUNT_LIMIT + 1.
 */
async function countOf(statements: ListingStatements, fetched: ReadonlyArray<{ total?: number }>, offset: number, hasMore: boolean): Promise<number> {
  if (statements.ranked && fetched.length > 0) return Math.min(fetched[0]!.total!, EXACT_COUNT_LIMIT + 1);
  // A search's first page holds its best candidates, so an empty one means no candidate: nothing matched.
  if (statements.ranked && offset === 0) return 0;
  if (!statements.ranked && !hasMore && (fetched.length > 0 || offset === 0)) return offset + fetched.length;
  const [row] = await statements.count;
  return Math.min(row?.total ?? 0, EXACT_COUNT_LIMIT + 1);
}

type ListingStatements = ReturnType<typeof listingQueries>;

/**
 * The statements behind a listing page, not yet run: `page` reads one row more than a page (in the listing's order),
 * and `count` counts the matches up to one more than EXACT_COUNT_LIMIT. With a search (`ranked`), only a bounded set
 * of candidates is ranked (`searchCandidates`), and each page row carries their count as `total`.
 */
export function listingQueries(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  now: Date,
  passingIds: readonly number[] | null = null,
) {
  const search = request.search ? textSearch(request.search) : null;
  const where = listingCondition(db, viewer, catalogue, request, now, search, filterGroups(catalogue, request.tags), passingIds);
  const offset = offsetOf(request.page);
  if (request.search !== '') {
    const total = sql<number>`count(*) over ()`.mapWith(Number);
    return {
      ranked: true as const,
      page: db
        .select({ ...summaryColumns, total })
        .from(items)
        .where(where)
        .orderBy(...listingOrder(request.listing, search))
        .limit(PAGE_SIZE + 1)
        .offset(offset),
      count: db.select({ total: count() }).from(items).where(where),
    };
  }
  const limited = db
    .select({ id: items.id })
    .from(items)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('limited');
  const order = listingOrder(request.listing, null);
  // The page's ids first, then their cards: in index order the cards' columns (the first picture's sub-select) would
  // otherwise be computed for every row the offset skips.
  const pageIds = db
    .select({ id: items.id })
    .from(items)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE + 1)
    .offset(offset);
  return {
    ranked: false as const,
    page: db
      .select(summaryColumns)
      .from(items)
      .where(inArray(items.id, pageIds))
      .orderBy(...order),
    count: db.select({ total: count() }).from(limited),
  };
}

/**
 * One run of at most `limit` of a listing's items (its condition, never a second listing rule; a search's are its
 * bounded candidates, as its pages show), in item order after the item `afterRef` names (from the first when
 * null): a batch edit's "all matching", which a large selection takes in several runs. With how many match in all, and
 * how many come before this run, so the person sees what a run covers before it runs; a search's count stops where
 * its candidates do (`searchCandidates`), so it is one "at least".
 */
export async function listingItemRun(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  limit: number,
  afterRef: string | null,
): Promise<{ refs: string[]; total: number; before: number; more: boolean; atLeast: boolean }> {
  const now = new Date();
  const search = request.search ? textSearch(request.search) : null;
  const where = listingCondition(db, viewer, catalogue, request, now, search, filterGroups(catalogue, request.tags));
  const [after] = afterRef ? await db.select({ id: items.id }).from(items).where(eq(items.ref, afterRef)).limit(1) : [];
  const afterId = after?.id ?? (afterRef ? Number.MAX_SAFE_INTEGER : null);
  const rows = await db
    .select({ ref: items.ref })
    .from(items)
    .where(afterId === null ? where : and(where, gt(items.id, afterId)))
    .orderBy(asc(items.id))
    .limit(limit + 1);
  const countWhere = async (condition: SQL | undefined) => Number((await db.select({ total: count() }).from(items).where(condition))[0]?.total ?? 0);
  const total = await countWhere(where);
  const before = afterId === null ? 0 : await countWhere(and(where, lte(items.id, afterId)));
  return {
    refs: rows.slice(0, limit).map((row) => row.ref),
    total,
    before,
    more: rows.length > limit,
    atLeast: request.search !== '' && total > EXACT_COUNT_LIMIT,
  };
}

type FilterGroup = ReturnType<typeof filterGroups>[number];

/**
 * Which items a listing shows: those the viewer may list (the policy's condition, always), in the listing's scope,
 * and passing every filter group (tags of one taxonomy OR, taxonomies AND); with a search, the search's bounded
 * candidates among them (`searchCandidates`, which apply all of that themselves, so the statement starts from them).
 * `passingIds`, when the filter groups' items are known to be few (`rareFilteredSet`), stands for the groups.
 */
function listingCondition(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  now: Date,
  search: TextSearch | null,
  groups: readonly FilterGroup[],
  passingIds: readonly number[] | null = null,
): SQL | undefined {
  const scope = and(listableItemsCondition(viewer, now), listingScope(viewer, request.listing));
  if (request.search === '') return and(scope, ...groups.map((group) => taggedWithAny(group.tagIds)));
  // A search with nothing searchable left (only punctuation) matches nothing.
  if (!search) return sql`false`;
  const filters = passingIds
    ? { access: and(scope, passingIds.length > 0 ? inArray(items.id, [...passingIds]) : sql`false`), groups: [] }
    : { access: scope, groups: groups.map((group) => group.tagIds) };
  return sql`${items.id} in (${searchCandidates(db, filters, search, catalogue.tagIdsMatching(search.plain))})`;
}

/**
 * How many items of the current result carry each offered filter tag (or one below it), by ref. For a taxonomy
 * with a selection the count leaves that taxonomy's own selection out (its tags are a union: the count says what
 * choosing the tag adds), and keeps every other filter and the search. Access is the listing's own condition, so
 * a count never includes an item the viewer may not list. Tags are counted only where the part of the library
 * counted in holds at most EXACT_COUNT_LIMIT items; elsewhere they have no entry (the filters show no number).
 */
export async function tagCounts(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  offered: readonly Taxonomy[],
  listingTotal: number,
  reads?: CachedReads,
): Promise<Record<string, number>> {
  // Every part a count is taken in holds the listing's result, so above the limit none is counted: no statement at all.
  if (listingTotal > EXACT_COUNT_LIMIT) return {};
  const key = cacheKeyOf(request, `tag-counts|${listingKey({ ...request, page: 1 })}`);
  return rememberList(reads, viewer, key, (as) => countTags(db, as, catalogue, request, offered, listingTotal, new Date()));
}

async function countTags(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  offered: readonly Taxonomy[],
  listingTotal: number,
  now: Date,
): Promise<Record<string, number>> {
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
    const countedGroups = groups.filter((group) => group.taxonomyId !== taxonomyId);
    // Counted within every filter, the part is the listing's own result: when that is empty, so is every count.
    if ((taxonomyId === null && listingTotal === 0) || passesNothing(countedGroups, request.tagsInUse)) {
      batch.forEach((tag) => (counts[tag.ref] = 0));
      continue;
    }
    const where = listingCondition(db, viewer, catalogue, request, now, search, countedGroups, await passingIdsIfRare(db, viewer, request, countedGroups, now));
    const row = await countTagsAmong(
      db,
      where,
      batch.map((tag) => catalogue.withDescendants(tag.id)),
    );
    // Above the limit the part counted in is too large to count tag by tag: its tags show no number (decisions).
    if (row.size <= EXACT_COUNT_LIMIT) batch.forEach((tag, index) => (counts[tag.ref] = Number(row[`t${index}`] ?? 0)));
  }
  return counts;
}

/**
 * One statement: the items matching `where`, up to EXACT_COUNT_LIMIT + 1 of them (`size`), and for each entry of
 * `tagIdSets` how many of them carry one of its tags (`t0`, `t1`, …), read from those items' own tag ids.
 */
async function countTagsAmong(db: Database, where: SQL | undefined, tagIdSets: readonly number[][]): Promise<{ size: number } & Record<string, number>> {
  const result = db
    .select({ tagIds: items.tagIds })
    .from(items)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('result');
  const columns = tagIdSets.map((ids, index) => sql`(count(*) filter (where ${carriesAnyTag(result.tagIds, ids)}))::int as ${sql.identifier(`t${index}`)}`);
  const [row] = await sqlRows<{ size: number } & Record<string, number>>(db, sql`select count(*)::int as size, ${sql.join(columns, sql`, `)} from ${result}`);
  return row ?? { size: 0 };
}

/**
 * What an empty result offers instead (decisions: "Finding things"): with a search, the items whose titles come
 * closest to it within the chosen filters; otherwise, or when no title comes close, the most viewed items within
 * the chosen filters. Same access condition and scope as the listing; none when the filters alone hold nothing.
 */
export async function suggestionsFor(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  reads?: CachedReads,
): Promise<IndexSuggestions | null> {
  const key = cacheKeyOf(request, `suggestions|${listingKey({ ...request, page: 1 })}`);
  return rememberList(reads, viewer, key, (as) => readSuggestions(db, as, catalogue, request, new Date()));
}

async function readSuggestions(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date): Promise<IndexSuggestions | null> {
  if (passesNothing(filterGroups(catalogue, request.tags), request.tagsInUse)) return null;
  const search = request.search ? textSearch(request.search) : null;
  const inFilters = listingCondition(db, viewer, catalogue, { ...request, search: '' }, now, null, filterGroups(catalogue, request.tags));
  if (search) {
    const { where, order } = closestTitles(db, inFilters, search, EXACT_COUNT_LIMIT + 1);
    const closest = await db
      .select(summaryColumns)
      .from(items)
      .where(where)
      .orderBy(...order)
      .limit(SUGGESTION_LIMIT);
    if (closest.length > 0) return { kind: 'closest', items: closest.map((row) => itemSummary(row, now)) };
  }
  const popular = await mostViewed(db, viewer, catalogue, request, now);
  return popular.length > 0 ? { kind: 'popular', items: popular.map((row) => itemSummary(row, now)) } : null;
}

/** The most viewed items within the chosen filters; with tag filters their ids come first (`filteredIds`). */
async function mostViewed(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date): Promise<SummaryRow[]> {
  const groups = filterGroups(catalogue, request.tags);
  const question = { ...filteredQuestion(viewer, request.listing, groups, now), order: listingOrder('popular', null) };
  if (groups.length === 0)
    return db
      .select(summaryColumns)
      .from(items)
      .where(question.base)
      .orderBy(...question.order)
      .limit(SUGGESTION_LIMIT);
  const { ids } = await filteredIds(db, question, 0, SUGGESTION_LIMIT);
  return ids.length === 0
    ? []
    : db
        .select(summaryColumns)
        .from(items)
        .where(inArray(items.id, ids))
        .orderBy(...question.order);
}

/** Titles at least this close to the search (pg_trgm word similarity) are offered as the closest matches. */
export const SUGGESTION_MIN_CLOSENESS = 0.3;

/** Which items a listing is about; access is the policy's separate condition. */
function listingScope(viewer: Viewer, listing: ItemListing): SQL | undefined {
  switch (listing) {
    case 'draft':
      return listedDraftsCondition(viewer);
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

/**
 * Titles that begin with the typed words, as a range of `items_title_order_idx`: from the words up to the words with
 * their last character's code point raised by one (UTF-8 keeps code point order, and so does the "C" collation).
 */
function titleStartsWith(search: TextSearch): SQL {
  const from = search.plain;
  const characters = Array.from(from);
  const until = `${characters.slice(0, -1).join('')}${String.fromCodePoint(characters.at(-1)!.codePointAt(0)! + 1)}`;
  return sql`(${titleOrder} >= ${from} and ${titleOrder} < ${until})`;
}

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

function pagination(page: number, total: number, hasMore: boolean): ItemsPagination {
  return { currentPage: page, nextPage: hasMore ? page + 1 : null, previousPage: page > 1 ? page - 1 : null, perPage: PAGE_SIZE, total };
}

/**
 * The navbar's type-ahead: the best few matches the viewer may list; when nothing matches what was typed, the titles
 * closest to it (a typo: "asembly" offers "Assembly…", issue 35 §2), as the results page's suggestions are found.
 */
export async function typeAheadResults(db: Database, viewer: Viewer, text: string): Promise<SearchResult[]> {
  const search = textSearch(text);
  if (!search) return [];
  const now = new Date();
  const matched = await typeAheadQuery(db, viewer, search, now);
  const rows = matched.length > 0 ? matched : await closestTypeAhead(db, viewer, search, now);
  return rows.map((row) => ({ ...row, blurb: shorten(row.blurb, TYPE_AHEAD_BLURB_LENGTH) }));
}

/**
 * The titles closest to what was typed (pg_trgm word similarity, at least SUGGESTION_MIN_CLOSENESS) among the items
 * `within` selects, as a condition and an order: a bounded set of `candidates` loosely close ones from the trigram
 * index, then the closest of them first (measuring every title's closeness took 1.4 s at 1,000,000 items). An empty
 * result's suggestions and the type-ahead's answer to a typo.
 */
function closestTitles(db: Database, within: SQL | undefined, search: TextSearch, candidates: number): { where: SQL; order: SQL[] } {
  const closeness = titleCloseness(search);
  const loose = db
    .select({ id: items.id })
    .from(items)
    .where(and(within, hasLooselyCloseTitle(search)))
    .limit(candidates);
  return {
    where: and(inArray(items.id, loose), sql`${closeness} >= ${SUGGESTION_MIN_CLOSENESS}`)!,
    order: [desc(closeness), asc(titleOrder), asc(items.id)],
  };
}

/**
 * The type-ahead's JSON answer, `{ data: [...] }`. Cached as text: the navbar asks with every pause in typing, and
 * the same few prefixes come from many people at the same level.
 */
export async function typeAheadJson(db: Database, viewer: Viewer, text: string, reads?: CachedReads): Promise<string> {
  const search = textSearch(text);
  return rememberList(reads, viewer, search ? `type-ahead-json|${search.text}` : null, async (as) =>
    JSON.stringify({ data: await typeAheadResults(db, as, text) }),
  );
}

async function closestTypeAhead(db: Database, viewer: Viewer, search: TextSearch, now: Date) {
  const { where, order } = closestTitles(db, listableItemsCondition(viewer, now), search, TYPE_AHEAD_CANDIDATES);
  return db
    .select(typeAheadColumns)
    .from(items)
    .where(where)
    .orderBy(...order)
    .limit(TYPE_AHEAD_LIMIT);
}

/** What a type-ahead suggestion shows. */
const typeAheadColumns = { ref: items.ref, title: items.title, topic: items.topic, blurb: items.blurb };

/** Matches the type-ahead ranks per way: enough for the best few. */
export const TYPE_AHEAD_CANDIDATES = 300;

/**
 * The type-ahead's statement for a parsed search, not yet run: the best of a bounded set of matches, by rank. Titles
 * that begin with what was typed come from a range of the title-order index; only when fewer than a screenful do,
 * the full-text index is read for the words in titles, and only when those are still fewer, for the words anywhere
 * (decisions: "Fast without the cache").
 */
export function typeAheadQuery(db: Database, viewer: Viewer, search: TextSearch, now: Date) {
  const listable = listableItemsCondition(viewer, now);
  const stages = [titleStartsWith(search), matchesSearchInTitles(search), matchesSearch(search)].map((matches, index) => ({
    ways: [boundedWay(db, listable, matches, TYPE_AHEAD_CANDIDATES)],
    below: index > 0 ? TYPE_AHEAD_LIMIT : undefined,
  }));
  const candidates = candidateIds(stages);
  return db
    .select(typeAheadColumns)
    .from(items)
    .where(sql`${items.id} in (${candidates})`)
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
