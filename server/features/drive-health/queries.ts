/** The library rows the drive health checks compare with the drive and the image folder. */
import { asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contents, driveUploads, itemImages, items } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';

export interface ItemFolderRow {
  id: number;
  code: string;
  title: string;
  minimumAccessLevel: number;
  folderId: string;
}

export interface ContentFileRow {
  id: number;
  label: string;
  fileId: string;
  format: string;
  sizeBytes: number | null;
  minimumAccessLevel: number;
  published: boolean;
  item: { id: number; code: string; title: string; minimumAccessLevel: number; folderId: string | null };
}

export interface UploadedImageRow {
  ref: string;
  storageKey: string;
  item: { code: string; title: string };
}

export async function itemsWithFolders(db: Database): Promise<ItemFolderRow[]> {
  const rows = await db
    .select({ id: items.id, code: items.code, title: items.title, minimumAccessLevel: items.minimumAccessLevel, folderId: items.googleDriveFolderId })
    .from(items)
    .where(isNotNull(items.googleDriveFolderId))
    .orderBy(asc(items.code));
  return rows.map((row) => ({ ...row, folderId: row.folderId! }));
}

export async function contentsWithFiles(db: Database): Promise<ContentFileRow[]> {
  const rows = await db
    .select({
      id: contents.id,
      label: contents.label,
      fileId: contents.googleDriveFileId,
      format: contents.format,
      sizeBytes: contents.sizeBytes,
      minimumAccessLevel: contents.minimumAccessLevel,
      published: contents.published,
      item: { id: items.id, code: items.code, title: items.title, minimumAccessLevel: items.minimumAccessLevel, folderId: items.googleDriveFolderId },
    })
    .from(contents)
    .innerJoin(items, eq(items.id, contents.itemId))
    .where(isNotNull(contents.googleDriveFileId))
    .orderBy(asc(items.code), asc(contents.position), asc(contents.id));
  return rows.map((row) => ({ ...row, fileId: row.fileId! }));
}

export async function uploadedImages(db: Database): Promise<UploadedImageRow[]> {
  return db
    .select({ ref: itemImages.ref, storageKey: itemImages.storageKey, item: { code: items.code, title: items.title } })
    .from(itemImages)
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(eq(itemImages.source, 'upload'))
    .orderBy(asc(items.code), asc(itemImages.position), asc(itemImages.id));
}

export interface UnfinishedUploadRow {
  id: number;
  folderId: string;
  name: string;
  sizeBytes: number;
  startedAt: Date;
  /** The item whose folder it is, if one still is. */
  item: { code: string; title: string } | null;
}

/** The upload journal's rows started before the time, oldest first. */
export async function unfinishedUploads(db: Database, startedBefore: Date): Promise<UnfinishedUploadRow[]> {
  return db
    .select({
      id: driveUploads.id,
      folderId: driveUploads.folderId,
      name: driveUploads.name,
      sizeBytes: driveUploads.sizeBytes,
      startedAt: driveUploads.startedAt,
      item: { code: items.code, title: items.title },
    })
    .from(driveUploads)
    .leftJoin(items, eq(items.googleDriveFolderId, driveUploads.folderId))
    .where(lt(driveUploads.startedAt, startedBefore))
    .orderBy(asc(driveUploads.startedAt), asc(driveUploads.id));
}

/** Bytes the database takes on disk; null when the engine cannot say. */
export async function databaseSizeBytes(db: Database): Promise<number | null> {
  try {
    const [row] = await sqlRows<{ size: unknown }>(db, sql`select pg_database_size(current_database()) as size`);
    const size = Number(row?.size);
    return Number.isFinite(size) ? size : null;
  } catch {
    return null;
  }
}
