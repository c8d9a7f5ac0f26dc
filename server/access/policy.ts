/**
 * The one policy module: every route asks it what a viewer may see and do.
 * The UI only hides what these functions already refuse on the server.
 */
import { and, eq, exists, gt, gte, isNull, lte, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LEVEL, type AccessLevel } from '../../shared/levels';
import { VISIBILITY } from '../../shared/enums';
import type { CanFlags, MenuFlags } from '../../shared/props';
import type { ItemListing } from '../../shared/items';
import { MIN_SHARE_LEVEL } from '../../shared/sharing';
import { items, shares } from '../db/schema';
import { ANONYMOUS, isSignedIn, type Viewer } from './viewer';

export { ANONYMOUS, isSignedIn, levelOnlyViewer, type Viewer } from './viewer';

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
    invitations: canInvite(viewer),
    // Both readings of the spec apply: staff and admins, and managers.
    documentation: canReadDocumentation(viewer),
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
    share: canGrantAccess(viewer),
    shareToLevel: maxShareLevel(viewer),
    comment: signedIn && viewer.emailVerified,
    admin,
    invite: canInvite(viewer),
    flag_comments: admin || viewer.manageUsers,
    impersonate: viewer.superadmin,
    create_self_item: signedIn,
    change_email: signedIn,
  };
}

/** What the policy needs to know about an item. */
export interface ItemAccessFacts {
  visibility: number;
  minimumAccessLevel: number;
  createdByUserId: number | null;
  expiresAt: Date | null;
}

/** The columns of `items` that make its ItemAccessFacts, for a query's select. */
export const itemAccessColumns = {
  visibility: items.visibility,
  minimumAccessLevel: items.minimumAccessLevel,
  createdByUserId: items.createdByUserId,
  expiresAt: items.expiresAt,
};

export function maintains(viewer: Viewer, item: ItemAccessFacts): boolean {
  return isSignedIn(viewer) && item.createdByUserId === viewer.id;
}

/**
 * Whether the viewer's role, level or a grant reaches the item, its expiry aside: the item page's first question
 * (403), and what a grant at a level gives (`levelOpensItem`). `grantedLevel` is the highest level a valid share gives
 * this viewer for this item (null when none).
 */
function reachesItem(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null): boolean {
  if (isAdmin(viewer) || maintains(viewer, item)) return true;
  if (item.visibility < VISIBILITY.UNLISTED) return false;
  const level = Math.max(effectiveLevel(viewer), grantedLevel ?? -1);
  return level >= item.minimumAccessLevel;
}

/** What opening an item answers this viewer now: the item page, and every path that reads or copies an item. */
export type ItemOpening = 'open' | 'forbidden' | 'gone';

/**
 * 'forbidden' (403) when the viewer may not open the item at all; 'gone' (410) when they may but it has expired and
 * they are not one of its editors (`canOpenExpiredItem`). Asked in this order, so the expiry note never reaches
 * someone who could not open the item.
 */
export function itemOpening(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null, now: Date = new Date()): ItemOpening {
  if (!reachesItem(viewer, item, grantedLevel)) return 'forbidden';
  return isItemExpired(item, now) && !canOpenExpiredItem(viewer, item) ? 'gone' : 'open';
}

/** Whether the viewer may open the item now (expiry included): `itemOpening` is 'open'. SQL: `openableItemsCondition`. */
export function canOpenItem(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null, now: Date = new Date()): boolean {
  return itemOpening(viewer, item, grantedLevel, now) === 'open';
}

/**
 * Whether an item may appear in lists, counts, search, history and popular for this viewer now: one they may open
 * (`canOpenItem`, expiry included) and, unless they are an admin, not UNLISTED. SQL: `listableItemsCondition`.
 */
export function canListItem(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null, now: Date = new Date()): boolean {
  if (item.visibility === VISIBILITY.UNLISTED && !isAdmin(viewer)) return false;
  return canOpenItem(viewer, item, grantedLevel, now);
}

/** The time the SQL conditions compare expiries with: a value, or a prepared statement's placeholder. */
export type SqlTime = Date | Placeholder;

/** SQL: a valid share grants this viewer the item at a level at or above its minimum. */
function itemShareGrant(viewer: Viewer, now: SqlTime): SQL | undefined {
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
 * SQL condition over `items`: `itemOpening`'s expiry rule. An expired item stays only for those who may still open it
 * (`canOpenExpiredItem`: its editors, who renew or retire it); everyone else would be told it is gone.
 */
function unexpiredForViewerCondition(viewer: Viewer, now: SqlTime): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const unexpired = or(isNull(items.expiresAt), gt(items.expiresAt, now));
  return isSignedIn(viewer) ? or(unexpired, eq(items.createdByUserId, viewer.id)) : unexpired;
}

/**
 * SQL condition over `items` for listings: the same rule as `canListItem` (expiry included), so lists never reveal
 * an item the viewer may not open.
 */
export function listableItemsCondition(viewer: Viewer, now: SqlTime = new Date()): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const byLevel = and(eq(items.visibility, VISIBILITY.DISCOVERABLE), lte(items.minimumAccessLevel, effectiveLevel(viewer)));
  const conditions: (SQL | undefined)[] = [byLevel];
  if (isSignedIn(viewer)) {
    conditions.push(and(eq(items.createdByUserId, viewer.id), sql`${items.visibility} <> ${VISIBILITY.UNLISTED}`));
    const granted = itemShareGrant(viewer, now);
    if (granted) conditions.push(and(eq(items.visibility, VISIBILITY.DISCOVERABLE), granted));
  }
  return and(or(...conditions), unexpiredForViewerCondition(viewer, now));
}

/**
 * SQL condition over `items` for opening by link (UNLISTED included): the same rule as `canOpenItem` (expiry
 * included), for every path that shows an item without opening its page (history, collection entries, images…).
 */
export function openableItemsCondition(viewer: Viewer, now: SqlTime = new Date()): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const published = gte(items.visibility, VISIBILITY.UNLISTED);
  const conditions: (SQL | undefined)[] = [and(published, lte(items.minimumAccessLevel, effectiveLevel(viewer)))];
  if (isSignedIn(viewer)) {
    conditions.push(eq(items.createdByUserId, viewer.id));
    const granted = itemShareGrant(viewer, now);
    if (granted) conditions.push(and(published, granted));
  }
  return and(or(...conditions), unexpiredForViewerCondition(viewer, now));
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
    duplicate: canDuplicateItem(viewer, item),
    share: canShareItem(viewer, item),
    shareToLevel: maxShareLevel(viewer),
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

/** A relation an admin makes needs no further approval. */
export function approvesOwnRelations(viewer: Viewer): boolean {
  return isAdmin(viewer);
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

/** SQL over `characteristics`: the ones whose values the viewer sees (canSeeCharacteristic); undefined: every one. */
export function visibleCharacteristicsCondition(viewer: Viewer, isPublic: SQLWrapper): SQL | undefined {
  return isAdmin(viewer) ? undefined : sql`${isPublic} = true`;
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

/** Duplicating copies what the viewer can open now by their own level or role into a new draft of their own. */
export function canDuplicateItem(viewer: Viewer, item: ItemAccessFacts, now: Date = new Date()): boolean {
  return baseCan(viewer).create && canOpenItem(viewer, item, null, now);
}

/** Names and e-mails of users: for those who can list users anyway (admins and user managers). */
export function canSearchUsers(viewer: Viewer): boolean {
  return canManageUsers(viewer);
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
export function validSharesToViewer(viewer: Viewer, now: SqlTime = new Date()): SQL {
  if (!isSignedIn(viewer)) return sql`false`;
  return and(sharesAddressedTo(viewer), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))) ?? sql`false`;
}

/**
 * SQL over `shares`: shares addressed to this signed-in viewer, by user or by their verified e-mail
 * (lowercased by the database, as the library cache's `personalListsOfSessionUser` does), expired or not.
 */
export function sharesAddressedTo(viewer: Viewer & { id: number }): SQL {
  const toUser = eq(shares.toUserId, viewer.id);
  if (!reachedByEmail(viewer)) return toUser;
  return or(toUser, sql`${shares.toEmail} = lower(${viewer.email})`)!;
}

/** Shares addressed to an e-mail reach the user whose address it is once they have verified it. */
function reachedByEmail(viewer: Viewer): boolean {
  return Boolean(viewer.email) && viewer.emailVerified;
}

/**
 * What the SQL conditions above make of a viewer besides its values (id, level, e-mail): admin or not, signed in
 * or not, reached by e-mail or not. Viewers of one kind get the same SQL text with other values, so one prepared
 * statement serves them all (`viewerPlaceholders`). A new branch on the viewer in those functions belongs here too
 * (tests/server/access-policy.test.ts holds them to it).
 */
export type ViewerSqlKind = 'anonymous' | 'user' | 'user+email' | 'admin' | 'admin+email';

export function viewerSqlKind(viewer: Viewer): ViewerSqlKind {
  if (!isSignedIn(viewer)) return 'anonymous';
  const who = isAdmin(viewer) ? 'admin' : 'user';
  return reachedByEmail(viewer) ? `${who}+email` : who;
}

/**
 * For prepared statements: a stand-in viewer of this kind whose id, level and e-mail are the placeholders
 * `viewerId`, `viewerLevel` and `viewerEmail`, to build SQL with (the conditions above; `viewer.id` in SQL). The
 * statement then runs with `viewerPlaceholderValues(viewer)` for any viewer of that kind. Its values are
 * placeholders, so of the predicates only `isSignedIn` and `isAdmin` hold for it: ask the others of the real viewer.
 */
export function viewerPlaceholders(kind: ViewerSqlKind): Viewer {
  const placeholder = (name: string) => sql.placeholder(name) as unknown as never;
  const signedIn = kind !== 'anonymous';
  const byEmail = kind.endsWith('+email');
  return {
    id: signedIn ? placeholder('viewerId') : null,
    ref: null,
    name: '',
    email: byEmail ? placeholder('viewerEmail') : null,
    emailVerified: byEmail,
    level: placeholder('viewerLevel'),
    userTypeId: null,
    admin: kind.startsWith('admin'),
    superadmin: false,
    manager: false,
    manageUsers: false,
  };
}

/** The values of `viewerPlaceholders`'s placeholders for this viewer. */
export function viewerPlaceholderValues(viewer: Viewer): { viewerId: number | null; viewerLevel: number; viewerEmail: string | null } {
  return { viewerId: viewer.id, viewerLevel: effectiveLevel(viewer), viewerEmail: viewer.email };
}

/** What the policy needs to know about a content row of an item. */
export interface ContentAccessFacts {
  published: boolean;
  minimumAccessLevel: number;
}

/**
 * Whether the viewer may see (and open) one content row of an item they may open. Editors of the item see every
 * row; everyone else only published rows at or below their level, or the level a valid share of the item gives them.
 */
export function canSeeContent(viewer: Viewer, item: ItemAccessFacts, content: ContentAccessFacts, grantedLevel: number | null = null): boolean {
  if (canEditItem(viewer, item)) return true;
  if (!content.published) return false;
  return Math.max(effectiveLevel(viewer), grantedLevel ?? -1) >= content.minimumAccessLevel;
}

/** Content rows (upload, link, labels, order, removal) are the item's editors' to manage. */
export function canManageContent(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/** A file in an item's folder that no content row links: for whoever manages the item's content, and admins. */
export function canOpenUnlinkedDriveFile(viewer: Viewer, item: ItemAccessFacts | null): boolean {
  return (item !== null && canManageContent(viewer, item)) || isAdmin(viewer);
}

/** Who sees a content row and what it is a sample of (minimum access level, is-sample-of, published) is for admins. */
export function canCurateContent(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** Admins create an item's drive folder (member-library §6). */
export function canCreateDriveFolder(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * Anyone who may open the item may open its folder through Equip: the drive keeps its own sharing, and Equip's
 * own folder view (local drive) lists only the files this viewer may open.
 */
export function canOpenDriveFolder(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null): boolean {
  return canOpenItem(viewer, item, grantedLevel);
}

/** Drive file ids, and files no content row uses, are the editors' working material. */
export function canSeeDriveFiles(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/*
 * Sharing (member-library §6 can.share and can.shareToLevel; docs/decisions.md "Sharing"). A grant raises what one
 * person sees of one resource to the granted level; it never gives a role (admin, editor), so even a level-6 grant
 * opens only that resource's level-6 rows and nothing of the admin areas.
 */

/** The highest level this viewer may grant: their own, never above it. */
export function maxShareLevel(viewer: Viewer): number {
  return isSignedIn(viewer) ? effectiveLevel(viewer) : 0;
}

/** Whether the viewer may grant access at all: signed in and at least at the lowest grant level (2). */
export function canGrantAccess(viewer: Viewer): boolean {
  return isSignedIn(viewer) && maxShareLevel(viewer) >= MIN_SHARE_LEVEL;
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

/**
 * Whether the viewer may grant access to an item: only what they can open themselves by their own level or role.
 * A grant they received lets them open it, but they could not grant above their own level anyway.
 */
export function canShareItem(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canGrantAccess(viewer) && canOpenItem(viewer, item);
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
 * Whether a person at `level` (neither admin nor editor of the item) reaches the item: what a grant at that level
 * gives, its expiry aside: the sharing explanation reports an expired item on its own.
 */
export function levelOpensItem(item: ItemAccessFacts, level: number): boolean {
  return reachesItem(ANONYMOUS, item, level);
}

/** Whether a person at `level` (neither admin nor editor of the item) sees the content row. */
export function levelSeesContent(item: ItemAccessFacts, content: ContentAccessFacts, level: number): boolean {
  return levelOpensItem(item, level) && canSeeContent(ANONYMOUS, item, content, level);
}

/**
 * Asking what the person with an e-mail address can see is for those who may list users and their levels anyway
 * (admins and user managers): the same people who may elevate (invite) users.
 */
export function canCheckAccessByEmail(viewer: Viewer): boolean {
  return canInvite(viewer);
}


/** User invitations (member-library §6 User area: invite): admins and user managers invite. */
export function canInvite(viewer: Viewer): boolean {
  return canManageUsers(viewer);
}

/** SQL over `invitations`: the ones the viewer's invitation list shows: admins every one, others those they created. */
export function listedInvitationsCondition(viewer: Viewer & { id: number }, createdBy: SQLWrapper): SQL | undefined {
  return isAdmin(viewer) ? undefined : sql`${createdBy} = ${viewer.id}`;
}

/** Nobody invites to a level above their own, and an invitation to Public would grant nothing. */
export function canInviteToUserType(viewer: Viewer, userType: { level: number }): boolean {
  return canInvite(viewer) && userType.level >= LEVEL.LOGGED_IN && userType.level <= effectiveLevel(viewer);
}

/** Admins see and manage every invitation; user managers the ones they created. */
export function canManageInvitation(viewer: Viewer, invitation: { createdByUserId: number | null }): boolean {
  if (!canInvite(viewer)) return false;
  return isAdmin(viewer) || invitation.createdByUserId === viewer.id;
}

/** An invitation is worth accepting only when it raises the recipient above the level they already act at. */
export function invitationRaisesLevel(viewer: Viewer, userType: { level: number }): boolean {
  return isSignedIn(viewer) && userType.level > effectiveLevel(viewer);
}

/** What the policy needs to know about a user someone manages (member-library §6, User area). */
export interface UserAccessFacts {
  id: number;
  level: number;
  admin: boolean;
  superadmin: boolean;
}

/**
 * A user is above the viewer when they act at a higher level (admins at 6), or are a superadmin and the viewer is
 * not: nobody manages, raises or impersonates someone above themselves.
 */
function userAboveViewer(viewer: Viewer, user: UserAccessFacts): boolean {
  const userLevel = user.admin || user.superadmin ? LEVEL.ADMIN : user.level;
  return userLevel > effectiveLevel(viewer) || (user.superadmin && !viewer.superadmin);
}

/** The user list (/user) and the user area: admins and users with the manage_users flag. */
export function canManageUsers(viewer: Viewer): boolean {
  return isAdmin(viewer) || (isSignedIn(viewer) && viewer.manageUsers);
}

/** A user's page opens for those who manage users, for any user not above their own level. */
export function canOpenUser(viewer: Viewer, user: UserAccessFacts): boolean {
  return canManageUsers(viewer) && !userAboveViewer(viewer, user);
}

/** Name, e-mail and phone of a user not above the viewer's level. */
export function canEditUser(viewer: Viewer, user: UserAccessFacts): boolean {
  return canOpenUser(viewer, user);
}

/** A user type may be given only up to the giver's own level. */
export function canSetUserType(viewer: Viewer, type: { level: number }): boolean {
  return canManageUsers(viewer) && type.level <= effectiveLevel(viewer);
}

/** Nobody changes their own user type (that would be raising or lowering oneself). */
export function canChangeUserType(viewer: Viewer, user: UserAccessFacts): boolean {
  return canEditUser(viewer, user) && user.id !== viewer.id;
}

export type UserPermissionFlag = 'admin' | 'superadmin' | 'manager' | 'manage_users';

/** Permission flags are for admins (superadmin for superadmins only), and never on oneself. */
export function canSetUserFlag(viewer: Viewer, user: UserAccessFacts, flag: UserPermissionFlag): boolean {
  if (!canEditUser(viewer, user) || user.id === viewer.id) return false;
  return flag === 'superadmin' ? isSignedIn(viewer) && viewer.superadmin : isAdmin(viewer);
}

/** Deleting a user not above the viewer's level, never oneself. */
export function canDeleteUser(viewer: Viewer, user: UserAccessFacts): boolean {
  return canEditUser(viewer, user) && user.id !== viewer.id;
}

/** Flagging all of a user's unapproved comments (flag_comments), for a user not above the viewer's level. */
export function canFlagUserComments(viewer: Viewer, user: UserAccessFacts): boolean {
  return canOpenUser(viewer, user) && baseCan(viewer).flag_comments;
}

/**
 * Acting as another user (impersonate): superadmins only (as the page-level `can.impersonate`), never oneself, never
 * someone above, and never while already acting as someone else.
 */
export function canImpersonate(viewer: Viewer, user: UserAccessFacts, alreadyImpersonating = false): boolean {
  return isSignedIn(viewer) && viewer.superadmin && !alreadyImpersonating && user.id !== viewer.id && !userAboveViewer(viewer, user);
}

/**
 * Page flags of a user's page (/user/{ref}): Edit, Delete, Flag all unapproved comments and Log in as this user are
 * offered exactly when the viewer may do them to this user. `impersonating`: the viewer is already acting as someone.
 */
export function userCan(viewer: Viewer, user: UserAccessFacts, impersonating: boolean): CanFlags {
  return {
    ...baseCan(viewer),
    update: canEditUser(viewer, user),
    delete: canDeleteUser(viewer, user),
    flag_comments: canFlagUserComments(viewer, user),
    impersonate: canImpersonate(viewer, user, impersonating),
  };
}

/** One's own profile (GET /profile, POST /profile/email): every signed-in user, for themself only. */
export function canManageOwnProfile(viewer: Viewer): viewer is Viewer & { id: number; ref: string } {
  return isSignedIn(viewer);
}

/**
 * Setting one's own e-mail address (`can.change_email`, POST /profile/email): the address is how a person signs in
 * and is reached, so a superadmin acting as someone (impersonating) may not change it; that would let them take the
 * account over outside the impersonation's audit trail.
 */
export function canChangeOwnEmail(viewer: Viewer, impersonating: boolean): boolean {
  return baseCan(viewer).change_email && !impersonating;
}

/** Creating one's own Person page (`can.create_self_item`): signed-in users who do not have one yet. */
export function canCreateOwnPersonPage(viewer: Viewer, hasPersonPage: boolean): boolean {
  return baseCan(viewer).create_self_item && !hasPersonPage;
}

/*
 * Comments (admin-curation §6 "Per comment"; docs/decisions.md "Comments"). Every function below is asked only for a
 * viewer who may open the comment's item (`canOpenItem`): the routes open the item first, and the item page's parts
 * exist only for such viewers. Authors manage their own words; admins delete and approve anyone's but never rewrite
 * them; other signed-in readers may flag a comment for an admin to look at.
 */

/** What the policy needs to know about a comment. */
export interface CommentAccessFacts {
  /** The author's user id; null once their account is gone. */
  authorId: number | null;
  flagged: boolean;
  approved: boolean;
}

function writtenBy(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isSignedIn(viewer) && comment.authorId === viewer.id;
}

/** Writing a comment on an item the viewer may open: `can.comment` (signed in, e-mail verified). */
export function canComment(viewer: Viewer): boolean {
  return baseCan(viewer).comment;
}

/**
 * Only the author edits a comment, as long as they may write comments (`canComment`): admins may remove words they
 * object to, never put other words in someone's mouth.
 */
export function canUpdateComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return writtenBy(viewer, comment) && canComment(viewer);
}

export function canDeleteComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return writtenBy(viewer, comment) || isAdmin(viewer);
}

/**
 * Signed-in readers flag others' comments for moderation, once: not while it waits for an admin, and not after an
 * admin approved it (an edit withdraws the approval, so changed words can be flagged again). Admins do not flag:
 * they delete or approve at once.
 */
export function canFlagComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isFlaggerOf(viewer, comment) && !comment.flagged && !comment.approved;
}

/** Whether the viewer is someone who flags this comment, whatever its state (a second flag changes nothing). */
export function isFlaggerOf(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isSignedIn(viewer) && !isAdmin(viewer) && !writtenBy(viewer, comment);
}

/** Admins approve a flagged comment: the flag goes and the comment is marked approved. */
export function canApproveComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isAdmin(viewer) && comment.flagged;
}

/** The moderation list (/admin/comment): admins only. */
export function canModerateComments(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** The per-comment flags of admin-curation §3 for this viewer. */
export function commentCan(viewer: Viewer, comment: CommentAccessFacts) {
  return {
    can_flag: canFlagComment(viewer, comment),
    can_update: canUpdateComment(viewer, comment),
    can_delete: canDeleteComment(viewer, comment),
    can_approve: canApproveComment(viewer, comment),
  };
}

/*
 * Collections (admin-curation §2, §3, §6 "Owners manage their collections"; docs/decisions.md "Collections"). A public
 * collection opens for anyone with the link; a private one for its owner, admins and people it is validly shared
 * with. Only the owner changes it; admins may also delete it (moderation). The items inside still follow each
 * item's own rules (`openableCollectedItemsCondition`): a viewer who may not open one sees a locked placeholder.
 */

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

/** My Collections, Create New and Add to Collection are for every signed-in user (member-library §6). */
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

/** Page-level flags of a collection page and of My Collections (admin-curation §3: create, update, delete, share). */
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

/*
 * Tasks (member-library §3 Task, §4 Task states, §5 Task form; docs/decisions.md "Tasks"). An item's tasks are its
 * editors' work list (`canSeeItemTasks`), so the same people add to it. A task is settled (Mark as Done, Re-Open) by
 * those it concerns: its assignee, its creator, the item's editors, and admins.
 */

/** What the policy needs to know about a task. */
export interface TaskAccessFacts {
  forUserId: number | null;
  byUserId: number | null;
}

export function canCreateItemTask(viewer: Viewer, item: ItemAccessFacts): boolean {
  return isSignedIn(viewer) && canSeeItemTasks(viewer, item);
}

/**
 * Anyone who may create a task assigns it to themselves; assigning it to someone else needs finding them first, which
 * only those who may search users can (`canSearchUsers`: admins and user managers).
 */
export function canAssignTaskTo(viewer: Viewer, assignee: { id: number }): boolean {
  return isSignedIn(viewer) && (assignee.id === viewer.id || canSearchUsers(viewer));
}

export function canAssignTasksToOthers(viewer: Viewer): boolean {
  return isSignedIn(viewer) && canSearchUsers(viewer);
}

/** `item` is null when the task belongs to no item (or its item is gone). */
export function canSettleTask(viewer: Viewer, task: TaskAccessFacts, item: ItemAccessFacts | null): boolean {
  if (!isSignedIn(viewer)) return false;
  if (isAdmin(viewer) || task.forUserId === viewer.id || task.byUserId === viewer.id) return true;
  return item !== null && canEditItem(viewer, item);
}

/** The task calls the item page offers this viewer (`taskCan`). */
export function itemTaskCan(viewer: Viewer, item: ItemAccessFacts): { create: boolean; assignOthers: boolean } {
  const create = canCreateItemTask(viewer, item);
  return { create, assignOthers: create && canAssignTasksToOthers(viewer) };
}

/*
 * Admin: characteristics and affirmations (admin-curation §2, §6). The Admin Dashboard, characteristics and
 * affirmations are for admins and superadmins. The dashboard shows every admin Advanced Settings and Server Logs;
 * their routes are for superadmins (canUseAdvanced).
 */

export function canOpenAdminDashboard(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

export function canManageCharacteristics(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

export function canManageAffirmationOptions(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

/** Page flags of the characteristic pages: a characteristic's share button only copies its link (no grants). */
export function characteristicCan(viewer: Viewer): CanFlags {
  const manage = canManageCharacteristics(viewer);
  return { ...baseCan(viewer), create: manage, update: manage, delete: manage, duplicate: false, share: manage };
}

/** Page flags of the affirmation pages: nothing to share. */
export function affirmationOptionCan(viewer: Viewer): CanFlags {
  const manage = canManageAffirmationOptions(viewer);
  return { ...baseCan(viewer), create: manage, update: manage, delete: manage, duplicate: false, share: false };
}

// Admin: taxonomies and tags

/** Taxonomies, tags and the quick-tag matrix (admin-curation §2 "Taxonomies and tags", §6): admins only. */
export function canManageTaxonomies(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/* Admin: stats (admin-curation §2 "Admin Stats", §6): the request stats and their download are for admins. */

export function canSeeStats(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

// Admin: advanced

/** Admin Advanced and Server Logs (admin-curation §2, §6): maintenance over the drive, images and database, for superadmins only. */
export function canUseAdvanced(viewer: Viewer): boolean {
  return isSignedIn(viewer) && viewer.superadmin;
}

/** /documentation (member-library §2, §6): both readings of the spec apply, staff and admins, and managers. */
export function canReadDocumentation(viewer: Viewer): boolean {
  return isAdmin(viewer) || viewer.manager || effectiveLevel(viewer) >= LEVEL.STAFF;
}

/** SQL over `items`: the Draft listing's drafts and items pending publication: admins every one, others their own. */
export function listedDraftsCondition(viewer: Viewer): SQL {
  const drafts = sql`${items.visibility} in (${VISIBILITY.DRAFT}, ${VISIBILITY.PENDING})`;
  if (isAdmin(viewer)) return drafts;
  return isSignedIn(viewer) ? sql`(${drafts} and ${items.createdByUserId} = ${viewer.id})` : sql`false`;
}

/** Contributions from people below leader level (not admins) are marked as user contributed, as the demo library does. */
export function contributesAsUser(viewer: Viewer): boolean {
  return !isAdmin(viewer) && effectiveLevel(viewer) <= LEVEL.AFFILIATE;
}
