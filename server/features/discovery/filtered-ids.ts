import { and, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import { carriesAnyTag } from './tag-catalogue';

/** How many rows of a list's order are read to learn whether its tag filters are common or rare there. */
export const HEAD_WALK_ROWS = 2000;
/** Fewer matches than this in the head walk (under 1.3 %): the filters' items are found through the tags' index. */
export const RARE_BELOW = 26;

/** A listing's question without its search: who may see what and which list (`base`), tag filter groups, order. */
export interface FilteredQuestion {
  base: SQL | undefined;
  /** Tag id sets; an item passes when it carries one tag of every set. */
  groups: readonly (readonly number[])[];
  order: readonly SQL[];
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
 * the first HEAD_WALK_ROWS rows of the order are read first: when they hold enough matches, the filters are common
 * and walking the order is right; when they hold almost none, the matches are few and are read through the tags'
 * GIN index and sorted.
 */
export async function filteredIds(db: Database, question: FilteredQuestion, offset: number, wanted: number): Promise<FilteredIds> {
  const head = await headWalk(db, question);
  if (head.walked < HEAD_WALK_ROWS) return { ids: head.ids.slice(offset, offset + wanted), total: Math.min(head.ids.length, EXACT_COUNT_LIMIT + 1) };
  const knownTotal = head.ids.length > EXACT_COUNT_LIMIT ? EXACT_COUNT_LIMIT + 1 : undefined;
  if (head.ids.length >= offset + wanted) return { ids: head.ids.slice(offset, offset + wanted), total: knownTotal };
  if (head.ids.length >= RARE_BELOW) return { ids: await orderedWalk(db, question, offset, wanted), total: knownTotal };
  return rareMatches(db, question, offset, wanted);
}

const passes = (tagIds: SQL, groups: FilteredQuestion['groups']) => and(...groups.map((group) => carriesAnyTag(tagIds, group)));
const position = (order: readonly SQL[]) => sql`row_number() over (order by ${sql.join([...order], sql`, `)})`;

/** The first HEAD_WALK_ROWS rows of the order (`walked` says how many there were) and which of them pass. */
async function headWalk(db: Database, { base, groups, order }: FilteredQuestion): Promise<{ ids: number[]; walked: number }> {
  const head = db
    .select({ id: items.id, tagIds: items.tagIds, position: position(order).as('position') })
    .from(items)
    .where(base)
    .orderBy(...order)
    .limit(HEAD_WALK_ROWS)
    .as('head');
  const [row] = await sqlRows<{ ids: number[]; walked: number }>(
    db,
    sql`select coalesce(array_agg(${head.id} order by ${head.position}) filter (where ${passes(sql`${head.tagIds}`, groups)}), '{}') as ids, count(*)::int as walked from ${head}`,
  );
  return row!;
}

/** Common filters: the order walked with the filters checked on each row, as the planner does it. */
async function orderedWalk(db: Database, { base, groups, order }: FilteredQuestion, offset: number, wanted: number): Promise<number[]> {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(base, passes(sql`${items.tagIds}`, groups)))
    .orderBy(...order)
    .limit(wanted)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * Rare filters: every item that passes, found through the tags' GIN index (no limit, so the planner does not walk the
 * order hoping to stop early), numbered in the list's order; the ids from `offset` on and how many passed.
 */
async function rareMatches(db: Database, { base, groups, order }: FilteredQuestion, offset: number, wanted: number): Promise<FilteredIds> {
  const matched = db
    .select({ id: items.id, position: position(order).as('position') })
    .from(items)
    .where(and(base, passes(sql`${items.tagIds}`, groups)))
    .as('matched');
  const [row] = await sqlRows<{ ids: number[]; total: number }>(
    db,
    sql`select coalesce(array_agg(${matched.id} order by ${matched.position}) filter (where ${matched.position} > ${offset} and ${matched.position} <= ${offset + wanted}), '{}') as ids, count(*)::int as total from ${matched}`,
  );
  return { ids: row!.ids, total: Math.min(row!.total, EXACT_COUNT_LIMIT + 1) };
}
