import { and, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, PAGE_SIZE } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { hasCloseTitle, matchesSearch, matchesSearchInTitles, type TextSearch } from '../../items';
import { carriesTagOfEveryGroup, taggedWithAny, taggedWithAnyInRow } from './tag-catalogue';

/** Ways of matching read together (each a statement giving ids); `below`: read only when the stages before found fewer items than this. */
export interface CandidateStage {
  ways: readonly SQL[];
  below?: number;
}

/**
 * The ids a search ranks (decisions: "Fast without the cache"): the ids the stages' ways give, each way read through
 * its own index and stopped after a bound. Ranking every match would cost as much as the library is large. A later
 * stage is read only when the earlier ones found fewer than its `below` (the planner skips it otherwise), so a common
 * word costs one index scan. When no way stopped at its bound and every stage was read, the candidates are every
 * match, so their count is exact. `shared`: CTEs the ways read from.
 */
export function candidateIds(stages: readonly CandidateStage[], shared: readonly SQL[] = []): SQL {
  const names = stages.map((_, index) => sql`${sql.identifier(`found_${index}`)}`);
  const idsOf = (found: readonly SQL[]) =>
    sql.join(
      found.map((name) => sql`select id from ${name}`),
      sql` union all `,
    );
  const ctes = stages.map((stage, index) => {
    const gate =
      index > 0 && stage.below !== undefined
        ? sql` where (select count(distinct id) from (${idsOf(names.slice(0, index))}) as earlier) < ${stage.below}`
        : sql``;
    const union = sql.join(
      stage.ways.map((way) => sql`(${way})`),
      sql` union all `,
    );
    return sql`${names[index]} as materialized (select id from (${union}) as found${gate})`;
  });
  return sql`with ${sql.join([...shared, ...ctes], sql`, `)} select distinct candidate.id from (${idsOf(names)}) as candidate`;
}

/** A way: at most `bound` items matching `where` and `matches`, through whichever index the planner picks. */
export function boundedWay(db: Database, where: SQL | undefined, matches: SQL, bound: number): SQL {
  return sql`${db.select({ id: items.id }).from(items).where(and(where, matches)).limit(bound)}`;
}

/**
 * What a search's candidates must pass: `access` (who may list the item and the listing's scope, or the few items
 * known to pass the filters) and the tag filter groups (an item passes when it carries one tag of every group).
 */
export interface CandidateFilters {
  access: SQL | undefined;
  groups: readonly (readonly number[])[];
}

/**
 * How many of a filtered search's matches are read first, and their tag filters checked on each (`matchesProbe`):
 * enough to tell how common the filters are among the matches, and to find the first candidates, with one read of
 * the words' index.
 */
export const SEARCH_ROWS_READ = 4000;

/** How far a search's ways read: `bound` ids each (one more than EXACT_COUNT_LIMIT), the probe `rowsRead` rows. */
export interface CandidateLimits {
  bound: number;
  rowsRead: number;
}
const CANDIDATE_LIMITS: CandidateLimits = { bound: EXACT_COUNT_LIMIT + 1, rowsRead: SEARCH_ROWS_READ };

/**
 * A listing search's candidates (decisions: "Fast without the cache"): words in titles; when those are fewer than
 * the bound, words anywhere and a close tag label (`labelTagIds`); close titles only when all of them find less than
 * a page. With tag filters, the words' first matches are read once and tell how to read the rest (`matchesProbe`).
 */
export function searchCandidates(
  db: Database,
  filters: CandidateFilters,
  search: TextSearch,
  labelTagIds: readonly number[],
  limits: CandidateLimits = CANDIDATE_LIMITS,
): SQL {
  const { bound, rowsRead } = limits;
  const { access, groups } = filters;
  // A label's tags and the filters' are one index's keys: the index gives the items carrying both in one scan.
  const labels = labelTagIds.length > 0 ? [boundedWay(db, and(access, carriesTagOfEveryGroup(items.tagIds, groups)), taggedWithAny(labelTagIds), bound)] : [];
  // Close titles are looked for when the words found almost nothing in the filters: the title trigrams' index and
  // the tags' may be read together ('outline' is close to 47,000 titles and none for Juniors: 313 ms row by row).
  const closeTitles = { ways: [boundedWay(db, and(access, carriesTagOfEveryGroup(items.tagIds, groups)), hasCloseTitle(search), bound)], below: PAGE_SIZE };
  if (groups.length === 0) {
    return candidateIds([
      { ways: [boundedWay(db, access, matchesSearchInTitles(search), bound)] },
      { ways: [boundedWay(db, access, matchesSearch(search), bound), ...labels], below: bound },
      closeTitles,
    ]);
  }
  const probe = matchesProbe(db, filters, search, bound, rowsRead);
  return candidateIds([{ ways: [probe.inTitles] }, { ways: [probe.anywhere, ...labels], below: bound }, closeTitles], probe.definitions);
}

/**
 * Fewer than one in this many of a probe's rows passing the filters: the tags' index is intersected with the words'
 * instead of checking row after row. At a tenth, a common word (120,000 matches) with the filters is read row by row
 * until 1,001 pass (10,000 rows) or read as an intersection (12,000 items), about the same; below it the
 * intersection is smaller, above it the row reading is shorter.
 */
const RARE_ONE_IN = 10;

/**
 * A filtered search's first `rowsRead` matches (words anywhere), each with whether it passes the filter groups and
 * whether the words are in its title, read once through the words' index (`definitions`: the CTEs probe and
 * rare_matches, which the ways read; one candidate set per statement). From it:
 * - `inTitles`: the title matches among the probe's rows that pass. Title matches are read from the probe, not on their own, so
 *   that a title word common in the library but rare with the filters ('assembly' with Type › Person) does not read
 *   120,000 items for none (365 ms at 1,000,000 items); the words anywhere hold every title match, so none is lost.
 * - `anywhere`: every match that passes, up to `bound` (decisions: "A search and tag filters that are rare
 *   together"). When the probe read every match, or `bound` of them passed, those are the answer; when a tenth
 *   passed, the matches are read on, each row checked, until `bound` pass; when fewer did (a common word with a
 *   common tag that are rarely together), the tags' index is intersected with the words' and only the items both
 *   give are read. The probe gates each way, so the planner runs one of the two at most.
 */
function matchesProbe(db: Database, { access, groups }: CandidateFilters, search: TextSearch, bound: number, rowsRead: number) {
  const probe = sql.identifier('probe');
  const rareMatches = sql.identifier('rare_matches');
  const read = db
    .select({
      id: items.id,
      passes: sql`${carriesTagOfEveryGroup(items.tagIds, groups)}`.as('passes'),
      inTitle: sql`${matchesSearchInTitles(search)}`.as('in_title'),
    })
    .from(items)
    .where(and(access, matchesSearch(search)))
    .limit(rowsRead);
  // How many rows the probe read and how many of them passed (each a one-time sub-select the planner runs first).
  const walked = sql`(select count(*) from ${probe})`;
  const passed = sql`(select count(*) from ${probe} where passes)`;
  const readOn = sql`${walked} >= ${rowsRead} and ${passed} < ${bound}`;
  /** A number of the probe's rows: fewer passing than this, and the filters are rare among the matches. */
  const rareBelow = Math.ceil(rowsRead / RARE_ONE_IN);
  const eachRow = boundedWay(db, and(access, ...groups.map((group) => taggedWithAnyInRow(group))), matchesSearch(search), bound);
  // A CTE of its own, planned with no limit, so that the planner reads the two indexes together; read up to `bound`
  // rows only (a tag mostly on items newer than the probe's rows could pass tens of thousands).
  const throughIndexes = db
    .select({ id: items.id })
    .from(items)
    .where(and(access, matchesSearch(search), carriesTagOfEveryGroup(items.tagIds, groups)));
  return {
    definitions: [sql`${probe} as materialized (${read})`, sql`${rareMatches} as materialized (${throughIndexes})`],
    inTitles: sql`select id from ${probe} where passes and in_title limit ${bound}`,
    anywhere: sql`select id from ${probe} where passes
      union all select id from (${eachRow}) as common where ${readOn} and ${passed} >= ${rareBelow}
      union all select id from (select id from ${rareMatches} limit ${bound}) as rare where ${readOn} and ${passed} < ${rareBelow}`,
  };
}
