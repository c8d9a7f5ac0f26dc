/**
 * Two copies kept by triggers, which must agree with what they copy after every kind of write, on both engines:
 * items.tag_ids mirrors item_tags (migration 0017; tag filters read it from the item's own row), and
 * item_tags.item_listing_level the item's level while it is discoverable (migration 0018; the filters' tags in use).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import { items, itemTags, tags, taxonomies } from '../../server/db/schema';
import { seedDemoLibrary } from '../../server/db/seed';
import { truncateAllTables } from '../../server/db/seed/batches';
import { sqlRows } from '../../server/db/sql-rows';
import { freshDatabase } from '../support/database';

let database: DatabaseHandle;
let tagIds: number[];
let itemIds: number[];

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  const db = database.db;
  await truncateAllTables(db);
  const [taxonomy] = await db.insert(taxonomies).values({ title: 'Age group' }).returning({ id: taxonomies.id });
  const tagRows = await db
    .insert(tags)
    .values(['Primary', 'Secondary', 'Adults'].map((label) => ({ taxonomyId: taxonomy!.id, label })))
    .returning({ id: tags.id });
  tagIds = tagRows.map((row) => row.id);
  const itemRows = await db
    .insert(items)
    .values(['One', 'Two', 'Three'].map((title, index) => ({ code: `TI-${index}`, title })))
    .returning({ id: items.id });
  itemIds = itemRows.map((row) => row.id);
});

async function tagIdsOf(itemId: number): Promise<number[]> {
  const [row] = await database.db.select({ tagIds: items.tagIds }).from(items).where(eq(items.id, itemId));
  return row!.tagIds;
}

/** Items whose tag_ids differ from their item_tags rows. */
async function disagreeing(): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from ${items}
      where ${items.tagIds} is distinct from coalesce((select array_agg(${itemTags.tagId} order by ${itemTags.tagId}) from ${itemTags} where ${itemTags.itemId} = ${items.id}), '{}'::integer[])`,
  );
  return row!.count;
}

/** item_tags rows whose item_listing_level differs from their item's level while discoverable. */
async function wrongListingLevels(): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from ${itemTags} join ${items} on ${items.id} = ${itemTags.itemId}
      where ${itemTags.itemListingLevel} is distinct from (case when ${items.visibility} = ${VISIBILITY.DISCOVERABLE} then ${items.minimumAccessLevel} end)`,
  );
  return row!.count;
}

async function listingLevelsOf(itemId: number): Promise<(number | null)[]> {
  const rows = await database.db.select({ level: itemTags.itemListingLevel }).from(itemTags).where(eq(itemTags.itemId, itemId));
  return rows.map((row) => row.level);
}

describe('items.tag_ids', () => {
  it('follows inserts of several items in one statement, in ascending tag order', async () => {
    const [primary, secondary, adults] = tagIds;
    await database.db.insert(itemTags).values([
      { itemId: itemIds[0]!, tagId: adults! },
      { itemId: itemIds[0]!, tagId: primary! },
      { itemId: itemIds[1]!, tagId: secondary! },
    ]);
    expect(await tagIdsOf(itemIds[0]!)).toEqual([primary, adults]);
    expect(await tagIdsOf(itemIds[1]!)).toEqual([secondary]);
    expect(await tagIdsOf(itemIds[2]!)).toEqual([]);
  });

  it('follows deletes and updates of item_tags rows', async () => {
    const [primary, secondary, adults] = tagIds;
    await database.db.insert(itemTags).values([
      { itemId: itemIds[0]!, tagId: primary! },
      { itemId: itemIds[0]!, tagId: secondary! },
      { itemId: itemIds[1]!, tagId: primary! },
    ]);
    await database.db.delete(itemTags).where(and(eq(itemTags.itemId, itemIds[0]!), eq(itemTags.tagId, primary!)));
    expect(await tagIdsOf(itemIds[0]!)).toEqual([secondary]);
    // An update that moves a link from one item to another changes both.
    await database.db.update(itemTags).set({ itemId: itemIds[2]!, tagId: adults! }).where(eq(itemTags.itemId, itemIds[1]!));
    expect(await tagIdsOf(itemIds[1]!)).toEqual([]);
    expect(await tagIdsOf(itemIds[2]!)).toEqual([adults]);
    expect(await disagreeing()).toBe(0);
  });

  it('loses a deleted tag from every item that had it (the cascade), and is emptied by a truncate', async () => {
    const [primary, secondary] = tagIds;
    await database.db.insert(itemTags).values(itemIds.flatMap((itemId) => [primary!, secondary!].map((tagId) => ({ itemId, tagId }))));
    await database.db.delete(tags).where(eq(tags.id, primary!));
    for (const itemId of itemIds) expect(await tagIdsOf(itemId)).toEqual([secondary]);
    await database.db.execute(sql`truncate ${itemTags}`);
    for (const itemId of itemIds) expect(await tagIdsOf(itemId)).toEqual([]);
  });

  it('agrees with item_tags after a seed (which writes tag_ids itself) and after deleting items', async () => {
    await truncateAllTables(database.db);
    await seedDemoLibrary(database.db, { items: 120, referenceDate: new Date('2026-11-01T00:00:00Z') });
    expect(await disagreeing()).toBe(0);
    expect(await wrongListingLevels()).toBe(0);
    const [tagged] = await sqlRows<{ count: number }>(database.db, sql`select count(*)::int as count from ${items} where cardinality(${items.tagIds}) > 0`);
    expect(tagged!.count).toBe(120);
    const some = await database.db.select({ id: items.id }).from(items).limit(10);
    await database.db.delete(items).where(
      inArray(
        items.id,
        some.map((row) => row.id),
      ),
    );
    expect(await disagreeing()).toBe(0);
  });
});

describe('item_tags.item_listing_level', () => {
  it("is the item's minimum access level while it is discoverable, and null otherwise", async () => {
    const db = database.db;
    const [draft, listed] = itemIds;
    await db.update(items).set({ visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 2 }).where(eq(items.id, listed!));
    await db.insert(itemTags).values(tagIds.slice(0, 2).flatMap((tagId) => [draft!, listed!].map((itemId) => ({ itemId, tagId }))));
    expect(await listingLevelsOf(draft!)).toEqual([null, null]);
    expect(await listingLevelsOf(listed!)).toEqual([2, 2]);
  });

  it("follows the item's visibility and level, and a link moved to another item", async () => {
    const db = database.db;
    const [first, second] = itemIds;
    await db.insert(itemTags).values(tagIds.map((tagId) => ({ itemId: first!, tagId })));
    await db.update(items).set({ visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 }).where(eq(items.id, first!));
    expect(await listingLevelsOf(first!)).toEqual([3, 3, 3]);
    await db.update(items).set({ minimumAccessLevel: 1 }).where(eq(items.id, first!));
    expect(await listingLevelsOf(first!)).toEqual([1, 1, 1]);
    // An edit that leaves both alone (a title, a view count) writes nothing to item_tags.
    await db.update(items).set({ title: 'Renamed', viewCount: 7 }).where(eq(items.id, first!));
    expect(await listingLevelsOf(first!)).toEqual([1, 1, 1]);
    await db.update(items).set({ visibility: VISIBILITY.UNLISTED }).where(eq(items.id, first!));
    expect(await listingLevelsOf(first!)).toEqual([null, null, null]);
    await db.update(items).set({ visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 }).where(eq(items.id, second!));
    await db
      .update(itemTags)
      .set({ itemId: second! })
      .where(and(eq(itemTags.itemId, first!), eq(itemTags.tagId, tagIds[0]!)));
    expect(await listingLevelsOf(second!)).toEqual([0]);
    expect(await wrongListingLevels()).toBe(0);
    expect(await disagreeing()).toBe(0);
  });
});
