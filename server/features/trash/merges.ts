/**
 * A tag merged into another goes to the trash (docs/decisions/curation.md "Merging tags and taxonomies as CSV"), with what the merge
 * changed besides removing it; restoring it splits the merge back: the items that got the target only from the merge
 * lose it again, and the child tags, follows and old addresses that moved to the target come back to it.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { renumberList, writePositions } from '../../db/positions';
import { follows, itemTags, tagLabelRedirects, tags } from '../../db/schema';

export interface MergedInto {
  targetTagId: number;
  targetLabel: string;
  /** Items that had the source and not the target: the merge gave them the target. */
  addedItemIds: number[];
  /** The source's child tags, in their order, moved under the target. */
  movedChildIds: number[];
  /** People who followed the source and not the target: their follow moved to the target. */
  movedFollowUserIds: number[];
  /** Old labels that led to the source, repointed to the target. */
  movedRedirectLabels: string[];
}

/**
 * Undoes what `MergedInto` says the merge did, once the source is back with its own links (restoreRowGraph). What has
 * changed since is left as it is: an item that lost the target meanwhile, a child moved elsewhere, a follow dropped.
 */
export async function splitMerge(tx: Transaction, sourceId: number, sourceLabel: string, merge: MergedInto): Promise<void> {
  const target = merge.targetTagId;
  if (merge.addedItemIds.length > 0) await tx.delete(itemTags).where(and(eq(itemTags.tagId, target), inArray(itemTags.itemId, merge.addedItemIds)));
  if (merge.movedChildIds.length > 0) {
    const stillThere = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(inArray(tags.id, merge.movedChildIds), eq(tags.parentId, target)));
    const back = new Set(stillThere.map((row) => row.id));
    const placed = merge.movedChildIds.filter((id) => back.has(id)).map((id, position) => ({ id, position }));
    if (placed.length > 0) {
      await writePositions(tx, { table: tags, id: tags.id, position: tags.position }, placed, { column: tags.parentId, value: sourceId });
      const [source] = await tx.select({ taxonomyId: tags.taxonomyId }).from(tags).where(eq(tags.id, sourceId));
      await renumberList(tx, {
        table: tags,
        id: tags.id,
        position: tags.position,
        members: and(eq(tags.taxonomyId, source!.taxonomyId), eq(tags.parentId, target)),
      });
    }
  }
  if (merge.movedFollowUserIds.length > 0)
    await tx
      .update(follows)
      .set({ tagId: sourceId })
      .where(
        and(
          eq(follows.tagId, target),
          inArray(follows.userId, merge.movedFollowUserIds),
          notInArray(follows.userId, tx.select({ userId: follows.userId }).from(follows).where(eq(follows.tagId, sourceId))),
        ),
      );
  if (merge.movedRedirectLabels.length > 0)
    await tx
      .update(tagLabelRedirects)
      .set({ targetTagId: sourceId })
      .where(and(inArray(tagLabelRedirects.label, merge.movedRedirectLabels), eq(tagLabelRedirects.targetTagId, target)));
  // The source's own label is a tag's again: its redirect to the target goes.
  await tx.delete(tagLabelRedirects).where(sql`${tagLabelRedirects.label} = lower(${sourceLabel}) and ${tagLabelRedirects.targetTagId} = ${target}`);
}
