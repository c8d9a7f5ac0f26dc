/**
 * Item folders in the drive (GET /i/{ref}/folder opens one, POST creates it): creating one named by
 * `itemFolderName`, and Equip's own folder view for the local drive.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatBytes, type FolderEntry } from '../../../shared/content';
import { ROUTES } from '../../../shared/routes';
import { canSeeContent, canSeeDriveFiles, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { itemFolderName } from '../../drive/naming';
import { DriveNotFoundError, FOLDER_MIME_TYPE, type DriveEntry, type DrivePort } from '../../drive/port';
import { grantedLevelFor, type ItemRecord } from '../../items';
import { contentsOfItem, findItemByFolder } from './queries';

/** How far up the drive's folders an entry is traced to its item's folder (items keep subfolders shallow). */
const MAX_FOLDER_DEPTH = 8;

type FolderItem = Pick<ItemRecord, 'id' | 'code' | 'title' | 'googleDriveFolderId'>;

/**
 * The item's folder id, creating the folder when the item has none (or its folder is gone from the drive).
 * `created` tells whether this call made it. Two requests at once may both create one: the database keeps the
 * first, and the other removes its own.
 */
export async function ensureItemFolder(
  db: Database,
  drive: DrivePort,
  item: FolderItem,
  log: FastifyBaseLogger,
): Promise<{ folderId: string; created: boolean }> {
  if (item.googleDriveFolderId && (await folderExists(drive, item.googleDriveFolderId))) return { folderId: item.googleDriveFolderId, created: false };
  const folder = await drive.createFolder(itemFolderName(item), await drive.rootFolderId());
  const unchanged = item.googleDriveFolderId === null ? isNull(items.googleDriveFolderId) : eq(items.googleDriveFolderId, item.googleDriveFolderId);
  const [stored] = await db.transaction((tx) =>
    tx
      .update(items)
      .set({ googleDriveFolderId: folder.id })
      .where(and(eq(items.id, item.id), unchanged))
      .returning({ id: items.id }),
  );
  if (stored) return { folderId: folder.id, created: true };
  await removeQuietly(drive, folder.id, log);
  const [current] = await db.select({ folderId: items.googleDriveFolderId }).from(items).where(eq(items.id, item.id));
  return { folderId: current?.folderId ?? folder.id, created: false };
}

async function folderExists(drive: DrivePort, id: string): Promise<boolean> {
  try {
    return (await drive.get(id)).mimeType === FOLDER_MIME_TYPE;
  } catch (error) {
    if (error instanceof DriveNotFoundError) return false;
    throw error;
  }
}

/**
 * Removes drive files Equip just wrote and no longer needs; a failure is logged, never thrown over the real error.
 * Answers whether the file is gone.
 */
export async function removeQuietly(drive: DrivePort, id: string, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await drive.remove(id);
    return true;
  } catch (error) {
    log.error({ err: error, driveId: id }, 'could not remove a drive file after a failed write');
    return false;
  }
}

/** The drive entry, or null when the drive has no such file or folder. */
export async function driveEntryOrNull(drive: DrivePort, id: string): Promise<DriveEntry | null> {
  try {
    return await drive.get(id);
  } catch (error) {
    if (error instanceof DriveNotFoundError) return null;
    throw error;
  }
}

/** The item whose folder holds this entry (directly or in a subfolder), if any. */
export async function itemOwningEntry(db: Database, drive: DrivePort, entry: DriveEntry): Promise<ItemRecord | null> {
  let folderId = entry.mimeType === FOLDER_MIME_TYPE ? entry.id : entry.parentId;
  for (let depth = 0; folderId && depth < MAX_FOLDER_DEPTH; depth += 1) {
    const item = await findItemByFolder(db, folderId);
    if (item) return item;
    folderId = (await driveEntryOrNull(drive, folderId))?.parentId ?? null;
  }
  return null;
}

/**
 * The entries of a folder as this viewer may see them: editors every file (opening through its content row, or the
 * local drive's own view); everyone else only the files of content rows they may open.
 */
export async function folderEntriesFor(db: Database, drive: DrivePort, viewer: Viewer, item: ItemRecord, folderId: string, now: Date): Promise<FolderEntry[]> {
  const [entries, rows] = await Promise.all([drive.list(folderId), contentsOfItem(db, item.id)]);
  const editor = canSeeDriveFiles(viewer, item);
  const granted = editor ? null : await grantedLevelFor(db, viewer, item.id, now);
  const rowByFile = new Map(rows.filter((row) => row.googleDriveFileId).map((row) => [row.googleDriveFileId!, row]));
  const shown: FolderEntry[] = [];
  for (const entry of entries) {
    const row = rowByFile.get(entry.id);
    const openable = row !== undefined && canSeeContent(viewer, item, row, granted);
    if (!editor && !openable) continue;
    shown.push({
      name: entry.name,
      format: entry.format,
      size: formatBytes(entry.size),
      href: openable ? ROUTES.content.path({ ref: row.ref }) : entry.webViewUrl,
      content_label: row?.label ?? null,
    });
  }
  return shown;
}
