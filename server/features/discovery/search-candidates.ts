import { and, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, PAGE_SIZE } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { hasCloseTitle, matchesSearch, matchesSearchInTitles, type TextSearch } from '../../items';
import { taggedWithAny, taggedWithEveryGroup } from './tag-catalogue';

/** Ways of matching read together (each a statement giving ids); `below`: read only when the stages before found fewer items than this. */
interface CandidateStage {
  ways: readonly SQL[];
  below?: number;
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
 * A listing search's candidates (decisions: "Fast without the cache"): words in titles; when those are fewer than
 * the bound, words anywhere and a close tag label (`labelTagIds`); close titles only when all of them find less than
 * a page. Each way is one scan of the search's GIN index, which holds the words, the tags and who may list an item
 * (migration 0042): a common word with tags rarely beside it skips through their entries instead of reading rows.
 * `titlesFirst: false` (what counts the matches: the deferred counts, a batch edit's run) reads the words anywhere at
 * once: the preference for titles only chooses among more matches than the bound, where a count says "1,000+" and
 * tags show no number, and it saves one scan for each part counted in.
 */
export function searchCandidates(
  db: Database,
  { access, groups }: CandidateFilters,
  search: TextSearch,
  labelTagIds: readonly number[],
  { bound = EXACT_COUNT_LIMIT + 1, titlesFirst = true }: { bound?: number; titlesFirst?: boolean } = {},
): SQL {
  const where = and(access, taggedWithEveryGroup(groups));
  const labels = labelTagIds.length > 0 ? [boundedWay(db, where, taggedWithAny(labelTagIds), bound)] : [];
  const anywhere = { ways: [boundedWay(db, where, matchesSearch(search), bound), ...labels] };
  const closeTitles = { ways: [boundedWay(db, where, hasCloseTitle(search), bound)], below: PAGE_SIZE };
  return candidateIds(
    titlesFirst
      ? [{ ways: [boundedWay(db, where, matchesSearchInTitles(search), bound)] }, { ...anywhere, below: bound }, closeTitles]
      : [anywhere, closeTitles],
  );
}
