/** An item's content row as a viewer may open it: the row with its item, and the content page's rule. */
import { eq } from 'drizzle-orm';
import { canSeeContent, type Viewer } from '../access/policy';
import type { Database } from '../db/client';
import { contents } from '../db/schema';
import { findItemRecordById, grantedLevelFor, type ItemRecord } from './queries';

export type ContentRecord = typeof contents.$inferSelect;

/**
 * Whether the viewer may see this content row of an item they may open: the row at their own level, or at the level
 * of a valid share of the item (the content page's rule; its link check asks the same).
 */
export async function contentRowOpensFor(db: Database, viewer: Viewer, item: ItemRecord, content: ContentRecord, now: Date): Promise<boolean> {
  return canSeeContent(viewer, item, content) || canSeeContent(viewer, item, content, await grantedLevelFor(db, viewer, item.id, now));
}

/** A content row and the item it belongs to, or null for an unknown ref. */
export async function findContentWithItem(db: Database, ref: string): Promise<{ content: ContentRecord; item: ItemRecord } | null> {
  const [content] = await db.select().from(contents).where(eq(contents.ref, ref)).limit(1);
  if (!content) return null;
  const item = await findItemRecordById(db, content.itemId);
  return item ? { content, item } : null;
}
