/** Share rows: granting (one row per sharer, resource and address), the shared link's share, and the /share and /sent lists. */
import { aliasedTable, and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SharedType } from '../../../shared/enums';
import { itemImageUrls } from '../../../shared/items';
import { ROUTES } from '../../../shared/routes';
import { SHARE_EXPIRING_SOON_DAYS, SHARE_QUERY_PARAM, SHARES_PER_PAGE, type Share, type ShareValidity } from '../../../shared/sharing';
import {
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
import { collections, contents, items, shares, users, userTypes } from '../../db/schema';
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

/** The share behind a shared link's `?share=` ref, with what it shares. */
export async function findShareByRef(db: Database, ref: string) {
  // Read from a page's raw query (`?share=`) before any route schema checks it.
  if (!REF_PATTERN.test(ref)) return null;
  const [row] = await db
    .select({ id: shares.id, expiresAt: shares.expiresAt, itemRef: items.ref, contentRef: contents.ref, sharedType: shares.sharedType })
    .from(shares)
    .leftJoin(items, eq(items.id, shares.itemId))
    .leftJoin(contents, eq(contents.id, shares.contentId))
    .where(eq(shares.ref, ref))
    .limit(1);
  return row ?? null;
}

export function isShareExpiringSoon(expiresAt: Date | null, now: Date = new Date()): boolean {
  return isShareValid(expiresAt, now) && expiresAt !== null && expiresAt.getTime() - now.getTime() <= SHARE_EXPIRING_SOON_DAYS * DAY_MS;
}

export type ShareDirection = 'received' | 'sent';

const fromUsers = aliasedTable(users, 'share_from_users');

/**
 * One page of the shares made to this viewer (Shared With Me) or by them (Shared By Me), newest first, and how many
 * there are in all. A resource the viewer may not open now is locked (`sharedResourceOf`).
 */
export async function listShares(
  db: Database,
  viewer: Viewer & { id: number },
  direction: ShareDirection,
  page: number,
  now: Date = new Date(),
): Promise<{ shares: Share[]; total: number }> {
  const condition = direction === 'sent' ? eq(shares.fromUserId, viewer.id) : sharesAddressedTo(viewer);
  const rows = await db
    .select({
      ref: shares.ref,
      sharedType: shares.sharedType,
      level: shares.level,
      toEmail: shares.toEmail,
      createdAt: shares.createdAt,
      expiresAt: shares.expiresAt,
      fromName: fromUsers.name,
      item: {
        ref: items.ref,
        title: items.title,
        ...itemAccessColumns,
      },
      imageRef: firstImageRef,
      grantedLevel: itemGrantedLevelSql(viewer, items.id, now).mapWith(Number),
      content: { ref: contents.ref, label: contents.label, published: contents.published, minimumAccessLevel: contents.minimumAccessLevel },
      collection: { ref: collections.ref, title: collections.title, userId: collections.userId, public: collections.public },
      collectionSharedWithViewer: collectionSharedWithViewer(viewer, now),
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
    .limit(SHARES_PER_PAGE)
    .offset((page - 1) * SHARES_PER_PAGE);
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countShares(db, condition);
  return { shares: rows.map((row) => shareOfRow(viewer, row, now)), total };
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

interface ShareRow {
  ref: string;
  sharedType: string;
  level: number;
  toEmail: string;
  createdAt: Date;
  expiresAt: Date | null;
  fromName: string | null;
  item: (ItemAccessFacts & { ref: string; title: string }) | null;
  imageRef: string | null;
  grantedLevel: number | null;
  content: (ContentAccessFacts & { ref: string; label: string }) | null;
  collection: (CollectionAccessFacts & { ref: string; title: string }) | null;
  collectionSharedWithViewer: boolean;
}

function shareOfRow(viewer: Viewer, row: ShareRow, now: Date): Share {
  const resource = sharedResourceOf(viewer, row, now);
  return {
    ref: row.ref,
    shared_type: row.sharedType as SharedType,
    shared_url_path: resource && shareLinkPath(resource.path, row.ref),
    shared_image: resource?.imageRef ? itemImageUrls(resource.imageRef).public_thumbnail_large_url : null,
    shared_title: resource?.title ?? null,
    to_user: row.toEmail,
    from_user: row.fromName ?? 'A former user',
    date: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    level: row.level,
    valid: isShareValid(row.expiresAt, now),
    expiring_soon: isShareExpiringSoon(row.expiresAt, now),
  };
}

/**
 * The shared resource as the viewer may see it now, or null (locked) when they may not open it now: an item by
 * `canOpenItem` (level, role, their own valid shares, expiry), a content row by `canSeeContent` too, a collection by
 * `canOpenCollection`. The sharer is held to the same rule, having perhaps lost access since. A locked resource gives
 * nothing away, not even its ref: what it is called and shows now is not theirs to see.
 */
function sharedResourceOf(viewer: Viewer, row: ShareRow, now: Date): { path: string; title: string; imageRef: string | null } | null {
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
