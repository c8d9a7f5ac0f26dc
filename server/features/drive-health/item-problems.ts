/**
 * The drive's problems per item, for library health: content files missing in the drive, and folders or
 * files shared wider than Equip lets open them (the same rule as wrong-drive-sharing-permissions). The first finding of
 * each kind per item is kept; a call that fails for another reason is no finding (the next check looks again).
 */
import type { DriveHealthContext } from './context';
import { attempt } from './drive-calls';
import { contentsWithFiles, itemsWithFolders } from './queries';
import { contentFileAudience, itemFolderAudience, tooWidePermission, type SharingAudience } from './sharing';

export interface DriveItemProblems {
  /** Item id → what is missing. */
  missing: Map<number, string>;
  /** Item id → what is shared too widely. */
  sharing: Map<number, string>;
}

export async function driveProblemsByItem(context: DriveHealthContext): Promise<DriveItemProblems> {
  const { db, drive, organisationLevel } = context;
  const problems: DriveItemProblems = { missing: new Map(), sharing: new Map() };
  const checkSharing = async (itemId: number, what: string, id: string, audience: SharingAudience) => {
    if (problems.sharing.has(itemId)) return;
    const permissions = await attempt(() => drive.listPermissions(id));
    if (!permissions.ok) return;
    for (const permission of permissions.value) {
      const tooWide = tooWidePermission(permission, audience, organisationLevel);
      if (tooWide) return void problems.sharing.set(itemId, `${what}: ${tooWide.permission} ${tooWide.why}`);
    }
  };
  for (const item of await itemsWithFolders(db)) await checkSharing(item.id, 'The folder', item.folderId, itemFolderAudience(item));
  for (const content of await contentsWithFiles(db)) {
    const file = await attempt(() => drive.get(content.fileId));
    if (!file.ok && file.missing) {
      if (!problems.missing.has(content.item.id))
        problems.missing.set(content.item.id, `Content "${content.label}": file ${content.fileId} is missing from the drive`);
      continue;
    }
    await checkSharing(content.item.id, `Content "${content.label}"`, content.fileId, contentFileAudience(content));
  }
  return problems;
}
