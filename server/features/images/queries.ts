import { eq, sql } from 'drizzle-orm';
import { itemAccessColumns, type ItemAccessFacts } from '../../access/policy';
import type { Database } from '../../db/client';
import { itemImages, items } from '../../db/schema';

export type ItemImageRow = typeof itemImages.$inferSelect;
export type NewItemImage = Pick<ItemImageRow, 'ref' | 'extension' | 'source' | 'storageKey'>;

export interface ItemForImages extends ItemAccessFacts {
  id: number;
  ref: string;
  expiresNote: string | null;
}

const itemFacts = {
  id: items.id,
  ref: items.ref,
  ...itemAccessColumns,
  expiresNote: items.expiresNote,
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
  await db.transaction((tx) => tx.delete(itemImages).where(eq(itemImages.id, imageId)));
}
