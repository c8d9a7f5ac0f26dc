/*
 * Collections (docs/decisions/collections-and-follows.md "Collections"). A public
 * collection opens for anyone with the link; a private one for its owner, admins and people it is validly shared
 * with. Only the owner changes it; admins may also delete it (moderation). The items inside still follow each
 * item's own rules (`openableCollectedItemsCondition`): a viewer who may not open one sees a locked placeholder.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CanFlags } from '../../../shared/props';
import { collections, shares } from '../../db/schema';
import { ANONYMOUS, isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan, canGrantAccess } from './flags';
import { validSharesToViewer, type SqlTime } from './viewer-sql';
import { openableItemsCondition } from './items';

/** What the policy needs to know about a collection. */
export interface CollectionAccessFacts {
  userId: number;
  public: boolean;
}

export function ownsCollection(viewer: Viewer, collection: CollectionAccessFacts): boolean {
  return isSignedIn(viewer) && collection.userId === viewer.id;
}

/** `sharedWithViewer`: a valid share of this collection is addressed to the viewer (`collectionSharesToViewer`). */
export function canOpenCollection(viewer: Viewer, collection: CollectionAccessFacts, sharedWithViewer = false): boolean {
  return collection.public || ownsCollection(viewer, collection) || isAdmin(viewer) || (isSignedIn(viewer) && sharedWithViewer);
}

/** Whether a page's HTML may describe the collection to anyone who fetches its link (as `canPreviewItem`): public ones. */
export function canPreviewCollection(collection: CollectionAccessFacts): boolean {
  return canOpenCollection(ANONYMOUS, collection);
}

/** SQL: the collections anyone opens by their link (`canOpenCollection` for a visitor), which the sitemap offers. */
export function publicCollectionsCondition(): SQL {
  return eq(collections.public, true);
}

/** Saving a collection for offline reading is for members; what it holds, the collection's own rules decide. */
export function canSaveForOffline(viewer: Viewer): boolean {
  return isSignedIn(viewer);
}

/** My Collections, Create New and Add to Collection are for every signed-in user. */
export function canCreateCollection(viewer: Viewer): boolean {
  return isSignedIn(viewer);
}

/** Title, description, public flag, adding, removing and re-ordering items: the owner's alone. */
export function canEditCollection(viewer: Viewer, collection: CollectionAccessFacts): boolean {
  return ownsCollection(viewer, collection);
}

/** The owner deletes; admins too, to take down what should not be shown. */
export function canDeleteCollection(viewer: Viewer, collection: CollectionAccessFacts): boolean {
  return ownsCollection(viewer, collection) || isAdmin(viewer);
}

/** Granting access to a private collection widens who sees it: only its owner may. */
export function canShareCollection(viewer: Viewer, collection: CollectionAccessFacts): boolean {
  return canGrantAccess(viewer) && ownsCollection(viewer, collection);
}

/** A note on an entry the viewer may not open could name the item: only the owner, who wrote it, sees it then. */
export function canSeeLockedEntryNote(viewer: Viewer, collection: CollectionAccessFacts): boolean {
  return ownsCollection(viewer, collection);
}

/** Page-level flags of a collection page and of My Collections. */
export function collectionCan(viewer: Viewer, collection: CollectionAccessFacts | null): CanFlags {
  return {
    ...baseCan(viewer),
    create: canCreateCollection(viewer),
    update: collection !== null && canEditCollection(viewer, collection),
    delete: collection !== null && canDeleteCollection(viewer, collection),
    duplicate: false,
    share: collection !== null && canShareCollection(viewer, collection),
  };
}

/** SQL over `shares`: valid shares of a collection addressed to this viewer; none for anonymous visitors. */
export function collectionSharesToViewer(viewer: Viewer, now: SqlTime = new Date()): SQL {
  return and(eq(shares.sharedType, 'collection'), validSharesToViewer(viewer, now)) ?? sql`false`;
}

/**
 * SQL over `items`: whether this viewer may open a collection's item now (`openableItemsCondition`); true for admins.
 * Other entries show as locked placeholders.
 */
export function openableCollectedItemsCondition(viewer: Viewer, now: SqlTime = new Date()): SQL {
  return openableItemsCondition(viewer, now) ?? sql`true`;
}
