import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import { carriesTagOfEveryGroup, taggedWithEveryGroup } from './tag-catalogue';

export interface WalkLimits {
  /** How many rows of a list's order are walked for its first matches before the filters count as rare or common. */
  headRows: number;
  /** Fewer matches than this in the head: the filters' items are looked for by the tag keys of the search's index. */
  rareBelow: number;
  /** At most this many items are read by the tag keys of the search's index; when more pass, the filters were not rare. */
  rareSetLimit: number;
}

/**
 * An order each walked row of which is read from the table (popularity, last edit): rare means under 1.3 % of the
 * first 2,000 rows; the search's index is then read by tag keys for at most 5,000 items.
 */
export const WALK_LIMITS: WalkLimits = { headRows: 2000, rareBelow: 26, rareSetLimit: 5000 };

/**
 * The title order, whose index holds the filter keys and the listing rule's columns (migration 0045): walking it
 * reads no row of the table (0.2-1 µs a title at 1,000,000 items, where a row read costs 5-10 µs), so 30,000 titles
 * are walked for a page before the search's index is read (20-50 ms for common tags with the viewer's keys, whatever
 * it finds), and when more than 1,000 items pass after all, the order is walked to them rather than read from that
 * index and sorted. Fewer than a page in 30,000 titles is rare whatever the head holds: `rareBelow` never sends this
 * order straight to the walk. (A head of 100,000 titles or of 2,000 made the p95 of tag filters worse in the bench.)
 */
export const COVERED_WALK_LIMITS: WalkLimits = { headRows: 30_000, rareBelow: Number.POSITIVE_INFINITY, rareSetLimit: EXACT_COUNT_LIMIT };

/** A listing's question without its search: who may see what and which list (`base`), tag filter groups, order. */
export interface FilteredQuestion {
  base: SQL | undefined;
  /** Tag id sets; an item passes when it carries one tag of every set. */
  groups: readonly (readonly number[])[];
  order: readonly SQL[];
  /** How far the order is walked before the search's index is read (the order's `walkLimits`). */
  limits: WalkLimits;
}

export interface FilteredIds {
  /** The ids from `offset` on, in order, at most `wanted` of them. */
  ids: number[];
  /** How many items pass, up to EXACT_COUNT_LIMIT + 1, when learnt on the way; otherwise undefined. */
  total: number | undefined;
}

/**
 * The ids of the items that pass tag filters, from `offset` on (decisions: "Fast without the cache", rare tag
 * combinations). The planner takes tags of different taxonomies, and tags and access levels, as independent: for a
 * combination almost no item has (Type › Person with Age Group › Children) it expects thousands of matches and walks
 * the list's order through the whole library looking for a page (0.75 s at 1,000,000 items, seconds under load). So
 * the first rows of the order (`question.limits`) are walked first, stopping at the page's last match: when they hold
 * enough matches, the filters are common and walking the order is right; when they hold almost none, the matches are
 * probably few and are read through the tag keys of the search's GIN index (up to a limit) and sorted. The title
 * order's index covers the filters and the listing rule, so its walk is cheap and the limit lower (COVERED_WALK_LIMITS).
 */
export async function filteredIds(db: Database, question: FilteredQuestion, offset: number, wanted: number): Promise<FilteredIds> {
  const { limits } = question;
  const needed = offset + wanted;
  const head = await headWalk(db, question, needed, limits.headRows);
  if (head.ids.length >= needed) return { ids: head.ids.slice(offset, needed), total: undefined };
  if (!head.cut) return { ids: head.ids.slice(offset, needed), total: Math.min(head.ids.length, EXACT_COUNT_LIMIT + 1) };
  if (head.ids.length >= limits.rareBelow) return { ids: await orderedWalk(db, question, offset, wanted), total: undefined };
  // When more than rareSetLimit pass after all, more than EXACT_COUNT_LIMIT do (with the app's limits).
  const rare = await rareMatches(db, question, offset, wanted, limits.rareSetLimit);
  return rare ?? { ids: await orderedWalk(db, question, offset, wanted), total: limits.rareSetLimit >= EXACT_COUNT_LIMIT ? EXACT_COUNT_LIMIT + 1 : undefined };
}

/** SQL: the item may be listed (`base`) and passes every filter group, through the tag keys of the search's index. */
export const filteredCondition = ({ base, groups }: Pick<FilteredQuestion, 'base' | 'groups'>) => and(base, taggedWithEveryGroup(groups));
const position = (order: readonly SQL[]) => sql`row_number() over (order by ${sql.join([...order], sql`, `)})`;

/**
 * The first `needed` items that pass among the first `headRows` rows of the order, in order; the walk stops when it
 * has them. `cut`: the head ended at `headRows` rows, not with the list, so more may pass after it.
 */
async function headWalk(db: Database, { base, groups, order }: FilteredQuestion, needed: number, headRows: number): Promise<{ ids: number[]; cut: boolean }> {
  const walked = db
    .select({ id: items.id, passes: sql<boolean>`${carriesTagOfEveryGroup(items.filterKeys, groups) ?? sql`true`}`.as('passes') })
    .from(items)
    .where(base)
    .orderBy(...order)
    .limit(headRows)
    .as('walked');
  // Numbered as the walk gives them (`over ()`): numbering in the order's terms compares every title with the one before.
  const rows = await sqlRows<{ id: number; passes: boolean; position: number }>(
    db,
    sql`select id, passes, position from (select ${walked.id} as id, ${walked.passes} as passes, row_number() over () as position from ${walked}) as numbered
      where passes or position = ${headRows} limit ${needed + 1}`,
  );
  return {
    ids: rows
      .filter((row) => row.passes)
      .map((row) => Number(row.id))
      .slice(0, needed),
    cut: rows.some((row) => Number(row.position) === headRows),
  };
}

/** Common filters: the order walked with the filters checked on each row, as the planner does it. */
async function orderedWalk(db: Database, question: FilteredQuestion, offset: number, wanted: number): Promise<number[]> {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(filteredCondition(question))
    .orderBy(...question.order)
    .limit(wanted)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * Filters rare in the head: the items that pass, at most `rareSetLimit` of them, found by the tag keys of the search's
 * GIN index, then numbered in the list's order; the ids from `offset` on and how many passed. Null when more pass:
 * the head was not like the rest of the list (titles and tags go together: few of the first titles are for
 * children), and the order is walked after all.
 */
async function rareMatches(db: Database, question: FilteredQuestion, offset: number, wanted: number, rareSetLimit: number): Promise<FilteredIds | null> {
  const passing = db
    .select({ id: items.id })
    .from(items)
    .where(filteredCondition(question))
    .limit(rareSetLimit + 1);
  const matched = db
    .select({ id: items.id, position: position(question.order).as('position') })
    .from(items)
    .where(inArray(items.id, passing))
    .as('matched');
  const [row] = await sqlRows<{ ids: number[]; total: number }>(
    db,
    sql`select coalesce(array_agg(${matched.id} order by ${matched.position}) filter (where ${matched.position} > ${offset} and ${matched.position} <= ${offset + wanted}), '{}') as ids, count(*)::int as total from ${matched}`,
  );
  if (row!.total > rareSetLimit) return null;
  return { ids: row!.ids, total: Math.min(row!.total, EXACT_COUNT_LIMIT + 1) };
}
