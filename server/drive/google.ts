/**
 * The Google Drive adapter of the drive port: Drive v3 through @googleapis/drive, signed in as a service account.
 * Every call that takes it passes supportsAllDrives, so the root folder can sit in a shared drive (which it
 * should: service accounts have no storage quota of their own). Calls are retried with exponential backoff on
 * 429, 5xx and network errors; what still fails becomes DriveUnavailableError, and a 404 DriveNotFoundError.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { auth as googleAuth, drive as driveApi, type drive_v3 } from '@googleapis/drive';
import { z } from 'zod';
import type { AppConfig } from '../config';
import {
  DriveExportUnavailableError,
  DriveNotFoundError,
  DriveUnavailableError,
  FOLDER_MIME_TYPE,
  formatOfMimeType,
  isNativeGoogleDocument,
  type DriveDownload,
  type DriveEntry,
  type DrivePermission,
  type DrivePermissionType,
  type DrivePort,
  type DriveRole,
  type DriveUpload,
  type NewDrivePermission,
} from './port';

export interface GoogleServiceAccount {
  clientEmail: string;
  /** The PEM private key of the service account's JSON key. */
  privateKey: string;
}

export interface GoogleDriveOptions {
  /** The folder (best in a shared drive) that holds every item folder. */
  rootFolderId: string;
  serviceAccount: GoogleServiceAccount;
  /** A Drive v3 server to use instead of Google's (tests). It also issues the access tokens, at `{apiUrl}token`. */
  apiUrl?: string;
  /** Files larger than this go up in a resumable session, in chunks (default 5 MiB). */
  resumableThresholdBytes?: number;
  /** The size of those chunks: a multiple of 256 KiB, as Google requires (default 8 MiB). */
  resumableChunkBytes?: number;
  /** Retries of a call that met a 429, a 5xx or no answer at all (default 5). */
  maxRetries?: number;
  /** The first retry waits about this long, each later one twice as long as the one before (default 500 ms). */
  retryBaseDelayMs?: number;
}

type Settings = Required<Omit<GoogleDriveOptions, 'apiUrl'>> & { apiUrl: string };

type JwtClient = InstanceType<typeof googleAuth.JWT>;

const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
const GOOGLE_API_URL = 'https://www.googleapis.com/';
/** Fixed inside google-auth-library: the JWT's audience and the URL its token request goes to. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const CHUNK_UNIT_BYTES = 256 * 1024;
const ENTRY_FIELDS = 'id,name,mimeType,size,parents,modifiedTime,webViewLink,trashed';
const PERMISSION_FIELDS = 'id,type,role,emailAddress,domain';
const PDF_MIME_TYPE = 'application/pdf';
/** Native documents Google exports as PDF. Office files would have to be imported as Google documents first. */
const PDF_EXPORTABLE_MIME_TYPES = new Set([
  'application/vnd.google-apps.document',
  'application/vnd.google-apps.presentation',
  'application/vnd.google-apps.spreadsheet',
]);
const DEFAULTS = {
  resumableThresholdBytes: 5 * 1024 * 1024,
  resumableChunkBytes: 8 * 1024 * 1024,
  maxRetries: 5,
  retryBaseDelayMs: 500,
};

export function googleDrive(options: GoogleDriveOptions): DrivePort {
  const settings = settingsOf(options);
  const auth = serviceAccountClient(options.serviceAccount, options.apiUrl);
  const api = driveApi({ version: 'v3', auth, rootUrl: settings.apiUrl, retry: false });
  const call = retryingCaller(settings);

  async function fetchFile(id: string): Promise<drive_v3.Schema$File> {
    const { data } = await call({ what: 'files.get', notFoundId: id }, () => api.files.get({ fileId: id, fields: ENTRY_FIELDS, supportsAllDrives: true }));
    if (data.trashed) throw new DriveNotFoundError(id);
    return data;
  }

  async function listPage(folderId: string, pageToken: string | undefined) {
    const { data } = await call({ what: 'files.list', notFoundId: folderId }, () =>
      api.files.list({
        q: `${queryString(folderId)} in parents and trashed = false`,
        orderBy: 'name',
        pageSize: 1000,
        pageToken,
        fields: `nextPageToken,files(${ENTRY_FIELDS})`,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      }),
    );
    return { entries: (data.files ?? []).map(entryOf), nextPageToken: data.nextPageToken ?? undefined };
  }

  async function downloadOf(file: drive_v3.Schema$File): Promise<DriveDownload> {
    const id = file.id as string;
    const { data } = await call({ what: 'files.get (media)', notFoundId: id }, () =>
      api.files.get({ fileId: id, alt: 'media', supportsAllDrives: true }, { responseType: 'stream' }),
    );
    const entry = entryOf(file);
    return { name: entry.name, mimeType: entry.mimeType, size: entry.size, body: data };
  }

  async function uploadMultipart(file: DriveUpload, bytes: Buffer): Promise<DriveEntry> {
    const { data } = await call(
      { what: 'files.create (upload)', notFoundId: file.parentId },
      () =>
        api.files.create(
          {
            requestBody: uploadMetadataOf(file),
            media: { mimeType: file.mimeType, body: Readable.from([bytes]) },
            fields: ENTRY_FIELDS,
            supportsAllDrives: true,
          },
          { rootUrl: settings.apiUrl },
        ), // the client takes the upload URL from the call's rootUrl only
    );
    return entryOf(data);
  }

  async function uploadResumable(file: DriveUpload, reader: ByteReader): Promise<DriveEntry> {
    const session = await startUploadSession(file);
    for (let offset = 0; ;) {
      const chunk = await reader.read(settings.resumableChunkBytes);
      const isLast = chunk.length < settings.resumableChunkBytes || (await reader.atEnd());
      const total = isLast ? offset + chunk.length : null;
      const uploaded = await sendWholeChunk(session, chunk, offset, total);
      if (uploaded) return entryOf(uploaded);
      if (isLast) throw new DriveUnavailableError(`Google Drive did not complete the upload of ${file.name}`);
      offset += chunk.length;
    }
  }

  async function startUploadSession(file: DriveUpload): Promise<string> {
    const response = await call({ what: 'files.create (resumable upload)', notFoundId: file.parentId }, () =>
      auth.request({
        url: `${settings.apiUrl}upload/drive/v3/files`,
        method: 'POST',
        params: { uploadType: 'resumable', supportsAllDrives: true, fields: ENTRY_FIELDS },
        headers: { 'X-Upload-Content-Type': file.mimeType },
        data: uploadMetadataOf(file),
        retry: false,
      }),
    );
    const session = response.headers.get('location');
    if (!session) throw new DriveUnavailableError('Google Drive started an upload session without giving its address');
    return session;
  }

  /** Sends one chunk, again from wherever the server stopped if it kept only part of it. The file, once complete. */
  async function sendWholeChunk(session: string, chunk: Buffer, offset: number, total: number | null) {
    let answer = await sendChunk(session, chunk, offset, total);
    while ('received' in answer && answer.received < offset + chunk.length) {
      if (answer.received < offset) throw new DriveUnavailableError('Google Drive lost part of an upload it had confirmed');
      answer = await sendChunk(session, chunk.subarray(answer.received - offset), answer.received, total);
    }
    return 'file' in answer ? answer.file : null;
  }

  /** A retried chunk first asks the session how much arrived: a failed PUT may have been partly kept. */
  function sendChunk(session: string, chunk: Buffer, offset: number, total: number | null) {
    let isRetry = false;
    return call({ what: 'resumable upload' }, async () => {
      let start = offset;
      if (isRetry) {
        const status = await putRange(session, Buffer.alloc(0), offset, total);
        if ('file' in status) return status;
        start = Math.max(offset, status.received);
      }
      isRetry = true;
      return putRange(session, chunk.subarray(start - offset), start, total);
    });
  }

  async function putRange(session: string, bytes: Buffer, start: number, total: number | null): Promise<RangeAnswer> {
    const size = total === null ? '*' : String(total);
    const range = bytes.length === 0 ? `bytes */${size}` : `bytes ${start}-${start + bytes.length - 1}/${size}`;
    const response = await auth.request<drive_v3.Schema$File>({
      url: session,
      method: 'PUT',
      headers: { 'Content-Range': range },
      data: bytes,
      retry: false,
      validateStatus: (status) => status === 200 || status === 201 || status === RESUME_INCOMPLETE,
    });
    if (response.status !== RESUME_INCOMPLETE) return { file: response.data };
    return { received: receivedBytesOf(response.headers.get('range')) };
  }

  /**
   * The bytes of every file in a shared drive, the bin included. about.get only knows the service account's own
   * quota, which files in shared drives never count against; a shared drive has no quota of its own.
   */
  async function sharedDriveBytes(driveId: string): Promise<number> {
    let bytes = 0;
    let pageToken: string | undefined;
    do {
      const { data } = await call({ what: 'files.list (shared drive)' }, () =>
        api.files.list({
          corpora: 'drive',
          driveId,
          pageSize: 1000,
          pageToken,
          fields: 'nextPageToken,files(size)',
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
        }),
      );
      for (const file of data.files ?? []) bytes += Number(file.size ?? 0);
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    return bytes;
  }

  async function listAllPermissions(id: string): Promise<DrivePermission[]> {
    const permissions: DrivePermission[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await call({ what: 'permissions.list', notFoundId: id }, () =>
        api.permissions.list({
          fileId: id,
          pageSize: 100,
          pageToken,
          fields: `nextPageToken,permissions(${PERMISSION_FIELDS})`,
          supportsAllDrives: true,
        }),
      );
      permissions.push(...(data.permissions ?? []).map(permissionOf));
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    return permissions;
  }

  const drive: DrivePort = {
    kind: 'google',

    async rootFolderId() {
      return settings.rootFolderId;
    },

    async createFolder(name, parentId) {
      const parent = parentId ?? settings.rootFolderId;
      const { data } = await call({ what: 'files.create (folder)', notFoundId: parent }, () =>
        api.files.create({
          requestBody: { name, mimeType: FOLDER_MIME_TYPE, parents: [parent] },
          fields: ENTRY_FIELDS,
          supportsAllDrives: true,
        }),
      );
      return entryOf(data);
    },

    async get(id) {
      return entryOf(await fetchFile(id));
    },

    async list(folderId) {
      // Google answers an empty list for a folder it does not know.
      await fetchFile(folderId);
      const entries: DriveEntry[] = [];
      let pageToken: string | undefined;
      do {
        const page = await listPage(folderId, pageToken);
        entries.push(...page.entries);
        pageToken = page.nextPageToken;
      } while (pageToken);
      return entries;
    },

    async rename(id, name) {
      const { data } = await call({ what: 'files.update (rename)', notFoundId: id }, () =>
        api.files.update({ fileId: id, requestBody: { name }, fields: ENTRY_FIELDS, supportsAllDrives: true }),
      );
      return entryOf(data);
    },

    async move(id, newParentId) {
      const [file] = await Promise.all([fetchFile(id), fetchFile(newParentId)]);
      const { data } = await call({ what: 'files.update (move)', notFoundId: id }, () =>
        api.files.update({
          fileId: id,
          addParents: newParentId,
          removeParents: (file.parents ?? []).join(','),
          fields: ENTRY_FIELDS,
          supportsAllDrives: true,
        }),
      );
      return entryOf(data);
    },

    async upload(file) {
      const reader = new ByteReader(file.body);
      const head = await reader.read(settings.resumableThresholdBytes + 1);
      if (head.length <= settings.resumableThresholdBytes) return uploadMultipart(file, head);
      reader.unread(head);
      return uploadResumable(file, reader);
    },

    async download(id) {
      const file = await fetchFile(id);
      refuseWithoutBytes(file);
      return downloadOf(file);
    },

    canExportPdf(entry) {
      return entry.mimeType === PDF_MIME_TYPE || PDF_EXPORTABLE_MIME_TYPES.has(entry.mimeType);
    },

    async exportPdf(id) {
      const file = await fetchFile(id);
      if (file.mimeType === PDF_MIME_TYPE) return downloadOf(file);
      if (!PDF_EXPORTABLE_MIME_TYPES.has(file.mimeType ?? '')) {
        throw new DriveExportUnavailableError(id, `${file.name} is neither a PDF nor a Google document: Google Drive cannot export it as PDF.`);
      }
      const { data } = await call({ what: 'files.export', notFoundId: id }, () =>
        api.files.export({ fileId: id, mimeType: PDF_MIME_TYPE }, { responseType: 'stream' }),
      );
      return { name: `${file.name}.pdf`, mimeType: PDF_MIME_TYPE, size: null, body: data };
    },

    async remove(id) {
      // To the bin rather than files.delete: deleting for good in a shared drive takes the Manager role, the bin
      // only Content manager; the shared drive empties its bin after 30 days.
      await drive.trash(id);
    },

    async trash(id) {
      try {
        await call({ what: 'files.update (trash)', notFoundId: id }, () =>
          api.files.update({ fileId: id, requestBody: { trashed: true }, fields: 'id', supportsAllDrives: true }),
        );
      } catch (error) {
        if (!(error instanceof DriveNotFoundError)) throw error;
      }
    },

    async untrash(id) {
      await call({ what: 'files.update (untrash)', notFoundId: id }, () =>
        api.files.update({ fileId: id, requestBody: { trashed: false }, fields: 'id', supportsAllDrives: true }),
      );
    },

    listPermissions(id) {
      return listAllPermissions(id);
    },

    async addPermission(id, permission) {
      const { data } = await call({ what: 'permissions.create', notFoundId: id }, () =>
        api.permissions.create({
          fileId: id,
          requestBody: permission,
          // Google e-mails people about new shares unless told not to; Equip tells them itself.
          sendNotificationEmail: reachesAPerson(permission) ? false : undefined,
          fields: PERMISSION_FIELDS,
          supportsAllDrives: true,
        }),
      );
      return permissionOf(data);
    },

    async removePermission(id, permissionId) {
      await call({ what: 'permissions.delete', notFoundId: id }, () => api.permissions.delete({ fileId: id, permissionId, supportsAllDrives: true }));
    },

    async storageUsage() {
      const { data: root } = await call({ what: 'files.get', notFoundId: settings.rootFolderId }, () =>
        api.files.get({ fileId: settings.rootFolderId, fields: 'driveId', supportsAllDrives: true }),
      );
      if (root.driveId) return { usedBytes: await sharedDriveBytes(root.driveId), limitBytes: null };
      const { data } = await call({ what: 'about.get' }, () => api.about.get({ fields: 'storageQuota(limit,usage)' }));
      const quota = data.storageQuota ?? {};
      return { usedBytes: Number(quota.usage ?? 0), limitBytes: quota.limit ? Number(quota.limit) : null };
    },
  };
  return drive;
}

/** The options the configuration gives; throws an Error that names what is missing or malformed. */
export function googleDriveOptionsFromConfig(config: AppConfig): GoogleDriveOptions {
  if (!config.DRIVE_ROOT_FOLDER_ID) {
    throw new Error("DRIVE=google needs DRIVE_ROOT_FOLDER_ID: the id at the end of the root folder's Google Drive URL.");
  }
  return {
    rootFolderId: config.DRIVE_ROOT_FOLDER_ID,
    serviceAccount: serviceAccountFromConfig(config),
    apiUrl: config.DRIVE_GOOGLE_API_URL ? apiUrlOf(config.DRIVE_GOOGLE_API_URL) : undefined,
  };
}

const serviceAccountKeySchema = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

function serviceAccountFromConfig(config: AppConfig): GoogleServiceAccount {
  const { DRIVE_GOOGLE_CREDENTIALS_FILE: file, DRIVE_GOOGLE_CREDENTIALS_JSON: json } = config;
  if (file && json) throw new Error('Set only one of DRIVE_GOOGLE_CREDENTIALS_FILE and DRIVE_GOOGLE_CREDENTIALS_JSON.');
  if (!file && !json) {
    throw new Error(
      "DRIVE=google needs the service account's JSON key: DRIVE_GOOGLE_CREDENTIALS_FILE (its path) or DRIVE_GOOGLE_CREDENTIALS_JSON (its contents).",
    );
  }
  const source = file ? 'DRIVE_GOOGLE_CREDENTIALS_FILE' : 'DRIVE_GOOGLE_CREDENTIALS_JSON';
  return serviceAccountOf(file ? readKeyFile(file) : (json as string), source);
}

function readKeyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`DRIVE_GOOGLE_CREDENTIALS_FILE: cannot read ${file} (${code}).`, { cause: error });
  }
}

/** Error messages never quote the key: JSON.parse's own would show a piece of it. */
function serviceAccountOf(text: string, source: string): GoogleServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not valid JSON: expected a service account's JSON key.`);
  }
  const key = serviceAccountKeySchema.safeParse(parsed);
  if (!key.success) {
    throw new Error(`${source} is not a service account's JSON key: it needs client_email and private_key.`);
  }
  try {
    createPrivateKey(key.data.private_key);
  } catch {
    throw new Error(`${source}: private_key is not a readable PEM private key.`);
  }
  return { clientEmail: key.data.client_email, privateKey: key.data.private_key };
}

function apiUrlOf(value: string): string {
  if (!URL.canParse(value)) throw new Error(`DRIVE_GOOGLE_API_URL is not a URL: ${value}`);
  return value.endsWith('/') ? value : `${value}/`;
}

function settingsOf(options: GoogleDriveOptions): Settings {
  const settings: Settings = {
    rootFolderId: options.rootFolderId,
    serviceAccount: options.serviceAccount,
    apiUrl: options.apiUrl ?? GOOGLE_API_URL,
    resumableThresholdBytes: options.resumableThresholdBytes ?? DEFAULTS.resumableThresholdBytes,
    resumableChunkBytes: options.resumableChunkBytes ?? DEFAULTS.resumableChunkBytes,
    maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
    retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
  };
  if (settings.resumableChunkBytes <= 0 || settings.resumableChunkBytes % CHUNK_UNIT_BYTES !== 0) {
    throw new Error(`resumableChunkBytes must be a positive multiple of ${CHUNK_UNIT_BYTES} (256 KiB)`);
  }
  return settings;
}

/**
 * The service account's OAuth client (a signed JWT exchanged for access tokens). google-auth-library fixes the
 * token URL, so a test server's is put in place by an interceptor on the client's own transport.
 */
function serviceAccountClient(account: GoogleServiceAccount, apiUrl: string | undefined): JwtClient {
  const client = new googleAuth.JWT({ email: account.clientEmail, key: account.privateKey, scopes: [DRIVE_SCOPE] });
  const tokenUrl = apiUrl ? new URL('token', apiUrl) : null;
  client.transporter.interceptors.request.add({
    resolved: async (request) => {
      if (request.url.href !== GOOGLE_TOKEN_URL) return request;
      // The adapter retries whole calls, token included; the library's own retries would multiply them.
      return { ...request, url: tokenUrl ?? request.url, retryConfig: { retry: 0 } };
    },
  });
  return client;
}

interface DriveCall {
  /** Names the call in error messages. */
  what: string;
  /** The id a 404 is about: the call then throws DriveNotFoundError for it. */
  notFoundId?: string;
}

interface HttpFailure {
  /** null when no answer came at all. */
  status: number | null;
  reason?: string;
  message: string;
}

const RESUME_INCOMPLETE = 308;
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

function retryingCaller(settings: Settings) {
  return async function call<T>(request: DriveCall, attempt: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt();
      } catch (error) {
        const failure = httpFailureOf(error);
        if (!failure) throw error;
        if (failure.status === 404 && request.notFoundId) throw new DriveNotFoundError(request.notFoundId);
        if (!isRetryable(failure)) throw new DriveUnavailableError(`Google Drive refused ${request.what}: ${describeFailure(failure)}`);
        if (retry >= settings.maxRetries) {
          throw new DriveUnavailableError(`Google Drive failed ${request.what} after ${retry + 1} attempts: ${describeFailure(failure)}`);
        }
        await sleep(backoffDelay(settings.retryBaseDelayMs, retry));
      }
    }
  };
}

/** Exponential, with jitter so that instances that failed together do not retry together. */
function backoffDelay(baseMs: number, retry: number): number {
  return baseMs * 2 ** retry * (0.75 + Math.random() / 2);
}

function isRetryable(failure: HttpFailure): boolean {
  if (failure.status === null || failure.status === 429 || failure.status >= 500) return true;
  return failure.status === 403 && RATE_LIMIT_REASONS.has(failure.reason ?? '');
}

/**
 * What went wrong in an HTTP call (gaxios errors carry `config`), or null for any other error. The HTTP error
 * itself is never kept as a cause: its request holds the access token.
 */
function httpFailureOf(error: unknown): HttpFailure | null {
  if (!(error instanceof Error) || !('config' in error)) return null;
  const { response, code } = error as Error & { response?: { status: number; data?: unknown }; code?: unknown };
  if (!response) return { status: null, message: typeof code === 'string' ? code : error.message };
  const googleError = googleErrorOf(response.data);
  return { status: response.status, reason: googleError?.errors?.[0]?.reason, message: googleError?.message ?? error.message };
}

interface GoogleErrorBody {
  message?: string;
  errors?: { reason?: string }[];
}

/** Google's `{ error: { code, message, errors: [{ reason }] } }`; streamed calls get it as text. */
function googleErrorOf(data: unknown): GoogleErrorBody | undefined {
  let body = data;
  if (typeof data === 'string') {
    try {
      body = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'object' && error !== null ? (error as GoogleErrorBody) : undefined;
}

function describeFailure(failure: HttpFailure): string {
  if (failure.status === null) return `no answer (${failure.message})`;
  return `status ${failure.status}${failure.reason ? ` ${failure.reason}` : ''}: ${failure.message}`;
}

type RangeAnswer = { file: drive_v3.Schema$File } | { received: number };

/** A 308's `Range: bytes=0-N` says the session holds N + 1 bytes; no Range, none. */
function receivedBytesOf(range: string | null): number {
  const end = range?.match(/^bytes=0-(\d+)$/)?.[1];
  return end === undefined ? 0 : Number(end) + 1;
}

function entryOf(file: drive_v3.Schema$File): DriveEntry {
  const mimeType = file.mimeType ?? 'application/octet-stream';
  const hasBytes = mimeType !== FOLDER_MIME_TYPE && !isNativeGoogleDocument(mimeType);
  return {
    id: file.id as string,
    name: file.name ?? '',
    mimeType,
    format: formatOfMimeType(mimeType),
    size: hasBytes && file.size != null ? Number(file.size) : null,
    parentId: file.parents?.[0] ?? null,
    modifiedAt: new Date(file.modifiedTime ?? 0),
    webViewUrl: file.webViewLink ?? '',
  };
}

function permissionOf(permission: drive_v3.Schema$Permission): DrivePermission {
  return {
    id: permission.id as string,
    type: permission.type as DrivePermissionType,
    role: permission.role as DriveRole,
    ...(permission.emailAddress ? { emailAddress: permission.emailAddress } : {}),
    ...(permission.domain ? { domain: permission.domain } : {}),
  };
}

function reachesAPerson(permission: NewDrivePermission): boolean {
  return permission.type === 'user' || permission.type === 'group';
}

function uploadMetadataOf(file: DriveUpload): drive_v3.Schema$File {
  return { name: file.name, mimeType: file.mimeType, parents: [file.parentId] };
}

function refuseWithoutBytes(file: drive_v3.Schema$File): void {
  const id = file.id as string;
  if (file.mimeType === FOLDER_MIME_TYPE) throw new DriveExportUnavailableError(id, `${file.name} is a folder, not a file.`);
  if (isNativeGoogleDocument(file.mimeType ?? '')) {
    throw new DriveExportUnavailableError(id, `${file.name} is a Google document: it has no file to download, only a PDF export.`);
  }
}

/** A Drive query string literal. */
function queryString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Reads a body in pieces of a chosen size, and can put bytes back to be read again. */
class ByteReader {
  private readonly source: AsyncIterator<unknown>;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private ended = false;

  constructor(body: Readable | Buffer) {
    this.source = (Buffer.isBuffer(body) ? Readable.from([body]) : body)[Symbol.asyncIterator]();
  }

  /** The next `size` bytes, or fewer at the end. */
  async read(size: number): Promise<Buffer> {
    await this.fill(size);
    const all = Buffer.concat(this.pending);
    this.pending = all.length > size ? [all.subarray(size)] : [];
    this.pendingBytes = Math.max(0, all.length - size);
    return all.subarray(0, size);
  }

  async atEnd(): Promise<boolean> {
    await this.fill(1);
    return this.pendingBytes === 0;
  }

  unread(bytes: Buffer): void {
    this.pending.unshift(bytes);
    this.pendingBytes += bytes.length;
  }

  private async fill(size: number): Promise<void> {
    while (this.pendingBytes < size && !this.ended) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        return;
      }
      const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : Buffer.from(next.value as Uint8Array);
      this.pending.push(bytes);
      this.pendingBytes += bytes.length;
    }
  }
}
