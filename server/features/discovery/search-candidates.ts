import { and, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, PAGE_SIZE } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { hasCloseTitle, matchesSearch, matchesSearchInTitles, type TextSearch } from '../../items';
import { taggedWithAny, taggedWithEveryGroup } from './tag-catalogue';

/**
 * Ways of matching read together (each a statement giving ids); `below`: read only when the stages before found fewer
 * items than this; `from`: only when they found at least this many.
 */
interface CandidateStage {
  ways: readonly SQL[];
  below?: number;
  from?: number;
}

/**
 * The ids a search ranks (decisions: "Fast without the cache"): the ids the stages' ways give, each way read through
 * its own index and stopped after a bound. Ranking every match would cost as much as the library is large. A later
 * stage is read only when the earlier ones found fewer than its `below` (the planner skips it otherwise), so a common
 * word costs one index scan. When no way stopped at its bound and every stage was read, the candidates are every
 * match, so their count is exact.
 */
function candidateIds(stages: readonly CandidateStage[]): SQL {
  const names = stages.map((_, index) => sql`${sql.identifier(`found_${index}`)}`);
  const idsOf = (found: readonly SQL[]) =>
    sql.join(
      found.map((name) => sql`select id from ${name}`),
      sql` union all `,
    );
  const ctes = stages.map((stage, index) => {
    const earlier = sql`(select count(distinct id) from (${idsOf(names.slice(0, index))}) as earlier)`;
    const gate =
      index > 0 &&
      and(stage.below === undefined ? undefined : sql`${earlier} < ${stage.below}`, stage.from === undefined ? undefined : sql`${earlier} >= ${stage.from}`);
    const union = sql.join(
      stage.ways.map((way) => sql`(${way})`),
      sql` union all `,
    );
    return sql`${names[index]} as materialized (select id from (${union}) as found${gate ? sql` where ${gate}` : sql``})`;
  });
  return sql`with ${sql.join(ctes, sql`, `)} select distinct candidate.id from (${idsOf(names)}) as candidate`;
}

/** A way: at most `bound` items matching `where` and `matches`, through whichever index the planner picks. */
function boundedWay(db: Database, where: SQL | undefined, matches: SQL, bound: number): SQL {
  return sql`${db.select({ id: items.id }).from(items).where(and(where, matches)).limit(bound)}`;
}

/**
 * What a search's candidates must pass: `access` (who may list the item and the listing's scope) and the tag filter
 * groups (an item passes when it carries one tag of every group).
 */
export interface CandidateFilters {
  access: SQL | undefined;
  groups: readonly (readonly number[])[];
}

/**
 * A listing search's candidates (decisions: "Fast without the cache"): the words anywhere and a close tag label
 * (`labelTagIds`); when the words anywhere reach the bound, the words in titles too (`titles`), so that the best
 * tiers are among the candidates whichever matches the bound kept; close titles only when all of them find less than
 * a page. Each way is one scan of the search's GIN index, which holds the words, the tags and who may list an item
 * (migration 0042): a common word with tags rarely beside it skips through their entries instead of reading rows.
 * The words in titles are words anywhere too, so a search with fewer matches than the bound costs one scan (reading
 * titles first cost a second scan for every such search, 18 ms at 1,000,000 items even when it found nothing).
 * `titles: false` (what counts the matches: the deferred counts, a batch edit's run): the preference for titles only
 * chooses among more matches than the bound, where a count says "1,000+" and tags show no number.
 */
export function searchCandidates(
  db: Database,
  { access, groups }: CandidateFilters,
  search: TextSearch,
  labelTagIds: readonly number[],
  { bound = EXACT_COUNT_LIMIT + 1, titles = true }: { bound?: number; titles?: boolean } = {},
): SQL {
  const where = and(access, taggedWithEveryGroup(groups));
  const labels = labelTagIds.length > 0 ? [boundedWay(db, where, taggedWithAny(labelTagIds), bound)] : [];
  const anywhere = { ways: [boundedWay(db, where, matchesSearch(search), bound), ...labels] };
  const inTitles = { ways: [boundedWay(db, where, matchesSearchInTitles(search), bound)], from: bound };
  const closeTitles = { ways: [boundedWay(db, where, hasCloseTitle(search), bound)], below: PAGE_SIZE };
  return candidateIds(titles ? [anywhere, inTitles, closeTitles] : [anywhere, closeTitles]);
}
