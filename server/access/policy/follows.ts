/**
 * Follows, digests and feeds. A member follows what they may see now; a digest lists only what the
 * member may list at the moment it is written (`digestItemsCondition`), and goes only to a verified address; a feed is
 * public, so it holds only what a visitor may open.
 */
import type { SQL } from 'drizzle-orm';
import { ANONYMOUS, isSignedIn, type Viewer } from './levels';
import { listableItemsCondition, publicListedItemsCondition } from './items';
import { canOpenCollection, canPreviewCollection, openableCollectedItemsCondition, type CollectionAccessFacts } from './collections';

/** Following is for signed-in members; a tag, a search or a collection they may open (`canFollowCollection`). */
export function canFollow(viewer: Viewer): viewer is Viewer & { id: number; ref: string } {
  return isSignedIn(viewer);
}

/** A collection is followed, and stays in the digest, only while the member may open it. */
export function canFollowCollection(viewer: Viewer, collection: CollectionAccessFacts, sharedWithViewer: boolean): boolean {
  return canFollow(viewer) && canOpenCollection(viewer, collection, sharedWithViewer);
}

/** A digest goes only to an address its owner proved: an unverified claim must not turn Equip into a mailer at anyone. */
export function canReceiveDigest(member: Viewer): member is Viewer & { id: number; email: string } {
  return isSignedIn(member) && member.emailVerified && member.email !== null;
}

/**
 * SQL over `items`: what a digest written at `at` may list for the member: what they may list then
 * (`listableItemsCondition`: their level, grants, drafts and expiry), so it never names an item above their level.
 */
export function digestItemsCondition(member: Viewer, at: Date): SQL | undefined {
  return listableItemsCondition(member, at);
}

/** A tag's feed: the items a visitor finds under it. */
export function tagFeedItemsCondition(now: Date): SQL | undefined {
  return publicListedItemsCondition(now);
}

/** A collection has a feed only when it is public, and it holds only the entries a visitor may open. */
export function canFeedCollection(collection: CollectionAccessFacts): boolean {
  return canPreviewCollection(collection);
}

export function collectionFeedItemsCondition(now: Date): SQL {
  return openableCollectedItemsCondition(ANONYMOUS, now);
}
