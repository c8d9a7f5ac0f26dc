/**
 * A small, known library for the item editing tests: the demo accounts, three taxonomies
 * (required single, optional multiselect, optional single), one characteristic per format,
 * and items made per test in the state the test needs.
 */
import { eq, inArray } from 'drizzle-orm';
import type { CharacteristicFormat } from '../../shared/enums';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { characteristics, itemCharacteristics, items, itemTags, tags, taxonomies, users } from '../../server/db/schema';
import { seedDemoAccounts } from '../support/seed';

export const MAINTAINER = 'staff@example.org';
export const OTHER_MEMBER = 'member@example.org';
export const ADMIN = 'admin@example.org';

const TAXONOMIES = [
  { title: 'Type', required: true, multiselect: false, tags: ['Resource', 'Training'] },
  { title: 'Topic', required: false, multiselect: true, tags: ['Games', 'Prayer', 'Bible'] },
  { title: 'Age', required: false, multiselect: false, tags: ['Kids', 'Youth'] },
] as const;

const CHARACTERISTICS: { title: string; format: CharacteristicFormat; minimum?: number; public: boolean }[] = [
  { title: 'Licence', format: 'text', public: true },
  { title: 'Session length', format: 'integer', minimum: 0, public: true },
  { title: 'Works online', format: 'boolean', public: true },
  { title: 'Last safety check', format: 'year_month', public: true },
  { title: 'Trailer video', format: 'url', public: true },
  { title: 'Replacement value', format: 'integer', public: false },
];

export async function seedEditingLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  for (const [position, taxonomy] of TAXONOMIES.entries()) {
    const [row] = await handle.db
      .insert(taxonomies)
      .values({ title: taxonomy.title, required: taxonomy.required, multiselect: taxonomy.multiselect, position })
      .returning();
    await handle.db.insert(tags).values(taxonomy.tags.map((label, tagPosition) => ({ taxonomyId: row!.id, label, position: tagPosition })));
  }
  await handle.db.insert(characteristics).values(CHARACTERISTICS.map((characteristic, position) => ({ ...characteristic, position })));
}

export async function userId(db: Database, email: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

export async function userRef(db: Database, email: string): Promise<string> {
  const [user] = await db.select({ ref: users.ref }).from(users).where(eq(users.email, email));
  return user!.ref;
}

export async function taxonomyRef(db: Database, title: string): Promise<string> {
  const [taxonomy] = await db.select({ ref: taxonomies.ref }).from(taxonomies).where(eq(taxonomies.title, title));
  return taxonomy!.ref;
}

export async function tag(db: Database, label: string): Promise<{ id: number; ref: string }> {
  const [row] = await db.select({ id: tags.id, ref: tags.ref }).from(tags).where(eq(tags.label, label));
  return row!;
}

export async function characteristic(db: Database, title: string): Promise<{ id: number; ref: string }> {
  const [row] = await db.select({ id: characteristics.id, ref: characteristics.ref }).from(characteristics).where(eq(characteristics.title, title));
  return row!;
}

let itemNumber = 0;

export interface ItemOptions {
  owner?: string | null;
  visibility?: number;
  minimumAccessLevel?: number;
  title?: string;
  code?: string;
  tagLabels?: string[];
  characteristicValues?: Record<string, string>;
}

/** An item in the state a test needs; codes outside the EQ- series unless given. */
export async function createItem(db: Database, options: ItemOptions = {}) {
  itemNumber += 1;
  const owner = options.owner === undefined ? MAINTAINER : options.owner;
  const [item] = await db
    .insert(items)
    .values({
      code: options.code ?? `T-${itemNumber}`,
      title: options.title ?? `Item ${itemNumber}`,
      topic: 'A topic',
      blurb: 'A blurb',
      authors: ['First Author'],
      visibility: options.visibility ?? 10,
      minimumAccessLevel: options.minimumAccessLevel ?? 0,
      createdByUserId: owner === null ? null : await userId(db, owner),
      updatedAt: new Date('2020-01-01T00:00:00Z'),
    })
    .returning();
  const tagRows = options.tagLabels?.length ? await db.select({ id: tags.id }).from(tags).where(inArray(tags.label, options.tagLabels)) : [];
  if (tagRows.length > 0) await db.insert(itemTags).values(tagRows.map((row) => ({ itemId: item!.id, tagId: row.id })));
  for (const [title, value] of Object.entries(options.characteristicValues ?? {})) {
    await db.insert(itemCharacteristics).values({ itemId: item!.id, characteristicId: (await characteristic(db, title)).id, value });
  }
  // Read again: tagging it changed its row (tag_ids, kept by item_tags' triggers).
  return (await itemRow(db, item!.id))!;
}

export async function itemRow(db: Database, id: number) {
  const [row] = await db.select().from(items).where(eq(items.id, id));
  return row;
}

export async function itemTagLabels(db: Database, itemId: number): Promise<string[]> {
  const rows = await db.select({ label: tags.label }).from(itemTags).innerJoin(tags, eq(tags.id, itemTags.tagId)).where(eq(itemTags.itemId, itemId));
  return rows.map((row) => row.label).sort();
}

export async function characteristicValues(db: Database, itemId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ title: characteristics.title, value: itemCharacteristics.value })
    .from(itemCharacteristics)
    .innerJoin(characteristics, eq(characteristics.id, itemCharacteristics.characteristicId))
    .where(eq(itemCharacteristics.itemId, itemId));
  return Object.fromEntries(rows.map((row) => [row.title, row.value]));
}

export { nextPage, send } from '../support/http';
