/**
 * The document heads of item and collection pages: a description, the canonical address, the Open
 * Graph and Twitter card tags that make a pasted link unfurl with its picture, and the oEmbed discovery link other
 * sites embed the page by (features/embeds answers it by the same rule). Only for what a visitor may open (the
 * policy's `canPreviewItem` and `canPreviewCollection`); anything else gets the site's own description and no more.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import { DESCRIPTION_MAX_LENGTH } from '../../../shared/seo';
import { itemImageUrls } from '../../../shared/items';
import { appIconUrl } from '../../../shared/offline';
import { canPreviewCollection, canPreviewItem, previewableItemsCondition, type CollectionAccessFacts, type ItemAccessFacts } from '../../access/policy';
import type { Database } from '../../db/client';
import { collectionItems, itemImages, items } from '../../db/schema';
import { firstImageRef } from '../../items';
import type { DocumentHead } from '../../web/document-head';

export async function itemDocumentHead(
  db: Database,
  item: ItemAccessFacts & { id: number; ref: string; title: string; blurb: string },
  now: Date,
): Promise<DocumentHead> {
  if (!canPreviewItem(item, now)) return {};
  const [image] = await db.select({ ref: firstImageRef }).from(items).where(eq(items.id, item.id));
  return {
    description: clippedDescription(item.blurb),
    canonicalPath: ROUTES.item.path({ ref: item.ref }),
    preview: { title: item.title, ...previewPicture(image?.ref ?? null), type: 'article' },
    embed: { title: item.title },
  };
}

/** The app's icon, drawn from public/favicon.svg as a PNG (chat apps show no SVG): the picture of a page that has none. */
const SITE_PREVIEW_IMAGE = appIconUrl(512);

/** A link preview's picture: an item picture's large thumbnail, else the app's icon (a small card, not a large one). */
function previewPicture(imageRef: string | null): { imagePath: string; siteImage?: true } {
  return imageRef ? { imagePath: itemImageUrls(imageRef).public_thumbnail_large_url } : { imagePath: SITE_PREVIEW_IMAGE, siteImage: true };
}

/**
 * A public collection's head. Its picture is the first picture of its items that a visitor may open (`canPreviewItem`,
 * in the order the collection page shows them), else the app's own icon: never one of an item the visitor could not open.
 * An item's is its own first picture, else the app's icon.
 */
export async function collectionDocumentHead(
  db: Database,
  collection: CollectionAccessFacts & { id: number; ref: string; title: string; description: string | null },
  now: Date,
): Promise<DocumentHead> {
  if (!canPreviewCollection(collection)) return {};
  const imageRef = await firstPreviewableImage(db, collection.id, now);
  return {
    ...(collection.description ? { description: clippedDescription(collection.description) } : {}),
    canonicalPath: ROUTES.collection.path({ ref: collection.ref }),
    preview: {
      title: collection.title,
      ...previewPicture(imageRef),
      type: 'website',
    },
    feed: { title: collection.title, path: ROUTES.collectionFeed.path({ ref: collection.ref }) },
    embed: { title: collection.title },
  };
}

/** The ref of the first picture of the collection's first item that has one and a visitor may open; null if none. */
async function firstPreviewableImage(db: Database, collectionId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ ref: itemImages.ref })
    .from(collectionItems)
    .innerJoin(items, eq(items.id, collectionItems.itemId))
    .innerJoin(itemImages, eq(itemImages.itemId, items.id))
    .where(and(eq(collectionItems.collectionId, collectionId), previewableItemsCondition(now)))
    // The collection page's order (`compareSections`): the unnamed section first, then the others by name.
    .orderBy(
      sql`${collectionItems.section} <> ''`,
      sql`lower(${collectionItems.section})`,
      asc(collectionItems.section),
      asc(collectionItems.position),
      asc(collectionItems.id),
      asc(itemImages.position),
      asc(itemImages.id),
    )
    .limit(1);
  return row?.ref ?? null;
}

/** One line of plain text, cut at a word to DESCRIPTION_MAX_LENGTH with an ellipsis. */
export function clippedDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX_LENGTH / 2));
  return `${atWord.trimEnd()}…`;
}
