/**
 * Loading one item for a viewer: the record, and whether the viewer may open it. The ItemDetail the
 * item page shows is built in `features/items/detail.ts`.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SIGN_IN_HINT } from '../../shared/messages';
import { canListItem, isSignedIn, itemOpening, validSharesToViewer, type ItemAccessFacts, type ItemOpening, type SqlTime, type Viewer } from '../access/policy';
import type { RecordGuardOptions, Verdict } from '../access/record-guard';
import { verifiedEmail } from '../auth/verification';
import type { Database } from '../db/client';
import { items, shares, users } from '../db/schema';
import { forbidden, gone } from '../lib/http-errors';

// What only the indexes read (words, title words, filter keys, the title's order) is no part of an item's record.
const { searchVector: _searchVector, titleVector: _titleVector, filterKeys: _filterKeys, titleKey: _titleKey, ...itemColumns } = getTableColumns(items);

/** An item row with its maintainer, as the item page and its calls need it. */
export type ItemRecord = NonNullable<Awaited<ReturnType<typeof findItemRecord>>>;

async function selectItemRecord(db: Database, condition: SQL) {
  const [row] = await itemRecordQuery(db, condition);
  return row ?? null;
}

/**
 * The statement that loads an item row with its maintainer (and `extra` fields of that row), not yet run. The
 * maintainer's address only when verified: the item page shows it to others.
 */
export function itemRecordQuery<Extra extends Record<string, SQL> = Record<never, SQL>>(db: Database, condition: SQL, extra: Extra = {} as Extra) {
  return db
    .select({ ...itemColumns, maintainerRef: users.ref, maintainerName: users.name, maintainerEmail: verifiedEmail, ...extra })
    .from(items)
    .leftJoin(users, eq(users.id, items.createdByUserId))
    .where(condition)
    .limit(1);
}

function prepareItemRecordByRef(db: Database) {
  return itemRecordQuery(db, eq(items.ref, sql.placeholder('ref'))).prepare('equip_item_record_by_ref');
}

/** Every item page starts with this statement: prepared once per database handle (no SQL to build, no parsing on PostgreSQL). */
const itemRecordByRef = new WeakMap<Database, ReturnType<typeof prepareItemRecordByRef>>();

/** The item behind a ref, whoever asks: check access before showing any of it. */
export async function findItemRecord(db: Database, ref: string) {
  let query = itemRecordByRef.get(db);
  if (!query) itemRecordByRef.set(db, (query = prepareItemRecordByRef(db)));
  const [row] = await query.execute({ ref });
  return row ?? null;
}

export async function findItemRecordById(db: Database, id: number) {
  return selectItemRecord(db, eq(items.id, id));
}

/** The highest level a valid share gives this viewer for this item, or null when none does. */
export async function grantedLevelFor(db: Database, viewer: Viewer, itemId: number, now: Date = new Date()): Promise<number | null> {
  if (!isSignedIn(viewer)) return null;
  const [row] = await db
    .select({ level: max(shares.level) })
    .from(shares)
    .where(and(eq(shares.itemId, itemId), validSharesToViewer(viewer, now)));
  return row?.level ?? null;
}

/** SQL: the highest level a valid share of the item gives the viewer (null when none), for `canSeeContent`. */
export function itemGrantedLevelSql(viewer: Viewer, itemId: SQLWrapper, now: SqlTime): SQL {
  return sql`(select ${max(shares.level)} from ${shares} where ${and(eq(shares.itemId, itemId), validSharesToViewer(viewer, now))})`;
}

/**
 * What the item page answers this viewer (`itemOpening`: open, 403 or 410), asking for share grants only when level
 * and role are not enough.
 */
export async function viewerOpening(db: Database, viewer: Viewer, record: ItemAccessFacts & { id: number }, now: Date = new Date()): Promise<ItemOpening> {
  const opening = itemOpening(viewer, record, null, now);
  if (opening !== 'forbidden') return opening;
  return itemOpening(viewer, record, await grantedLevelFor(db, viewer, record.id, now), now);
}

/** Whether the viewer may open the item now (expiry included). */
export async function viewerCanOpen(db: Database, viewer: Viewer, record: ItemRecord, now: Date = new Date()): Promise<boolean> {
  return (await viewerOpening(db, viewer, record, now)) === 'open';
}

/** Whether the item may appear in a list this viewer sees (UNLISTED items only for admins; expiry included). */
export async function viewerCanList(db: Database, viewer: Viewer, record: ItemRecord, now: Date = new Date()): Promise<boolean> {
  if (canListItem(viewer, record, null, now)) return true;
  return canListItem(viewer, record, await grantedLevelFor(db, viewer, record.id, now), now);
}

/** Record rule of a route's item (server/access/record-guard.ts): whether the viewer may open it now, 'gone' when expired for them. */
export async function mayOpenItem(viewer: Viewer, record: ItemAccessFacts & { id: number }, request: FastifyRequest): Promise<Verdict> {
  const opening = await viewerOpening(request.server.db, viewer, record);
  return opening === 'gone' ? 'gone' : opening === 'open';
}

/**
 * A route's item opened as its page opens it (`loads('item', findItemRecord, { ...OPENS_ITEM, may })`): 403 naming the
 * item for Ask for access, 410 with the expiry note.
 */
export const OPENS_ITEM = {
  opens: mayOpenItem,
  askForAccessTo: (item: { id: number }) => item.id,
  goneDetail: (item: { expiresNote: string | null }) => item.expiresNote,
} satisfies RecordGuardOptions<ItemRecord>;

/** 403 (never the title; a sign-in hint for anonymous visitors) or 410 unless this viewer may open the item. */
export async function assertViewerMayOpen(db: Database, viewer: Viewer, record: ItemRecord, now: Date): Promise<void> {
  const opening = await viewerOpening(db, viewer, record, now);
  if (opening === 'forbidden') throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT, record.id);
  if (opening === 'gone') throw gone(record.expiresNote);
}
