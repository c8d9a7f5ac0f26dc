/**
 * A fake Google Drive v3 server on 127.0.0.1, close enough to Google's for the real googleapis client to work
 * against it unchanged: the service-account token endpoint (it checks the JWT's RS256 signature), the files,
 * upload (multipart and resumable), export, permissions and about endpoints the google adapter uses, Google's
 * JSON errors, shared-drive visibility (items in a shared drive are 404 without supportsAllDrives=true) and
 * paging (never more than `maxPageSize` results a page, so every list pages). Everything lives in memory.
 */
import { generateKeyPairSync, randomBytes, randomInt, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
const FOLDER = 'application/vnd.google-apps.folder';
const NATIVE_EDIT_PATHS: Record<string, string> = {
  'application/vnd.google-apps.document': 'document',
  'application/vnd.google-apps.presentation': 'presentation',
  'application/vnd.google-apps.spreadsheet': 'spreadsheets',
  'application/vnd.google-apps.drawing': 'drawings',
};
const CHUNK_UNIT_BYTES = 256 * 1024;
const PERMISSION_TYPES = new Set(['user', 'group', 'domain', 'anyone']);
const PERMISSION_ROLES = new Set(['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader']);

export interface FakePermission {
  id: string;
  type: string;
  role: string;
  emailAddress?: string;
  domain?: string;
}

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  /** Bytes of a stored file; for a native Google document, the text its PDF export shows. */
  content: Buffer | null;
  trashed: boolean;
  createdTime: Date;
  modifiedTime: Date;
  /** The shared drive it is in, or null in My Drive. */
  driveId: string | null;
  permissions: FakePermission[];
}

export interface FakeDriveRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  contentRange: string | undefined;
  bodyBytes: number;
  /** The status answered (0 until the answer is sent). */
  status: number;
}

/** A service account's JSON key, shaped like the ones Google Cloud hands out. */
export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

export interface FakeGoogleDriveOptions {
  /** Put the root folder in a shared drive (default) or in My Drive. */
  sharedDrive?: boolean;
  /** The service account's role in the shared drive: Content manager (default) or Manager. */
  serviceAccountRole?: 'fileOrganizer' | 'organizer';
}

export interface FakeGoogleDrive {
  /** Base URL with a trailing slash: the googleapis rootUrl; the token endpoint is `${url}token`. */
  url: string;
  rootFolderId: string;
  /** The shared drive's id, or null when the root folder is in My Drive. */
  sharedDriveId: string | null;
  serviceAccountKey: ServiceAccountKey;
  /** Every request, token requests included, in order of arrival. */
  requests: FakeDriveRequest[];
  /** Access tokens handed out by the token endpoint. */
  issuedTokens: string[];
  /** Most results a list answers per page, whatever pageSize asks for. */
  maxPageSize: number;
  /** The service account's storageQuota.limit in bytes; null leaves it out, as for unlimited accounts. */
  storageLimit: number | null;
  addFile(input: { name: string; mimeType: string; parents?: string[]; content?: Buffer | string }): FakeDriveFile;
  /** A new empty folder in the root folder: one per test suite keeps suites independent. */
  freshFolder(name?: string): string;
  file(id: string): FakeDriveFile | undefined;
  /**
   * The next `times` Drive calls (not token requests), or the next ones `when` picks, fail with `status` in
   * Google's error shape, before the fake acts on them.
   */
  failNext(status: number, times?: number, when?: (request: FakeDriveRequest) => boolean): void;
  close(): Promise<void>;
}

class GoogleError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (id: string) => new GoogleError(404, 'notFound', `File not found: ${id}.`);
const badRequest = (message: string, reason = 'badRequest') => new GoogleError(400, reason, message);

interface UploadSession {
  metadata: Record<string, unknown>;
  mimeType: string;
  query: URLSearchParams;
  chunks: Buffer[];
  received: number;
  file: FakeDriveFile | null;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
}

export async function startFakeGoogleDrive(options: FakeGoogleDriveOptions = {}): Promise<FakeGoogleDrive> {
  const files = new Map<string, FakeDriveFile>();
  const sessions = new Map<string, UploadSession>();
  const tokens = new Set<string>();
  const failures: { status: number; when?: (request: FakeDriveRequest) => boolean }[] = [];
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const serviceAccountKey: ServiceAccountKey = {
    type: 'service_account',
    project_id: 'equip-tests',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: 'equip-drive@equip-tests.iam.gserviceaccount.com',
    client_id: String(randomInt(1e9, 2e9)),
    token_uri: GOOGLE_TOKEN_AUDIENCE,
  };
  const serviceAccountRole = options.serviceAccountRole ?? 'fileOrganizer';
  let baseUrl = '';

  function store(input: Partial<FakeDriveFile> & { name: string; mimeType: string; parents: string[] }): FakeDriveFile {
    const now = new Date();
    const parent = input.parents[0] ? files.get(input.parents[0]) : undefined;
    const file: FakeDriveFile = {
      id: newFileId(),
      content: null,
      trashed: false,
      createdTime: now,
      modifiedTime: now,
      driveId: parent?.driveId ?? null,
      permissions: [],
      ...input,
    };
    files.set(file.id, file);
    return file;
  }

  const myDriveRoot = store({ name: 'My Drive', mimeType: FOLDER, parents: [] });
  const sharedDriveRoot = options.sharedDrive === false ? null : store({ name: 'Equip', mimeType: FOLDER, parents: [] });
  if (sharedDriveRoot) {
    sharedDriveRoot.driveId = sharedDriveRoot.id;
    sharedDriveRoot.permissions.push({ id: newPermissionId('user'), type: 'user', role: serviceAccountRole, emailAddress: serviceAccountKey.client_email });
  }
  const root = store({ name: 'Equip items', mimeType: FOLDER, parents: [(sharedDriveRoot ?? myDriveRoot).id] });

  const fake: FakeGoogleDrive = {
    url: '',
    rootFolderId: root.id,
    sharedDriveId: sharedDriveRoot?.id ?? null,
    serviceAccountKey,
    requests: [],
    issuedTokens: [],
    maxPageSize: 3,
    storageLimit: 15 * 1024 ** 3,
    addFile({ name, mimeType, parents = [root.id], content }) {
      return store({ name, mimeType, parents, content: content === undefined ? null : Buffer.from(content) });
    },
    freshFolder(name = `Suite ${randomBytes(4).toString('hex')}`) {
      return store({ name, mimeType: FOLDER, parents: [root.id] }).id;
    },
    file: (id) => files.get(id),
    failNext(status, times = 1, when) {
      for (let i = 0; i < times; i++) failures.push({ status, when });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // ---- files ----

  function visibleFile(id: string, query: URLSearchParams): FakeDriveFile {
    const file = files.get(id);
    if (!file || (file.driveId && query.get('supportsAllDrives') !== 'true')) throw notFound(id);
    return file;
  }

  function folderFor(id: string, query: URLSearchParams): FakeDriveFile {
    const folder = visibleFile(id, query);
    if (folder.mimeType !== FOLDER) throw badRequest(`The parent ${id} is not a folder.`, 'invalidParent');
    return folder;
  }

  function parentsFor(metadata: Record<string, unknown>, query: URLSearchParams): string[] {
    const parents = Array.isArray(metadata.parents) ? (metadata.parents as string[]) : [myDriveRoot.id];
    if (parents.length !== 1) throw new GoogleError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
    return [folderFor(parents[0], query).id];
  }

  function createFile(metadata: Record<string, unknown>, query: URLSearchParams, content: Buffer | null, mimeType?: string) {
    const type = String(metadata.mimeType ?? mimeType ?? 'application/octet-stream');
    return store({
      name: String(metadata.name ?? 'Untitled'),
      mimeType: type,
      parents: parentsFor(metadata, query),
      content: hasBlob(type) ? (content ?? Buffer.alloc(0)) : null,
    });
  }

  function descendantsOf(id: string): FakeDriveFile[] {
    const children = [...files.values()].filter((file) => file.parents.includes(id));
    return children.flatMap((child) => [child, ...descendantsOf(child.id)]);
  }

  function fileResource(file: FakeDriveFile): Record<string, unknown> {
    return {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      ...(file.parents.length ? { parents: file.parents } : {}),
      ...(hasBlob(file.mimeType) ? { size: String(file.content?.length ?? 0) } : {}),
      trashed: file.trashed,
      createdTime: file.createdTime.toISOString(),
      modifiedTime: file.modifiedTime.toISOString(),
      webViewLink: webViewLinkOf(file),
      ...(file.driveId ? { driveId: file.driveId } : {}),
    };
  }

  function listFiles(query: URLSearchParams): Answer {
    const matches = parseFileQuery(query.get('q') ?? '');
    const found = [...files.values()].filter((file) => inCorpus(file, query) && matches(file));
    const ordered = orderFiles(found, query.get('orderBy'));
    const page = pageOf(ordered, query, 100);
    const body = { kind: 'drive#fileList', incompleteSearch: false, nextPageToken: page.nextPageToken, files: page.items.map(fileResource) };
    return json(body, query.get('fields') ?? 'kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)');
  }

  /** Which files a list looks through: My Drive's, the shared drives' too, or one shared drive's (corpora=drive). */
  function inCorpus(file: FakeDriveFile, query: URLSearchParams): boolean {
    if (file.id === file.driveId || file.id === myDriveRoot.id) return false;
    const allDrives = query.get('supportsAllDrives') === 'true' && query.get('includeItemsFromAllDrives') === 'true';
    if (query.get('corpora') === 'drive') {
      if (!allDrives || !query.get('driveId')) throw badRequest('corpora=drive needs driveId, supportsAllDrives and includeItemsFromAllDrives.', 'invalid');
      return file.driveId === query.get('driveId');
    }
    return allDrives || !file.driveId;
  }

  function pageOf<T>(items: T[], query: URLSearchParams, defaultSize: number) {
    const size = Math.min(Number(query.get('pageSize') ?? defaultSize), fake.maxPageSize);
    const listing = ['q', 'orderBy', 'corpora', 'driveId'].map((name) => query.get(name) ?? '').join('|');
    const token = query.get('pageToken');
    let offset = 0;
    if (token) {
      const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8') || '{}') as { listing?: string; offset?: number };
      if (decoded.listing !== listing || typeof decoded.offset !== 'number') throw badRequest('Invalid Value', 'invalid');
      offset = decoded.offset;
    }
    const end = offset + size;
    const nextPageToken = end < items.length ? Buffer.from(JSON.stringify({ listing, offset: end })).toString('base64url') : undefined;
    return { items: items.slice(offset, end), nextPageToken };
  }

  function getFile(id: string, query: URLSearchParams): Answer {
    const file = visibleFile(id, query);
    if (query.get('alt') !== 'media') return json(fileResource(file), query.get('fields') ?? 'kind,id,name,mimeType');
    if (!hasBlob(file.mimeType) || !file.content) {
      throw new GoogleError(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
    }
    return { status: 200, headers: { 'Content-Type': file.mimeType, 'Content-Length': String(file.content.length) }, body: file.content };
  }

  function updateFile(id: string, query: URLSearchParams, metadata: Record<string, unknown>): Answer {
    const file = visibleFile(id, query);
    const removed = new Set((query.get('removeParents') ?? '').split(',').filter(Boolean));
    const added = (query.get('addParents') ?? '')
      .split(',')
      .filter(Boolean)
      .map((parent) => folderFor(parent, query).id);
    const parents = [
      ...file.parents.filter((parent) => !removed.has(parent)),
      ...added.filter((parent) => !file.parents.includes(parent) || removed.has(parent)),
    ];
    if (parents.length > 1) throw new GoogleError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
    if (added.some((parent) => parent === id || descendantsOf(id).some((d) => d.id === parent))) {
      throw badRequest('A folder cannot be moved into itself or into one of its own folders.', 'invalidParent');
    }
    file.parents = parents;
    if (typeof metadata.name === 'string') file.name = metadata.name;
    if (typeof metadata.trashed === 'boolean') {
      for (const each of [file, ...descendantsOf(id)]) each.trashed = metadata.trashed;
    }
    file.modifiedTime = new Date();
    return json(fileResource(file), query.get('fields') ?? 'kind,id,name,mimeType');
  }

  function deleteFile(id: string, query: URLSearchParams): Answer {
    const file = visibleFile(id, query);
    if (file.driveId && serviceAccountRole !== 'organizer') {
      throw new GoogleError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.');
    }
    for (const each of [file, ...descendantsOf(id)]) files.delete(each.id);
    return { status: 204 };
  }

  function exportFile(id: string, query: URLSearchParams): Answer {
    const file = files.get(id);
    if (!file) throw notFound(id);
    const mimeType = query.get('mimeType');
    if (!mimeType) throw badRequest('Required parameter: mimeType', 'required');
    if (!NATIVE_EDIT_PATHS[file.mimeType]) throw new GoogleError(403, 'fileNotExportable', 'Export only supports Docs Editors files.');
    if (mimeType !== 'application/pdf') throw badRequest('The requested conversion is not supported.');
    const pdf = `%PDF-1.4\n% ${file.name}, exported by the fake Google Drive\n${file.content?.toString('utf8') ?? ''}\n%%EOF\n`;
    return { status: 200, headers: { 'Content-Type': 'application/pdf' }, body: pdf };
  }

  // ---- uploads ----

  function upload(query: URLSearchParams, request: IncomingMessage, body: Buffer): Answer {
    const uploadType = query.get('uploadType');
    if (uploadType === 'multipart') {
      const [metadataPart, mediaPart] = multipartParts(body, boundaryOf(request.headers['content-type']));
      if (!metadataPart || !mediaPart) throw badRequest('Multipart upload needs a metadata part and a media part.');
      const metadata = JSON.parse(metadataPart.body.toString('utf8')) as Record<string, unknown>;
      const file = createFile(metadata, query, mediaPart.body, mediaPart.contentType);
      return json(fileResource(file), query.get('fields') ?? 'kind,id,name,mimeType');
    }
    if (uploadType === 'resumable') return startSession(query, request, body);
    throw badRequest(`Invalid value for uploadType: ${uploadType}`, 'invalidParameter');
  }

  function startSession(query: URLSearchParams, request: IncomingMessage, body: Buffer): Answer {
    const metadata = (body.length ? JSON.parse(body.toString('utf8')) : {}) as Record<string, unknown>;
    parentsFor(metadata, query);
    const uploadId = randomBytes(24).toString('base64url');
    const mimeType = String(request.headers['x-upload-content-type'] ?? metadata.mimeType ?? 'application/octet-stream');
    sessions.set(uploadId, { metadata, mimeType, query, chunks: [], received: 0, file: null });
    const location = new URL('upload/drive/v3/files', baseUrl);
    location.search = query.toString();
    location.searchParams.set('upload_id', uploadId);
    return { status: 200, headers: { Location: location.href } };
  }

  function putChunk(query: URLSearchParams, request: IncomingMessage, body: Buffer): Answer {
    const session = sessions.get(query.get('upload_id') ?? '');
    if (!session) throw new GoogleError(404, 'notFound', 'Upload session not found or expired.');
    const range = parseContentRange(request.headers['content-range']);
    if (!range) throw badRequest('Invalid Content-Range header.');
    if (range.start !== null && !session.file) acceptChunk(session, range, body);
    if (!session.file && range.total !== null && session.received === range.total) {
      session.file = createFile(session.metadata, session.query, Buffer.concat(session.chunks), session.mimeType);
    }
    if (session.file) return json(fileResource(session.file), session.query.get('fields') ?? 'kind,id,name,mimeType');
    return { status: 308, headers: session.received ? { Range: `bytes=0-${session.received - 1}` } : {} };
  }

  function acceptChunk(session: UploadSession, range: ContentRange, body: Buffer): void {
    if (range.start !== session.received) throw badRequest(`Expected the upload to continue at byte ${session.received}.`);
    if (body.length !== (range.end as number) - range.start + 1) throw badRequest('The body does not match Content-Range.');
    const isFinal = range.total !== null && (range.end as number) + 1 === range.total;
    if (!isFinal && body.length % CHUNK_UNIT_BYTES !== 0) {
      throw badRequest('Chunks other than the final one must be a multiple of 256 KiB.');
    }
    session.chunks.push(body);
    session.received += body.length;
  }

  // ---- permissions and about ----

  function permissionsOf(file: FakeDriveFile): FakePermission[] {
    const inherited = file.parents.flatMap((parent) => {
      const folder = files.get(parent);
      return folder ? permissionsOf(folder) : [];
    });
    return [...inherited.filter((p) => !file.permissions.some((own) => own.id === p.id)), ...file.permissions];
  }

  function permissionResource(permission: FakePermission): Record<string, unknown> {
    return { kind: 'drive#permission', ...permission };
  }

  function listPermissions(id: string, query: URLSearchParams): Answer {
    const page = pageOf(permissionsOf(visibleFile(id, query)), query, 100);
    const body = { kind: 'drive#permissionList', nextPageToken: page.nextPageToken, permissions: page.items.map(permissionResource) };
    return json(body, query.get('fields') ?? 'kind,nextPageToken,permissions(kind,id,type,role)');
  }

  function createPermission(id: string, query: URLSearchParams, input: Record<string, unknown>): Answer {
    const file = visibleFile(id, query);
    const { type, role, emailAddress, domain } = input as Partial<FakePermission>;
    if (!type || !PERMISSION_TYPES.has(type)) throw badRequest(`Invalid permission type: ${type}`, 'invalid');
    if (!role || !PERMISSION_ROLES.has(role)) throw badRequest(`Invalid permission role: ${role}`, 'invalid');
    if ((type === 'user' || type === 'group') && !emailAddress) throw badRequest('The permission value field is required.', 'required');
    if (type === 'domain' && !domain) throw badRequest('The permission value field is required.', 'required');
    const existing = file.permissions.find((p) => p.type === type && p.emailAddress === emailAddress && p.domain === domain);
    const permission = existing ?? { id: newPermissionId(type), type, role, ...(emailAddress ? { emailAddress } : {}), ...(domain ? { domain } : {}) };
    permission.role = role;
    if (!existing) file.permissions.push(permission);
    return json(permissionResource(permission), query.get('fields') ?? 'kind,id,type,role');
  }

  function deletePermission(id: string, permissionId: string, query: URLSearchParams): Answer {
    const file = visibleFile(id, query);
    if (!file.permissions.some((p) => p.id === permissionId)) {
      throw new GoogleError(404, 'notFound', `Permission not found: ${permissionId}.`);
    }
    file.permissions = file.permissions.filter((p) => p.id !== permissionId);
    return { status: 204 };
  }

  function about(query: URLSearchParams): Answer {
    const fields = query.get('fields');
    if (!fields) throw badRequest("The 'fields' parameter is required for this method.", 'required');
    // The account's own quota: files in shared drives count against none.
    const stored = [...files.values()].filter((file) => !file.driveId);
    const bytesOf = (list: FakeDriveFile[]) =>
      String(list.filter((file) => hasBlob(file.mimeType)).reduce((sum, file) => sum + (file.content?.length ?? 0), 0));
    const storageQuota = {
      ...(fake.storageLimit === null ? {} : { limit: String(fake.storageLimit) }),
      usage: bytesOf(stored),
      usageInDrive: bytesOf(stored),
      usageInDriveTrash: bytesOf(stored.filter((file) => file.trashed)),
    };
    return json({ kind: 'drive#about', storageQuota }, fields);
  }

  // ---- the token endpoint ----

  function issueToken(body: Buffer): Answer {
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' } };
    }
    const problem = assertionProblem(form.get('assertion') ?? '', publicKey, serviceAccountKey.client_email);
    if (problem) return { status: 400, body: { error: 'invalid_grant', error_description: problem } };
    const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    fake.issuedTokens.push(token);
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }

  // ---- routing ----

  function injectedFailureFor(logged: FakeDriveRequest): GoogleError | null {
    const index = failures.findIndex((failure) => !failure.when || failure.when(logged));
    if (index === -1) return null;
    const [{ status }] = failures.splice(index, 1);
    return injectedFailure(status);
  }

  function route(request: IncomingMessage, url: URL, body: Buffer, logged: FakeDriveRequest): Answer {
    const { pathname: path, searchParams: query } = url;
    const method = request.method ?? 'GET';
    if (method === 'POST' && path === '/token') return issueToken(body);
    const failure = injectedFailureFor(logged);
    if (failure) throw failure;
    // Like Google's, a resumable session's URL is its own credential.
    if (method === 'PUT' && path === '/upload/drive/v3/files') return putChunk(query, request, body);
    if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      throw new GoogleError(401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    }
    const jsonBody = () => (body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {});
    const { route: target, id = '', permissionId = '' } = routeOf(path);
    const key = `${method} ${target}`;
    switch (key) {
      case 'GET files':
        return listFiles(query);
      case 'POST files':
        return json(fileResource(createFile(jsonBody(), query, null)), query.get('fields') ?? 'kind,id,name,mimeType');
      case 'GET files/:id':
        return getFile(id, query);
      case 'PATCH files/:id':
        return updateFile(id, query, jsonBody());
      case 'DELETE files/:id':
        return deleteFile(id, query);
      case 'GET files/:id/export':
        return exportFile(id, query);
      case 'GET files/:id/permissions':
        return listPermissions(id, query);
      case 'POST files/:id/permissions':
        return createPermission(id, query, jsonBody());
      case 'DELETE files/:id/permissions/:pid':
        return deletePermission(id, permissionId, query);
      case 'GET about':
        return about(query);
      case 'POST upload':
        return upload(query, request, body);
      default:
        throw new GoogleError(404, 'notFound', `Not Found: ${method} ${path}`);
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', baseUrl);
      const logged: FakeDriveRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        contentRange: request.headers['content-range'],
        bodyBytes: body.length,
        status: 0,
      };
      fake.requests.push(logged);
      let answer: Answer;
      try {
        answer = route(request, url, body, logged);
      } catch (error) {
        answer = errorAnswer(error);
      }
      logged.status = answer.status;
      send(response, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  fake.url = baseUrl;
  return fake;
}

/** Names what a path addresses, e.g. `files/:id/permissions/:pid`, with the ids in it. */
function routeOf(path: string): { route: string; id?: string; permissionId?: string } {
  if (path === '/drive/v3/about') return { route: 'about' };
  if (path === '/upload/drive/v3/files') return { route: 'upload' };
  const match = path.match(/^\/drive\/v3\/files(?:\/([^/]+)(?:\/(export|permissions)(?:\/([^/]+))?)?)?$/);
  if (!match) return { route: path };
  const [, id, sub, permissionId] = match.map((part) => (part === undefined ? part : decodeURIComponent(part)));
  return { route: ['files', id && ':id', sub, permissionId && ':pid'].filter(Boolean).join('/'), id, permissionId };
}

function send(response: ServerResponse, answer: Answer): void {
  const { body } = answer;
  const isJson = body !== undefined && !Buffer.isBuffer(body) && typeof body === 'object';
  const payload = isJson ? JSON.stringify(body) : body;
  response.writeHead(answer.status, { ...(isJson ? { 'Content-Type': 'application/json; charset=UTF-8' } : {}), ...answer.headers });
  response.end(payload);
}

function errorAnswer(error: unknown): Answer {
  const google = error instanceof GoogleError ? error : badRequest(error instanceof Error ? error.message : String(error));
  const body = { error: { code: google.status, message: google.message, errors: [{ message: google.message, domain: 'global', reason: google.reason }] } };
  return { status: google.status, body };
}

function injectedFailure(status: number): GoogleError {
  if (status === 429) return new GoogleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded');
  if (status === 403) return new GoogleError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded');
  return new GoogleError(status, 'backendError', 'Backend Error');
}

/** Answers JSON holding only the `fields` asked for, as Google does. */
function json(body: Record<string, unknown>, fields: string): Answer {
  return { status: 200, body: pickFields(body, parseFields(fields)) as object };
}

type FieldSelection = Map<string, FieldSelection | null> | '*';

/** Google's partial-response syntax: `a,b(c,d),e`, `*` for everything. */
function parseFields(text: string): FieldSelection {
  const trimmed = text.replace(/\s+/g, '');
  if (trimmed === '*') return '*';
  const selection = new Map<string, FieldSelection | null>();
  let depth = 0;
  let start = 0;
  const addItem = (item: string) => {
    const open = item.indexOf('(');
    if (open === -1) selection.set(item, null);
    else selection.set(item.slice(0, open), parseFields(item.slice(open + 1, -1)));
  };
  for (let i = 0; i <= trimmed.length; i++) {
    const char = trimmed[i];
    if (char === '(') depth++;
    if (char === ')') depth--;
    if ((char === ',' && depth === 0) || i === trimmed.length) {
      if (i > start) addItem(trimmed.slice(start, i));
      start = i + 1;
    }
  }
  return selection;
}

function pickFields(value: unknown, selection: FieldSelection | null): unknown {
  if (selection === null || selection === '*' || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((each) => pickFields(each, selection));
  const picked: Record<string, unknown> = {};
  for (const [name, inner] of selection) {
    const field = (value as Record<string, unknown>)[name];
    if (field !== undefined) picked[name] = pickFields(field, inner);
  }
  return picked;
}

const CLAUSE = /\s*(?:'((?:[^'\\]|\\.)*)'\s+in\s+parents|trashed\s*=\s*(true|false)|(name|mimeType)\s*(=|!=)\s*'((?:[^'\\]|\\.)*)')\s*(and\b|$)/y;

/** The part of Drive's query language the adapter uses: clauses joined by `and`. */
function parseFileQuery(q: string): (file: FakeDriveFile) => boolean {
  const tests: ((file: FakeDriveFile) => boolean)[] = [];
  CLAUSE.lastIndex = 0;
  while (CLAUSE.lastIndex < q.length) {
    const match = CLAUSE.exec(q);
    if (!match) throw new GoogleError(400, 'invalid', 'Invalid Value');
    const [, parent, trashed, field, operator, value] = match;
    if (parent !== undefined) tests.push((file) => file.parents.includes(unescapeQuery(parent)));
    else if (trashed !== undefined) tests.push((file) => file.trashed === (trashed === 'true'));
    else {
      const wanted = unescapeQuery(value);
      const key = field as 'name' | 'mimeType';
      tests.push((file) => (file[key] === wanted) === (operator === '='));
    }
  }
  return (file) => tests.every((test) => test(file));
}

function unescapeQuery(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

function orderFiles(found: FakeDriveFile[], orderBy: string | null): FakeDriveFile[] {
  const byName = (a: FakeDriveFile, b: FakeDriveFile) => a.name.localeCompare(b.name);
  if (orderBy === null) return found.sort((a, b) => a.createdTime.getTime() - b.createdTime.getTime());
  if (orderBy === 'name') return found.sort(byName);
  if (orderBy === 'folder,name') return found.sort((a, b) => Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER) || byName(a, b));
  throw badRequest(`Invalid orderBy: ${orderBy}`, 'invalid');
}

interface ContentRange {
  /** null for a status query (`bytes *\/total`). */
  start: number | null;
  end: number | null;
  /** null while the total is not known yet (`/*`). */
  total: number | null;
}

function parseContentRange(header: string | undefined): ContentRange | null {
  const match = header?.match(/^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/);
  if (!match) return null;
  const [, start, end, total] = match;
  return {
    start: start === undefined ? null : Number(start),
    end: end === undefined ? null : Number(end),
    total: total === '*' ? null : Number(total),
  };
}

function boundaryOf(contentType: string | undefined): string {
  const boundary = contentType?.match(/^multipart\/related;\s*boundary=("?)([^";]+)\1/i)?.[2];
  if (!boundary) throw badRequest('Expected a multipart/related body.');
  return boundary;
}

interface MultipartPart {
  contentType: string | undefined;
  body: Buffer;
}

function multipartParts(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const start = position + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    parts.push(multipartPart(body.subarray(start, next)));
    position = next;
  }
  return parts;
}

function multipartPart(raw: Buffer): MultipartPart {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const headers = raw.subarray(0, headerEnd).toString('utf8');
  const content = raw.subarray(headerEnd + 4);
  const endsWithBreak = content.subarray(-2).toString('latin1') === '\r\n';
  return {
    contentType: headers.match(/^content-type:\s*(.+)$/im)?.[1]?.trim(),
    body: endsWithBreak ? content.subarray(0, -2) : content,
  };
}

/** What is wrong with a service account's JWT assertion, or null when Google would accept it. */
function assertionProblem(assertion: string, publicKey: string, clientEmail: string): string | null {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return 'Invalid JWT: not a signed JWT.';
  const signed = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!signed) return 'Invalid JWT Signature.';
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (alg !== 'RS256') return `Invalid JWT: alg ${alg}.`;
  if (claims.iss !== clientEmail) return 'Invalid JWT: unknown issuer.';
  if (claims.aud !== GOOGLE_TOKEN_AUDIENCE) return 'Invalid JWT: wrong audience.';
  if (
    !String(claims.scope ?? '')
      .split(' ')
      .includes(DRIVE_SCOPE)
  )
    return 'Invalid JWT: no Drive scope.';
  if (typeof claims.exp !== 'number' || claims.exp < now || typeof claims.iat !== 'number' || claims.iat > now + 60) {
    return 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.';
  }
  return null;
}

/** Folders and native Google documents have no bytes of their own (and so no size). */
function hasBlob(mimeType: string): boolean {
  return mimeType !== FOLDER && !NATIVE_EDIT_PATHS[mimeType];
}

function webViewLinkOf(file: FakeDriveFile): string {
  if (file.mimeType === FOLDER) return `https://drive.google.com/drive/folders/${file.id}`;
  const editor = NATIVE_EDIT_PATHS[file.mimeType];
  if (editor) return `https://docs.google.com/${editor}/d/${file.id}/edit?usp=drivesdk`;
  return `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk`;
}

/** Drive ids: 33 URL-safe characters. */
function newFileId(): string {
  return `1${randomBytes(24).toString('base64url')}`;
}

function newPermissionId(type: string): string {
  if (type === 'anyone') return 'anyoneWithLink';
  return BigInt(`0x${randomBytes(8).toString('hex')}`).toString();
}
