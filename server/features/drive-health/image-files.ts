/**
 * missing-image-files and orphaned-image-files: the uploaded item images (item_images rows with source
 * 'upload') against the files under DATA_DIR/images/uploads. Stock pictures are drawn in code or dropped in by
 * admins, so no row has to account for them.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '../../../shared/content';
import { isMissingFile, largeKeyOf } from '../images';
import { trashedImageKeys } from '../trash';
import type { DriveHealthContext } from './context';
import { uploadedImages } from './queries';
import { countOf, itemLabel, NO_PROBLEMS, report, summaryOf, withProgress } from './report';

export interface ImageFile {
  /** Its image store key, e.g. `uploads/abc.jpg`. */
  key: string;
  size: number;
}

/** Every file under a folder of the image store (`uploads`, `stock`), recursively; none when the folder does not exist. */
export async function imageFilesUnder(imagesDir: string, folder: string): Promise<ImageFile[]> {
  let names: string[];
  try {
    names = await readdir(path.join(imagesDir, folder), { recursive: true });
  } catch (error) {
    if (isMissingFile(error)) return [];
    throw error;
  }
  const files: ImageFile[] = [];
  for (const name of names.sort()) {
    const info = await stat(path.join(imagesDir, folder, name)).catch(() => null);
    if (info?.isFile()) files.push({ key: `${folder}/${name.split(path.sep).join('/')}`, size: info.size });
  }
  return files;
}

export async function missingImageFiles({ db, imagesDir, now, progress }: DriveHealthContext): Promise<string> {
  const images = await uploadedImages(db);
  const present = new Set((await imageFilesUnder(imagesDir, 'uploads')).map((file) => file.key));
  const findings: string[] = [];
  for (const image of withProgress(images, progress, 'uploaded images')) {
    const missing = [image.storageKey, largeKeyOf(image.storageKey)].filter((key) => !present.has(key));
    if (missing.length > 0) findings.push(`${itemLabel(image.item)}: image ${image.ref} has no file ${missing.join(' or ')}`);
  }
  const summary = summaryOf([
    [findings.length, `${findings.length} of ${countOf(images.length, 'uploaded image')} ${findings.length === 1 ? 'is' : 'are'} missing files`],
  ]);
  return report('missing-image-files', now, findings, summary);
}

/**
 * Reported, never deleted (the files of trashed items' images are not orphans): an upload writes its files before its row commits, so a file without a row may be
 * an upload in progress; and a database restored from a backup may still point at files that look orphaned now.
 */
export async function orphanedImageFiles({ db, imagesDir, now }: DriveHealthContext): Promise<string> {
  // A trashed item's images are files of a row that may come back.
  const keys = [...(await uploadedImages(db)).map((image) => image.storageKey), ...(await trashedImageKeys(db))];
  const referenced = new Set(keys.flatMap((key) => [key, largeKeyOf(key)]));
  const orphans = (await imageFilesUnder(imagesDir, 'uploads')).filter((file) => !referenced.has(file.key));
  const findings = orphans.map((file) => `${file.key} (${formatBytes(file.size)}) belongs to no item image`);
  const bytes = orphans.reduce((total, file) => total + file.size, 0);
  const summary =
    orphans.length === 0 ? NO_PROBLEMS : `${countOf(orphans.length, 'orphaned file')} (${formatBytes(bytes)}) under uploads; nothing was deleted.`;
  return report('orphaned-image-files', now, findings, summary);
}
