import { and, eq, sql } from 'drizzle-orm';
import { openableItemsCondition, type ItemAccessFacts, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { itemImages, items } from '../../db/schema';

export type ItemImageRow = typeof itemImages.$inferSelect;
export type NewItemImage = Pick<ItemImageRow, 'ref' | 'extension' | 'source' | 'storageKey'>;

export interface ItemForImages extends ItemAccessFacts {
  id: number;
  ref: string;
}

const itemFacts = {
  id: items.id,
  ref: items.ref,
  visibility: items.visibility,
  minimumAccessLevel: items.minimumAccessLevel,
  createdByUserId: items.createdByUserId,
  expiresAt: items.expiresAt,
};

export async function findItemForImages(db: Database, itemRef: string): Promise<ItemForImages | null> {
  const [item] = await db.select(itemFacts).from(items).where(eq(items.ref, itemRef)).limit(1);
  return item ?? null;
}

/** An image with the facts the policy needs about its item. */
export async function findImageWithItem(db: Database, imageRef: string): Promise<{ image: ItemImageRow; item: ItemForImages } | null> {
  const [row] = await db
    .select({ image: itemImages, item: itemFacts })
    .from(itemImages)
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(eq(itemImages.ref, imageRef))
    .limit(1);
  return row ?? null;
}

/**
 * The image when the viewer may open its item (share grants included; an expired item only for its
 * editors); `hidden` when it exists but they may not, so the route can tell 403 from 404.
 */
export async function findViewableImage(db: Database, viewer: Viewer, imageRef: string): Promise<ItemImageRow | 'hidden' | null> {
  const [row] = await db
    .select({ image: itemImages })
    .from(itemImages)
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(and(eq(itemImages.ref, imageRef), openableItemsCondition(viewer)))
    .limit(1);
  if (row) return row.image;
  const [exists] = await db.select({ id: itemImages.id }).from(itemImages).where(eq(itemImages.ref, imageRef)).limit(1);
  return exists ? 'hidden' : null;
}

/** Appends the images after the item's last one, all or none. */
export async function appendItemImages(db: Database, itemId: number, images: readonly NewItemImage[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${itemImages.position}), -1) + 1`.mapWith(Number) })
      .from(itemImages)
      .where(eq(itemImages.itemId, itemId));
    await tx.insert(itemImages).values(images.map((image, index) => ({ ...image, itemId, position: next + index })));
  });
}

export async function deleteItemImage(db: Database, imageId: number): Promise<void> {
  await db.delete(itemImages).where(eq(itemImages.id, imageId));
}
