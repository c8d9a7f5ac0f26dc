/** wrong-drive-folder-names (show) and wrong-drive-folder-names-fix: item folders are named itemFolderName(item). */
import { itemFolderName } from '../../drive/naming';
import type { DriveHealthContext } from './context';
import { attempt, failureReason, failureText } from './drive-calls';
import { itemsWithFolders } from './queries';
import { countOf, itemLabel, report, summaryOf, withProgress } from './report';

export async function wrongFolderNames(context: DriveHealthContext, { fix }: { fix: boolean }): Promise<string> {
  const { db, drive, now, progress } = context;
  const findings: string[] = [];
  let wrong = 0;
  let renamed = 0;
  let failed = 0;
  for (const item of withProgress(await itemsWithFolders(db), progress, 'item folders')) {
    const folder = await attempt(() => drive.get(item.folderId));
    if (!folder.ok) {
      failed += 1;
      findings.push(`${itemLabel(item)}: folder ${item.folderId} ${failureText(folder)}`);
      continue;
    }
    const expected = itemFolderName(item);
    if (folder.value.name === expected) continue;
    wrong += 1;
    if (!fix) {
      findings.push(`${itemLabel(item)}: folder "${folder.value.name}" should be named "${expected}"`);
      continue;
    }
    const renaming = await attempt(() => drive.rename(item.folderId, expected));
    if (renaming.ok) renamed += 1;
    else failed += 1;
    findings.push(
      renaming.ok
        ? `${itemLabel(item)}: renamed folder "${folder.value.name}" to "${expected}"`
        : `${itemLabel(item)}: folder "${folder.value.name}" could not be renamed (${failureReason(renaming)})`,
    );
  }
  const summary = fix
    ? summaryOf([
        [renamed, `renamed ${countOf(renamed, 'folder')}`],
        [failed, `${countOf(failed, 'folder')} missing, unreadable or not renamed`],
      ])
    : summaryOf([
        [wrong, `${countOf(wrong, 'folder')} with a name that is not the item's`],
        [failed, `${countOf(failed, 'folder')} missing or unreadable`],
      ]);
  return report(fix ? 'wrong-drive-folder-names-fix' : 'wrong-drive-folder-names', now, findings, summary);
}
