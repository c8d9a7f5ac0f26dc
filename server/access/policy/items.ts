/**
 * Items: who opens an item (`itemOpening`) and who sees it listed, with the SQL conditions that keep listings to the
 * same rule (`listableItemsCondition`, `openableItemsCondition`); editing, the DRAFT ⇄ PENDING workflow, deleting,
 * duplicating, sharing and expiry; the item page's parts (relations, affirmations, characteristics, taxonomies, the
 * maintainer) and the item listings (drafts, unpublished, unlisted).
 */
import { and, eq, exists, gt, gte, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LEVEL } from '../../../shared/levels';
import { VISIBILITY } from '../../../shared/enums';
import type { CanFlags } from '../../../shared/props';
import type { ItemListing } from '../../../shared/items';
import { items, shares } from '../../db/schema';
import { ANONYMOUS, effectiveLevel, isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan, canGrantAccess, maxShareLevel, viewAsTargets } from './flags';
import { sharesAddressedTo, validSharesToViewer, type SqlTime } from './viewer-sql';

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
 * SQL over `items` for reads through the search's GIN index (words, tag filters): `listableItemsCondition`, and
 * beside it a condition it implies, which that index answers: the item's `filter_keys` hold one of the viewer's
 * listing keys (listed at their level or below, or their own and not unlisted; migration 0042's `listing_keys`), or
 * it is shared with them. So a search or a tag filter leaves out the items the viewer may not list before any row is
 * read; the policy's own condition still decides each row.
 */
export function listableItemsThroughIndex(viewer: Viewer, now: SqlTime = new Date()): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const byKeys = sql`${items.filterKeys} && listing_keys(${effectiveLevel(viewer)}, ${isSignedIn(viewer) ? viewer.id : null})`;
  const shared = isSignedIn(viewer)
    ? sql`${items.id} = any(array(select ${shares.itemId} from ${shares} where ${validSharesToViewer(viewer, now)}))`
    : undefined;
  return and(shared ? or(byKeys, shared) : byKeys, listableItemsCondition(viewer, now));
}

/**
 * Whether a page's HTML may describe the item to anyone who fetches its link (description, canonical address, Open
 * Graph and Twitter cards): only when a visitor may open it now. Chat apps fetch a pasted link without the sender's
 * session, and a share link's token must not put a restricted item's title or picture in front of a whole group.
 */
export function canPreviewItem(item: ItemAccessFacts, now: Date = new Date()): boolean {
  return canOpenItem(ANONYMOUS, item, null, now);
}

/** SQL over `items`: `canPreviewItem`, the items a visitor may open now, whose pictures a link preview may show. */
export function previewableItemsCondition(now: SqlTime = new Date()): SQL | undefined {
  return openableItemsCondition(ANONYMOUS, now);
}

/** SQL: the items a visitor may find in lists, which the sitemap offers search engines. */
export function publicListedItemsCondition(now: SqlTime = new Date()): SQL | undefined {
  return listableItemsCondition(ANONYMOUS, now);
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
    viewAs: viewAsTargets(viewer, maintains(viewer, item)),
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

/**
 * Whether the viewer may grant access to an item: only what they can open themselves by their own level or role.
 * A grant they received lets them open it, but they could not grant above their own level anyway.
 */
export function canShareItem(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canGrantAccess(viewer) && canOpenItem(viewer, item);
}

/** An item is expired once its expiry time has passed. */
export function isItemExpired(item: ItemAccessFacts, now: Date = new Date()): boolean {
  return item.expiresAt !== null && item.expiresAt.getTime() <= now.getTime();
}

/** An expired item still opens for its editors (to renew or retire it); everyone else is told it is gone (410). */
export function canOpenExpiredItem(viewer: Viewer, item: ItemAccessFacts): boolean {
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

/**
 * The item's record-keeping (its code, view counts and the curators' explanation of its visibility): the Access and
 * Info sections, which admins get in the right sidebar and its maintainers see
 * for their own item. Members and visitors are sent none of it.
 */
export function canSeeItemRecordKeeping(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
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

/**
 * Whether a person at `level` (neither admin nor editor of the item) reaches the item: what a grant at that level
 * gives, its expiry aside: the sharing explanation reports an expired item on its own.
 */
export function levelOpensItem(item: ItemAccessFacts, level: number): boolean {
  return reachesItem(ANONYMOUS, item, level);
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
