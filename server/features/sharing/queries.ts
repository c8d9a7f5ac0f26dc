/** Share rows: granting (one row per sharer, resource and address), the shared link's share, and the /share and /sent lists. */
import { aliasedTable, and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SharedType } from '../../../shared/enums';
import { itemImageUrls } from '../../../shared/items';
import { ROUTES } from '../../../shared/routes';
import {
  REMOVED_SHARES_SHOWN,
  REMOVED_SHARES_SHOWN_DAYS,
  SHARE_EXPIRING_SOON_DAYS,
  SHARE_QUERY_PARAM,
  SHARES_PER_PAGE,
  RESOURCE_GRANTS_SHOWN,
  type PersonGrants,
  type RemovedShare,
  type ResourceGrants,
  type Share,
  type ShareValidity,
} from '../../../shared/sharing';
import {
  canManageGrantsOf,
  canRemoveShare,
  type GrantFacts,
  canOpenCollection,
  canOpenItem,
  canSeeContent,
  collectionSharesToViewer,
  isShareValid,
  sharesAddressedTo,
  type CollectionAccessFacts,
  type ContentAccessFacts,
  itemAccessColumns,
  type ItemAccessFacts,
  type Viewer,
} from '../../access/policy';
import { userIdWithVerifiedEmail } from '../../auth/verification';
import type { Database } from '../../db/client';
import { collections, contents, items, shareRemovals, shares, users, userTypes } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import { deleteInBatches } from '../../db/delete-in-batches';
import { REF_PATTERN } from '../../lib/ref';
import { queueMail } from '../../mail/outbox';
import { firstImageRef, itemGrantedLevelSql } from '../../items';
import type { MailMessage } from '../../mail/mailer';
import { DAY_MS } from '../../../shared/dates';
import { takeWritersLock } from '../../db/writers-lock';

/** What is being shared: an item, one content row of an item, or (later) a collection; one code path for all. */
export interface ShareTarget {
  sharedType: SharedType;
  /** The item; for a content share the content's item too, so the grant opens the item at that level. */
  itemId: number | null;
  contentId: number | null;
  collectionId: number | null;
  title: string;
  /** The resource's page: /i/{ref}, /content/{ref}, /collection/{ref}. */
  path: string;
}

export function shareLinkPath(path: string, shareRef: string): string {
  return `${path}?${SHARE_QUERY_PARAM}=${shareRef}`;
}

export function expiryFor(days: ShareValidity, now: Date): Date | null {
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

function sameResource(target: ShareTarget): SQL {
  const column = (value: number | null, col: AnyPgColumn) => (value === null ? isNull(col) : eq(col, value));
  return and(
    eq(shares.sharedType, target.sharedType),
    column(target.itemId, shares.itemId),
    column(target.contentId, shares.contentId),
    column(target.collectionId, shares.collectionId),
  )!;
}

export interface Grant {
  target: ShareTarget;
  fromUserId: number;
  email: string;
  level: number;
  expiresAt: Date | null;
}

/**
 * Records the grant and queues the recipient's e-mail in one transaction. A sharer's earlier unexpired share of
 * the same resource to the same address is replaced (its level and end become the new ones, its ref and so its
 * link stay); other people's shares stay as they are.
 */
export async function grantShare(
  db: Database,
  grant: Grant,
  mail: (shareRef: string) => MailMessage,
  now: Date = new Date(),
): Promise<{ ref: string; replaced: boolean }> {
  return db.transaction(async (tx) => {
    // Two grants of one sharer at once: the second finds the first's share and replaces it, never a second row.
    await takeWritersLock(tx, 'shares', grant.fromUserId);
    // Shares to an address reach its owner once verified (policy.sharesAddressedTo).
    const toUserId = await userIdWithVerifiedEmail(tx, grant.email);
    const [earlier] = await tx
      .select({ id: shares.id, ref: shares.ref })
      .from(shares)
      .where(
        and(
          sameResource(grant.target),
          eq(shares.fromUserId, grant.fromUserId),
          eq(shares.toEmail, grant.email),
          or(isNull(shares.expiresAt), gt(shares.expiresAt, now)),
        ),
      )
      .orderBy(desc(shares.id))
      .limit(1)
      .for('update');
    let ref: string;
    if (earlier) {
      await tx.update(shares).set({ level: grant.level, expiresAt: grant.expiresAt, toUserId, createdAt: now }).where(eq(shares.id, earlier.id));
      ref = earlier.ref;
    } else {
      const [row] = await tx
        .insert(shares)
        .values({
          sharedType: grant.target.sharedType,
          itemId: grant.target.itemId,
          contentId: grant.target.contentId,
          collectionId: grant.target.collectionId,
          fromUserId: grant.fromUserId,
          toEmail: grant.email,
          toUserId,
          level: grant.level,
          expiresAt: grant.expiresAt,
          createdAt: now,
        })
        .returning({ ref: shares.ref });
      ref = row!.ref;
    }
    await queueMail(tx, mail(ref));
    return { ref, replaced: Boolean(earlier) };
  });
}

/** The account level of the person with a verified address, if any (for check-access; never shown as such). */
export async function accountByEmail(db: Database, email: string): Promise<{ level: number; admin: boolean } | null> {
  const [row] = await db
    .select({ admin: users.admin, superadmin: users.superadmin, level: userTypes.level })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(sql`lower(${users.email}) = ${email}`, sql`${users.emailVerifiedAt} is not null`))
    .limit(1);
  if (!row) return null;
  return { level: Number(row.level ?? 0), admin: row.admin || row.superadmin };
}

/** The highest level valid shares of an item give an address (check-access). */
export async function grantedLevelForEmail(db: Database, itemId: number, email: string, now: Date = new Date()): Promise<number | null> {
  const [row] = await db
    .select({ level: sql<number | null>`max(${shares.level})` })
    .from(shares)
    .where(and(eq(shares.itemId, itemId), eq(shares.toEmail, email), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))));
  return row?.level === null || row?.level === undefined ? null : Number(row.level);
}

/**
 * The share behind a shared link's `?share=` ref, with what it shares; `ended` when it was removed (Remove access),
 * which a link treats as it does an expired grant.
 */
export async function findShareByRef(db: Database, ref: string) {
  // Read from a page's raw query (`?share=`) before any route schema checks it.
  if (!REF_PATTERN.test(ref)) return null;
  const [live] = await db
    .select({ expiresAt: shares.expiresAt, itemRef: items.ref, contentRef: contents.ref, sharedType: shares.sharedType })
    .from(shares)
    .leftJoin(items, eq(items.id, shares.itemId))
    .leftJoin(contents, eq(contents.id, shares.contentId))
    .where(eq(shares.ref, ref))
    .limit(1);
  if (live) return { ...live, removed: false };
  const [removed] = await db
    .select({ expiresAt: shareRemovals.removedAt, itemRef: items.ref, contentRef: contents.ref, sharedType: shareRemovals.sharedType })
    .from(shareRemovals)
    .leftJoin(items, eq(items.id, shareRemovals.itemId))
    .leftJoin(contents, eq(contents.id, shareRemovals.contentId))
    .where(eq(shareRemovals.ref, ref))
    .limit(1);
  return removed ? { ...removed, removed: true } : null;
}

export function isShareExpiringSoon(expiresAt: Date | null, now: Date = new Date()): boolean {
  return isShareValid(expiresAt, now) && expiresAt !== null && expiresAt.getTime() - now.getTime() <= SHARE_EXPIRING_SOON_DAYS * DAY_MS;
}

export type ShareDirection = 'received' | 'sent';

/**
 * Whose grants a list shows: those made to the viewer (Shared With Me), those a person made (Shared By Me, a user's
 * page), those addressed to a person (a user's page), or those of one item (its content rows' too) or collection.
 */
export type ShareScope =
  | { kind: 'addressedTo'; person: Pick<Viewer, 'email' | 'emailVerified'> & { id: number } }
  | { kind: 'sentBy'; userId: number }
  | { kind: 'item'; itemId: number }
  | { kind: 'collection'; collectionId: number };

function scopeCondition(scope: ShareScope): SQL {
  switch (scope.kind) {
    case 'addressedTo':
      return sharesAddressedTo(scope.person);
    case 'sentBy':
      return eq(shares.fromUserId, scope.userId);
    case 'item':
      return eq(shares.itemId, scope.itemId);
    case 'collection':
      return eq(shares.collectionId, scope.collectionId);
  }
}

const fromUsers = aliasedTable(users, 'share_from_users');
const removers = aliasedTable(users, 'share_removers');

/** What a share list reads of a grant's resource, for either table of grants (`shares`, `share_removals`). */
function resourceColumns(viewer: Viewer & { id: number }, now: Date) {
  return {
    item: { ref: items.ref, title: items.title, ...itemAccessColumns },
    imageRef: firstImageRef,
    grantedLevel: itemGrantedLevelSql(viewer, items.id, now).mapWith(Number),
    content: { ref: contents.ref, label: contents.label, published: contents.published, minimumAccessLevel: contents.minimumAccessLevel },
    collection: { ref: collections.ref, title: collections.title, userId: collections.userId, public: collections.public },
    collectionSharedWithViewer: collectionSharedWithViewer(viewer, now),
  };
}

/**
 * One page of a list of grants (`scope`), newest first, and how many there are in all. A resource the viewer may not
 * open now is locked (`sharedResourceOf`); each says whether the viewer may take it back (`canRemoveShare`).
 */
export async function listShares(
  db: Database,
  viewer: Viewer & { id: number },
  scope: ShareScope,
  page: number,
  perPage: number = SHARES_PER_PAGE,
  now: Date = new Date(),
): Promise<{ shares: Share[]; total: number }> {
  const condition = scopeCondition(scope);
  const rows = await db
    .select({
      ref: shares.ref,
      sharedType: shares.sharedType,
      level: shares.level,
      toEmail: shares.toEmail,
      createdAt: shares.createdAt,
      expiresAt: shares.expiresAt,
      fromUserId: shares.fromUserId,
      fromName: fromUsers.name,
      ...resourceColumns(viewer, now),
      total: sql<number>`count(*) over ()`,
    })
    .from(shares)
    .leftJoin(fromUsers, eq(fromUsers.id, shares.fromUserId))
    // A content share names its item too (`grantShare`).
    .leftJoin(items, eq(items.id, shares.itemId))
    .leftJoin(contents, eq(contents.id, shares.contentId))
    .leftJoin(collections, eq(collections.id, shares.collectionId))
    .where(condition)
    .orderBy(desc(shares.createdAt), desc(shares.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countShares(db, condition);
  return { shares: rows.map((row) => shareOfRow(viewer, row, now)), total };
}

/**
 * The grants of a scope that were taken back in the last REMOVED_SHARES_SHOWN_DAYS, newest first (at most
 * REMOVED_SHARES_SHOWN), with who removed each and when. Not for what was addressed to someone: a recipient's list
 * shows what they have.
 */
export async function listRemovedShares(
  db: Database,
  viewer: Viewer & { id: number },
  scope: Exclude<ShareScope, { kind: 'addressedTo' }>,
  now: Date = new Date(),
): Promise<RemovedShare[]> {
  const condition =
    scope.kind === 'sentBy'
      ? eq(shareRemovals.fromUserId, scope.userId)
      : scope.kind === 'item'
        ? eq(shareRemovals.itemId, scope.itemId)
        : eq(shareRemovals.collectionId, scope.collectionId);
  const since = new Date(now.getTime() - REMOVED_SHARES_SHOWN_DAYS * DAY_MS);
  const rows = await db
    .select({
      ref: shareRemovals.ref,
      sharedType: shareRemovals.sharedType,
      level: shareRemovals.level,
      toEmail: shareRemovals.toEmail,
      sharedAt: shareRemovals.sharedAt,
      removedAt: shareRemovals.removedAt,
      fromName: fromUsers.name,
      removerName: removers.name,
      ...resourceColumns(viewer, now),
    })
    .from(shareRemovals)
    .leftJoin(fromUsers, eq(fromUsers.id, shareRemovals.fromUserId))
    .leftJoin(removers, eq(removers.id, shareRemovals.removedByUserId))
    .leftJoin(items, eq(items.id, shareRemovals.itemId))
    .leftJoin(contents, eq(contents.id, shareRemovals.contentId))
    .leftJoin(collections, eq(collections.id, shareRemovals.collectionId))
    .where(and(condition, gt(shareRemovals.removedAt, since)))
    .orderBy(desc(shareRemovals.removedAt), desc(shareRemovals.id))
    .limit(REMOVED_SHARES_SHOWN);
  return rows.map((row) => ({
    ref: row.ref,
    shared_type: row.sharedType as SharedType,
    shared_title: sharedResourceOf(viewer, row, now)?.title ?? null,
    to_user: row.toEmail,
    from_user: row.fromName ?? A_FORMER_USER,
    level: row.level,
    date: row.sharedAt.toISOString(),
    removed_at: row.removedAt.toISOString(),
    removed_by: row.removerName ?? A_FORMER_USER,
  }));
}

const A_FORMER_USER = 'A former user';

/** A grant with what the policy needs to judge its removal (`canRemoveShare`) and what its notice names. */
export interface GrantForRemoval {
  id: number;
  ref: string;
  toEmail: string;
  grant: GrantFacts;
  /** Where the grant's resource is: the Remove button's page goes back there when it has no other. */
  resourcePath: string | null;
}

/** What a grant (live or removed) is of, as the policy judges it: its item's access facts or its collection's. */
const grantResourceColumns = {
  item: { ref: items.ref, ...itemAccessColumns },
  collection: { ref: collections.ref, userId: collections.userId, public: collections.public },
};

/** The page of a grant's item or collection, or null when both are gone. */
function grantResourcePath({ item, collection }: { item: { ref: string } | null; collection: { ref: string } | null }): string | null {
  return item ? ROUTES.item.path({ ref: item.ref }) : collection ? ROUTES.collection.path({ ref: collection.ref }) : null;
}

/** The live grant `ref` names, or null: removed or never made (`findRemovedShare` tells the two apart). */
export async function findGrantForRemoval(db: Database, ref: string): Promise<GrantForRemoval | null> {
  const [row] = await db
    .select({
      id: shares.id,
      ref: shares.ref,
      toEmail: shares.toEmail,
      fromUserId: shares.fromUserId,
      ...grantResourceColumns,
    })
    .from(shares)
    .leftJoin(items, eq(items.id, shares.itemId))
    .leftJoin(collections, eq(collections.id, shares.collectionId))
    .where(eq(shares.ref, ref))
    .limit(1);
  if (!row) return null;
  const { item, collection } = row;
  return { id: row.id, ref: row.ref, toEmail: row.toEmail, grant: { fromUserId: row.fromUserId, item, collection }, resourcePath: grantResourcePath(row) };
}

/** A grant that was removed, with what the policy needs to judge who may hear so. */
export interface RemovedGrant {
  grant: GrantFacts;
  resourcePath: string | null;
}

/** The removed grant `ref` names, or null when it names none. */
export async function findRemovedShare(db: Database, ref: string): Promise<RemovedGrant | null> {
  const [row] = await db
    .select({
      fromUserId: shareRemovals.fromUserId,
      ...grantResourceColumns,
    })
    .from(shareRemovals)
    .leftJoin(items, eq(items.id, shareRemovals.itemId))
    .leftJoin(collections, eq(collections.id, shareRemovals.collectionId))
    .where(eq(shareRemovals.ref, ref))
    .limit(1);
  if (!row) return null;
  const { item, collection } = row;
  return { grant: { fromUserId: row.fromUserId, item, collection }, resourcePath: grantResourcePath(row) };
}

/**
 * Ends a grant: its row moves from `shares` to `share_removals`, in one transaction, so every path that reads shares
 * for access stops finding it at the commit (and the library's versions rise with it: cached lists and pages of every
 * instance). The history records the share's deletion with who removed it. False when it was gone already.
 */
export async function removeShare(db: Database, shareId: number, removedByUserId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await sqlRows<{ id: number }>(
      tx,
      sql`with removed as (delete from ${shares} where ${eq(shares.id, shareId)} returning *)
          insert into ${shareRemovals} (ref, shared_type, item_id, collection_id, content_id, from_user_id, to_email, level, expires_at, shared_at, removed_by_user_id)
          select ref, shared_type, item_id, collection_id, content_id, from_user_id, to_email, level, expires_at, created_at, ${removedByUserId}
          from removed
          returning id`,
    );
    return moved.length > 0;
  });
}

/** SQL over the joined `collections`: a valid share of it is addressed to the viewer (`canOpenCollection`). */
function collectionSharedWithViewer(viewer: Viewer, now: Date): SQL<boolean> {
  const inner = sql`select 1 from ${shares} where ${and(eq(shares.collectionId, collections.id), collectionSharesToViewer(viewer, now))}`;
  return sql<boolean>`exists (${inner})`.mapWith(Boolean);
}

async function countShares(db: Database, condition: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(shares)
    .where(condition);
  return Number(row?.count ?? 0);
}

interface ShareRow extends ResourceRow {
  ref: string;
  level: number;
  toEmail: string;
  createdAt: Date;
  expiresAt: Date | null;
  fromUserId: number | null;
  fromName: string | null;
}

/** What `sharedResourceOf` reads of a grant's resource. */
interface ResourceRow {
  sharedType: string;
  item: (ItemAccessFacts & { ref: string; title: string }) | null;
  imageRef: string | null;
  grantedLevel: number | null;
  content: (ContentAccessFacts & { ref: string; label: string }) | null;
  collection: (CollectionAccessFacts & { ref: string; title: string }) | null;
  collectionSharedWithViewer: boolean;
}

function shareOfRow(viewer: Viewer, row: ShareRow, now: Date): Share {
  const resource = sharedResourceOf(viewer, row, now);
  const grant: GrantFacts = { fromUserId: row.fromUserId, item: row.item, collection: row.collection };
  return {
    ref: row.ref,
    shared_type: row.sharedType as SharedType,
    shared_url_path: resource && shareLinkPath(resource.path, row.ref),
    shared_image: resource?.imageRef ? itemImageUrls(resource.imageRef).public_thumbnail_large_url : null,
    shared_title: resource?.title ?? null,
    to_user: row.toEmail,
    from_user: row.fromName ?? A_FORMER_USER,
    date: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    level: row.level,
    valid: isShareValid(row.expiresAt, now),
    expiring_soon: isShareExpiringSoon(row.expiresAt, now),
    can_remove: canRemoveShare(viewer, grant),
  };
}

/**
 * The shared resource as the viewer may see it now, or null (locked) when they may not open it now: an item by
 * `canOpenItem` (level, role, their own valid shares, expiry), a content row by `canSeeContent` too, a collection by
 * `canOpenCollection`. The sharer is held to the same rule, having perhaps lost access since. A locked resource gives
 * nothing away, not even its ref: what it is called and shows now is not theirs to see.
 */
function sharedResourceOf(viewer: Viewer, row: ResourceRow, now: Date): { path: string; title: string; imageRef: string | null } | null {
  const { item, content, collection } = row;
  if (row.sharedType === 'collection') {
    if (!collection || !canOpenCollection(viewer, collection, row.collectionSharedWithViewer)) return null;
    return { path: ROUTES.collection.path({ ref: collection.ref }), title: collection.title, imageRef: null };
  }
  if (!item || !canOpenItem(viewer, item, row.grantedLevel, now)) return null;
  if (row.sharedType === 'item_content') {
    if (!content || !canSeeContent(viewer, item, content, row.grantedLevel)) return null;
    return { path: ROUTES.content.path({ ref: content.ref }), title: `${content.label} (${item.title})`, imageRef: row.imageRef };
  }
  return { path: ROUTES.item.path({ ref: item.ref }), title: item.title, imageRef: row.imageRef };
}

/**
 * An item's (with its content rows') or a collection's grants, live and lately removed, for its access panel; empty
 * for anyone who may not manage them (`canManageGrantsOf`).
 */
export async function resourceGrants(
  db: Database,
  viewer: Viewer,
  resource: { kind: 'item'; id: number; facts: ItemAccessFacts } | { kind: 'collection'; id: number; facts: CollectionAccessFacts },
  now: Date = new Date(),
): Promise<ResourceGrants> {
  const facts = resource.kind === 'item' ? { item: resource.facts, collection: null } : { item: null, collection: resource.facts };
  if (!isSignedInWithId(viewer) || !canManageGrantsOf(viewer, facts)) return { shares: [], removed: [] };
  const scope: ShareScope = resource.kind === 'item' ? { kind: 'item', itemId: resource.id } : { kind: 'collection', collectionId: resource.id };
  const { shares: live } = await listShares(db, viewer, scope, 1, RESOURCE_GRANTS_SHOWN, now);
  return { shares: live, removed: await listRemovedShares(db, viewer, scope, now) };
}

function isSignedInWithId(viewer: Viewer): viewer is Viewer & { id: number } {
  return viewer.id !== null;
}

/** A person's grants, made and received, for their user page: admins only (who may take any back); null for others. */
export async function personGrants(
  db: Database,
  viewer: Viewer,
  person: Pick<Viewer, 'email' | 'emailVerified'> & { id: number },
  now: Date = new Date(),
): Promise<PersonGrants | null> {
  if (!isSignedInWithId(viewer) || !viewer.admin) return null;
  const [sent, received] = await Promise.all([
    listShares(db, viewer, { kind: 'sentBy', userId: person.id }, 1, RESOURCE_GRANTS_SHOWN, now),
    listShares(db, viewer, { kind: 'addressedTo', person }, 1, RESOURCE_GRANTS_SHOWN, now),
  ]);
  return { sent: sent.shares, received: received.shares, removed: await listRemovedShares(db, viewer, { kind: 'sentBy', userId: person.id }, now) };
}

/** Forgets removed grants older than the history keeps its changes (HISTORY_RETENTION_DAYS); resolves with how many went. */
export async function sweepOldShareRemovals(db: Database, retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return deleteInBatches(db, shareRemovals, sql`${shareRemovals.removedAt} < ${cutoff}::timestamptz`, SHARE_REMOVALS_SWEEP_BATCH);
}

const SHARE_REMOVALS_SWEEP_BATCH = 10_000;
