/**
 * Tag-item links: quick tagging of one tag, and saving or clearing all of an
 * item's tags in one taxonomy. A non-multiselect taxonomy holds one tag per item; a required
 * taxonomy never loses its last tag.
 */
import { fieldRefused, type FieldSaveResult } from '../../lib/single-field';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { canSeeTaxonomy, type Viewer } from '../../access/policy';
import type { Database, Transaction } from '../../db/client';
import { itemTags, tags } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { ITEM_EDIT_ERRORS, ITEM_EDIT_NOTICES } from './messages';
import { findTagWithTaxonomy, itemTagIdsInTaxonomy, tagIdsInTaxonomy, touchItem, type TaxonomyFacts } from './queries';

/** Errors about a taxonomy's tags are shown under the taxonomy's field, as in the New Item form. */
export function taxonomyField(taxonomy: Pick<TaxonomyFacts, 'ref'>): string {
  return `taxonomy-${taxonomy.ref}`;
}

function refused(taxonomy: TaxonomyFacts, message: string): FieldSaveResult {
  return fieldRefused(taxonomyField(taxonomy), message);
}

async function unlinkTaxonomy(tx: Transaction, itemId: number, taxonomyId: number): Promise<void> {
  const taxonomyTags = tx.select({ id: tags.id }).from(tags).where(eq(tags.taxonomyId, taxonomyId));
  await tx.delete(itemTags).where(and(eq(itemTags.itemId, itemId), inArray(itemTags.tagId, taxonomyTags)));
}

async function link(tx: Transaction, itemId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await tx
    .insert(itemTags)
    .values(tagIds.map((tagId) => ({ itemId, tagId })))
    .onConflictDoNothing();
}

/** The tag, with its taxonomy, when the viewer may see it; a hidden taxonomy's tag is not found, as an unknown one. */
async function visibleTag(db: Database, viewer: Viewer, tagRef: string) {
  const tag = await findTagWithTaxonomy(db, tagRef);
  if (!tag || !canSeeTaxonomy(viewer, tag.taxonomy)) throw notFound();
  return tag;
}

/**
 * Adds a tag; in a non-multiselect taxonomy it replaces the item's other tag, and the notice says which ("Replaced X
 * with Y"), so a quick-tag grid shows the replacement as it happened.
 */
export async function addItemTag(db: Database, viewer: Viewer, itemId: number, tagRef: string): Promise<{ ok: true; notice: string }> {
  const tag = await visibleTag(db, viewer, tagRef);
  const replaced = await db.transaction(async (tx) => {
    const others = tag.taxonomy.multiselect ? [] : await unlinkOtherTags(tx, itemId, tag.taxonomy.id, tag.tagId);
    await link(tx, itemId, [tag.tagId]);
    await touchItem(tx, itemId);
    return others;
  });
  return { ok: true, notice: replaced.length > 0 ? ITEM_EDIT_NOTICES.tagReplaced(replaced, tag.label) : ITEM_EDIT_NOTICES.tagAdded };
}

/** Unlinks the item's tags of the taxonomy other than `keptTagId`, answering their labels. */
async function unlinkOtherTags(tx: Transaction, itemId: number, taxonomyId: number, keptTagId: number): Promise<string[]> {
  const others = await tx
    .select({ id: tags.id, label: tags.label })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(eq(itemTags.itemId, itemId), eq(tags.taxonomyId, taxonomyId), ne(tags.id, keptTagId)))
    .orderBy(asc(tags.label));
  if (others.length > 0)
    await tx.delete(itemTags).where(
      and(
        eq(itemTags.itemId, itemId),
        inArray(
          itemTags.tagId,
          others.map((other) => other.id),
        ),
      ),
    );
  return others.map((other) => other.label);
}

export async function removeItemTag(db: Database, viewer: Viewer, itemId: number, tagRef: string): Promise<FieldSaveResult> {
  const tag = await visibleTag(db, viewer, tagRef);
  return db.transaction(async (tx) => {
    const current = await itemTagIdsInTaxonomy(tx, itemId, tag.taxonomy.id);
    if (!current.includes(tag.tagId)) return { ok: true } as const;
    if (tag.taxonomy.required && current.length === 1) return refused(tag.taxonomy, ITEM_EDIT_ERRORS.requiredTaxonomy(tag.taxonomy.title));
    await tx.delete(itemTags).where(and(eq(itemTags.itemId, itemId), eq(itemTags.tagId, tag.tagId)));
    await touchItem(tx, itemId);
    return { ok: true } as const;
  });
}

/** Makes `tagRefs` the item's exact tags in the taxonomy. */
export async function setTaxonomyTags(db: Database, itemId: number, taxonomy: TaxonomyFacts, tagRefs: string[]): Promise<FieldSaveResult> {
  const wanted = [...new Set(tagRefs)];
  if (!taxonomy.multiselect && wanted.length > 1) return refused(taxonomy, ITEM_EDIT_ERRORS.singleTag(taxonomy.title));
  if (taxonomy.required && wanted.length === 0) return refused(taxonomy, ITEM_EDIT_ERRORS.requiredTaxonomy(taxonomy.title));
  const tagIds = await tagIdsInTaxonomy(db, taxonomy.id, wanted);
  if (tagIds.length !== wanted.length) return refused(taxonomy, ITEM_EDIT_ERRORS.unknownTag);
  await db.transaction(async (tx) => {
    await unlinkTaxonomy(tx, itemId, taxonomy.id);
    await link(tx, itemId, tagIds);
    await touchItem(tx, itemId);
  });
  return { ok: true };
}

/** Removes all of the item's tags in the taxonomy, which a required taxonomy refuses. */
export async function clearTaxonomyTags(db: Database, itemId: number, taxonomy: TaxonomyFacts): Promise<FieldSaveResult> {
  if (taxonomy.required) return refused(taxonomy, ITEM_EDIT_ERRORS.requiredTaxonomy(taxonomy.title));
  await db.transaction(async (tx) => {
    await unlinkTaxonomy(tx, itemId, taxonomy.id);
    await touchItem(tx, itemId);
  });
  return { ok: true };
}
