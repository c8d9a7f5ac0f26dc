/**
 * Moving a tag (docs/decisions/curation.md "Re-ordering lists and moving tags"): to another place among its siblings, under another
 * parent, or into another taxonomy, its child tags with it. What is checked and what is written are one transaction,
 * so a move is checked against the tree it changes; positions stay 0..n-1 in the lists it leaves and joins.
 */
import { and, countDistinct, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TAXONOMY_MESSAGES } from '../../../shared/taxonomies-admin';
import type { Database } from '../../db/client';
import { renumberList } from '../../db/positions';
import { itemTags, tags, taxonomies } from '../../db/schema';
import { makesCycle, siblingsOf, taxonomyTagRows, type TagRow } from './queries';

/** Where a tag goes: a taxonomy and a parent tag of it by ref ('' for the top level). */
export interface TagDestination {
  taxonomyId: number;
  parentRef: string;
}

/** Why a move was refused, under the form field it is about. */
export interface TagMoveRefusal {
  field: 'parent_ref' | 'taxonomy_ref';
  message: string;
}

/**
 * Moves the tag to `index` (0-based; past the end: last) among the children of `to` (null: among its own siblings).
 * Without an index it goes last under a new parent, and stays where it is under the same one. A refused move changes
 * nothing.
 */
export async function moveTag(db: Database, tagId: number, to: TagDestination | null, index: number | null): Promise<TagMoveRefusal | null> {
  return db.transaction(async (tx) => {
    const [tag] = await tx.select().from(tags).where(eq(tags.id, tagId));
    if (!tag) return null;
    const place = { id: tag.id, index: index ?? Number.MAX_SAFE_INTEGER };
    if (to === null) {
      await renumberList(tx, siblingsOf(tag.taxonomyId, tag.parentId), place);
      return null;
    }
    const target = await destinationIn(tx, tag, to);
    if ('field' in target) return target;
    const sameList = to.taxonomyId === tag.taxonomyId && target.parentId === tag.parentId;
    if (sameList) {
      if (index !== null) await renumberList(tx, siblingsOf(tag.taxonomyId, tag.parentId), place);
      return null;
    }
    const subtree = target.subtree.map((row) => row.id);
    if (to.taxonomyId !== tag.taxonomyId) {
      const refusal = await crossTaxonomyRefusal(tx, tag, to.taxonomyId, target.subtree);
      if (refusal) return refusal;
      await tx.update(tags).set({ taxonomyId: to.taxonomyId }).where(inArray(tags.id, subtree));
    }
    await tx.update(tags).set({ parentId: target.parentId }).where(eq(tags.id, tag.id));
    await renumberList(tx, siblingsOf(tag.taxonomyId, tag.parentId));
    await renumberList(tx, siblingsOf(to.taxonomyId, target.parentId), place);
    return null;
  });
}

/** The parent the destination names (refused when it is not a tag of that taxonomy, or the tag itself or below it), and the tag's subtree. */
async function destinationIn(tx: Database, tag: TagRow, to: TagDestination): Promise<{ parentId: number | null; subtree: TagRow[] } | TagMoveRefusal> {
  const ownRows = await taxonomyTagRows(tx, tag.taxonomyId);
  const subtree = subtreeOf(ownRows, tag.id);
  if (to.parentRef === '') return { parentId: null, subtree };
  const targetRows = to.taxonomyId === tag.taxonomyId ? ownRows : await taxonomyTagRows(tx, to.taxonomyId);
  const parent = targetRows.find((row) => row.ref === to.parentRef);
  if (!parent) return { field: 'parent_ref', message: TAXONOMY_MESSAGES.parentUnknown };
  if (makesCycle(targetRows, tag.id, parent)) return { field: 'parent_ref', message: TAXONOMY_MESSAGES.parentCycle };
  return { parentId: parent.id, subtree };
}

/** The tag and every tag below it. */
function subtreeOf(rows: readonly TagRow[], rootId: number): TagRow[] {
  const found = rows.filter((row) => row.id === rootId);
  for (let i = 0; i < found.length; i += 1) found.push(...rows.filter((row) => row.parentId === found[i]!.id));
  return found;
}

/**
 * What a move into another taxonomy would break: a label the target already has (labels are unique in a taxonomy),
 * items left with no tag in a Required taxonomy (as deleting the tag would), or items with two tags in a taxonomy
 * that allows one.
 */
async function crossTaxonomyRefusal(tx: Database, tag: TagRow, targetId: number, subtree: readonly TagRow[]): Promise<TagMoveRefusal | null> {
  const refuse = (message: string): TagMoveRefusal => ({ field: 'taxonomy_ref', message });
  const [source] = await tx.select().from(taxonomies).where(eq(taxonomies.id, tag.taxonomyId));
  const [target] = await tx.select().from(taxonomies).where(eq(taxonomies.id, targetId));
  if (!source || !target) return refuse(TAXONOMY_MESSAGES.taxonomyUnknown);
  const targetLabels = new Set((await taxonomyTagRows(tx, targetId)).map((row) => row.label.toLowerCase()));
  const clash = subtree.find((row) => targetLabels.has(row.label.toLowerCase()));
  if (clash) return refuse(TAXONOMY_MESSAGES.moveLabelTaken(clash.label, target.title));
  const ids = subtree.map((row) => row.id);
  if (source.required && (await itemsLeftUntagged(tx, source.id, ids)) > 0) return refuse(TAXONOMY_MESSAGES.lastRequiredTag(source.title));
  if (!target.multiselect) {
    const crowded = await itemsWithSeveralTags(tx, targetId, ids);
    if (crowded > 0) return refuse(TAXONOMY_MESSAGES.moveOneTagOnly(target.title, crowded));
  }
  return null;
}

/** Items carrying one of `tagIds` and no other tag of their taxonomy. */
async function itemsLeftUntagged(tx: Database, taxonomyId: number, tagIds: number[]): Promise<number> {
  const other = alias(itemTags, 'other_links');
  const otherTag = tx
    .select({ one: sql`1` })
    .from(other)
    .innerJoin(tags, eq(tags.id, other.tagId))
    .where(and(eq(other.itemId, itemTags.itemId), eq(tags.taxonomyId, taxonomyId), notInArray(tags.id, tagIds)));
  const [row] = await tx
    .select({ items: countDistinct(itemTags.itemId) })
    .from(itemTags)
    .where(and(inArray(itemTags.tagId, tagIds), notExists(otherTag)));
  return row?.items ?? 0;
}

/** Items that would carry more than one tag of the target taxonomy once `tagIds` are in it. */
async function itemsWithSeveralTags(tx: Database, targetId: number, tagIds: number[]): Promise<number> {
  const moving = tx.select({ itemId: itemTags.itemId }).from(itemTags).where(inArray(itemTags.tagId, tagIds));
  const crowded = tx
    .select({ itemId: itemTags.itemId })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(inArray(itemTags.itemId, moving), sql`(${tags.taxonomyId} = ${targetId} or ${inArray(tags.id, tagIds)})`))
    .groupBy(itemTags.itemId)
    .having(sql`count(*) > 1`)
    .as('crowded');
  const [row] = await tx.select({ items: sql<number>`count(*)::int` }).from(crowded);
  return row?.items ?? 0;
}
