/**
 * Related items. A relation links two items either way round: the
 * page shows it on both, and relating them again in the other direction is a duplicate.
 */
import { and, asc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Relation } from '../../../shared/items';
import { approvesOwnRelations, canDeleteRelation, listableItemsCondition, type SqlTime, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { jsonArray, jsonObject, jsonTimestamp } from '../../db/json';
import { items, relations } from '../../db/schema';
import { summaryColumns } from '../discovery';
import { itemSummary, type SummaryRow } from '../../items';

const touches = (itemId: SQLWrapper) => or(eq(relations.itemId, itemId), eq(relations.relatedItemId, itemId));

/** A relation with the card of the item at its other end, as JSON brings it (the expiry as an ISO string). */
type RelationRow = Omit<SummaryRow, 'expiresAt'> & { relationRef: string; adminApproved: boolean; relationCreatedBy: number | null; expiresAt: string | null };

/**
 * SQL: the item's relations as JSON, each with the card of the item at its other end, only to items this viewer
 * may list (`listableItemsCondition`, expiry included); the others are left out without a trace. Related items are a
 * list: an UNLISTED item never shows in it but for admins, or its link would spread.
 */
export function relationsSql(viewer: Viewer, itemId: SQLWrapper, now: SqlTime): SQL {
  const otherItemId = sql`case when ${relations.itemId} = ${itemId} then ${relations.relatedItemId} else ${relations.itemId} end`;
  return jsonArray(
    jsonObject({
      relationRef: relations.ref,
      adminApproved: relations.adminApproved,
      relationCreatedBy: relations.createdByUserId,
      ...summaryColumns,
    }),
    sql`from ${relations} inner join ${items} on ${eq(items.id, otherItemId)} where ${and(touches(itemId), listableItemsCondition(viewer, now))}`,
    [sql`${relations.adminApproved} desc`, asc(items.title), asc(relations.id)],
  );
}

/** The relations `relationsSql` found for the viewer, each item once. */
export function readRelations(viewer: Viewer, json: unknown, now: Date): Relation[] {
  const rows = (json as RelationRow[]).map((row) => ({ ...row, expiresAt: jsonTimestamp(row.expiresAt) }));
  return firstPerItem(rows).map((row) => ({
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

/** Relations the policy approves as they are made (an admin's) need no further approval. */
export async function addRelation(db: Database, viewer: Viewer & { id: number }, itemId: number, relatedItemId: number): Promise<void> {
  await db.transaction((tx) =>
    tx
      .insert(relations)
      .values({ itemId, relatedItemId, adminApproved: approvesOwnRelations(viewer), createdByUserId: viewer.id })
      .onConflictDoNothing(),
  );
}

export async function findRelation(db: Database, ref: string) {
  const [row] = await db.select().from(relations).where(eq(relations.ref, ref)).limit(1);
  return row ?? null;
}

export async function deleteRelation(db: Database, relationId: number): Promise<void> {
  await db.transaction((tx) => tx.delete(relations).where(eq(relations.id, relationId)));
}
