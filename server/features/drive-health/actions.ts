/**
 * The drive and image health actions of Admin Advanced. Each answers a plain-text report
 * for the page's response box; the -fix actions (and the two missing-attribute repairs) report what they changed.
 */
import type { DriveHealthAction } from '../../../shared/enums';
import type { DriveHealthContext } from './context';
import { fillMissingFormats, fillMissingSizes } from './file-attributes';
import { wrongFolderNames } from './folder-names';
import { missingImageFiles, orphanedImageFiles } from './image-files';
import { wronglyLocatedFiles, wronglyLocatedFolders } from './locations';
import { orphanedDriveFiles } from './orphaned-uploads';
import { wrongSharingPermissions } from './sharing';
import { driveStats, storageStats } from './stats';

const CHECKS: Record<DriveHealthAction, (context: DriveHealthContext) => Promise<string>> = {
  drive_stats: driveStats,
  storage_stats: storageStats,
  'wrongly-located-drive-folder': wronglyLocatedFolders,
  'wrongly-located-drive-file': wronglyLocatedFiles,
  'wrong-drive-sharing-permissions': (context) => wrongSharingPermissions(context, { fix: false }),
  'wrong-drive-sharing-permissions-fix': (context) => wrongSharingPermissions(context, { fix: true }),
  'wrong-drive-folder-names': (context) => wrongFolderNames(context, { fix: false }),
  'wrong-drive-folder-names-fix': (context) => wrongFolderNames(context, { fix: true }),
  'missing-drive-file-format-attributes': fillMissingFormats,
  'missing-drive-file-size-attribute': fillMissingSizes,
  'orphaned-drive-files': (context) => orphanedDriveFiles(context, { fix: false }),
  'orphaned-drive-files-fix': (context) => orphanedDriveFiles(context, { fix: true }),
  'missing-image-files': missingImageFiles,
  'orphaned-image-files': orphanedImageFiles,
};

export function runDriveHealthAction(action: DriveHealthAction, context: DriveHealthContext): Promise<string> {
  return CHECKS[action](context);
}
