/**
 * The public entry of server/features/content: the item page's contents part and its Link Existing File choices; the
 * drive checks' view of linked files and the upload journal. Another feature imports these from here, never a file
 * inside (`.dependency-cruiser.cjs`).
 */
export { unlinkedFilesOf } from './adding';
export { itemContentsSql, readContents, type ContentList } from './detail-part';
export { linkedDriveFileIds } from './queries';
export { forgetUploads } from './upload-journal';
