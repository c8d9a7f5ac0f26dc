/**
 * orphaned-drive-files and orphaned-drive-files-fix: files a content upload left in an item's folder without their
 * content row, because the process stopped between the drive write and the rows. Files nobody linked are not orphans
 * by themselves (people keep files in item folders to link later, and deleting a row keeps its file), so only what
 * the upload journal (features/content/upload-journal.ts) vouches for is touched: a file in the journal row's folder
 * with its name and size, written while that upload could have been running, that no content row uses.
 */
import { formatBytes } from '../../../shared/content';
import { FOLDER_MIME_TYPE, type DriveEntry } from '../../drive/port';
import { linkedDriveFileIds, forgetUploads } from '../content';
import type { DriveHealthContext } from './context';
import { attempt, failureReason, failureText, type DriveFailure } from './drive-calls';
import { unfinishedUploads, type UnfinishedUploadRow } from './queries';
import { countOf, itemLabel, report, summaryOf, withProgress } from './report';

/**
 * Uploads started longer ago than this are over: the request that made them has long ended, so their files, if any,
 * are orphans. It is also how long after its start a file may have been written by its upload.
 */
export const UNFINISHED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** How far the drive's clock may be behind Equip's when a file's time is compared with its upload's start. */
const CLOCK_SKEW_MS = 10 * 60 * 1000;

interface Orphan {
  entry: DriveEntry;
  upload: UnfinishedUploadRow;
}

type Found = { ok: true; orphans: Orphan[]; leftNothing: number } | { ok: false; failure: DriveFailure };

interface Tally {
  orphans: number;
  bytes: number;
  removed: number;
  failed: number;
  leftNothing: number;
  unreadable: number;
}

export async function orphanedDriveFiles(context: DriveHealthContext, { fix }: { fix: boolean }): Promise<string> {
  const uploads = await unfinishedUploads(context.db, new Date(context.now.getTime() - UNFINISHED_UPLOAD_GRACE_MS));
  const tally: Tally = { orphans: 0, bytes: 0, removed: 0, failed: 0, leftNothing: 0, unreadable: 0 };
  const findings: string[] = [];
  for (const folderUploads of withProgress(groupedByFolder(uploads), context.progress, 'folders with unfinished uploads')) {
    findings.push(...(await checkFolder(context, folderUploads, fix, tally)));
  }
  return fix
    ? report('orphaned-drive-files-fix', context.now, findings, fixSummary(tally))
    : report('orphaned-drive-files', context.now, findings, showSummary(tally));
}

function groupedByFolder(uploads: readonly UnfinishedUploadRow[]): UnfinishedUploadRow[][] {
  const groups = new Map<string, UnfinishedUploadRow[]>();
  for (const upload of uploads) groups.set(upload.folderId, [...(groups.get(upload.folderId) ?? []), upload]);
  return [...groups.values()];
}

/** One folder's unfinished uploads: what they left, removed when fixing; the journal forgets what is settled. */
async function checkFolder(context: DriveHealthContext, uploads: readonly UnfinishedUploadRow[], fix: boolean, tally: Tally): Promise<string[]> {
  const first = uploads[0]!;
  const where = first.item ? itemLabel(first.item) : `folder ${first.folderId} (no item)`;
  const found = await findOrphans(context, uploads);
  if (!found.ok && !found.failure.missing) {
    tally.unreadable += 1;
    return [`${where}: folder ${first.folderId} ${failureText(found.failure)}; its unfinished uploads are kept for the next check`];
  }
  if (!found.ok) {
    tally.leftNothing += uploads.length;
    if (fix) await forgetUploads(context.db, idsOf(uploads));
    return [`${where}: folder ${first.folderId} ${failureText(found.failure)}, so its ${countOf(uploads.length, 'unfinished upload')} left nothing there`];
  }
  tally.orphans += found.orphans.length;
  tally.bytes += found.orphans.reduce((total, orphan) => total + (orphan.entry.size ?? 0), 0);
  tally.leftNothing += found.leftNothing;
  if (!fix) return found.orphans.map((orphan) => `${where}: ${describe(orphan)}`);
  return removeOrphans(context, where, found.orphans, uploads, tally);
}

/** Lists the folder once and matches its files to each unfinished upload into it. */
async function findOrphans(context: DriveHealthContext, uploads: readonly UnfinishedUploadRow[]): Promise<Found> {
  const listed = await attempt(() => context.drive.list(uploads[0]!.folderId));
  if (!listed.ok) return { ok: false, failure: listed };
  const files = listed.value.filter((entry) => entry.mimeType !== FOLDER_MIME_TYPE);
  const linked = await linkedDriveFileIds(
    context.db,
    files.map((entry) => entry.id),
  );
  const claimed = new Set<string>();
  const orphans: Orphan[] = [];
  let leftNothing = 0;
  for (const upload of uploads) {
    const left = files.filter((entry) => !linked.has(entry.id) && !claimed.has(entry.id) && writtenBy(upload, entry));
    for (const entry of left) claimed.add(entry.id);
    if (left.length === 0) leftNothing += 1;
    orphans.push(...left.map((entry) => ({ entry, upload })));
  }
  return { ok: true, orphans, leftNothing };
}

/** The file is the one the upload was writing: its name and size, written while the upload could have been running. */
function writtenBy(upload: UnfinishedUploadRow, entry: DriveEntry): boolean {
  const written = entry.modifiedAt.getTime();
  const started = upload.startedAt.getTime();
  return entry.name === upload.name && entry.size === upload.sizeBytes && written >= started - CLOCK_SKEW_MS && written <= started + UNFINISHED_UPLOAD_GRACE_MS;
}

/** Removes each orphan; the journal keeps the uploads whose file could not be removed, for the next check. */
async function removeOrphans(
  context: DriveHealthContext,
  where: string,
  orphans: readonly Orphan[],
  uploads: readonly UnfinishedUploadRow[],
  tally: Tally,
): Promise<string[]> {
  const findings: string[] = [];
  const kept = new Set<number>();
  for (const orphan of orphans) {
    const removal = await attempt(() => context.drive.remove(orphan.entry.id));
    if (removal.ok) {
      tally.removed += 1;
      findings.push(`${where}: removed ${describe(orphan)}`);
    } else {
      tally.failed += 1;
      kept.add(orphan.upload.id);
      findings.push(`${where}: ${describe(orphan)}; it could not be removed (${failureReason(removal)})`);
    }
  }
  await forgetUploads(context.db, idsOf(uploads.filter((upload) => !kept.has(upload.id))));
  return findings;
}

function idsOf(uploads: readonly UnfinishedUploadRow[]): number[] {
  return uploads.map((upload) => upload.id);
}

function describe({ entry, upload }: Orphan): string {
  return `file "${entry.name}" (${entry.id}, ${formatBytes(entry.size)}) left by an upload started ${upload.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function showSummary(tally: Tally): string {
  const summary = summaryOf([
    [tally.orphans, `${countOf(tally.orphans, 'orphaned file')} (${formatBytes(tally.bytes)}) left by unfinished uploads`],
    [tally.leftNothing, `${countOf(tally.leftNothing, 'unfinished upload')} left no file`],
    [tally.unreadable, `${countOf(tally.unreadable, 'folder')} could not be read`],
  ]);
  return tally.orphans > 0 ? `${summary} Nothing was removed; orphaned-drive-files-fix removes them.` : summary;
}

function fixSummary(tally: Tally): string {
  return summaryOf([
    [tally.removed, `removed ${countOf(tally.removed, 'orphaned file')}`],
    [tally.failed, `${countOf(tally.failed, 'orphaned file')} could not be removed`],
    [tally.leftNothing, `${countOf(tally.leftNothing, 'unfinished upload')} left no file`],
    [tally.unreadable, `${countOf(tally.unreadable, 'folder')} could not be read`],
  ]);
}
