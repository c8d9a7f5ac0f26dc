/**
 * The one policy module: every route asks it what a viewer may see and do.
 * The UI only hides what these functions already refuse on the server.
 */
import { and, eq, exists, gt, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LEVEL, type AccessLevel } from '../../shared/levels';
import { VISIBILITY } from '../../shared/enums';
import type { CanFlags, MenuFlags } from '../../shared/props';
import type { ItemListing } from '../../shared/items';
import { items, shares } from '../db/schema';
import { isSignedIn, type Viewer } from './viewer';

export { ANONYMOUS, isSignedIn, type Viewer } from './viewer';

/** Admins act at the top level whatever their user type says. */
export function effectiveLevel(viewer: Viewer): AccessLevel {
  return viewer.admin || viewer.superadmin ? LEVEL.ADMIN : viewer.level;
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer.admin || viewer.superadmin;
}

export function canSeeLevel(viewer: Viewer, level: number): boolean {
  return effectiveLevel(viewer) >= level;
}

/** Layout entries (member-library §2 Layout, §6). */
export function menuFlags(viewer: Viewer): MenuFlags {
  const admin = isAdmin(viewer);
  const signedIn = isSignedIn(viewer);
  return {
    systemAdmin: admin,
    // Manage Users is hidden for admins: they reach users from System Admin.
    manageUsers: viewer.manageUsers && !admin,
    // Both readings of the spec apply: staff and admins, and managers.
    documentation: admin || viewer.manager || effectiveLevel(viewer) >= LEVEL.STAFF,
    drafts: signedIn,
    unpublished: admin,
    unlisted: admin,
    history: signedIn,
  };
}

/** Page-level permission flags when the page is not about one resource. */
export function baseCan(viewer: Viewer): CanFlags {
  const admin = isAdmin(viewer);
  const signedIn = isSignedIn(viewer);
  return {
    create: signedIn && effectiveLevel(viewer) >= LEVEL.AFFILIATE,
    update: false,
    delete: false,
    duplicate: false,
    share: signedIn,
    shareToLevel: signedIn ? Math.max(LEVEL.AFFILIATE, effectiveLevel(viewer)) : 0,
    comment: signedIn && viewer.emailVerified,
    admin,
    invite: admin || viewer.manageUsers,
    flag_comments: admin || viewer.manageUsers,
    impersonate: viewer.superadmin,
    create_self_item: signedIn,
  };
}

/** What the policy needs to know about an item. */
export interface ItemAccessFacts {
  visibility: number;
  minimumAccessLevel: number;
  createdByUserId: number | null;
  expiresAt: Date | null;
}

export function maintains(viewer: Viewer, item: ItemAccessFacts): boolean {
  return isSignedIn(viewer) && item.createdByUserId === viewer.id;
}

/**
 * Whether the viewer may open an item. `grantedLevel` is the highest level a valid
 * share gives this viewer for this item (null when none).
 */
export function canOpenItem(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null): boolean {
  if (isAdmin(viewer) || maintains(viewer, item)) return true;
  if (item.visibility < VISIBILITY.UNLISTED) return false;
  const level = Math.max(effectiveLevel(viewer), grantedLevel ?? -1);
  return level >= item.minimumAccessLevel;
}

/** Whether an item may appear in lists, counts, search, history and popular for this viewer. */
export function canListItem(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null): boolean {
  if (item.visibility === VISIBILITY.UNLISTED && !isAdmin(viewer)) return false;
  return canOpenItem(viewer, item, grantedLevel);
}

/** SQL: a valid share grants this viewer the item at a level at or above its minimum. */
function itemShareGrant(viewer: Viewer, now: Date): SQL | undefined {
  if (!isSignedIn(viewer)) return undefined;
  return exists(
    sql`(select 1 from ${shares} where ${and(
      eq(shares.itemId, items.id),
      sharesAddressedTo(viewer),
      gte(shares.level, items.minimumAccessLevel),
      or(isNull(shares.expiresAt), gt(shares.expiresAt, now)),
    )})`,
  );
}

/**
 * SQL condition over `items` for listings: the same rule as `canListItem`,
 * so lists never reveal an item the viewer may not open.
 */
export function listableItemsCondition(viewer: Viewer, now: Date = new Date()): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const byLevel = and(eq(items.visibility, VISIBILITY.DISCOVERABLE), lte(items.minimumAccessLevel, effectiveLevel(viewer)));
  const conditions: (SQL | undefined)[] = [byLevel];
  if (isSignedIn(viewer)) {
    conditions.push(and(eq(items.createdByUserId, viewer.id), sql`${items.visibility} <> ${VISIBILITY.UNLISTED}`));
    const granted = itemShareGrant(viewer, now);
    if (granted) conditions.push(and(eq(items.visibility, VISIBILITY.DISCOVERABLE), granted));
  }
  return or(...conditions);
}

/** SQL condition over `items` for opening by link (UNLISTED included). */
export function openableItemsCondition(viewer: Viewer, now: Date = new Date()): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const published = gte(items.visibility, VISIBILITY.UNLISTED);
  const conditions: (SQL | undefined)[] = [and(published, lte(items.minimumAccessLevel, effectiveLevel(viewer)))];
  if (isSignedIn(viewer)) {
    conditions.push(eq(items.createdByUserId, viewer.id));
    const granted = itemShareGrant(viewer, now);
    if (granted) conditions.push(and(published, granted));
  }
  return or(...conditions);
}

/** Maintainers and admins edit an item's fields, tags, characteristics and images. */
export function canEditItem(viewer: Viewer, item: ItemAccessFacts): boolean {
  return isAdmin(viewer) || maintains(viewer, item);
}

/** Stock images are shared artwork; any signed-in user may look for one to put on an item they edit. */
export function canSearchStockImages(viewer: Viewer): boolean {
  return isSignedIn(viewer);
}

/** Only admins set any visibility; maintainers use the DRAFT ⇄ PENDING workflow. */
export function canSetAnyVisibility(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

export function canSubmitForPublishing(viewer: Viewer, item: ItemAccessFacts): boolean {
  return !isAdmin(viewer) && maintains(viewer, item) && item.visibility === VISIBILITY.DRAFT;
}

export function canRevertToDraft(viewer: Viewer, item: ItemAccessFacts): boolean {
  return !isAdmin(viewer) && maintains(viewer, item) && item.visibility === VISIBILITY.PENDING;
}

/** Admins delete any item; maintainers delete their own items that were never published. */
export function canDeleteItem(viewer: Viewer, item: ItemAccessFacts): boolean {
  return isAdmin(viewer) || (maintains(viewer, item) && item.visibility <= VISIBILITY.PENDING);
}

/** Permission flags for an item page. */
export function itemCan(viewer: Viewer, item: ItemAccessFacts): CanFlags {
  const base = baseCan(viewer);
  return {
    ...base,
    update: canEditItem(viewer, item),
    delete: canDeleteItem(viewer, item),
    duplicate: base.create && canOpenItem(viewer, item),
    share: isSignedIn(viewer) && canOpenItem(viewer, item),
  };
}

/** Signed-in viewers may relate items they can open; admins approve relations. */
export function canRelateItems(viewer: Viewer): boolean {
  return isSignedIn(viewer) && effectiveLevel(viewer) >= LEVEL.AFFILIATE;
}

/** A relation can be removed by admins and by whoever created it while it is not yet approved. */
export function canDeleteRelation(viewer: Viewer, relation: { createdByUserId: number | null; adminApproved: boolean }): boolean {
  return isAdmin(viewer) || (isSignedIn(viewer) && relation.createdByUserId === viewer.id && !relation.adminApproved);
}

/** Only signed-in users affirm; only admins see counts. */
export function canAffirm(viewer: Viewer): boolean {
  return isSignedIn(viewer);
}
export function canSeeAffirmationCounts(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** Public characteristics show with the item for everyone; the rest only for admins. */
export function canSeeCharacteristic(viewer: Viewer, characteristic: { public: boolean }): boolean {
  return characteristic.public || isAdmin(viewer);
}

/**
 * Minimum access level of an item: admins set any level. Other editors never set a level above their own, and on a
 * published item only raise it, because lowering it shows the item to more people without an admin's review.
 */
export function canSetMinimumAccessLevel(viewer: Viewer, item: ItemAccessFacts, level: number): boolean {
  if (isAdmin(viewer)) return true;
  if (!canEditItem(viewer, item) || level > effectiveLevel(viewer)) return false;
  return item.visibility <= VISIBILITY.PENDING || level >= item.minimumAccessLevel;
}

/** Curation fields (expiry, review, the user-contributed mark, the maintainer) are for admins only. */
export function canCurateItem(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** Non-public characteristics are admins only, so only admins see or edit their values. */
export function canEditCharacteristicValue(viewer: Viewer, item: ItemAccessFacts, characteristic: { public: boolean }): boolean {
  return canEditItem(viewer, item) && canSeeCharacteristic(viewer, characteristic);
}

/** Duplicating copies what the viewer can open into a new draft of their own. */
export function canDuplicateItem(viewer: Viewer, item: ItemAccessFacts): boolean {
  return baseCan(viewer).create && canOpenItem(viewer, item);
}

/** Names and e-mails of users: for those who can list users anyway (admins and user managers). */
export function canSearchUsers(viewer: Viewer): boolean {
  return isAdmin(viewer) || (isSignedIn(viewer) && viewer.manageUsers);
}

/** An item is expired once its expiry time has passed. */
export function isItemExpired(item: ItemAccessFacts, now: Date = new Date()): boolean {
  return item.expiresAt !== null && item.expiresAt.getTime() <= now.getTime();
}

/** An expired item still opens for its editors (to renew or retire it); everyone else is told it is gone (410). */
export function canOpenExpiredItem(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/** Open tasks on an item are the editors' work list. */
export function canSeeItemTasks(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/** The maintainer is named when the item says so, and always to its editors. */
export function canSeeMaintainer(viewer: Viewer, item: ItemAccessFacts & { showCreatedBy: boolean }): boolean {
  return item.showCreatedBy || canEditItem(viewer, item);
}

/** The maintainer's e-mail never reaches anonymous visitors, so it cannot be harvested. */
export function canSeeMaintainerEmail(viewer: Viewer, item: ItemAccessFacts & { showCreatedBy: boolean }): boolean {
  return canEditItem(viewer, item) || (item.showCreatedBy && isSignedIn(viewer));
}

/** Tags of a non-public taxonomy (internal curation notes) are for admins only. */
export function canSeeTaxonomy(viewer: Viewer, taxonomy: { public: boolean }): boolean {
  return taxonomy.public || isAdmin(viewer);
}

/** Item lists besides the library index: /draft for signed-in users, /unpublished and /unlisted for admins. */
export function canViewItemListing(viewer: Viewer, listing: ItemListing): boolean {
  if (listing === 'draft') return isSignedIn(viewer);
  if (listing === 'unpublished' || listing === 'unlisted') return isAdmin(viewer);
  return true;
}

/** A new item starts as a DRAFT for signed-in users only, so publishing it never makes it public by accident. */
export const NEW_ITEM_MINIMUM_ACCESS_LEVEL = LEVEL.LOGGED_IN;

/** SQL over `shares`: unexpired shares addressed to this viewer (by user, or by their verified e-mail); none for anonymous visitors. */
export function validSharesToViewer(viewer: Viewer, now: Date = new Date()): SQL {
  if (!isSignedIn(viewer)) return sql`false`;
  return and(sharesAddressedTo(viewer), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))) ?? sql`false`;
}

/**
 * SQL over `shares`: shares addressed to this signed-in viewer, by user or by their verified e-mail
 * (lowercased by the database, as the library cache's `personalListsOfSessionUser` does), expired or not.
 */
export function sharesAddressedTo(viewer: Viewer & { id: number }): SQL {
  const toUser = eq(shares.toUserId, viewer.id);
  if (!viewer.email || !viewer.emailVerified) return toUser;
  return or(toUser, sql`${shares.toEmail} = lower(${viewer.email})`)!;
}

/**
 * Expired items stay in lists only for those who may still open them (`canOpenExpiredItem`: their editors,
 * who renew or retire them); everyone else would be told they are gone, so lists leave them out.
 */
export function unexpiredForListingCondition(viewer: Viewer, now: Date = new Date()): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const unexpired = or(isNull(items.expiresAt), gt(items.expiresAt, now));
  return isSignedIn(viewer) ? or(unexpired, eq(items.createdByUserId, viewer.id)) : unexpired;
}
