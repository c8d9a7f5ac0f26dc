/**
 * Deleting trash for good: what has waited TRASH_RETENTION_DAYS is purged by a periodic job, once a period for the
 * deployment (server/db/periodic-jobs.ts), a batch at a time; an admin may purge one entry at once. The drive folders
 * and image files of purged items go after the commit.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { runPeriodically } from '../../db/periodic-jobs';
import { trashEntries } from '../../db/schema';
import type { DrivePort } from '../../drive/port';
import { removeDriveFolder } from './drive-bin';
import { purgeEntries, type Purged, type TrashedImage } from './purge-entries';
import { DAY_MS } from '../../../shared/dates';

/** Entries a purge statement takes: each carries every row that went with it. */
const PURGE_BATCH = 50;

/**
 * Removes the files of purged item images. The images feature owns them, and the trash may not import it (it sits
 * below the features that delete), so server/app.ts hands this in.
 */
export type RemoveImageFiles = (images: readonly TrashedImage[], log: FastifyBaseLogger) => Promise<void>;

export interface PurgeServices {
  drive: DrivePort;
  removeImageFiles: RemoveImageFiles;
  log: FastifyBaseLogger;
}

async function removeFiles(services: PurgeServices, purged: Purged[]): Promise<void> {
  for (const entry of purged) {
    await removeDriveFolder(services.drive, entry.driveFolderId, services.log);
    await services.removeImageFiles(entry.images, services.log);
  }
}

/** Purges what was deleted before `now - retentionDays`; resolves with how many entries went. */
export async function purgeOldTrash(app: Pick<FastifyInstance, 'db'>, services: PurgeServices, retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const purged = await purgeEntries(app.db, sql`${trashEntries.deletedAt} < ${cutoff}::timestamptz`, PURGE_BATCH);
    await removeFiles(services, purged);
    total += purged.length;
    if (purged.length < PURGE_BATCH) return total;
  }
}

/** Purges one entry now; resolves with its title, or null when it is no longer in the trash. */
export async function purgeOne(app: Pick<FastifyInstance, 'db'>, services: PurgeServices, ref: string): Promise<string | null> {
  const purged = await purgeEntries(app.db, sql`${trashEntries.ref} = ${ref}`, 1);
  await removeFiles(services, purged);
  return purged[0]?.title ?? null;
}

export function purgeTrashPeriodically(app: FastifyInstance, removeImageFiles: RemoveImageFiles): void {
  const services = { drive: app.drive, removeImageFiles, log: app.log };
  runPeriodically(app, {
    name: 'trash-purge',
    work: async () => ({ entries: await purgeOldTrash(app, services, app.config.TRASH_RETENTION_DAYS) }),
  });
}
