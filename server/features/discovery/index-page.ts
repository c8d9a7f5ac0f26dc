import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { ItemListing, ItemsPagination, ItemSummary } from '../../../shared/items';
import { items } from '../../db/schema';
import { ANONYMOUS, baseCan, batchEditScope, canSeeTaxonomy, isSignedIn } from '../../access/policy';
import { ROUTES } from '../../../shared/routes';
import type { DocumentHead } from '../../web/document-head';
import { followOffer } from '../follows';
import { tsQueryText } from '../../items';
import { defer, scroll } from '../../inertia';
import { isCountedView } from '../../lib/counted-visit';
import { previewerOf } from '../../auth/view-as';
import { listingCounts, listingItemRun, listItems, suggestionsFor, type ListingCounts, type ListingRequest } from './queries';
import type { IndexQuery } from './schemas';
import { cachedReadsFor, type CachedReads } from './library-cache';
import type { MatchingRun } from '../../../shared/batch-edit';
import { keyOf, listOrder, pageAfterKey, type PageStart } from './list-orders';
import { tierKeyOf } from './best-first';
import {
  allTaxonomies,
  filterTaxonomies,
  requestTagCatalogue,
  requestTagIdsInUse,
  requiredTaxonomies,
  toTag,
  type CatalogueTag,
  type TagCatalogue,
} from './tag-catalogue';

/** Fixed titles of the listings that have one; the others are titled by what they show. */
const LISTING_TITLES: Partial<Record<ItemListing, string>> = {
  popular: 'Popular',
  draft: 'Drafts',
  unpublished: 'Unpublished',
  unlisted: 'Unlisted',
};

/** Heading rule: listing title, search text, selected tags, or 'All Items'. */
export function indexHeading(listing: ItemListing, search: string, tags: readonly { label: string }[]): string {
  const title = LISTING_TITLES[listing];
  if (title) return title;
  if (search) return `Search: "${search}"`;
  if (tags.length > 0) return tags.map((tag) => tag.label).join(', ');
  return 'All Items';
}

/**
 * A search of the whole index, without tag filters, that found nothing for this viewer, opened by a person (not a
 * partial reload, a prefetch or an admin's preview as level N): the admin stats' "Searches That Found Nothing". With tag filters the
 * tags, not the words, may be what found nothing, so such searches are left out.
 */
function isUnmatchedSearch(request: FastifyRequest, listing: ItemListing, query: IndexQuery, selected: readonly CatalogueTag[], empty: boolean): boolean {
  return listing === 'all' && query.search !== '' && selected.length === 0 && empty && isCountedView(request, 'items/Index') && !previewerOf(request);
}

/**
 * The address of an index whose tags came as repeated `tags` parameters (the filters' form without JavaScript sends
 * `tags=a&tags=b`), with the tags read from them joined as the one parameter of the app's links (`tags=a-b`);
 * null when they came as one. The app goes on from the address it is at: its infinite scroll adds `page` to it,
 * and Inertia's reading of a query keeps only the last of a repeated parameter, which would drop the other tags.
 */
function canonicalIndexAddress(url: string, tags: readonly string[]): string | null {
  const at = url.indexOf('?');
  if (at === -1) return null;
  const params = new URLSearchParams(url.slice(at + 1));
  if (params.getAll('tags').length < 2) return null;
  if (tags.length > 0) params.set('tags', tags.join('-'));
  else params.delete('tags');
  const query = params.toString();
  return query === '' ? url.slice(0, at) : `${url.slice(0, at)}?${query}`;
}

/**
 * Renders 'items/Index' for a listing and its (lenient) query, with `presetTag` selected on /tag/{label}; tags sent as
 * repeated parameters are first redirected to the address that joins them (canonicalIndexAddress).
 */
export async function renderItemIndex(request: FastifyRequest, reply: FastifyReply, listing: ItemListing, query: IndexQuery, presetTag?: CatalogueTag) {
  const canonical = canonicalIndexAddress(request.url, query.tags);
  if (canonical !== null) return reply.redirect(canonical, 302);
  const { db } = request.server;
  const viewer = request.viewer;
  const catalogue = await requestTagCatalogue(request);
  const selected = catalogue.selection(presetTag ? [presetTag.ref, ...query.tags] : query.tags);
  // With filters, the tags in use come first: a filter none of whose tags is in use lets nothing through.
  const tagsInUse = selected.length > 0 ? await requestTagIdsInUse(request) : undefined;
  const listingRequest = { listing, search: query.search, tags: selected, page: query.page.number, after: query.page.after, tagsInUse };
  const reads = await cachedReadsFor(request);
  const scope = batchEditScope(viewer);
  // The page of results is read once, and only for a response that holds it: the counts' deferred request, which
  // asks for the counts alone, does not read it again (it cost as much as the counts for a search among tags).
  let page: Promise<ResultsPage> | undefined;
  const pageOnce = () => (page ??= readResultsPage(request, catalogue, listing, query, selected, listingRequest, reads));
  const heading = indexHeading(listing, query.search, selected);
  const filtered = query.search !== '' || selected.length > 0;
  const offeredTaxonomies = async () => filterTaxonomies(catalogue, tagsInUse ?? (await requestTagIdsInUse(request)), selected);
  // The total and the tag counts come from one statement, asked for by one deferred request (the 'counts' group).
  let counts: Promise<ListingCounts> | undefined;
  const countsOnce = () =>
    (counts ??= listingCountsForClient(request, async () => listingCounts(db, viewer, catalogue, listingRequest, await offeredTaxonomies(), reads)));
  return reply.inertia(
    'items/Index',
    {
      listing,
      heading,
      // The next page is asked for after the last card's key; the address bar shows page numbers, which
      // a link may name. Matched by ref, a card a write moved into a later page is kept once, not twice.
      items: scroll(async () => ({ data: (await pageOnce()).cards }), {
        pagination: async () => {
          const { pagination, nextPageKey } = await pageOnce();
          return { pageName: 'page', currentPage: pagination.currentPage, previousPage: pagination.previousPage, nextPage: nextPageKey ?? pagination.nextPage };
        },
      }).matchOn('data.ref'),
      itemsPagination: async () => (await pageOnce()).pagination,
      filters: { search: query.search, tags: selected.map((tag) => tag.ref) },
      selectedTags: selected.map(toTag),
      filterTaxonomies: offeredTaxonomies,
      // Results first, counts after: the page is painted, then the counts arrive.
      matchCount: defer(async () => (await countsOnce()).total, 'counts'),
      tagCounts: defer(async () => (await countsOnce()).tags, 'counts'),
      // Only an empty result of a filter or search suggests anything (a later page of a result is never empty).
      suggestions: async () => (filtered && (await pageOnce()).nothingMatched ? suggestionsFor(db, viewer, catalogue, listingRequest, reads) : null),
      requiredTaxonomies: () => (baseCan(viewer).create ? requiredTaxonomies(catalogue) : []),
      batchEdit: () =>
        scope ? { taxonomies: allTaxonomies(catalogue).filter((taxonomy) => canSeeTaxonomy(viewer, taxonomy)), allMatching: scope === 'all' } : null,
      follow: () => indexFollowOffer(request, listing, query.search, selected, catalogue, presetTag),
      tagPage: presetTag ? { ref: presetTag.ref, path: tagPagePath(presetTag) } : null,
      breadcrumbs: [{ label: heading }],
    },
    { head: () => indexDocumentHead(presetTag, catalogue) },
  );
}

/** A page of the index's results, as its response shows them. */
interface ResultsPage {
  cards: ItemSummary[];
  pagination: ItemsPagination;
  nextPageKey: string | null;
  nothingMatched: boolean;
}

/** The page of results of an index visit, its cards marked for a maintainer, and a search that found nothing recorded. */
async function readResultsPage(
  request: FastifyRequest,
  catalogue: TagCatalogue,
  listing: ItemListing,
  query: IndexQuery,
  selected: readonly CatalogueTag[],
  listingRequest: ListingRequest,
  reads: CachedReads,
): Promise<ResultsPage> {
  const { summaries, pagination, nextPageKey } = await listItems(request.server.db, request.viewer, catalogue, listingRequest, reads);
  const cards = batchEditScope(request.viewer) === 'own' ? markMaintained(summaries, await maintainedRefsAmong(request, reads, summaries)) : summaries;
  // The first page holds the best matches, so an empty one means nothing matched at all.
  const nothingMatched = summaries.length === 0 && pagination.currentPage === 1;
  if (isUnmatchedSearch(request, listing, query, selected, nothingMatched)) request.server.unmatchedSearches.record({ text: query.search, at: new Date() });
  return { cards, pagination, nextPageKey, nothingMatched };
}

/**
 * A list's counts for a client still waiting for them: when it has gone (a newer question cancelled the deferred
 * request of this one), no statement is run and nothing is counted or cached for it.
 */
async function listingCountsForClient(request: FastifyRequest, count: () => Promise<ListingCounts>): Promise<ListingCounts> {
  if (request.raw.socket?.destroyed === true) return { total: 0, tags: {} };
  return count();
}

/** A tag page's address (/tag/{tag label lowercased}), where its other filters are query parameters. */
function tagPagePath(tag: CatalogueTag): string {
  return ROUTES.tag.path({ label: tag.label.toLowerCase() });
}

/** The feed of a tag's page, when a visitor may see the tag (a public taxonomy's). */
function tagFeedPath(tag: CatalogueTag, catalogue: TagCatalogue): string | null {
  return canSeeTaxonomy(ANONYMOUS, catalogue.taxonomyOf(tag)) ? ROUTES.tagFeed.path({ label: tag.label }) : null;
}

/**
 * A tag's page offers Follow for its tag, and a public tag's page its feed, whatever other filters are chosen there
 * (they are the page's, not the tag's); a search of the whole index offers Follow too.
 */
async function indexFollowOffer(
  request: FastifyRequest,
  listing: ItemListing,
  search: string,
  selected: readonly CatalogueTag[],
  catalogue: TagCatalogue,
  pageTag?: CatalogueTag,
) {
  if (pageTag) return followOffer(request.server.db, request.viewer, { kind: 'tag', tagId: pageTag.id }, { tag: pageTag.ref }, tagFeedPath(pageTag, catalogue));
  if (listing === 'all' && tsQueryText(search) !== null && selected.length === 0)
    return followOffer(request.server.db, request.viewer, { kind: 'search', searchText: search.trim() }, { search: search.trim() }, null);
  return null;
}

function indexDocumentHead(pageTag: CatalogueTag | undefined, catalogue: TagCatalogue): DocumentHead {
  const path = pageTag && tagFeedPath(pageTag, catalogue);
  return pageTag && path ? { feed: { title: pageTag.label, path } } : {};
}

/**
 * Which of the cards the viewer maintains, for a maintainer's batch edit: none when the snapshot says
 * their lists are not their own (they maintain nothing), else one read of the page's refs by their index. (Reading
 * every ref a maintainer has, once per lists version, took 0.5 s for a demo maintainer of 200,000 items at 1,000,000,
 * and the lists version moves with every edit.)
 */
async function maintainedRefsAmong(request: FastifyRequest, reads: CachedReads, cards: readonly ItemSummary[]): Promise<ReadonlySet<string>> {
  const viewer = request.viewer;
  if (!isSignedIn(viewer) || reads.snapshot?.personal === false || cards.length === 0) return new Set();
  const rows = await request.server.db
    .select({ ref: items.ref })
    .from(items)
    .where(
      and(
        inArray(
          items.ref,
          cards.map((card) => card.ref),
        ),
        eq(items.createdByUserId, viewer.id),
      ),
    );
  return new Set(rows.map((row) => row.ref));
}

/** The cards with `batch_editable` on those the viewer maintains; per viewer, so marked after the shared cache. */
function markMaintained(summaries: ItemSummary[], maintained: ReadonlySet<string>): ItemSummary[] {
  return summaries.map((summary) => ({ ...summary, batch_editable: maintained.has(summary.ref) }));
}

/**
 * A run of a listing's items (search and tag filters) for a batch edit's "all matching": at most `limit` refs in item
 * order after `afterRef`, and where they stand among all that match (`MatchingRun`).
 */
export async function matchingItemRun(
  request: FastifyRequest,
  listing: ItemListing,
  query: Pick<IndexQuery, 'search' | 'tags'>,
  limit: number,
  afterRef: string | null,
): Promise<{ refs: string[]; run: MatchingRun }> {
  const catalogue = await requestTagCatalogue(request);
  const listingRequest = { listing, search: query.search, tags: catalogue.selection(query.tags), page: 1 };
  const found = await listingItemRun(request.server.db, request.viewer, catalogue, listingRequest, limit, afterRef);
  const run: MatchingRun = {
    total: found.total,
    atLeast: found.atLeast,
    from: found.before + 1,
    to: found.before + found.refs.length,
    nextAfter: found.more ? found.refs.at(-1)! : null,
  };
  return { refs: found.refs, run };
}

/**
 * A page of the item index as the JSON API reads it: the index's own list (its search, its tag filters, what the
 * viewer may list, its order), `size` items from the first or after `start`, a `nextPageKey` of a page before it of the
 * same search and filters. Null when `start` is no such key. `next` is where the page after this one starts.
 */
export async function itemIndexPage(
  request: FastifyRequest,
  catalogue: TagCatalogue,
  query: { search: string; tags: readonly CatalogueTag[] },
  size: number,
  start: string | null,
): Promise<{ summaries: ItemSummary[]; next: string | null } | null> {
  const from = start === null ? { number: 1, after: null } : pageAfterKey(start);
  if (from === null || (start !== null && !isKeyOfList(query.search, from.after))) return null;
  const tagsInUse = query.tags.length > 0 ? await requestTagIdsInUse(request) : undefined;
  const listingRequest = { listing: 'all' as const, search: query.search, tags: query.tags, page: from.number, pageSize: size, after: from.after, tagsInUse };
  const { summaries, nextPageKey } = await listItems(request.server.db, request.viewer, catalogue, listingRequest, await cachedReadsFor(request));
  return { summaries, next: nextPageKey };
}

/** Whether `after` is a key of the index's order: a search's (best first), or the titles'. */
function isKeyOfList(search: string, after: PageStart['after']): boolean {
  return search === '' ? keyOf(listOrder('all'), after) !== null : tierKeyOf(after) !== null;
}
