/**
 * What the item scenarios ask for, picked from the seeded library for the level-3 demo leader, so
 * every request finds something: three tag filters with a search term, item refs to rotate through,
 * and type-ahead prefixes. Shared by `npm run bench` and `npm run explain`.
 */
import { eq, sql } from 'drizzle-orm';
import { listableItemsCondition, type Viewer } from '../../server/access/policy';
import { loadViewer } from '../../server/auth/viewer';
import type { Database } from '../../server/db/client';
import { items, users } from '../../server/db/schema';
import { listingCounts, typeAheadResults } from '../../server/features/discovery/queries';
import { loadTagCatalogue, type CatalogueTag, type TagCatalogue } from '../../server/features/discovery/tag-catalogue';

export const BENCH_VIEWER_EMAIL = 'leader@example.org';
const BENCH_VIEWER_LEVEL = 3;

/** Three filters from three taxonomies; two are parent tags, so their children count too. */
const FILTER_TAGS = [
  ['Type', 'Resource'],
  ['Ministry Area', 'Schools'],
  ['Age Group', 'Children'],
] as const;
/** Two tags that the seed never puts on one item: the planner, taking them as independent, expects thousands. */
const RARE_FILTER_TAGS = [
  ['Type', 'Person'],
  ['Age Group', 'Children'],
] as const;
/** A tag on 220,000 of 1,000,000 items, none of which has the search term. */
const NEVER_WITH_SEARCH_TAG = ['Type', 'Training'] as const;
export const INDEX_SEARCH_TERM = 'assembly';
export const TYPE_AHEAD_PREFIXES = ['ass', 'pray', 'safeg', 'mento', 'camp', 'craft', 'less', 'lead', 'chr', 'stor'] as const;
const ITEM_PAGE_REF_COUNT = 64;

export interface BenchFixtures {
  viewer: Viewer;
  catalogue: TagCatalogue;
  filterTags: CatalogueTag[];
  rareFilterTags: CatalogueTag[];
  neverWithSearchTag: CatalogueTag;
  searchTerm: string;
  /** How many items the index scenario's filters and search match for the viewer. */
  indexMatches: number;
  itemRefs: string[];
  typeAheadPrefixes: string[];
}

export async function pickBenchFixtures(db: Database): Promise<BenchFixtures> {
  const viewer = await benchViewer(db);
  const catalogue = await loadTagCatalogue(db, viewer);
  const filterTags = FILTER_TAGS.map(([taxonomy, label]) => catalogueTag(catalogue, taxonomy, label));
  const question = { listing: 'all' as const, search: INDEX_SEARCH_TERM, tags: filterTags, page: 1 };
  const { total } = await listingCounts(db, viewer, catalogue, question, []);
  if (total === 0) throw new Error(`No item matches '${INDEX_SEARCH_TERM}' with the bench filters: seed more items`);
  const typeAheadPrefixes = await prefixesWithResults(db, viewer);
  const rareFilterTags = RARE_FILTER_TAGS.map(([taxonomy, label]) => catalogueTag(catalogue, taxonomy, label));
  const neverWithSearchTag = catalogueTag(catalogue, ...NEVER_WITH_SEARCH_TAG);
  return {
    viewer,
    catalogue,
    filterTags,
    rareFilterTags,
    neverWithSearchTag,
    searchTerm: INDEX_SEARCH_TERM,
    indexMatches: total,
    itemRefs: await listableItemRefs(db, viewer),
    typeAheadPrefixes,
  };
}

async function benchViewer(db: Database): Promise<Viewer> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_VIEWER_EMAIL)).limit(1);
  const viewer = user ? await loadViewer(db, user.id) : null;
  if (!viewer || viewer.level !== BENCH_VIEWER_LEVEL || viewer.admin)
    throw new Error(`${BENCH_VIEWER_EMAIL} must be a level-${BENCH_VIEWER_LEVEL} user, not an admin`);
  return viewer;
}

function catalogueTag(catalogue: TagCatalogue, taxonomyTitle: string, label: string): CatalogueTag {
  const taxonomy = catalogue.taxonomies.find((candidate) => candidate.title === taxonomyTitle);
  const tag = taxonomy?.tags.find((candidate) => candidate.label === label);
  if (!tag) throw new Error(`The seeded library has no tag '${label}' in '${taxonomyTitle}'`);
  return tag;
}

/** Items the viewer may list, spread over the whole table (ordered by a hash of the ref, not by id). */
async function listableItemRefs(db: Database, viewer: Viewer): Promise<string[]> {
  const rows = await db
    .select({ ref: items.ref })
    .from(items)
    .where(listableItemsCondition(viewer))
    .orderBy(sql`md5(${items.ref})`)
    .limit(ITEM_PAGE_REF_COUNT);
  if (rows.length === 0) throw new Error(`${BENCH_VIEWER_EMAIL} may list no item: seed more items`);
  return rows.map((row) => row.ref);
}

async function prefixesWithResults(db: Database, viewer: Viewer): Promise<string[]> {
  const found: string[] = [];
  for (const prefix of TYPE_AHEAD_PREFIXES) if ((await typeAheadResults(db, viewer, prefix)).length > 0) found.push(prefix);
  if (found.length === 0) throw new Error('No type-ahead prefix finds anything: seed more items');
  return found;
}

/** The index URL's query: tag refs joined by hyphens, and the search text. */
export function indexPath(fixtures: BenchFixtures): string {
  const query = new URLSearchParams({ tags: fixtures.filterTags.map((tag) => tag.ref).join('-'), search: fixtures.searchTerm });
  return `/item?${query}`;
}

/** The same question to the API, whose tag refs are joined by commas. */
export function apiItemsPath(fixtures: BenchFixtures): string {
  const query = new URLSearchParams({ tags: fixtures.filterTags.map((tag) => tag.ref).join(','), search: fixtures.searchTerm });
  return `/api/v1/items?${query}`;
}
