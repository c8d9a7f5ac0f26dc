/**
 * missing-drive-file-format-attributes and missing-drive-file-size-attribute: content rows that lack their
 * format ('other') or size get them from the drive file they link to. Both run as repairs straight away, since
 * they only copy what the drive already says and never change the drive.
 */
import { eq } from 'drizzle-orm';
import { formatBytes } from '../../../shared/content';
import { contents } from '../../db/schema';
import type { DriveHealthContext } from './context';
import { attempt, failureText } from './drive-calls';
import { contentsWithFiles } from './queries';
import { contentLabel, countOf, report, summaryOf, withProgress } from './report';

const UNKNOWN_FORMAT = 'other';

export async function fillMissingFormats({ db, drive, now, progress }: DriveHealthContext): Promise<string> {
  const lacking = (await contentsWithFiles(db)).filter((content) => !content.format || content.format === UNKNOWN_FORMAT);
  const findings: string[] = [];
  let filled = 0;
  let unknown = 0;
  let unreadable = 0;
  for (const content of withProgress(lacking, progress, 'content files')) {
    const file = await attempt(() => drive.get(content.fileId));
    if (!file.ok) {
      unreadable += 1;
      findings.push(`${contentLabel(content)}: file ${content.fileId} ${failureText(file)}`);
    } else if (file.value.format === UNKNOWN_FORMAT) {
      unknown += 1;
      findings.push(`${contentLabel(content)}: the drive's type ${file.value.mimeType} is no format Equip knows; left as '${UNKNOWN_FORMAT}'`);
    } else {
      await db.transaction((tx) => tx.update(contents).set({ format: file.value.format }).where(eq(contents.id, content.id)));
      filled += 1;
      findings.push(`${contentLabel(content)}: format set to ${file.value.format}`);
    }
  }
  const summary = summaryOf([
    [filled, `filled ${countOf(filled, 'format')} from the drive`],
    [unknown, `${countOf(unknown, 'file')} of a type Equip does not know`],
    [unreadable, `${countOf(unreadable, 'file')} missing or unreadable`],
  ]);
  return report('missing-drive-file-format-attributes', now, findings, summary);
}

/** Folders and native Google documents have no size of their own: they are counted, not listed, as nothing can be done. */
export async function fillMissingSizes({ db, drive, now, progress }: DriveHealthContext): Promise<string> {
  const lacking = (await contentsWithFiles(db)).filter((content) => content.sizeBytes === null);
  const findings: string[] = [];
  let filled = 0;
  let sizeless = 0;
  let unreadable = 0;
  for (const content of withProgress(lacking, progress, 'content files')) {
    const file = await attempt(() => drive.get(content.fileId));
    if (!file.ok) {
      unreadable += 1;
      findings.push(`${contentLabel(content)}: file ${content.fileId} ${failureText(file)}`);
    } else if (file.value.size === null) {
      sizeless += 1;
    } else {
      await db.transaction((tx) => tx.update(contents).set({ sizeBytes: file.value.size }).where(eq(contents.id, content.id)));
      filled += 1;
      findings.push(`${contentLabel(content)}: size set to ${formatBytes(file.value.size)} (${file.value.size} bytes)`);
    }
  }
  const summary = summaryOf([
    [filled, `filled ${countOf(filled, 'size')} from the drive`],
    [sizeless, `${countOf(sizeless, 'file')} without a size on the drive (folders, Google documents)`],
    [unreadable, `${countOf(unreadable, 'file')} missing or unreadable`],
  ]);
  return report('missing-drive-file-size-attribute', now, findings, summary);
}
