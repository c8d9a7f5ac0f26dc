/**
 * The drive port: the one interface through which Equip keeps item folders and content files in a cloud
 * drive. Two adapters implement it with the same behaviour (tests/server/drive/contract.ts holds them to it):
 * `local` (files under DATA_DIR/drive, served by Equip itself) and `google` (Drive v3 with a service account).
 * Routes and health checks see only this interface.
 */
import type { Readable } from 'node:stream';
import type { ContentFormat } from '../../shared/enums';

export type DriveKind = 'local' | 'google';

/** The MIME type both adapters give folders (Google's own). */
export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** A file or folder as the drive describes it. */
export interface DriveEntry {
  id: string;
  name: string;
  mimeType: string;
  /** What Equip makes of the MIME type (`formatOfMimeType`). */
  format: ContentFormat;
  /** Bytes; null for folders and for native Google documents, which have no size of their own. */
  size: number | null;
  /** The folder it is in; null only for something outside every folder the adapter can see. */
  parentId: string | null;
  modifiedAt: Date;
  /** Where a person with drive access opens it: Google's web view, or Equip's own page for the local adapter. */
  webViewUrl: string;
}

/** The bytes of a file (or of its PDF export), to be streamed to the browser. */
export interface DriveDownload {
  name: string;
  mimeType: string;
  /** Bytes, when known before streaming. */
  size: number | null;
  body: Readable;
}

export interface DriveUpload {
  name: string;
  mimeType: string;
  parentId: string;
  body: Readable | Buffer;
  /** Bytes, when known: the google adapter uploads large files in resumable chunks. */
  size?: number;
}

/** Who a sharing permission reaches: everyone with the link, a whole domain, or one account. */
export type DrivePermissionType = 'anyone' | 'domain' | 'user' | 'group';
export type DriveRole = 'owner' | 'organizer' | 'fileOrganizer' | 'writer' | 'commenter' | 'reader';

export interface DrivePermission {
  id: string;
  type: DrivePermissionType;
  role: DriveRole;
  /** For user and group permissions. */
  emailAddress?: string;
  /** For domain permissions. */
  domain?: string;
}

export type NewDrivePermission = Omit<DrivePermission, 'id'>;

export interface DriveStorageUsage {
  /** Bytes the drive counts against its quota (for the local adapter: the files under its folder). */
  usedBytes: number;
  /** The quota, or null when the drive has none (unlimited, or a local disk). */
  limitBytes: number | null;
}

export interface DrivePort {
  readonly kind: DriveKind;
  /** The folder every item folder belongs in (DRIVE_ROOT_FOLDER_ID for google; created on first use locally). */
  rootFolderId(): Promise<string>;
  /** A new folder in `parentId` (default: the root folder). */
  createFolder(name: string, parentId?: string): Promise<DriveEntry>;
  /** Throws DriveNotFoundError when there is no such file or folder (or it is in the bin). */
  get(id: string): Promise<DriveEntry>;
  /** The files and folders directly in a folder, by name. Throws DriveNotFoundError for an unknown folder. */
  list(folderId: string): Promise<DriveEntry[]>;
  rename(id: string, name: string): Promise<DriveEntry>;
  /** Moves a file or folder into another folder (out of every other one). */
  move(id: string, newParentId: string): Promise<DriveEntry>;
  upload(file: DriveUpload): Promise<DriveEntry>;
  /** The original bytes. Native Google documents have none: DriveExportUnavailableError. */
  download(id: string): Promise<DriveDownload>;
  /** Whether `exportPdf` can turn this entry into a PDF (a PDF itself, or a document the adapter converts). */
  canExportPdf(entry: DriveEntry): boolean;
  /** The file as a PDF. Throws DriveExportUnavailableError when it cannot be converted. */
  exportPdf(id: string): Promise<DriveDownload>;
  /** Deletes a file, or a folder with everything in it. An unknown id is not an error. */
  remove(id: string): Promise<void>;
  /**
   * Moves a file, or a folder with everything in it, to the drive's bin (a trashed item's folder): `get`, `list` and
   * `download` find it no more until `untrash`. An unknown id is not an error.
   */
  trash(id: string): Promise<void>;
  /** Brings a file or folder back from the bin with everything in it. DriveNotFoundError when it is gone (the bin was emptied). */
  untrash(id: string): Promise<void>;
  listPermissions(id: string): Promise<DrivePermission[]>;
  addPermission(id: string, permission: NewDrivePermission): Promise<DrivePermission>;
  removePermission(id: string, permissionId: string): Promise<void>;
  storageUsage(): Promise<DriveStorageUsage>;
}

export class DriveNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No drive file or folder ${id}`);
    this.name = 'DriveNotFoundError';
  }
}

export class DriveExportUnavailableError extends Error {
  constructor(
    readonly id: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'DriveExportUnavailableError';
  }
}

/** The drive could not be reached or refused the request after its retries. */
export class DriveUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DriveUnavailableError';
  }
}

const FORMAT_BY_MIME_TYPE: Record<string, ContentFormat> = {
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'application/vnd.google-apps.presentation': 'google_slides',
  'application/vnd.google-apps.document': 'google_doc',
  'application/vnd.google-apps.spreadsheet': 'google_sheet',
  [FOLDER_MIME_TYPE]: 'google_folder',
};

/** The content format (and so its icon) of a MIME type. */
export function formatOfMimeType(mimeType: string): ContentFormat {
  const known = FORMAT_BY_MIME_TYPE[mimeType];
  if (known) return known;
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('text/')) return 'text';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'other';
}

/** Native Google documents live only in the drive: they have no original bytes, only exports. */
export function isNativeGoogleDocument(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.') && mimeType !== FOLDER_MIME_TYPE;
}
