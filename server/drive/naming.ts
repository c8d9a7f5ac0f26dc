/**
 * Names Equip gives drive folders and files (decisions: "Drive folders"). An item's folder is named
 * '{item code} {item title}', so a person browsing the drive sees which item each folder belongs to
 * and the code keeps names unique; characters drives or file systems mishandle become spaces.
 */
import { DRIVE_LABEL_CUT, DRIVE_LABEL_MAX } from '../../shared/constants';

/** Long enough for any title people recognise, short enough for every drive and file system. */
export const ITEM_FOLDER_NAME_MAX = 120;

export function itemFolderName(item: { code: string; title: string }): string {
  const title = item.title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${item.code} ${title}`.trim().slice(0, ITEM_FOLDER_NAME_MAX).trim();
}

/**
 * The label a content row gets from its file's name: without the extension and any
 * ' [folder]' suffix; over 32 characters it is cut to 29 plus '...'.
 */
export function defaultContentLabel(fileName: string): string {
  const withoutSuffix = (name: string) => name.replace(/ \[folder\]$/, '');
  const label = withoutSuffix(withoutSuffix(fileName).replace(/\.[A-Za-z0-9]{1,8}$/, '')).trim() || fileName;
  return label.length > DRIVE_LABEL_MAX ? `${label.slice(0, DRIVE_LABEL_CUT)}...` : label;
}
