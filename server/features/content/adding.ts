/**
 * Adding content rows: uploaded files and existing files of the item's folder. The drive
 * and the database stay consistent: files go to the drive first, then every row in one transaction; when that
 * fails, the files just uploaded are removed again (unless the database went away, when the rows may be there).
 */
import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { CONTENT_FIELDS, CONTENT_MESSAGES, formatBytes, type UnlinkedFile } from '../../../shared/content';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { defaultContentLabel } from '../../drive/naming';
import type { DriveEntry, DrivePort } from '../../drive/port';
import type { ItemRecord } from '../../items';
import { driveEntryOrNull, ensureItemFolder, removeQuietly } from './folder';
import { appendContents, findFullVersion, linkedDriveFileIds, type NewContentRow } from './queries';
import { forgetUploadsQuietly, journalUploads } from './upload-journal';
import type { CheckedContentFile } from './uploads';

export type FieldErrors = Record<string, string>;
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const LABEL_MAX = 255;

/** The row a drive file becomes: label, format and size from the drive. */
function rowOfEntry(entry: DriveEntry, label: string | null, sampleOfId: number | null): NewContentRow {
  return {
    label: (label?.trim() || defaultContentLabel(entry.name)).slice(0, LABEL_MAX),
    format: entry.format,
    sizeBytes: entry.size,
    googleDriveFileId: entry.id,
    isSampleOfId: sampleOfId,
  };
}

/** The full version a sample upload names: required when `sample` is set, a non-sample row of the same item. */
export async function sampleTarget(db: Database, item: ItemRecord, fields: Record<string, string>): Promise<Outcome<number | null>> {
  if (!isTruthy(fields.sample)) return { ok: true, value: null };
  const full = fields.sampleOfRef ? await findFullVersion(db, item.id, fields.sampleOfRef) : null;
  if (!full) return { ok: false, errors: { [CONTENT_FIELDS.sampleOf]: CONTENT_MESSAGES.chooseFullVersion } };
  return { ok: true, value: full.id };
}

/**
 * Uploads checked files into the item's folder (made first when there is none) and adds a row for each. Each file is
 * in the upload journal while it has no row, so a crash part-way leaves a trace for the orphaned-drive-files check.
 */
export async function addUploadedContents(
  db: Database,
  drive: DrivePort,
  item: ItemRecord,
  files: readonly CheckedContentFile[],
  sampleOfId: number | null,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const { folderId } = await ensureItemFolder(db, drive, item, log);
  const journal = await journalUploads(db, folderId, files);
  const uploaded: DriveEntry[] = [];
  let refs: string[];
  try {
    for (const file of files) {
      uploaded.push(await drive.upload({ name: file.name, mimeType: file.mimeType, parentId: folderId, body: createReadStream(file.path), size: file.size }));
    }
    refs = await appendContents(
      db,
      item.id,
      uploaded.map((entry) => rowOfEntry(entry, null, sampleOfId)),
    );
  } catch (error) {
    // The database went away while the rows were written: they may have been committed all the same, and a row must
    // never point at a removed file. The files stay journaled; the orphaned-uploads check removes those no row uses.
    if (!isDatabaseUnavailable(error)) await undoUploads(db, drive, journal, uploaded, log);
    throw error;
  }
  await forgetUploadsQuietly(db, journal, log);
  return refs;
}

/**
 * Removes the files a failed upload wrote, and clears the journal rows of the files surely not in the drive. The
 * file whose upload failed may have reached the drive all the same, and a file that could not be removed is still
 * there: their rows stay for the orphaned-drive-files check.
 */
async function undoUploads(db: Database, drive: DrivePort, journal: readonly number[], uploaded: readonly DriveEntry[], log: FastifyBaseLogger): Promise<void> {
  const removed: number[] = [];
  for (const [index, entry] of uploaded.entries()) {
    if (await removeQuietly(drive, entry.id, log)) removed.push(journal[index]!);
  }
  const neverStarted = journal.slice(uploaded.length + 1);
  await forgetUploadsQuietly(db, [...removed, ...neverStarted], log);
}

/** Links a file of the item's folder that no row uses yet (Link Existing File). */
export async function linkExistingFile(db: Database, drive: DrivePort, item: ItemRecord, fileId: string, label: string | null): Promise<Outcome<string>> {
  const refuse = (message: string): Outcome<string> => ({ ok: false, errors: { [CONTENT_FIELDS.driveFile]: message } });
  const entry = await driveEntryOrNull(drive, fileId);
  if (!entry || !item.googleDriveFolderId || entry.parentId !== item.googleDriveFolderId) return refuse(CONTENT_MESSAGES.fileNotInFolder);
  if ((await linkedDriveFileIds(db, [entry.id])).size > 0) return refuse(CONTENT_MESSAGES.fileAlreadyLinked);
  const [ref] = await appendContents(db, item.id, [rowOfEntry(entry, label, null)]);
  return { ok: true, value: ref! };
}

/** The files and subfolders of the item's folder that no content row uses, for the Link Existing File dialog. */
export async function unlinkedEntries(db: Database, drive: DrivePort, item: Pick<ItemRecord, 'googleDriveFolderId'>): Promise<DriveEntry[]> {
  if (!item.googleDriveFolderId) return [];
  const folder = await driveEntryOrNull(drive, item.googleDriveFolderId);
  if (!folder) return [];
  const entries = await drive.list(folder.id);
  const linked = await linkedDriveFileIds(
    db,
    entries.map((entry) => entry.id),
  );
  return entries.filter((entry) => !linked.has(entry.id));
}

/** The unlinked entries as the dialog lists them. */
export async function unlinkedFilesOf(db: Database, drive: DrivePort, item: Pick<ItemRecord, 'googleDriveFolderId'>): Promise<UnlinkedFile[]> {
  return (await unlinkedEntries(db, drive, item)).map((entry) => ({
    id: entry.id,
    name: entry.name,
    format: entry.format,
    size: formatBytes(entry.size),
    default_label: defaultContentLabel(entry.name),
  }));
}

export function isTruthy(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'on';
}
