/**
 * The JSON API's own reads: the collections a viewer may open, a page at a time, and the cards of a collection's
 * items. Who may open what is the policy's: its SQL conditions pick the rows, and its predicate decides each one.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ItemSummary } from '../../../shared/items';
import {
  canOpenCollection,
  collectionSharesToViewer,
  isSignedIn,
  openableCollectedItemsCondition,
  publicCollectionsCondition,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { collectionItems, collections, items, shares, users } from '../../db/schema';
import { itemSummary } from '../../items';
import { summaryColumns } from '../discovery';
import type { CollectionKey } from './schemas';

export interface ReadableCollection {
  id: number;
  ref: string;
  userId: number;
  title: string;
  description: string;
  public: boolean;
  ownerName: string;
  /** How many of its items the viewer may open now. */
  itemCount: number;
}

/**
 * A page of the collections the viewer may open by being who they are (public ones, their own, those validly shared
 * with them), in title order after `after`, and the key of the page after it (null on the last). Each row is
 * checked against `canOpenCollection` too, so the list never holds one its page would refuse.
 */
export async function readableCollectionsPage(
  db: Database,
  viewer: Viewer,
  limit: number,
  after: CollectionKey | null,
  now: Date = new Date(),
): Promise<{ collections: ReadableCollection[]; next: CollectionKey | null }> {
  const sharedWithViewer = sql<boolean>`exists (select from ${shares} where ${and(eq(shares.collectionId, collections.id), collectionSharesToViewer(viewer, now))})`;
  const sortTitle = sql<string>`lower(${collections.title})`;
  const readable = or(publicCollectionsCondition(), isSignedIn(viewer) ? eq(collections.userId, viewer.id) : undefined, sharedWithViewer);
  const rows = await db
    .select({
      id: collections.id,
      ref: collections.ref,
      userId: collections.userId,
      title: collections.title,
      description: collections.description,
      public: collections.public,
      ownerName: users.name,
      sharedWithViewer: sharedWithViewer.mapWith(Boolean),
      itemCount: sql<number>`count(${items.id})::int`,
      sortTitle,
    })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
    .leftJoin(items, and(eq(items.id, collectionItems.itemId), openableCollectedItemsCondition(viewer, now)))
    .where(and(readable, after ? sql`(${sortTitle}, ${collections.id}) > (${after[0]}, ${after[1]})` : undefined))
    .groupBy(collections.id, users.id)
    .orderBy(sortTitle, asc(collections.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    collections: page
      .filter((row) => canOpenCollection(viewer, row, row.sharedWithViewer))
      .map(({ id, ref, userId, title, description, public: isPublic, ownerName, itemCount }) => ({
        id,
        ref,
        userId,
        title,
        description,
        public: isPublic,
        ownerName,
        itemCount,
      })),
    next: rows.length > limit && last ? [last.sortTitle, last.id] : null,
  };
}

/** The cards of these items, by ref (the caller has already kept only those the viewer may open). */
export async function cardsByRef(db: Database, refs: readonly string[], now: Date = new Date()): Promise<Map<string, ItemSummary>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(items)
    .where(inArray(items.ref, [...refs]));
  return new Map(rows.map((row) => [row.ref, itemSummary(row, now)]));
}
