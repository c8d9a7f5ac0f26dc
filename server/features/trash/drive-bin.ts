/**
 * A trashed item's drive folder waits in the drive's bin, and comes back with the item. Moved only after the
 * database has committed; a drive that fails is logged and told, never allowed to undo what the database did.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DrivePort } from '../../drive/port';
import type { Trashed } from './trash';

export async function binDriveFolder(drive: DrivePort, trashed: Trashed | null, log: FastifyBaseLogger): Promise<void> {
  if (!trashed?.driveFolderId) return;
  try {
    await drive.trash(trashed.driveFolderId);
  } catch (error) {
    log.warn({ err: error, trash: trashed.ref }, 'could not move a trashed item’s drive folder to the drive’s bin');
  }
}

/** Resolves false when the folder could not come back (the drive's bin was emptied, or the drive failed). */
export async function unbinDriveFolder(drive: DrivePort, folderId: string | null, log: FastifyBaseLogger): Promise<boolean> {
  if (!folderId) return true;
  try {
    await drive.untrash(folderId);
    return true;
  } catch (error) {
    log.warn({ err: error, folderId }, 'could not take a restored item’s drive folder out of the drive’s bin');
    return false;
  }
}

/** Deleting for good: the folder leaves the bin (on Google Drive, the shared drive's own bin empties itself). */
export async function removeDriveFolder(drive: DrivePort, folderId: string | null, log: FastifyBaseLogger): Promise<void> {
  if (!folderId) return;
  try {
    await drive.remove(folderId);
  } catch (error) {
    log.warn({ err: error, folderId }, 'could not remove a purged item’s drive folder');
  }
}
