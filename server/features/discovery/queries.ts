import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, PAGE_SIZE, SUGGESTION_LIMIT } from '../../../shared/constants';
import { VISIBILITY } from '../../../shared/enums';
import type { IndexSuggestions, ItemListing, ItemSummary, ItemsPagination, SearchResult, Taxonomy } from '../../../shared/items';
import { listableItemsCondition, listableItemsThroughIndex, listedDraftsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { items } from '../../db/schema';
import { hasCloseTitle, hasLooselyCloseTitle, textSearch, titleCloseness, withCompletedLastWord, type TextSearch } from '../../items';
import { searchCandidates } from './search-candidates';
import { itemSummary, type SummaryRow } from '../../items';
import { summaryColumns } from './summaries';
import { rememberList, type CachedReads } from './library-cache';
import { filteredIds, type FilteredQuestion } from './filtered-ids';
import { bestFirstAmong, bestFirstMatches, matchesUpTo, tierKeyOf, wordsAreCommon, type BestFirstMatch, type BestFirstStart } from './best-first';
import { BY_POPULARITY, keyOf, listOrder, nextPageParam, titleOrder, type KeyValues } from './list-orders';
import { carriesAnyTag, filterGroups, taggedWithAny, type CatalogueTag, type TagCatalogue } from './tag-catalogue';

export const TYPE_AHEAD_LIMIT = 8;
export const TYPE_AHEAD_BLURB_LENGTH = 140;

/** What one page of an index shows. `search` is the trimmed text ('' when not searching). */
export interface ListingRequest {
  listing: ItemListing;
  search: string;
  tags: readonly CatalogueTag[];
  page: number;
  /** How many items a page holds: PAGE_SIZE unless said (the JSON API's `limit`). */
  pageSize?: number;
  /** The key of the last item before this page, from the infinite scroll (`list-orders.ts`); else the page is an offset. */
  after?: KeyValues | null;
  /**
   * The tags with an item the viewer may list (`tagIdsInUse`), when known: a filter group with none of them lets no
   * item through, so nothing is read for it (a visitor following a link to a tag with no public item).
   */
  tagsInUse?: ReadonlySet<number>;
}

export interface ListingPage {
  summaries: ItemSummary[];
  pagination: ItemsPagination;
  /** The infinite scroll's `page` for the next page, after this page's last item; null when none follows or the order has no key. */
  nextPageKey: string | null;
}

/**
 * Listings whose rows change only with a write the library version follows; popular (view counts) and the
 * curation lists (ordered by last edit) are always read afresh.
 */
const CACHED_LISTINGS: ReadonlySet<ItemListing> = new Set(['all', 'tag']);

/**
 * One page of items the viewer may list, and whether another follows: nothing that needs a count of all matches
 * (results first; `listingCounts` follows as a deferred prop).
 */
export async function listItems(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, reads?: CachedReads): Promise<ListingPage> {
  const now = new Date();
  const { rows, hasMore } = await rememberList(reads, viewer, cacheKeyOf(request, listingKey(request)), (as) => listingRows(db, as, catalogue, request, now));
  const lastKey = rows.at(-1)?.orderKey;
  return {
    // Cards are made per request: whether an item is expiring depends on the time.
    summaries: rows.map((row) => itemSummary(row, now)),
    pagination: pagination(request.page, hasMore, sizeOf(request)),
    nextPageKey: hasMore && lastKey ? nextPageParam(request.page + 1, lastKey) : null,
  };
}

function listingKey({ listing, search, tags, page, pageSize = PAGE_SIZE, after }: ListingRequest): string {
  return JSON.stringify(['listing', listing, search, tags.map((tag) => tag.id), page, pageSize, after ?? null]);
}

/** What was typed as a search (`textSearch`), its last word completed to the library's words (`withCompletedLastWord`); null when nothing searchable is left. */
async function completedSearch(db: Database, text: string): Promise<TextSearch | null> {
  const search = textSearch(text);
  return search && withCompletedLastWord(db, search);
}

/** A listing page's rows: the cards' columns and, where the order has one, each row's key (`orderKey`). */
type ListingRow = SummaryRow & { orderKey?: KeyValues };

/** `key` for the listings the library cache keeps (CACHED_LISTINGS), null for the others. */
function cacheKeyOf(request: ListingRequest, key: string): string | null {
  return CACHED_LISTINGS.has(request.listing) ? key : null;
}

const sizeOf = (request: ListingRequest) => request.pageSize ?? PAGE_SIZE;
const offsetOf = (request: ListingRequest) => (request.page - 1) * sizeOf(request);

/** Whether a filter group has no tag in use for the viewer, so that no item passes the groups. */
function passesNothing(groups: readonly FilterGroup[], tagsInUse: ReadonlySet<number> | undefined): boolean {
  return tagsInUse !== undefined && groups.some((group) => !group.tagIds.some((id) => tagsInUse.has(id)));
}

async function listingRows(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  now: Date,
): Promise<{ rows: ListingRow[]; hasMore: boolean }> {
  const groups = filterGroups(catalogue, request.tags);
  if (passesNothing(groups, request.tagsInUse)) return { rows: [], hasMore: false };
  if (request.search !== '') return searchedRows(db, viewer, catalogue, request, groups, now);
  if (groups.length > 0) return tagFilteredRows(db, viewer, request, groups, now);
  // One row more than a page says whether another page follows.
  const fetched: ListingRow[] = await listingPageQuery(db, viewer, catalogue, request, now);
  return { rows: fetched.slice(0, sizeOf(request)), hasMore: fetched.length > sizeOf(request) };
}

/**
 * A search's page, best first (`bestFirstMatches`), after the key of the page before or from its number's offset; a
 * search shows only its best EXACT_COUNT_LIMIT matches.
 */
async function searchedRows(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, groups: readonly FilterGroup[], now: Date) {
  const search = await completedSearch(db, request.search);
  // A search with nothing searchable left (only punctuation) matches nothing.
  if (!search) return { rows: [], hasMore: false };
  const offset = offsetOf(request);
  const shown = Math.max(0, Math.min(sizeOf(request), EXACT_COUNT_LIMIT - offset));
  const key = tierKeyOf(request.after);
  const start = key ? { after: key } : { skip: offset };
  const labelTagIds = catalogue.tagIdsMatching(search.plain);
  const matches = shown === 0 ? [] : await searchedMatches(db, viewer, request, groups, now, search, labelTagIds, start, shown + 1);
  const cards = await inMatchOrder(matches.slice(0, shown), (ids) =>
    db
      .select({ id: items.id, ...summaryColumns })
      .from(items)
      .where(inArray(items.id, ids)),
  );
  const rows: ListingRow[] = cards.map(({ match, row }) => ({ ...row, orderKey: match.key }));
  return { rows, hasMore: matches.length > shown && offset + shown < EXACT_COUNT_LIMIT };
}

/**
 * The rows of `matches`, read by id and put back in the matches' order, each beside its match; a match deleted since
 * it was found is left out.
 */
async function inMatchOrder<Row extends { id: number }>(
  matches: readonly BestFirstMatch[],
  readByIds: (ids: number[]) => Promise<Row[]>,
): Promise<Array<{ match: BestFirstMatch; row: Omit<Row, 'id'> }>> {
  if (matches.length === 0) return [];
  const rowOf = new Map((await readByIds(matches.map((match) => match.id))).map(({ id, ...row }) => [id, row]));
  return matches.flatMap((match) => {
    const row = rowOf.get(match.id);
    return row ? [{ match, row }] : [];
  });
}

/**
 * A search's matches best first: without tag filters, walked from the head of the popularity index tier by tier
 * (`bestFirstMatches`); with them, sorted among the bounded candidates the count also counts (`searchCandidates`,
 * which reads the words and the filters together where they are rare together; walking the popularity order for a
 * combination that is rare together read the whole head of every tier in vain: 0.3–1.1 s at 1,000,000 items).
 */
async function searchedMatches(
  db: Database,
  viewer: Viewer,
  request: ListingRequest,
  groups: readonly FilterGroup[],
  now: Date,
  search: TextSearch,
  labelTagIds: readonly number[],
  start: BestFirstStart,
  wanted: number,
): Promise<BestFirstMatch[]> {
  const scope = and(listableItemsThroughIndex(viewer, now), listingScope(viewer, request.listing));
  if (groups.length === 0 && (await wordsAreCommon(db, search, wanted))) return bestFirstMatches(db, { base: scope, search, labelTagIds }, start, wanted);
  const filters = { access: scope, groups: groups.map((group) => group.tagIds) };
  return bestFirstAmong(db, { base: scope, search, labelTagIds }, searchCandidates(db, filters, search, labelTagIds), start, wanted);
}

/** An unsearched page with tag filters: its ids from `filteredIds` (after the key, or from the offset), then their cards. */
async function tagFilteredRows(db: Database, viewer: Viewer, request: ListingRequest, groups: readonly FilterGroup[], now: Date) {
  const order = listOrder(request.listing);
  const key = pageKeyOf(request);
  const question = filteredQuestion(viewer, request.listing, groups, now, key);
  const found = await filteredIds(db, question, key ? 0 : offsetOf(request), sizeOf(request) + 1);
  const pageIds = found.ids.slice(0, sizeOf(request));
  const rows: ListingRow[] =
    pageIds.length === 0
      ? []
      : await db
          .select({ ...summaryColumns, orderKey: order.key.mapWith((key) => key as KeyValues) })
          .from(items)
          .where(inArray(items.id, pageIds))
          .orderBy(...order.by);
  return { rows, hasMore: found.ids.length > sizeOf(request) };
}

/** The key a page starts after, when the request has one of its listing's order (not for a search). */
function pageKeyOf(request: ListingRequest): KeyValues | null {
  return request.search === '' ? keyOf(listOrder(request.listing), request.after ?? null) : null;
}

function filteredQuestion(viewer: Viewer, listing: ItemListing, groups: readonly FilterGroup[], now: Date, after: KeyValues | null = null): FilteredQuestion {
  const order = listOrder(listing);
  return {
    base: and(listableItemsThroughIndex(viewer, now), listingScope(viewer, listing), after ? order.after(after) : undefined),
    groups: groups.map((group) => group.tagIds),
    order: order.by,
    limits: order.walkLimits,
  };
}

/** The statement of an unsearched, unfiltered listing page, not yet run: one row more than a page, in the listing's order. */
export function listingPageQuery(db: Database, viewer: Viewer, catalogue: TagCatalogue, request: ListingRequest, now: Date) {
  const where = listingCondition(db, viewer, catalogue, request, now, null, filterGroups(catalogue, request.tags));
  const order = listOrder(request.listing);
  const key = pageKeyOf(request);
  // The page's ids first, then their cards: in index order the cards' columns (the first picture's sub-select) would
  // otherwise be computed for every row an offset skips.
  const pageIds = db
    .select({ id: items.id })
    .from(items)
    .where(key ? and(where, order.after(key)) : where)
    .orderBy(...order.by)
    .limit(sizeOf(request) + 1)
    .offset(key ? 0 : offsetOf(request));
  return db
    .select({ ...summaryColumns, orderKey: order.key.mapWith((value) => value as KeyValues) })
    .from(items)
    .where(inArray(items.id, pageIds))
    .orderBy(...order.by);
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
  const search = await completedSearch(db, request.search);
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
 * Which items a listing holds, for what counts them (the counts, a batch edit's run): those the viewer may list (the
 * policy's condition, always), in the listing's scope, and passing every filter group (tags of one taxonomy OR,
 * taxonomies AND); with a search, its matches up to the bound (`searchCandidates` without the titles, which
 * apply all of that themselves, so the statement starts from them).
 */
function listingCondition(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  now: Date,
  search: TextSearch | null,
  groups: readonly FilterGroup[],
): SQL | undefined {
  const scope = and(listableItemsThroughIndex(viewer, now), listingScope(viewer, request.listing));
  if (request.search === '') return and(scope, ...groups.map((group) => taggedWithAny(group.tagIds)));
  // A search with nothing searchable left (only punctuation) matches nothing.
  if (!search) return sql`false`;
  const filters = { access: scope, groups: groups.map((group) => group.tagIds) };
  return sql`${items.id} in (${searchCandidates(db, filters, search, catalogue.tagIdsMatching(search.plain), { titles: false })})`;
}

/** A list's counts, which follow its results: both up to EXACT_COUNT_LIMIT + 1 ("1,000+"). */
export interface ListingCounts {
  /** How many items the list holds. */
  total: number;
  /**
   * How many items of the current result carry each offered filter tag (or one below it), by ref. For a taxonomy
   * with a selection the count leaves that taxonomy's own selection out (its tags are a union: the count says what
   * choosing the tag adds), and keeps every other filter and the search. Tags are counted only where the part of the
   * library counted in holds at most EXACT_COUNT_LIMIT items; elsewhere they have no entry (the filters show no number).
   */
  tags: Record<string, number>;
}

/**
 * The total and the tag counts of a list, from one statement over bounded sets (`countStatement`). Access is the
 * listing's own condition, so a count never includes an item the viewer may not list.
 */
export async function listingCounts(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  offered: readonly Taxonomy[],
  reads?: CachedReads,
): Promise<ListingCounts> {
  const key = cacheKeyOf(request, `counts|${listingKey({ ...request, page: 1, after: null })}`);
  return rememberList(reads, viewer, key, (as) => countListing(db, as, catalogue, request, offered, new Date()));
}

/** A set counted in: the items passing `groups` (and the search), and the offered tags counted among them. */
interface CountedPart {
  groups: readonly FilterGroup[];
  tags: CatalogueTag[];
}

async function countListing(
  db: Database,
  viewer: Viewer,
  catalogue: TagCatalogue,
  request: ListingRequest,
  offered: readonly Taxonomy[],
  now: Date,
): Promise<ListingCounts> {
  const search = await completedSearch(db, request.search);
  const groups = filterGroups(catalogue, request.tags);
  const offeredTags = offered.flatMap((taxonomy) => taxonomy.tags.map((tag) => catalogue.tag(tag.ref)).filter((tag) => tag !== undefined));
  // The list itself, with the tags of taxonomies without a selection; then one part per taxonomy with a selection.
  const parts: CountedPart[] = [{ groups, tags: offeredTags.filter((tag) => !groups.some((group) => group.taxonomyId === tag.taxonomyId)) }];
  for (const group of groups) {
    const tags = offeredTags.filter((tag) => tag.taxonomyId === group.taxonomyId);
    if (tags.length > 0) parts.push({ groups: groups.filter((other) => other !== group), tags });
  }
  const conditionOf = (part: CountedPart) =>
    // A filter group with no tag in use lets nothing through: the part is empty without reading it.
    passesNothing(part.groups, request.tagsInUse) ? null : listingCondition(db, viewer, catalogue, request, now, search, part.groups);
  const sizes = await countStatement(
    db,
    parts.map((part) => ({ where: conditionOf(part), tagIdSets: part.tags.map((tag) => catalogue.withDescendants(tag.id)) })),
  );
  const tags: Record<string, number> = {};
  parts.forEach((part, index) => {
    const [size, ...counts] = sizes[index]!;
    // Above the limit the part counted in is too large to count tag by tag: its tags show no number (decisions).
    if (size! <= EXACT_COUNT_LIMIT) part.tags.forEach((tag, position) => (tags[tag.ref] = counts[position]!));
  });
  return { total: Math.min(sizes[0]![0]!, EXACT_COUNT_LIMIT + 1), tags };
}

/**
 * One statement for all of a list's counts: for each part (`where`; null: known empty), its items up to
 * EXACT_COUNT_LIMIT + 1, how many there are and how many carry one tag of each of `tagIdSets`, read from those
 * items' own tag ids. A part holds the list (the first part, the list itself, holds every other part's items), so
 * when the list is above the limit the other parts are not read: the planner checks the first part's size first.
 */
async function countStatement(db: Database, parts: ReadonlyArray<{ where: SQL | undefined | null; tagIdSets: readonly number[][] }>): Promise<number[][]> {
  const names = parts.map((_, index) => sql.identifier(`part_${index}`));
  const listAboveLimit = sql`(select count(*) from ${names[0]}) > ${EXACT_COUNT_LIMIT}`;
  const definitions = parts.map(({ where }, index) => {
    const gate = index > 0 ? sql`not ${listAboveLimit}` : undefined;
    const read = where === null ? sql`false` : and(where, gate);
    return sql`${names[index]} as materialized (${db
      .select({ tagIds: items.tagIds })
      .from(items)
      .where(read)
      .limit(EXACT_COUNT_LIMIT + 1)})`;
  });
  const columns = parts.map(({ tagIdSets }, index) => {
    const counts = [
      sql`count(*)::int`,
      ...tagIdSets.map((ids) => sql`(count(*) filter (where ${carriesAnyTag(sql`${sql.identifier('tag_ids')}`, ids)}))::int`),
    ];
    return sql`(select array[${sql.join(counts, sql`, `)}] from ${names[index]}) as ${sql.identifier(`c${index}`)}`;
  });
  const [row] = await sqlRows<Record<string, number[]>>(db, sql`with ${sql.join(definitions, sql`, `)} select ${sql.join(columns, sql`, `)}`);
  return parts.map((_, index) => row![`c${index}`]!.map(Number));
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
  const key = cacheKeyOf(request, `suggestions|${listingKey({ ...request, page: 1, after: null })}`);
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
  const question = { ...filteredQuestion(viewer, request.listing, groups, now), order: BY_POPULARITY.by, limits: BY_POPULARITY.walkLimits };
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

function pagination(page: number, hasMore: boolean, perPage: number): ItemsPagination {
  return { currentPage: page, nextPage: hasMore ? page + 1 : null, previousPage: page > 1 ? page - 1 : null, perPage };
}

/**
 * The navbar's type-ahead: the best few matches the viewer may list; when nothing matches what was typed, the titles
 * closest to it (a typo: "asembly" offers "Assembly…"), as the results page's suggestions are found.
 */
export async function typeAheadResults(db: Database, viewer: Viewer, text: string): Promise<SearchResult[]> {
  const search = await completedSearch(db, text);
  if (!search) return [];
  const now = new Date();
  const matched = await typeAheadMatches(db, viewer, search, now);
  const rows = matched.length > 0 ? matched : await closestTypeAhead(db, viewer, search, now);
  return rows.map((row) => ({ ...row, blurb: shorten(row.blurb, TYPE_AHEAD_BLURB_LENGTH) }));
}

/**
 * The titles closest to what was typed (pg_trgm word similarity, at least SUGGESTION_MIN_CLOSENESS) among the items
 * `within` selects, as a condition and an order: a bounded set of `candidates` titles holding a word close to every
 * typed word, and as many holding one close to any (`hasCloseTitle`, `hasLooselyCloseTitle`: the typed words corrected
 * against the words of titles, then the titles read through the search's index), then the closest of them first. An
 * empty result's suggestions and the type-ahead's answer to a typo.
 */
function closestTitles(db: Database, within: SQL | undefined, search: TextSearch, candidates: number): { where: SQL; order: SQL[] } {
  const closeness = titleCloseness(search);
  const bounded = (close: SQL) => sql`(${db.select({ id: items.id }).from(items).where(and(within, close)).limit(candidates)})`;
  // One typed word: a word close to every typed word is one close to any. One list of ids, not two `in`s joined by
  // `or`, which the planner answers by reading every item.
  const closeIds = search.plain.includes(' ')
    ? sql`${bounded(hasCloseTitle(search))} union ${bounded(hasLooselyCloseTitle(search))}`
    : bounded(hasCloseTitle(search));
  return {
    where: and(sql`${items.id} in (${closeIds})`, sql`${closeness} >= ${SUGGESTION_MIN_CLOSENESS}`)!,
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
  const { where, order } = closestTitles(db, listableItemsThroughIndex(viewer, now), search, TYPE_AHEAD_CANDIDATES);
  return db
    .select(typeAheadColumns)
    .from(items)
    .where(where)
    .orderBy(...order)
    .limit(TYPE_AHEAD_LIMIT);
}

/** What a type-ahead suggestion shows. */
const typeAheadColumns = { ref: items.ref, title: items.title, topic: items.topic, blurb: items.blurb };

/** How many matches of rare words, or loosely close titles for a typo, the type-ahead sorts to offer its best few. */
export const TYPE_AHEAD_CANDIDATES = 300;

/**
 * The type-ahead's best few matches, in the search's order (`bestFirstMatches`: titles that begin with what was typed,
 * words in titles, … each tier the most viewed first, read from the head of the popularity index), without the close
 * titles, which it offers only when nothing matched (`closestTypeAhead`).
 */
export async function typeAheadMatches(db: Database, viewer: Viewer, search: TextSearch, now: Date) {
  const question = { base: listableItemsThroughIndex(viewer, now), search, labelTagIds: [] };
  const start = { skip: 0 };
  const matches = (await wordsAreCommon(db, search, TYPE_AHEAD_LIMIT))
    ? await bestFirstMatches(db, question, start, TYPE_AHEAD_LIMIT, { closeTitles: false })
    : // Rare words: their few matches, a title range among them, are read each through its own index, where the
      // viewer's keys would be one more bitmap of most of the library to intersect (724,000 entries, 176 ms).
      await bestFirstAmong(
        db,
        question,
        matchesUpTo(db, { ...question, base: listableItemsCondition(viewer, now) }, TYPE_AHEAD_CANDIDATES),
        start,
        TYPE_AHEAD_LIMIT,
      );
  const suggestions = await inMatchOrder(matches, (ids) =>
    db
      .select({ id: items.id, ...typeAheadColumns })
      .from(items)
      .where(inArray(items.id, ids)),
  );
  return suggestions.map(({ row }) => row);
}

/** Cut at a word boundary and mark the cut with an ellipsis. */
export function shorten(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
