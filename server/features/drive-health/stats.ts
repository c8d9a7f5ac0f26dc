/** drive_stats and storage_stats: counts and sizes, no judgement. */
import { formatBytes } from '../../../shared/content';
import { FOLDER_MIME_TYPE, type DriveEntry } from '../../drive/port';
import type { DriveHealthContext } from './context';
import { attempt, failureText } from './drive-calls';
import { imageFilesUnder, type ImageFile } from './image-files';
import { contentsWithFiles, databaseSizeBytes, itemsWithFolders } from './queries';
import { itemLabel, report, withProgress } from './report';

/**
 * Items with a folder, content rows with a file, what sits directly in the item folders (files and
 * subfolders), how much of that no content row links to, and the bytes of those files. Folders that cannot
 * be listed are named one per line.
 */
export async function driveStats({ db, drive, now, progress }: DriveHealthContext): Promise<string> {
  const [folders, linkedContents] = await Promise.all([itemsWithFolders(db), contentsWithFiles(db)]);
  const linkedFileIds = new Set(linkedContents.map((content) => content.fileId));
  const unreadable: string[] = [];
  const entries: DriveEntry[] = [];
  for (const item of withProgress(folders, progress, 'item folders')) {
    const listing = await attempt(() => drive.list(item.folderId));
    if (listing.ok) entries.push(...listing.value);
    else unreadable.push(`${itemLabel(item)}: folder ${item.folderId} ${failureText(listing)}`);
  }
  const subfolders = entries.filter((entry) => entry.mimeType === FOLDER_MIME_TYPE).length;
  const unlinked = entries.filter((entry) => !linkedFileIds.has(entry.id)).length;
  const bytes = entries.reduce((total, entry) => total + (entry.size ?? 0), 0);
  const lines = [
    `Items with a drive folder: ${folders.length}${unreadable.length > 0 ? ` (${unreadable.length} could not be listed)` : ''}`,
    `Contents linked to a drive file: ${linkedContents.length}`,
    `Files in item folders: ${entries.length} (${subfolders} of them subfolders)`,
    `Files no content links to: ${unlinked}`,
    `Total size of files in item folders: ${formatBytes(bytes)}`,
  ];
  return report('drive_stats', now, unreadable, lines.join('\n'));
}

/** The drive's quota use, the image files on disk, and the database's size. */
export async function storageStats({ db, drive, imagesDir, now }: DriveHealthContext): Promise<string> {
  const usage = await attempt(() => drive.storageUsage());
  const [uploads, stock, databaseBytes] = await Promise.all([
    imageFilesUnder(imagesDir, 'uploads'),
    imageFilesUnder(imagesDir, 'stock'),
    databaseSizeBytes(db),
  ]);
  const lines = [
    `Drive (${drive.kind}): ${usage.ok ? driveUsageText(usage.value) : `usage ${failureText(usage)}`}`,
    `Image files: ${imageFilesText([...uploads, ...stock])} (uploads ${imageFilesText(uploads)}; stock ${imageFilesText(stock)})`,
    `Database: ${databaseBytes === null ? 'not available' : formatBytes(databaseBytes)}`,
  ];
  return report('storage_stats', now, [], lines.join('\n'));
}

function driveUsageText({ usedBytes, limitBytes }: { usedBytes: number; limitBytes: number | null }): string {
  if (limitBytes === null || limitBytes <= 0) return `${formatBytes(usedBytes)} used, no limit`;
  return `${formatBytes(usedBytes)} used of ${formatBytes(limitBytes)} (${Math.round((usedBytes / limitBytes) * 100)}%)`;
}

function imageFilesText(files: readonly ImageFile[]): string {
  const bytes = files.reduce((total, file) => total + file.size, 0);
  return `${files.length} ${files.length === 1 ? 'file' : 'files'}, ${formatBytes(bytes)}`;
}
