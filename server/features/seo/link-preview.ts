/**
 * The document heads of item and collection pages (issue 20 §1): a description, the canonical address and the Open
 * Graph and Twitter card tags that make a pasted link unfurl with its picture. Only for what a visitor may open (the
 * policy's `canPreviewItem` and `canPreviewCollection`); anything else gets the site's own description and no more.
 */
import { eq } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import { DESCRIPTION_MAX_LENGTH } from '../../../shared/seo';
import { itemImageUrls } from '../../../shared/items';
import { canPreviewCollection, canPreviewItem, type CollectionAccessFacts, type ItemAccessFacts } from '../../access/policy';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
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
    preview: { title: item.title, imagePath: image?.ref ? itemImageUrls(image.ref).public_thumbnail_large_url : null, type: 'article' },
  };
}

export function collectionDocumentHead(collection: CollectionAccessFacts & { ref: string; title: string; description: string | null }): DocumentHead {
  if (!canPreviewCollection(collection)) return {};
  return {
    ...(collection.description ? { description: clippedDescription(collection.description) } : {}),
    canonicalPath: ROUTES.collection.path({ ref: collection.ref }),
    preview: { title: collection.title, imagePath: null, type: 'website' },
    feed: { title: collection.title, path: ROUTES.collectionFeed.path({ ref: collection.ref }) },
  };
}

/** One line of plain text, cut at a word to DESCRIPTION_MAX_LENGTH with an ellipsis. */
export function clippedDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX_LENGTH / 2));
  return `${atWord.trimEnd()}…`;
}
