/**
 * `filteredIds` (discovery/filtered-ids.ts) answers tag filters in four ways: from the head of the list's order, by
 * walking the order, through the tags' GIN index when the head holds almost no match, and by walking the order after
 * all when the index finds more than its limit. Whichever way it takes, its ids and count must be those of a plain
 * filtered, ordered query, at every offset, on both engines. Small limits make each way happen in a small library.
 * A search's candidates with tag filters (search-candidates.ts) come the same three ways: every match that passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT } from '../../shared/constants';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import { items, itemTags, tags, taxonomies } from '../../server/db/schema';
import { truncateAllTables } from '../../server/db/seed/batches';
import { COVERED_WALK_LIMITS, filteredIds, WALK_LIMITS, type FilteredQuestion, type WalkLimits } from '../../server/features/discovery/filtered-ids';
import { carriesAnyTag } from '../../server/features/discovery/tag-catalogue';
import { searchCandidates } from '../../server/features/discovery/search-candidates';
import { textSearch } from '../../server/items';
import { sqlRows } from '../../server/db/sql-rows';
import { freshDatabase } from '../support/database';

const LIMITS: WalkLimits = { headRows: 200, rareBelow: 6, rareSetLimit: 60 };
/** Half of them discoverable: more than a head. */
const ITEM_COUNT = 1000;

let database: DatabaseHandle;
/** Tags: every item, every third, the last 24 titles, the first 10, every item from the 600th title on, none. */
let tag: Record<'all' | 'third' | 'last' | 'first' | 'late' | 'none', number>;

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  await truncateAllTables(db);
  const [taxonomy] = await db.insert(taxonomies).values({ title: 'Kind' }).returning({ id: taxonomies.id });
  const labels = ['all', 'third', 'last', 'first', 'late', 'none'] as const;
  const tagRows = await db
    .insert(tags)
    .values(labels.map((label) => ({ taxonomyId: taxonomy!.id, label })))
    .returning({ id: tags.id });
  tag = Object.fromEntries(labels.map((label, index) => [label, tagRows[index]!.id])) as typeof tag;
  // Titles sort in insertion order ('Item 0000' …); every other item is hidden, so access narrows the walk too.
  const rows = await db
    .insert(items)
    .values(
      Array.from({ length: ITEM_COUNT }, (_, index) => ({
        code: `FI-${index}`,
        title: `Item ${String(index).padStart(4, '0')}`,
        visibility: index % 2 === 0 ? VISIBILITY.DISCOVERABLE : VISIBILITY.HIDDEN,
        recentViewCount: index % 97,
      })),
    )
    .returning({ id: items.id, title: items.title });
  const carried = (index: number) => {
    const tagIds = [tag.all];
    if (index % 3 === 0) tagIds.push(tag.third);
    if (index >= ITEM_COUNT - 24) tagIds.push(tag.last);
    if (index < 10) tagIds.push(tag.first);
    if (index >= 600) tagIds.push(tag.late);
    return tagIds;
  };
  await db.insert(itemTags).values(rows.flatMap((row) => carried(Number(row.title.slice(5))).map((tagId) => ({ itemId: row.id, tagId }))));
});

afterAll(async () => {
  await database.close();
});

const titleOrder = [sql`${items.titleKey}`, asc(items.id)];
const popularOrder = [desc(items.recentViewCount), sql`${items.titleKey}`, asc(items.id)];
/** A question as the tests ask it; the walk's limits are always LIMITS. */
type Question = Omit<FilteredQuestion, 'limits'>;
const discoverable = gte(items.visibility, VISIBILITY.DISCOVERABLE);

/** The plain answer: every passing id in order, and how many. */
async function plainAnswer(question: Question): Promise<{ ids: number[]; total: number }> {
  const where: SQL | undefined = and(question.base, ...question.groups.map((group) => carriesAnyTag(items.tagIds, group)));
  const rows = await database.db
    .select({ id: items.id })
    .from(items)
    .where(where)
    .orderBy(...question.order);
  const [counted] = await database.db.select({ total: count() }).from(items).where(where);
  return { ids: rows.map((row) => row.id), total: counted!.total };
}

/** Every offset's ids are the plain answer's; a count, when given, is the plain count (bounded). Returns the counts given. */
async function expectSameAnswer(question: Question, offsets: readonly number[], wanted = 26): Promise<(number | undefined)[]> {
  const plain = await plainAnswer(question);
  const totals: (number | undefined)[] = [];
  for (const offset of offsets) {
    const found = await filteredIds(database.db, { ...question, limits: LIMITS }, offset, wanted);
    expect(found.ids, `ids from ${offset}`).toEqual(plain.ids.slice(offset, offset + wanted));
    if (found.total !== undefined) expect(found.total, `count from ${offset}`).toBe(Math.min(plain.total, EXACT_COUNT_LIMIT + 1));
    totals.push(found.total);
  }
  return totals;
}

describe.each([
  ['title order', titleOrder],
  ['popularity order', popularOrder],
])('filteredIds in %s', (_, order) => {
  it('answers common filters from the head, and by walking the order past it', async () => {
    await expectSameAnswer({ base: discoverable, groups: [[tag.third]], order }, [0, 25, 60, 100, 150]);
  });

  it('answers filters rare in the head through the tags’ index, with their count', async () => {
    const totals = await expectSameAnswer({ base: discoverable, groups: [[tag.all], [tag.last]], order }, [0, 5, 11]);
    expect(totals).toEqual([12, 12, 12]);
  });

  it('answers a combination no item has, and a tag no item has: nothing, counted as 0', async () => {
    expect(await filteredIds(database.db, { base: discoverable, groups: [[tag.first], [tag.last]], order, limits: LIMITS }, 0, 26)).toEqual({
      ids: [],
      total: 0,
    });
    expect(await filteredIds(database.db, { base: discoverable, groups: [[tag.none]], order, limits: LIMITS }, 0, 26)).toEqual({ ids: [], total: 0 });
  });

  it('stops at the page, and counts every match when the walk reaches the end of the list', async () => {
    const base = and(discoverable, sql`${items.title} >= 'Item 0800'`);
    const totals = await expectSameAnswer({ base, groups: [[tag.all, tag.none]], order }, [0, 25, 75]);
    expect(totals).toEqual([undefined, undefined, 100]);
  });
});

describe('filteredIds where the head is not like the rest of the list', () => {
  it('walks the title order after all when the tags’ index finds more than its limit', async () => {
    // No title of the head carries 'late'; 200 discoverable items after it do, more than the index is read for.
    const totals = await expectSameAnswer({ base: discoverable, groups: [[tag.late]], order: titleOrder }, [0, 26, 150]);
    expect(totals).toEqual([undefined, undefined, undefined]);
  });

  it('may then say "over EXACT_COUNT_LIMIT": the app reads the index for more items than that', async () => {
    expect(WALK_LIMITS.rareSetLimit).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
    expect(COVERED_WALK_LIMITS.rareSetLimit).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
  });
});

describe('searchCandidates with tag filters', () => {
  // Every title says 'Item': a word all 1,000 items match, in titles, half of them discoverable.
  const search = textSearch('item')!;
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  // More than the discoverable items, so that every way reads to the end unless a test says otherwise.
  async function candidates(access: SQL | undefined, groups: number[][], bound = EXACT_COUNT_LIMIT + 1): Promise<number[]> {
    const rows = await sqlRows<{ id: number }>(database.db, searchCandidates(database.db, { access, groups }, search, [], { bound }));
    return sorted(rows.map((row) => row.id));
  }

  it('finds every match that passes, whether the filters are common among the matches, rare, or rare only after the first titles', async () => {
    // 'third': common; 'first' and 'first or last': almost none; 'late': none among the first titles, then 200.
    for (const groups of [[[tag.third]], [[tag.first]], [[tag.first, tag.last]], [[tag.late]], [[tag.all], [tag.late, tag.none]], [[tag.none]]]) {
      const plain = await plainAnswer({ base: discoverable, groups, order: titleOrder });
      expect(await candidates(discoverable, groups), JSON.stringify(groups)).toEqual(sorted(plain.ids));
    }
  });

  it('finds every match that passes among few matches', async () => {
    const fewMatches = and(discoverable, sql`${items.title} >= 'Item 0800'`);
    const plain = await plainAnswer({ base: fewMatches, groups: [[tag.third]], order: titleOrder });
    expect(plain.ids.length).toBeGreaterThan(0);
    expect(await candidates(fewMatches, [[tag.third]])).toEqual(sorted(plain.ids));
  });

  it('stops each way at its bound and stays exact below it', async () => {
    const bound = 30;
    for (const groups of [[[tag.third]], [[tag.late]], [[tag.first]]]) {
      const plain = sorted((await plainAnswer({ base: discoverable, groups, order: titleOrder })).ids);
      const found = await candidates(discoverable, groups, bound);
      expect(
        found.every((id) => plain.includes(id)),
        JSON.stringify(groups),
      ).toBe(true);
      // 'third' (common) and 'late' (none among the first titles, 200 in all) stop at the bound; 'first' has 5.
      if (plain.length > bound) expect(found.length, JSON.stringify(groups)).toBeGreaterThanOrEqual(bound);
      if (plain.length > bound) expect(found.length, JSON.stringify(groups)).toBeLessThan(plain.length);
      else expect(found, JSON.stringify(groups)).toEqual(plain);
    }
  });

  it('finds every match among a few known items when the filters are rare in the library', async () => {
    const few = await plainAnswer({ base: discoverable, groups: [[tag.last]], order: titleOrder });
    expect(await candidates(and(discoverable, inArray(items.id, few.ids)), [])).toEqual(sorted(few.ids));
  });
});
