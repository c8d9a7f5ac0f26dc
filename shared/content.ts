/** Content files of an item, as pages receive them. Spelling: docs/decisions/front-end.md "How props are spelled". */
import type { ContentFormat, ExportMode } from './enums';

export interface Content {
  ref: string;
  label: string;
  description: string;
  format: ContentFormat;
  length_minutes: number | null;
  /** Human-readable size ('1.2 MB'), null when the drive gives none (folders, native Google documents). */
  size: string | null;
  size_bytes: number | null;
  copyright: string | null;
  /** Editors only; null for everyone else. */
  google_drive_file_id: string | null;
  export_mode: ExportMode;
  minimum_access_level: number;
  published: boolean;
  is_sample: boolean;
  is_sample_of_ref: string | null;
  is_sample_of_label: string | null;
  position: number;
}

/** A file in the item's drive folder that no content row uses (the Link Existing File dialog). */
export interface UnlinkedFile {
  id: string;
  name: string;
  format: ContentFormat;
  size: string | null;
  /** The label the content row gets unless another is given. */
  default_label: string;
}

/** One entry of Equip's own folder view (`drive/Folder`), for the local drive. */
export interface FolderEntry {
  name: string;
  format: ContentFormat;
  size: string | null;
  /** Where it opens: /content/{ref}, or the local drive's view for editors; null when nothing opens it. */
  href: string | null;
  /** The label of the content row that uses this file, if any. */
  content_label: string | null;
}

export const CONTENT_FIELDS = {
  upload: 'fileUpload',
  driveFile: 'google_drive_file_id',
  sampleOf: 'sampleOfRef',
} as const;

/** Form errors and notices of the content calls. */
export const CONTENT_MESSAGES = {
  selectFile: 'Please select a file',
  noUnlinkedFiles: 'No unlinked files found',
  nothingUploaded: 'Please choose one or more files to upload',
  chooseFullVersion: 'Please choose the full version this sample belongs to',
  fileAlreadyLinked: 'This file is already linked to a content row',
  fileNotInFolder: "This file is not in the item's drive folder",
  someFilesRefused: 'Nothing was uploaded: please fix the files below and try again',
  wrongType: (name: string) => `"${name}" is not one of the accepted types (pdf, docx, jpg, png, pptx, txt, mp4, mp3, mov)`,
  contentMismatch: (name: string) => `"${name}" does not contain what its name says: its content is not a ${extensionOf(name) || 'known'} file`,
  tooLarge: (name: string, limit: string) => `"${name}" is larger than ${limit}`,
  tooManyFiles: (max: number) => `Please upload at most ${max} files at a time`,
  unreadableUpload: 'The upload could not be read. Please try again',
  pdfExportUnavailable: 'Export PDF is only available for documents',
  folderCreated: 'Drive folder created',
  folderExists: 'This item already has a drive folder',
  uploaded: (count: number) => (count === 1 ? 'Content uploaded' : `${count} content files uploaded`),
  linked: 'Content linked',
  saved: 'Content saved',
  deleted: 'Content removed (the file stays in the drive folder)',
  deleteConfirm: 'Remove this content from the item? The file stays in the drive folder.',
} as const;

/** Bytes as people read them: '512 B', '3.4 KB', '1.2 MB', '2 GB'. */
export function formatBytes(bytes: number | null): string | null {
  if (bytes === null) return null;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

function extensionOf(name: string): string {
  const match = /\.([^.]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}
