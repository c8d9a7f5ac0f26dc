import { and, eq, inArray, sql } from 'drizzle-orm';
import { itemAccessColumns, type ItemAccessFacts } from '../../access/policy';
import type { Database, Transaction } from '../../db/client';
import { characteristics, itemCharacteristics, items, itemTags, tags, taxonomies, users } from '../../db/schema';
import { REF_PATTERN } from '../../lib/ref';

/** An item as the editing routes need it: the policy's facts plus what notices name. */
export interface EditableItem extends ItemAccessFacts {
  id: number;
  ref: string;
  title: string;
}

export async function findEditableItem(db: Database, ref: string): Promise<EditableItem | null> {
  const [item] = await db
    .select({
      id: items.id,
      ref: items.ref,
      title: items.title,
      ...itemAccessColumns,
    })
    .from(items)
    .where(eq(items.ref, ref))
    .limit(1);
  return item ?? null;
}

export async function userIdByRef(db: Database, ref: string): Promise<number | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.ref, ref)).limit(1);
  return user?.id ?? null;
}

export interface CharacteristicFacts {
  id: number;
  ref: string;
  format: string;
  minimum: number | null;
  public: boolean;
}

export async function findCharacteristic(db: Database, ref: string): Promise<CharacteristicFacts | null> {
  // The ref may come from a body field's name (`characteristic-{ref}` of PATCH /i/{ref}), which no schema checks.
  if (!REF_PATTERN.test(ref)) return null;
  const [characteristic] = await db
    .select({
      id: characteristics.id,
      ref: characteristics.ref,
      format: characteristics.format,
      minimum: characteristics.minimum,
      public: characteristics.public,
    })
    .from(characteristics)
    .where(eq(characteristics.ref, ref))
    .limit(1);
  return characteristic ?? null;
}

export async function setCharacteristicValue(tx: Transaction, itemId: number, characteristicId: number, value: string | null): Promise<void> {
  if (value === null) {
    await removeCharacteristicValue(tx, itemId, characteristicId);
    return;
  }
  await tx
    .insert(itemCharacteristics)
    .values({ itemId, characteristicId, value })
    .onConflictDoUpdate({ target: [itemCharacteristics.itemId, itemCharacteristics.characteristicId], set: { value } });
}

export async function removeCharacteristicValue(tx: Transaction, itemId: number, characteristicId: number): Promise<void> {
  await tx.delete(itemCharacteristics).where(and(eq(itemCharacteristics.itemId, itemId), eq(itemCharacteristics.characteristicId, characteristicId)));
}

export interface TaxonomyFacts {
  id: number;
  ref: string;
  title: string;
  required: boolean;
  multiselect: boolean;
  /** A non-public taxonomy's tags are for admins only (canSeeTaxonomy), on an item and in its editing alike. */
  public: boolean;
}

const taxonomyColumns = {
  id: taxonomies.id,
  ref: taxonomies.ref,
  title: taxonomies.title,
  required: taxonomies.required,
  multiselect: taxonomies.multiselect,
  public: taxonomies.public,
};

export async function findTaxonomy(db: Database, ref: string): Promise<TaxonomyFacts | null> {
  const [taxonomy] = await db.select(taxonomyColumns).from(taxonomies).where(eq(taxonomies.ref, ref)).limit(1);
  return taxonomy ?? null;
}

/** A tag with the taxonomy it belongs to. */
export async function findTagWithTaxonomy(db: Database, ref: string): Promise<{ tagId: number; label: string; taxonomy: TaxonomyFacts } | null> {
  const [row] = await db
    .select({ tagId: tags.id, label: tags.label, taxonomy: taxonomyColumns })
    .from(tags)
    .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .where(eq(tags.ref, ref))
    .limit(1);
  return row ?? null;
}

/** Ids of the given tag refs that belong to the taxonomy (unknown or foreign refs are left out). */
export async function tagIdsInTaxonomy(db: Database, taxonomyId: number, refs: string[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.taxonomyId, taxonomyId), inArray(tags.ref, refs)));
  return rows.map((row) => row.id);
}

/** The item's tags in one taxonomy. */
export async function itemTagIdsInTaxonomy(db: Database, itemId: number, taxonomyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: itemTags.tagId })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(eq(itemTags.itemId, itemId), eq(tags.taxonomyId, taxonomyId)));
  return rows.map((row) => row.id);
}

/** Records that the item changed, for fields that live in other tables (tags, characteristics). */
export async function touchItem(db: Database, itemId: number): Promise<void> {
  await db
    .update(items)
    .set({ updatedAt: sql`now()` })
    .where(eq(items.id, itemId));
}
