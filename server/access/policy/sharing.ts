/*
 * Sharing (docs/decisions/sharing.md "Sharing"). A grant raises what one
 * person sees of one resource to the granted level; it never gives a role (admin, editor), so even a level-6 grant
 * opens only that resource's level-6 rows and nothing of the admin areas.
 */
import { LEVEL } from '../../../shared/levels';
import { MIN_SHARE_LEVEL } from '../../../shared/sharing';
import { isAdmin, isSignedIn, type Viewer } from './levels';
import { canGrantAccess, canInvite, maxShareLevel } from './flags';
import { canEditItem, canShareItem, isItemExpired, itemOpening, levelOpensItem, type ItemAccessFacts } from './items';
import { canEditCollection, type CollectionAccessFacts } from './collections';
import { canSeeContent, levelSeesContent, type ContentAccessFacts } from './content';

/** Whether a share still grants: until it expires (the rule `validSharesToViewer` writes in SQL). */
export function isShareValid(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** Whether the viewer may grant access at this level: from 2 up to their own level. */
export function canShareToLevel(viewer: Viewer, level: number): boolean {
  return canGrantAccess(viewer) && Number.isInteger(level) && level >= MIN_SHARE_LEVEL && level <= maxShareLevel(viewer);
}

/** What a grant of an item or of one content row opens for its recipient. Collections have no level: see `grantLevelOpens`. */
export interface GrantedResource {
  item: ItemAccessFacts;
  /** The shared row of a content share; null when the item itself is shared. */
  content: ContentAccessFacts | null;
}

/**
 * Whether a grant at `level` opens what it shares for its recipient now, as it would for someone at that level who is
 * neither admin nor editor: the item's minimum (and, for a content share, the row's too), published, not expired.
 * A grant that does not would e-mail a link that answers 403 or 410. A grant below the minimum is refused even when
 * the recipient's own level reaches it: the grant itself would give nothing. A collection has no level to reach (its
 * items keep to the recipient's own level), so no such rule applies to collection shares.
 */
export function grantLevelOpens(resource: GrantedResource, level: number, now: Date = new Date()): boolean {
  if (isItemExpired(resource.item, now)) return false;
  return resource.content ? levelSeesContent(resource.item, resource.content, level) : levelOpensItem(resource.item, level);
}

/** The lowest level from `MIN_SHARE_LEVEL` at which a grant opens the resource now (`grantLevelOpens`); null when none does. */
export function lowestOpeningGrantLevel(resource: GrantedResource, now: Date = new Date()): number | null {
  for (let level = MIN_SHARE_LEVEL; level <= LEVEL.ADMIN; level += 1) if (grantLevelOpens(resource, level, now)) return level;
  return null;
}

/** Whether the viewer may grant access to one content row: they must see the row themselves. */
export function canShareContent(viewer: Viewer, item: ItemAccessFacts, content: ContentAccessFacts): boolean {
  return canShareItem(viewer, item) && canSeeContent(viewer, item, content);
}

/**
 * The level a signed-in viewer who may not open the item could ask to be granted ("Ask for access" on its 403 page):
 * the lowest a grant opens it at (`lowestOpeningGrantLevel`), or null when asking makes no sense: a visitor, someone
 * who opens it already, or an item no grant opens (not published, expired).
 */
export function accessRequestLevel(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null, now: Date = new Date()): number | null {
  if (!isSignedIn(viewer) || itemOpening(viewer, item, grantedLevel, now) !== 'forbidden') return null;
  return lowestOpeningGrantLevel({ item, content: null }, now);
}

/** Whether this person (the maintainer, an admin) may answer an access request by granting the item at `level`. */
export function canAnswerAccessRequest(person: Viewer, item: ItemAccessFacts, level: number): boolean {
  return person.emailVerified && canShareItem(person, item) && canShareToLevel(person, level);
}

/**
 * Asking what the person with an e-mail address can see is for those who may list users and their levels anyway
 * (admins and user managers): the same people who may elevate (invite) users.
 */
export function canCheckAccessByEmail(viewer: Viewer): boolean {
  return canInvite(viewer);
}

/** A grant as the policy judges its removal: who made it, and what it opens (one of the two resources). */
export interface GrantFacts {
  fromUserId: number | null;
  /** The shared item (also for a content share); null for a collection share. */
  item: ItemAccessFacts | null;
  collection: CollectionAccessFacts | null;
}

/**
 * Who may end a grant (Remove access): the person who made it, whoever may manage what it opens (an item's
 * maintainers, a collection's owner), and admins. Not its recipient: a grant is the sharer's to give and take back.
 */
export function canRemoveShare(viewer: Viewer, grant: GrantFacts): boolean {
  if (!isSignedIn(viewer)) return false;
  if (grant.fromUserId !== null && grant.fromUserId === viewer.id) return true;
  return canManageGrantsOf(viewer, grant);
}

/**
 * Who sees every grant of an item or a collection, whoever made it, and may take any back (its access panel): admins,
 * an item's maintainers, a collection's owner.
 */
export function canManageGrantsOf(viewer: Viewer, resource: Pick<GrantFacts, 'item' | 'collection'>): boolean {
  if (!isSignedIn(viewer)) return false;
  if (isAdmin(viewer)) return true;
  if (resource.item) return canEditItem(viewer, resource.item);
  return resource.collection !== null && canEditCollection(viewer, resource.collection);
}
