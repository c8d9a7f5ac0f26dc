import { createServer } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { googleDrive, googleDriveOptionsFromConfig, type GoogleDriveOptions } from '../../../server/drive/google';
import { DriveExportUnavailableError, DriveNotFoundError, DriveUnavailableError } from '../../../server/drive/port';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../support/fake-google-drive';
import { bytesOf, describeDriveContract } from './contract';

const KIB = 1024;

function optionsFor(fake: FakeGoogleDrive, overrides: Partial<GoogleDriveOptions> = {}): GoogleDriveOptions {
  return {
    rootFolderId: fake.rootFolderId,
    serviceAccount: { clientEmail: fake.serviceAccountKey.client_email, privateKey: fake.serviceAccountKey.private_key },
    apiUrl: fake.url,
    retryBaseDelayMs: 5,
    ...overrides,
  };
}

describe('google drive adapter', () => {
  let fake: FakeGoogleDrive;
  beforeAll(async () => {
    fake = await startFakeGoogleDrive();
  });
  afterAll(async () => {
    await fake.close();
  });

  describeDriveContract('google adapter', async () => {
    const rootFolderId = fake.freshFolder();
    return { drive: googleDrive(optionsFor(fake, { rootFolderId })), close: async () => {} };
  });

  describe('against Google Drive v3', () => {
    let root: string;
    let requestsBefore: number;
    const drive = (overrides: Partial<GoogleDriveOptions> = {}) => googleDrive(optionsFor(fake, { rootFolderId: root, ...overrides }));
    const requestsSince = () => fake.requests.slice(requestsBefore);
    const driveCallsSince = () => requestsSince().filter((request) => request.path !== '/token');

    beforeEach(() => {
      root = fake.freshFolder();
      requestsBefore = fake.requests.length;
    });

    it('signs in with the service account and uses the token it was given on every call', async () => {
      await drive().createFolder('Signed in');
      const [tokenRequest, ...calls] = requestsSince();
      expect(tokenRequest).toMatchObject({ method: 'POST', path: '/token', status: 200 });
      const token = fake.issuedTokens.at(-1);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((call) => call.authorization === `Bearer ${token}`)).toBe(true);
    });

    it('gets no token for a key the fake does not know, and says so', async () => {
      const stranger = await startFakeGoogleDrive();
      try {
        const impostor = googleDrive({
          ...optionsFor(fake, { rootFolderId: root }),
          serviceAccount: { clientEmail: fake.serviceAccountKey.client_email, privateKey: stranger.serviceAccountKey.private_key },
        });
        await expect(impostor.get(root)).rejects.toThrow(/Google Drive refused files\.get: status 400.*Invalid JWT Signature/);
        expect(requestsSince().filter((request) => request.path !== '/token')).toEqual([]);
      } finally {
        await stranger.close();
      }
    });

    it('passes supportsAllDrives=true on every call that takes it, so a root folder in a shared drive works', async () => {
      const adapter = drive({ resumableThresholdBytes: 256 * KIB, resumableChunkBytes: 256 * KIB });
      const folder = await adapter.createFolder('All drives');
      const file = await adapter.upload({ name: 'small.txt', mimeType: 'text/plain', parentId: folder.id, body: Buffer.from('small') });
      await adapter.upload({ name: 'large.bin', mimeType: 'application/octet-stream', parentId: folder.id, body: Buffer.alloc(300 * KIB, 1) });
      await adapter.list(folder.id);
      await adapter.rename(file.id, 'renamed.txt');
      await adapter.move(file.id, root);
      await bytesOf(await adapter.download(file.id));
      const permission = await adapter.addPermission(file.id, { type: 'user', role: 'reader', emailAddress: 'reader@example.org' });
      await adapter.listPermissions(file.id);
      await adapter.removePermission(file.id, permission.id);
      await adapter.remove(file.id);

      // files.export and about.get take no such parameter; a resumable session's URL keeps the one it was started with.
      const calls = driveCallsSince();
      expect(calls.length).toBeGreaterThan(12);
      expect(calls.filter((call) => call.query.get('supportsAllDrives') !== 'true')).toEqual([]);
      const lists = calls.filter((call) => call.method === 'GET' && call.path === '/drive/v3/files');
      expect(lists.every((call) => call.query.get('includeItemsFromAllDrives') === 'true')).toBe(true);
    });

    it('does not e-mail people it shares with', async () => {
      const folder = await drive().createFolder('Quiet sharing');
      await drive().addPermission(folder.id, { type: 'user', role: 'reader', emailAddress: 'reader@example.org' });
      const create = driveCallsSince().find((call) => call.method === 'POST' && call.path.endsWith('/permissions'));
      expect(create?.query.get('sendNotificationEmail')).toBe('false');
    });

    it('reads a native Google document as a document without bytes, and exports it as PDF', async () => {
      const doc = fake.addFile({ name: 'Session plan', mimeType: 'application/vnd.google-apps.document', parents: [root], content: 'Welcome' });
      const entry = await drive().get(doc.id);
      expect(entry).toMatchObject({
        id: doc.id,
        format: 'google_doc',
        size: null,
        parentId: root,
        webViewUrl: `https://docs.google.com/document/d/${doc.id}/edit?usp=drivesdk`,
      });
      expect(drive().canExportPdf(entry)).toBe(true);
      await expect(drive().download(doc.id)).rejects.toThrow(DriveExportUnavailableError);
      await expect(drive().download(doc.id)).rejects.toThrow(/Session plan is a Google document/);
      const exported = await drive().exportPdf(doc.id);
      expect(exported).toMatchObject({ name: 'Session plan.pdf', mimeType: 'application/pdf' });
      expect((await bytesOf(exported)).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('does not offer PDF export of office files, which Google would have to import first', async () => {
      const word = fake.addFile({
        name: 'Notes.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        parents: [root],
        content: 'PK',
      });
      const entry = await drive().get(word.id);
      expect(entry).toMatchObject({ format: 'word', size: 2 });
      expect(drive().canExportPdf(entry)).toBe(false);
      await expect(drive().exportPdf(word.id)).rejects.toThrow(DriveExportUnavailableError);
    });

    it('follows nextPageToken until every entry of a long folder is listed', async () => {
      fake.maxPageSize = 2;
      try {
        const names = ['e', 'c', 'g', 'a', 'f', 'b', 'd'].map((letter) => `${letter}.txt`);
        for (const name of names) fake.addFile({ name, mimeType: 'text/plain', parents: [root], content: name });
        const listed = await drive().list(root);
        expect(listed.map((entry) => entry.name)).toEqual([...names].sort());
        const pages = driveCallsSince().filter((call) => call.method === 'GET' && call.path === '/drive/v3/files');
        expect(pages).toHaveLength(4);
        expect(pages.slice(1).every((call) => call.query.get('pageToken'))).toBe(true);
      } finally {
        fake.maxPageSize = 3;
      }
    });

    it('leaves files in the bin out of lists and answers DriveNotFoundError for them', async () => {
      const binned = fake.addFile({ name: 'old.txt', mimeType: 'text/plain', parents: [root], content: 'old' });
      binned.trashed = true;
      expect(await drive().list(root)).toEqual([]);
      await expect(drive().get(binned.id)).rejects.toThrow(DriveNotFoundError);
    });

    it('moves removed files to the bin, which a Content manager may do, rather than deleting them for good', async () => {
      const file = await drive().upload({ name: 'gone.txt', mimeType: 'text/plain', parentId: root, body: Buffer.from('bye') });
      await drive().remove(file.id);
      expect(fake.file(file.id)?.trashed).toBe(true);
      expect(driveCallsSince().some((call) => call.method === 'DELETE')).toBe(false);
    });

    it('retries 429 and 503 with backoff and then succeeds', async () => {
      fake.failNext(429);
      fake.failNext(503);
      const folder = await drive().createFolder('After retries');
      const creates = driveCallsSince().filter((call) => call.method === 'POST' && call.path === '/drive/v3/files');
      expect(creates.map((call) => call.status)).toEqual([429, 503, 200]);
      expect((await drive().get(folder.id)).name).toBe('After retries');
    });

    it('retries a rate limit answered as 403 userRateLimitExceeded', async () => {
      fake.failNext(403);
      await expect(drive().get(root)).resolves.toMatchObject({ id: root });
      expect(driveCallsSince().map((call) => call.status)).toEqual([403, 200]);
    });

    it('gives up with DriveUnavailableError naming the status after maxRetries', async () => {
      fake.failNext(500, 4);
      const failure = drive({ maxRetries: 3 }).get(root);
      await expect(failure).rejects.toThrow(DriveUnavailableError);
      await expect(failure).rejects.toThrow(/after 4 attempts: status 500 backendError/);
      expect(driveCallsSince().map((call) => call.status)).toEqual([500, 500, 500, 500]);
    });

    it('answers DriveUnavailableError when the server cannot be reached', async () => {
      const closedPort = await unusedPort();
      const unreachable = drive({ apiUrl: `http://127.0.0.1:${closedPort}/`, maxRetries: 2, retryBaseDelayMs: 1 });
      await expect(unreachable.get(root)).rejects.toThrow(DriveUnavailableError);
      await expect(unreachable.storageUsage()).rejects.toThrow(/after 3 attempts: no answer/);
    });

    it('uploads a large file in a resumable session of 256 KiB chunks that downloads back byte for byte', async () => {
      const bytes = Buffer.from(Array.from({ length: 700 * KIB }, (_, i) => (i * 31 + (i >> 10)) % 251));
      const adapter = drive({ resumableThresholdBytes: 512 * KIB, resumableChunkBytes: 256 * KIB });
      const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, 400 * KIB), bytes.subarray(400 * KIB)];
      const uploaded = await adapter.upload({ name: 'video.mp4', mimeType: 'video/mp4', parentId: root, body: Readable.from(pieces) });
      expect(uploaded).toMatchObject({ name: 'video.mp4', format: 'video', size: bytes.length, parentId: root });

      const calls = driveCallsSince();
      const start = calls.find((call) => call.method === 'POST' && call.path === '/upload/drive/v3/files');
      expect(start?.query.get('uploadType')).toBe('resumable');
      const chunks = calls.filter((call) => call.method === 'PUT');
      expect(chunks.map((call) => [call.contentRange, call.status])).toEqual([
        [`bytes 0-${256 * KIB - 1}/*`, 308],
        [`bytes ${256 * KIB}-${512 * KIB - 1}/*`, 308],
        [`bytes ${512 * KIB}-${bytes.length - 1}/${bytes.length}`, 200],
      ]);
      expect(await bytesOf(await adapter.download(uploaded.id))).toEqual(bytes);
    });

    it('resumes a resumable upload from where the server stopped after a failed chunk', async () => {
      const bytes = Buffer.alloc(600 * KIB, 7);
      const adapter = drive({ resumableThresholdBytes: 256 * KIB, resumableChunkBytes: 256 * KIB });
      fake.failNext(503, 1, (request) => request.method === 'PUT' && request.contentRange?.startsWith(`bytes ${256 * KIB}-`) === true);
      const uploaded = await adapter.upload({ name: 'big.bin', mimeType: 'application/octet-stream', parentId: root, body: bytes });
      const puts = driveCallsSince().filter((call) => call.method === 'PUT');
      expect(puts.map((call) => [call.contentRange, call.status])).toEqual([
        [`bytes 0-${256 * KIB - 1}/*`, 308],
        [`bytes ${256 * KIB}-${512 * KIB - 1}/*`, 503],
        ['bytes */*', 308],
        [`bytes ${256 * KIB}-${512 * KIB - 1}/*`, 308],
        [`bytes ${512 * KIB}-${bytes.length - 1}/${bytes.length}`, 200],
      ]);
      expect(await bytesOf(await adapter.download(uploaded.id))).toEqual(bytes);
    });

    it('uploads a small file in one multipart request', async () => {
      const uploaded = await drive().upload({ name: 'guide.pdf', mimeType: 'application/pdf', parentId: root, body: Buffer.from('%PDF-1.4 tiny') });
      const uploads = driveCallsSince().filter((call) => call.path === '/upload/drive/v3/files');
      expect(uploads.map((call) => call.query.get('uploadType'))).toEqual(['multipart']);
      expect(fake.file(uploaded.id)?.content?.toString()).toBe('%PDF-1.4 tiny');
    });

    it("counts a shared drive's files, bin included, as its storage usage, with no quota", async () => {
      const before = await drive().storageUsage();
      const file = await drive().upload({ name: 'kept.bin', mimeType: 'application/octet-stream', parentId: root, body: Buffer.alloc(1000) });
      await drive().remove(file.id);
      fake.addFile({ name: 'Plan', mimeType: 'application/vnd.google-apps.document', parents: [root], content: 'words' });
      expect(await drive().storageUsage()).toEqual({ usedBytes: before.usedBytes + 1000, limitBytes: null });
      expect(driveCallsSince().some((call) => call.path === '/drive/v3/about')).toBe(false);
    });

    it('refuses a chunk size that is not a multiple of 256 KiB', () => {
      expect(() => drive({ resumableChunkBytes: 300 * KIB })).toThrow(/multiple of 262144/);
    });
  });
});

describe('google drive adapter with its root folder in My Drive', () => {
  let fake: FakeGoogleDrive;
  beforeAll(async () => {
    fake = await startFakeGoogleDrive({ sharedDrive: false });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("reports the account's storage quota, or none when Google gives none", async () => {
    const drive = googleDrive(optionsFor(fake));
    const before = await drive.storageUsage();
    expect(before.limitBytes).toBe(fake.storageLimit);
    await drive.upload({ name: 'notes.txt', mimeType: 'text/plain', parentId: fake.rootFolderId, body: Buffer.from('12345') });
    fake.storageLimit = null;
    expect(await drive.storageUsage()).toEqual({ usedBytes: before.usedBytes + 5, limitBytes: null });
  });
});

describe('googleDriveOptionsFromConfig', () => {
  let fake: FakeGoogleDrive;
  let keyDir: string;
  beforeAll(async () => {
    fake = await startFakeGoogleDrive();
    keyDir = await mkdtemp(path.join(os.tmpdir(), 'equip-google-key-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(keyDir, { recursive: true, force: true });
  });

  const configWith = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DRIVE: 'google', ...env });
  const keyJson = () => JSON.stringify(fake.serviceAccountKey);

  it('reads the key from DRIVE_GOOGLE_CREDENTIALS_JSON and works against the configured API URL', async () => {
    const options = googleDriveOptionsFromConfig(
      configWith({ DRIVE_ROOT_FOLDER_ID: fake.rootFolderId, DRIVE_GOOGLE_CREDENTIALS_JSON: keyJson(), DRIVE_GOOGLE_API_URL: fake.url.slice(0, -1) }),
    );
    expect(options).toMatchObject({
      rootFolderId: fake.rootFolderId,
      serviceAccount: { clientEmail: fake.serviceAccountKey.client_email, privateKey: fake.serviceAccountKey.private_key },
      apiUrl: fake.url,
    });
    const drive = googleDrive(options);
    expect(await drive.rootFolderId()).toBe(fake.rootFolderId);
    expect(await drive.get(fake.rootFolderId)).toMatchObject({ id: fake.rootFolderId, format: 'google_folder' });
  });

  it('reads the key from DRIVE_GOOGLE_CREDENTIALS_FILE and talks to Google itself when no API URL is set', async () => {
    const file = path.join(keyDir, 'key.json');
    await writeFile(file, keyJson());
    const options = googleDriveOptionsFromConfig(configWith({ DRIVE_ROOT_FOLDER_ID: 'root-id', DRIVE_GOOGLE_CREDENTIALS_FILE: file }));
    expect(options.serviceAccount.clientEmail).toBe(fake.serviceAccountKey.client_email);
    expect(options.apiUrl).toBeUndefined();
  });

  it('names what is missing', () => {
    expect(() => googleDriveOptionsFromConfig(configWith({ DRIVE_GOOGLE_CREDENTIALS_JSON: keyJson() }))).toThrow(/DRIVE_ROOT_FOLDER_ID/);
    expect(() => googleDriveOptionsFromConfig(configWith({ DRIVE_ROOT_FOLDER_ID: 'root-id' }))).toThrow(
      /DRIVE_GOOGLE_CREDENTIALS_FILE .* or DRIVE_GOOGLE_CREDENTIALS_JSON/,
    );
    expect(() =>
      googleDriveOptionsFromConfig(configWith({ DRIVE_ROOT_FOLDER_ID: 'root-id', DRIVE_GOOGLE_CREDENTIALS_FILE: path.join(keyDir, 'absent.json') })),
    ).toThrow(/cannot read .*absent\.json \(ENOENT\)/);
  });

  it('names what is malformed without quoting the key', () => {
    const secretPiece = fake.serviceAccountKey.private_key.slice(40, 80);
    const attempts = {
      'not valid JSON': `{"private_key": "${secretPiece}"`,
      'needs client_email and private_key': JSON.stringify({ client_email: 'not-an-email', private_key: fake.serviceAccountKey.private_key }),
      'not a readable PEM private key': JSON.stringify({
        ...fake.serviceAccountKey,
        private_key: `-----BEGIN PRIVATE KEY-----\n${secretPiece}\n-----END PRIVATE KEY-----\n`,
      }),
    };
    for (const [problem, json] of Object.entries(attempts)) {
      const read = () => googleDriveOptionsFromConfig(configWith({ DRIVE_ROOT_FOLDER_ID: 'root-id', DRIVE_GOOGLE_CREDENTIALS_JSON: json }));
      expect(read).toThrow(problem);
      expect(() => read()).not.toThrow(secretPiece);
    }
    expect(() =>
      googleDriveOptionsFromConfig(
        configWith({ DRIVE_ROOT_FOLDER_ID: 'root-id', DRIVE_GOOGLE_API_URL: 'not a url', DRIVE_GOOGLE_CREDENTIALS_JSON: keyJson() }),
      ),
    ).toThrow(/DRIVE_GOOGLE_API_URL is not a URL/);
  });
});

/** A port nothing listens on: bound, then released. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
