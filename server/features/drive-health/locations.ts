/** wrongly-located-drive-folder and wrongly-located-drive-file: is everything where Equip put it? */
import type { DriveHealthContext } from './context';
import { attempt, failureText } from './drive-calls';
import { contentsWithFiles, itemsWithFolders } from './queries';
import { contentLabel, countOf, itemLabel, report, summaryOf, withProgress } from './report';

/** An item's folder belongs directly in the drive's root folder. */
export async function wronglyLocatedFolders({ db, drive, now, progress }: DriveHealthContext): Promise<string> {
  const root = await attempt(() => drive.rootFolderId());
  if (!root.ok) return report('wrongly-located-drive-folder', now, [], `The root folder ${failureText(root)}; nothing was checked.`);
  const rootId = root.value;
  const findings: string[] = [];
  let outside = 0;
  let unreadable = 0;
  for (const item of withProgress(await itemsWithFolders(db), progress, 'item folders')) {
    const folder = await attempt(() => drive.get(item.folderId));
    if (!folder.ok) {
      unreadable += 1;
      findings.push(`${itemLabel(item)}: folder ${item.folderId} ${failureText(folder)}`);
    } else if (folder.value.parentId !== rootId) {
      outside += 1;
      findings.push(
        `${itemLabel(item)}: folder "${folder.value.name}" (${item.folderId}) is in ${folder.value.parentId ?? 'no folder'}, not in the root folder`,
      );
    }
  }
  const summary = summaryOf([
    [outside, `${countOf(outside, 'folder')} outside the root folder`],
    [unreadable, `${countOf(unreadable, 'folder')} missing or unreadable`],
  ]);
  return report('wrongly-located-drive-folder', now, findings, summary);
}

/** A content's file belongs directly in its item's folder. */
export async function wronglyLocatedFiles({ db, drive, now, progress }: DriveHealthContext): Promise<string> {
  const findings: string[] = [];
  let outside = 0;
  let unreadable = 0;
  for (const content of withProgress(await contentsWithFiles(db), progress, 'content files')) {
    const file = await attempt(() => drive.get(content.fileId));
    if (!file.ok) {
      unreadable += 1;
      findings.push(`${contentLabel(content)}: file ${content.fileId} ${failureText(file)}`);
    } else if (content.item.folderId === null) {
      outside += 1;
      findings.push(`${contentLabel(content)}: file "${file.value.name}" (${content.fileId}) belongs to an item with no drive folder`);
    } else if (file.value.parentId !== content.item.folderId) {
      outside += 1;
      findings.push(
        `${contentLabel(content)}: file "${file.value.name}" (${content.fileId}) is in ${file.value.parentId ?? 'no folder'}, not in the item's folder ${content.item.folderId}`,
      );
    }
  }
  const summary = summaryOf([
    [outside, `${countOf(outside, 'file')} outside the item's folder`],
    [unreadable, `${countOf(unreadable, 'file')} missing or unreadable`],
  ]);
  return report('wrongly-located-drive-file', now, findings, summary);
}
