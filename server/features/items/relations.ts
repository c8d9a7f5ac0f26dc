/**
 * Related items (member-library §3 Relation). A relation links two items either way round: the
 * page shows it on both, and relating them again in the other direction is a duplicate.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Relation } from '../../../shared/items';
import { canDeleteRelation, canOpenExpiredItem, isAdmin, isItemExpired, listableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items, relations } from '../../db/schema';
import { summaryColumns } from '../discovery/summaries';
import { itemSummary } from './summary';

const touches = (itemId: number) => or(eq(relations.itemId, itemId), eq(relations.relatedItemId, itemId));

/**
 * The item's relations to items this viewer may list; the others are left out without a trace.
 * Related items are a list: an UNLISTED item never shows in it but for admins, or its link would spread.
 */
export async function loadRelations(db: Database, viewer: Viewer, itemId: number, now: Date): Promise<Relation[]> {
  const otherItemId = sql`case when ${relations.itemId} = ${itemId} then ${relations.relatedItemId} else ${relations.itemId} end`;
  const rows = await db
    .select({
      relationRef: relations.ref,
      adminApproved: relations.adminApproved,
      relationCreatedBy: relations.createdByUserId,
      ...summaryColumns,
    })
    .from(relations)
    .innerJoin(items, eq(items.id, otherItemId))
    .where(and(touches(itemId), listableItemsCondition(viewer, now)))
    .orderBy(sql`${relations.adminApproved} desc`, items.title, relations.id);
  return firstPerItem(rows.filter((row) => !isItemExpired(row, now) || canOpenExpiredItem(viewer, row))).map((row) => ({
      ref: row.relationRef,
      item: itemSummary(row, now),
      admin_approved: row.adminApproved,
      can_delete: canDeleteRelation(viewer, { createdByUserId: row.relationCreatedBy, adminApproved: row.adminApproved }),
    }));
}

/** The same two items may be related in both directions (older data); show them once. */
function firstPerItem<T extends { ref: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.ref)) return false;
    seen.add(row.ref);
    return true;
  });
}

export async function itemsAreRelated(db: Database, itemId: number, otherItemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: relations.id })
    .from(relations)
    .where(
      or(
        and(eq(relations.itemId, itemId), eq(relations.relatedItemId, otherItemId)),
        and(eq(relations.itemId, otherItemId), eq(relations.relatedItemId, itemId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Relations an admin makes need no further approval. */
export async function addRelation(db: Database, viewer: Viewer & { id: number }, itemId: number, relatedItemId: number): Promise<void> {
  await db
    .insert(relations)
    .values({ itemId, relatedItemId, adminApproved: isAdmin(viewer), createdByUserId: viewer.id })
    .onConflictDoNothing();
}

export async function findRelation(db: Database, ref: string) {
  const [row] = await db.select().from(relations).where(eq(relations.ref, ref)).limit(1);
  return row ?? null;
}

export async function deleteRelation(db: Database, relationId: number): Promise<void> {
  await db.delete(relations).where(eq(relations.id, relationId));
}
