/**
 * Loading one item for a viewer: the record, whether the viewer may open it, and the
 * full ItemDetail the item page shows. Every part is one query, whatever the item holds.
 */
import { and, eq, getTableColumns, max, type SQL } from 'drizzle-orm';
import type { ItemDetail } from '../../../shared/items';
import { SIGN_IN_HINT } from '../../../shared/messages';
import {
  canEditItem,
  canListItem,
  canOpenExpiredItem,
  canOpenItem,
  canSeeMaintainer,
  canSeeMaintainerEmail,
  isItemExpired,
  isSignedIn,
  validSharesToViewer,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { items, shares, users } from '../../db/schema';
import { forbidden, gone, notFound } from '../../lib/http-errors';
import { REF_PATTERN } from '../../lib/ref';
import { loadAffirmationSummary } from './affirmations';
import { loadCharacteristics, loadImages, loadItemTasks } from './detail-parts';
import { loadRelations } from './relations';
import { isItemExpiring, itemSummary, visibilityFields } from './summary';
import { loadItemTags } from './tags';

const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);

/** An item row with its maintainer, as the item page and its calls need it. */
export type ItemRecord = NonNullable<Awaited<ReturnType<typeof findItemRecord>>>;

async function selectItemRecord(db: Database, condition: SQL) {
  const [row] = await itemRecordQuery(db, condition);
  return row ?? null;
}

/** The statement that loads an item row with its maintainer, not yet run. */
export function itemRecordQuery(db: Database, condition: SQL) {
  return db
    .select({ ...itemColumns, maintainerRef: users.ref, maintainerName: users.name, maintainerEmail: users.email })
    .from(items)
    .leftJoin(users, eq(users.id, items.createdByUserId))
    .where(condition)
    .limit(1);
}

/** The item behind a ref, whoever asks: check access before showing any of it. */
export async function findItemRecord(db: Database, ref: string) {
  return REF_PATTERN.test(ref) ? selectItemRecord(db, eq(items.ref, ref)) : null;
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

/** Whether the viewer may open the item, asking for share grants only when level and role are not enough. */
export async function viewerCanOpen(db: Database, viewer: Viewer, record: ItemRecord, now: Date = new Date()): Promise<boolean> {
  if (canOpenItem(viewer, record)) return true;
  return canOpenItem(viewer, record, await grantedLevelFor(db, viewer, record.id, now));
}

/** Whether the item may appear in a list this viewer sees (UNLISTED items only for admins). */
export async function viewerCanList(db: Database, viewer: Viewer, record: ItemRecord, now: Date = new Date()): Promise<boolean> {
  if (canListItem(viewer, record)) return true;
  return canListItem(viewer, record, await grantedLevelFor(db, viewer, record.id, now));
}

/**
 * The item behind `ref` if this viewer may open it. Unknown → 404; exists but not for this
 * viewer → 403 (never the title; a sign-in hint for anonymous visitors); expired → 410 for
 * everyone but its editors.
 */
export async function openItemForViewer(db: Database, viewer: Viewer, ref: string, now: Date = new Date()): Promise<ItemRecord> {
  const record = await findItemRecord(db, ref);
  if (!record) throw notFound();
  if (!(await viewerCanOpen(db, viewer, record, now))) throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
  if (isItemExpired(record, now) && !canOpenExpiredItem(viewer, record)) throw gone(record.expiresNote);
  return record;
}

/** The full item for a viewer who may open it (see `openItemForViewer`). */
export async function loadItemDetailFor(db: Database, viewer: Viewer, record: ItemRecord, now: Date = new Date()): Promise<ItemDetail> {
  const [images, tags, characteristics, relations, tasks, affirmations] = await Promise.all([
    loadImages(db, record.id),
    loadItemTags(db, viewer, record.id),
    loadCharacteristics(db, viewer, record),
    loadRelations(db, viewer, record.id, now),
    loadItemTasks(db, viewer, record, now),
    loadAffirmationSummary(db, record.id),
  ]);
  const summary = itemSummary({ ...record, imageRef: images[0]?.ref ?? null }, now);
  return {
    ...summary,
    visibility_explanation: visibilityFields(record.visibility).visibility_explanation,
    authors: record.authors,
    all_images: images,
    available_external_link: record.availableExternalLink,
    initial_publication_year_month: record.initialPublicationYearMonth,
    last_updated_year_month: record.lastUpdatedYearMonth,
    google_drive_folder_id: record.googleDriveFolderId,
    expires_at: record.expiresAt?.toISOString() ?? null,
    expiring: isItemExpiring(record.expiresAt, now),
    expires_note: record.expiresNote,
    ...curationFields(viewer, record),
    show_created_by: record.showCreatedBy,
    ...maintainerFields(viewer, record),
    show_as_user_contributed: record.showAsUserContributed,
    code: record.code,
    view_count: record.viewCount,
    recent_view_count: record.recentViewCount,
    ...affirmations,
    tags: tags.tags,
    tag_groups: tags.groups,
    characteristics,
    relations,
    tasks,
  };
}

/** `loadItemDetailFor` from a ref, with the same 404/403/410 answers as the item page. */
export async function loadItemDetail(db: Database, viewer: Viewer, ref: string, now: Date = new Date()): Promise<ItemDetail> {
  return loadItemDetailFor(db, viewer, await openItemForViewer(db, viewer, ref, now), now);
}

/** Review notes are the editors' working notes. */
function curationFields(viewer: Viewer, record: ItemRecord) {
  const editor = canEditItem(viewer, record);
  return { review_after: editor ? record.reviewAfter : null, review: editor ? record.review : null };
}

function maintainerFields(viewer: Viewer, record: ItemRecord) {
  const named = canSeeMaintainer(viewer, record);
  return {
    created_by_user_ref: named ? record.maintainerRef : null,
    created_by_user_name: named ? record.maintainerName : null,
    created_by_user_email: canSeeMaintainerEmail(viewer, record) ? record.maintainerEmail : null,
  };
}
