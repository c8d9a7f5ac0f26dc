/**
 * The journal of content uploads under way (`drive_uploads`): a row per file, committed before the file goes to the
 * drive and deleted once the file has its content row, or has been removed again. A process that dies between the
 * drive write and the content rows leaves its rows behind, and with them what the orphaned-drive-files check needs to
 * find the files it left (features/drive-health/orphaned-uploads.ts).
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { driveUploads } from '../../db/schema';

/** Records the files about to be uploaded into the folder; answers their journal ids, in the files' order. */
export async function journalUploads(db: Database, folderId: string, files: ReadonlyArray<{ name: string; size: number }>): Promise<number[]> {
  if (files.length === 0) return [];
  const rows = await db
    .insert(driveUploads)
    .values(files.map((file) => ({ folderId, name: file.name, sizeBytes: file.size })))
    .returning({ id: driveUploads.id });
  return rows.map((row) => row.id);
}

export async function forgetUploads(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(driveUploads).where(inArray(driveUploads.id, [...ids]));
}

/** As forgetUploads, after the work is done: a row that stays is only checked again later, so a failure is logged. */
export async function forgetUploadsQuietly(db: Database, ids: readonly number[], log: FastifyBaseLogger): Promise<void> {
  try {
    await forgetUploads(db, ids);
  } catch (error) {
    log.warn({ err: error, uploads: ids.length }, 'could not clear the upload journal');
  }
}
