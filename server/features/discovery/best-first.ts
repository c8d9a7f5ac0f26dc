import { and, asc, desc, not, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_SIZE } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import { hasCloseTitle, matchesSearch, matchesSearchInTitles, type TextSearch } from '../../items';
import { BY_POPULARITY, titleOrder, type KeyValues } from './list-orders';
import { taggedWithAny } from './tag-catalogue';

/**
 * A search's order: tiers of how well an item matches, and within a tier the most viewed first
 * (`BY_POPULARITY`, a query-independent score). A page is read from the head of the popularity index, the tier's
 * condition, the access condition and the filters checked on the way, and the walk stops when the page is full; a
 * word that is common stops after a few dozen rows whatever the library's size. Decisions: "Best first".
 */
export const SEARCH_TIERS = ['title begins', 'words in title', 'words together', 'words anywhere', 'tag label', 'close title'] as const;

/** How many rows of the popularity order a tier's walk reads before it takes the tier's own index instead. */
export const WALK_HEAD_ROWS = 2000;

/** What a search's page is asked of: who may see what, scope and tag filters (`base`), the words, the close labels' tags. */
export interface BestFirstQuestion {
  base: SQL | undefined;
  search: TextSearch;
  labelTagIds: readonly number[];
}

/** Where a search's page starts: after `skip` matches (a page number), or after the match with this key. */
export type BestFirstStart = { skip: number } | { after: TierKey };

/** A match's key: its tier's index and its place there (recent views, views, id). */
export type TierKey = readonly [number, number, number, number];

const count = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const CLOSE_TITLE_TIER = SEARCH_TIERS.indexOf('close title');

/** What a search's key must look like (`list-orders.ts` reads the page parameter; this says which keys are a search's). */
const TIER_KEY = z.tuple([z.number().int().min(0).max(CLOSE_TITLE_TIER), count, count, count]);

export function tierKeyOf(after: KeyValues | null | undefined): TierKey | null {
  if (!after) return null;
  const parsed = TIER_KEY.safeParse(after);
  return parsed.success ? parsed.data : null;
}

/**
 * Titles that begin with the typed words, as a range of `items_title_order_idx`: from the words up to the words with
 * their last character's code point raised by one (UTF-8 keeps code point order, and so does the "C" collation).
 */
export function titleStartsWith(search: TextSearch): SQL {
  const from = search.plain;
  const characters = Array.from(from);
  const until = `${characters.slice(0, -1).join('')}${String.fromCodePoint(characters.at(-1)!.codePointAt(0)! + 1)}`;
  return sql`(${titleOrder} >= ${from} and ${titleOrder} < ${until})`;
}

/** Each tier's condition, as it stands alone; a tier absent for this search (one word: no phrase; no close label) is null. */
function tierConditions({ search, labelTagIds }: BestFirstQuestion): Array<SQL | null> {
  const words = !search.lastWordUnknown;
  return [
    titleStartsWith(search),
    words ? matchesSearchInTitles(search) : null,
    search.phrase ? sql`${items.searchVector} @@ ${search.phrase}` : null,
    words ? matchesSearch(search) : null,
    labelTagIds.length > 0 ? taggedWithAny(labelTagIds) : null,
    hasCloseTitle(search),
  ];
}

/** A tier's matches: its condition and none of the tiers before it, so that every match is in one tier only. */
function tierMatches(conditions: ReadonlyArray<SQL | null>, tier: number): SQL {
  const earlier = conditions.slice(0, tier).filter((condition) => condition !== null);
  return and(conditions[tier]!, earlier.length > 0 ? not(or(...earlier)!) : undefined)!;
}

/**
 * Whether the words are common enough for a walk (`bestFirstMatches`) to find `wanted` of them in the head of the
 * popularity order: by the planner's estimates (from the words' statistics and the table's size, one EXPLAIN of
 * about a third of a millisecond), `wanted` matches are expected within WALK_HEAD_ROWS rows. Otherwise the words are
 * rare, and the walk would read the head of every tier in vain (90–190 ms at 1,000,000 items for a word in 3,000
 * titles), while the words' index gives their few matches at once (`bestFirstAmong`).
 */
export async function wordsAreCommon(db: Database, search: TextSearch, wanted: number): Promise<boolean> {
  if (search.lastWordUnknown) return false;
  const [row] = await sqlRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${items} where ${matchesSearch(search)} union all select 1 from ${items}`,
  );
  const plan = row?.['QUERY PLAN'];
  const [explained] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { Plans?: Array<{ 'Plan Rows': number }> } }>;
  const [matches, library] = (explained?.Plan.Plans ?? []).map((part) => part['Plan Rows']);
  if (matches === undefined || library === undefined) return true;
  return matches * WALK_HEAD_ROWS >= wanted * library;
}

/**
 * A bounded set of a search's matches, for `bestFirstAmong`: each way of matching (a title beginning with the words,
 * the words in titles, together, anywhere, a close label's tags) read through its own index and stopped at `bound`.
 * As one condition joined by OR, the planner walked another index and checked every way on each row (15,000 rows
 * for 'mentorin' at 1,000,000 items, 153 ms).
 */
export function matchesUpTo(db: Database, question: BestFirstQuestion, bound: number): SQL {
  const ways = tierConditions(question)
    .slice(0, CLOSE_TITLE_TIER)
    .filter((condition) => condition !== null);
  return sql.join(
    ways.map((condition) => sql`(${db.select({ id: items.id }).from(items).where(and(question.base, condition)).limit(bound)})`),
    sql` union all `,
  );
}

export interface BestFirstMatch {
  id: number;
  key: TierKey;
}

/**
 * The matches of a search from `start` on, best first, at most `wanted` of them (one more than a page says whether
 * another follows). Tiers are read in turn, each from where the start says, until enough are found. The close titles
 * (a typo) are a tier only when the other tiers hold fewer than a page, as the list's count has it
 * (`searchCandidates`): read when a first page ran out of matches, or when a key is in that tier.
 */
export async function bestFirstMatches(
  db: Database,
  question: BestFirstQuestion,
  start: BestFirstStart,
  wanted: number,
  { closeTitles = true, headRows = WALK_HEAD_ROWS }: { closeTitles?: boolean; headRows?: number } = {},
): Promise<BestFirstMatch[]> {
  const conditions = tierConditions(question);
  const after = 'after' in start ? start.after : null;
  const firstTier = after ? after[0] : 0;
  const needed = 'skip' in start ? start.skip + wanted : wanted;
  const found: BestFirstMatch[] = [];
  for (let tier = firstTier; tier < CLOSE_TITLE_TIER && found.length < needed; tier += 1) {
    if (conditions[tier] === null) continue;
    const tierAfter = after && tier === after[0] ? after : null;
    found.push(...(await walkTier(db, question.base, tierMatches(conditions, tier), tier, tierAfter, needed - found.length, headRows)));
  }
  const otherTiersHoldLessThanAPage = firstTier === 0 && found.length < PAGE_SIZE;
  if (closeTitles && found.length < needed && (otherTiersHoldLessThanAPage || firstTier === CLOSE_TITLE_TIER)) {
    const tierAfter = after && firstTier === CLOSE_TITLE_TIER ? after : null;
    found.push(...(await walkTier(db, question.base, tierMatches(conditions, CLOSE_TITLE_TIER), CLOSE_TITLE_TIER, tierAfter, needed - found.length, headRows)));
  }
  return 'skip' in start ? found.slice(start.skip) : found;
}

/**
 * The same order over a bounded set of candidates (`candidates`, an id set: a filtered search's, from
 * `searchCandidates`, which reads the words and the tag filters together where they are rare together): each
 * candidate's tier is computed on its row and the candidates sorted; from `start` on, at most `wanted`.
 */
export async function bestFirstAmong(
  db: Database,
  question: BestFirstQuestion,
  candidates: SQL,
  start: BestFirstStart,
  wanted: number,
): Promise<BestFirstMatch[]> {
  const conditions = tierConditions(question);
  const tier = sql<number>`(case ${sql.join(
    conditions.flatMap((condition, index) => (condition ? [sql`when ${condition} then ${sql.raw(String(index))}`] : [])),
    sql` `,
  )} else ${sql.raw(String(CLOSE_TITLE_TIER))} end)`;
  const after = 'after' in start ? start.after : null;
  // Tiers ascending, the rest descending: as one row comparison, the tier negated.
  const afterKey = after
    ? sql`(-${tier}, ${items.recentViewCount}, ${items.viewCount}, ${items.id}) < (${-after[0]}, ${after[1]}, ${after[2]}, ${after[3]})`
    : undefined;
  const rows = await db
    .select({ id: items.id, tier: tier.mapWith(Number), recent: items.recentViewCount, views: items.viewCount })
    .from(items)
    .where(and(sql`${items.id} in (${candidates})`, afterKey))
    .orderBy(asc(tier), ...BY_POPULARITY.by)
    .limit(wanted)
    .offset('skip' in start ? start.skip : 0);
  return rows.map((row) => ({ id: row.id, key: [row.tier, row.recent, row.views, row.id] }));
}

/**
 * One tier's matches in popularity order, after `tierAfter` when the start is in this tier: the first
 * WALK_HEAD_ROWS rows of the popularity index walked, the tier's condition checked on each, stopping at `wanted`
 * matches; when the head holds fewer (the words, or the words with the filters, are rare), the tier's own index
 * (the words' GIN index, the title range) is read and its matches sorted (the order is written so that the
 * popularity index cannot serve it). One statement: the walk is a CTE, and the sorted read runs only when the walk
 * reached the end of its head with fewer than `wanted`.
 */
async function walkTier(
  db: Database,
  base: SQL | undefined,
  matches: SQL,
  tier: number,
  tierAfter: TierKey | null,
  wanted: number,
  headRows: number,
): Promise<BestFirstMatch[]> {
  const where = and(base, tierAfter ? BY_POPULARITY.after(tierAfter.slice(1)) : undefined);
  const position = sql`row_number() over (order by ${sql.join(BY_POPULARITY.by, sql`, `)})`;
  const head = db
    .select({
      id: items.id,
      recent: items.recentViewCount,
      views: items.viewCount,
      matches: sql<boolean>`${matches}`.as('matches'),
      position: position.as('position'),
    })
    .from(items)
    .where(where)
    .orderBy(...BY_POPULARITY.by)
    .limit(headRows)
    .as('head');
  const walk = sql.identifier('walk');
  const headRunOut = sql`((select count(*) from ${walk} where matches) < ${wanted} and exists (select from ${walk} where position = ${headRows}))`;
  const sorted = db
    .select({ id: items.id, recent: items.recentViewCount, views: items.viewCount })
    .from(items)
    .where(and(where, matches))
    // `+ 0`: an expression the popularity index does not give, so the planner reads the tier's own index and sorts.
    .orderBy(desc(sql`${items.recentViewCount} + 0`), desc(items.viewCount), desc(items.id))
    .limit(wanted);
  const rows = await sqlRows<{ id: number; recent: number; views: number }>(
    db,
    sql`with ${walk} as materialized (select id, recent_view_count as recent, view_count as views, matches, position from ${head} where matches or position = ${headRows} limit ${wanted})
      select id, recent, views from ${walk} where matches and not ${headRunOut}
      union all
      select id, recent_view_count, view_count from (${sorted}) as sorted where ${headRunOut}`,
  );
  return rows.map((row) => ({ id: Number(row.id), key: [tier, Number(row.recent), Number(row.views), Number(row.id)] }));
}
