/**
 * What a card shows, read for a record the policy already let a visitor open: an item's first picture, a
 * collection's first items that a visitor may open, in its page's order.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { COLLECTION_CARD_ITEMS } from '../../../shared/embeds';
import { ROUTES } from '../../../shared/routes';
import { previewableItemsCondition } from '../../access/policy';
import type { Database } from '../../db/client';
import { collectionItems, items } from '../../db/schema';
import { firstImageRef } from '../../items';
import { clippedDescription } from '../seo';
import type { EmbedCard } from './cards';

export async function itemCard(db: Database, item: { id: number; ref: string; title: string; blurb: string }): Promise<EmbedCard> {
  const [picture] = await db.select({ ref: firstImageRef }).from(items).where(eq(items.id, item.id));
  return {
    kind: 'item',
    title: item.title,
    description: clippedDescription(item.blurb),
    pagePath: ROUTES.item.path({ ref: item.ref }),
    framePath: ROUTES.embedItem.path({ ref: item.ref }),
    pictureRef: picture?.ref ?? null,
    items: [],
  };
}

/** A public collection's card: its first items a visitor may open, and the first picture among them. */
export async function collectionCard(
  db: Database,
  collection: { id: number; ref: string; title: string; description: string | null },
  now: Date,
): Promise<EmbedCard> {
  const shown = await db
    .select({ ref: items.ref, title: items.title, pictureRef: firstImageRef })
    .from(collectionItems)
    .innerJoin(items, eq(items.id, collectionItems.itemId))
    .where(and(eq(collectionItems.collectionId, collection.id), previewableItemsCondition(now)))
    // The collection page's order: the unnamed section first, then the others by name, each by position.
    .orderBy(
      sql`${collectionItems.section} <> ''`,
      sql`lower(${collectionItems.section})`,
      asc(collectionItems.section),
      asc(collectionItems.position),
      asc(collectionItems.id),
    )
    .limit(COLLECTION_CARD_ITEMS);
  return {
    kind: 'collection',
    title: collection.title,
    description: collection.description ? clippedDescription(collection.description) : '',
    pagePath: ROUTES.collection.path({ ref: collection.ref }),
    framePath: ROUTES.embedCollection.path({ ref: collection.ref }),
    pictureRef: shown.find((item) => item.pictureRef !== null)?.pictureRef ?? null,
    items: shown.map((item) => ({ title: item.title, path: ROUTES.item.path({ ref: item.ref }) })),
  };
}
