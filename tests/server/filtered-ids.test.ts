/**
 * `filteredIds` (discovery/filtered-ids.ts) answers tag filters three ways: from the head of the list's order, by
 * walking the order, or, when the head holds almost no match, through the tags' GIN index. Whichever way it takes,
 * its ids and count must be the ones a plain filtered, ordered query gives, at every offset, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, gte, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT } from '../../shared/constants';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import { items, itemTags, tags, taxonomies } from '../../server/db/schema';
import { truncateAllTables } from '../../server/db/seed/batches';
import { filteredIds, HEAD_WALK_ROWS, RARE_BELOW, type FilteredQuestion } from '../../server/features/discovery/filtered-ids';
import { carriesAnyTag } from '../../server/features/discovery/tag-catalogue';
import { freshDatabase } from '../support/database';

let database: DatabaseHandle;
/** Tags: every item, every third item, the last 12 titles, the first 5 titles, no item. */
let tag: Record<'all' | 'third' | 'last' | 'first' | 'none', number>;
/** Half of them discoverable: more than a head walk. */
const ITEM_COUNT = 2 * HEAD_WALK_ROWS + 1000;

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  await truncateAllTables(db);
  const [taxonomy] = await db.insert(taxonomies).values({ title: 'Kind' }).returning({ id: taxonomies.id });
  const labels = ['all', 'third', 'last', 'first', 'none'] as const;
  const tagRows = await db
    .insert(tags)
    .values(labels.map((label) => ({ taxonomyId: taxonomy!.id, label })))
    .returning({ id: tags.id });
  tag = Object.fromEntries(labels.map((label, index) => [label, tagRows[index]!.id])) as typeof tag;
  // Titles sort in insertion order ('Item 00000' …); half of the items are hidden, so access narrows the walk too.
  const titles = Array.from({ length: ITEM_COUNT }, (_, index) => `Item ${String(index).padStart(5, '0')}`);
  for (let start = 0; start < ITEM_COUNT; start += 500) {
    const rows = await db
      .insert(items)
      .values(titles.slice(start, start + 500).map((title, offset) => ({ code: `FI-${start + offset}`, title, visibility: (start + offset) % 2 === 0 ? VISIBILITY.DISCOVERABLE : VISIBILITY.HIDDEN, recentViewCount: (start + offset) % 97 })))
      .returning({ id: items.id, title: items.title });
    const tagged = rows.flatMap((row) => {
      const index = Number(row.title.slice(5));
      const carried = [tag.all];
      if (index % 3 === 0) carried.push(tag.third);
      if (index >= ITEM_COUNT - 24) carried.push(tag.last);
      if (index < 10) carried.push(tag.first);
      return carried.map((tagId) => ({ itemId: row.id, tagId }));
    });
    await db.insert(itemTags).values(tagged);
  }
});

afterAll(async () => {
  await database.close();
});

const titleOrder = [sql`lower(${items.title}) collate "C"`, asc(items.id)];
const popularOrder = [desc(items.recentViewCount), sql`lower(${items.title}) collate "C"`, asc(items.id)];
const discoverable = gte(items.visibility, VISIBILITY.DISCOVERABLE);

/** The plain answer: every passing id in order, and how many. */
async function plainAnswer(question: FilteredQuestion): Promise<{ ids: number[]; total: number }> {
  const where: SQL | undefined = and(question.base, ...question.groups.map((group) => carriesAnyTag(items.tagIds, group)));
  const rows = await database.db.select({ id: items.id }).from(items).where(where).orderBy(...question.order);
  const [counted] = await database.db.select({ total: count() }).from(items).where(where);
  return { ids: rows.map((row) => row.id), total: counted!.total };
}

async function expectSameAnswer(question: FilteredQuestion, offsets: readonly number[], wanted: number) {
  const plain = await plainAnswer(question);
  for (const offset of offsets) {
    const found = await filteredIds(database.db, question, offset, wanted);
    expect(found.ids, `ids from ${offset}`).toEqual(plain.ids.slice(offset, offset + wanted));
    if (found.total !== undefined) expect(found.total, `count from ${offset}`).toBe(Math.min(plain.total, EXACT_COUNT_LIMIT + 1));
  }
  return plain;
}

describe.each([
  ['title order', titleOrder],
  ['popularity order', popularOrder],
])('filteredIds in %s', (_, order) => {
  it('answers common filters from the head, and by walking the order past it', async () => {
    const plain = await expectSameAnswer({ base: discoverable, groups: [[tag.third]], order }, [0, 25, 300, 700, 808], 26);
    expect(plain.total).toBeGreaterThan(HEAD_WALK_ROWS / 6);
  });

  it('answers filters rare in the head through the tags’ index, with their count', async () => {
    const plain = await expectSameAnswer({ base: discoverable, groups: [[tag.all], [tag.last]], order }, [0, 5, 12], 26);
    expect(plain.total).toBeLessThan(RARE_BELOW);
    const found = await filteredIds(database.db, { base: discoverable, groups: [[tag.all], [tag.last]], order }, 0, 26);
    expect(found.total).toBe(plain.total);
  });

  it('answers a combination no item has: nothing, counted as 0', async () => {
    const found = await filteredIds(database.db, { base: discoverable, groups: [[tag.first], [tag.last]], order }, 0, 26);
    expect(found).toEqual({ ids: [], total: 0 });
    expect(await filteredIds(database.db, { base: discoverable, groups: [[tag.none]], order }, 0, 26)).toEqual({ ids: [], total: 0 });
  });

  it('counts every match when the head is the whole list', async () => {
    const base = and(discoverable, sql`${items.title} >= 'Item 04800'`);
    await expectSameAnswer({ base, groups: [[tag.all, tag.none]], order }, [0, 25, 75], 26);
    const found = await filteredIds(database.db, { base, groups: [[tag.all]], order }, 0, 26);
    expect(found.total).toBe(100);
  });

  it('reads over a thousand matches as EXACT_COUNT_LIMIT + 1 from the head', async () => {
    await expectSameAnswer({ base: undefined, groups: [[tag.all]], order }, [0, 1974], 26);
    const found = await filteredIds(database.db, { base: undefined, groups: [[tag.all]], order }, 0, 26);
    expect(found.total).toBe(EXACT_COUNT_LIMIT + 1);
  });
});
