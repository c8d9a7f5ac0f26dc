/**
 * Issue 14 §8: a drive file left behind by a crash mid-upload is found by orphaned-drive-files and removed by
 * orphaned-drive-files-fix, through the upload journal (features/content/upload-journal.ts), with the local drive.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LEVEL } from '../../shared/levels';
import { driveUploads, items } from '../../server/db/schema';
import { DriveUnavailableError, type DrivePort } from '../../server/drive/port';
import { addUploadedContents } from '../../server/features/content/adding';
import type { CheckedContentFile } from '../../server/features/content/uploads';
import { runDriveHealthAction } from '../../server/features/drive-health/actions';
import type { DriveHealthContext } from '../../server/features/drive-health/context';
import { UNFINISHED_UPLOAD_GRACE_MS } from '../../server/features/drive-health/orphaned-uploads';
import { findItemRecord } from '../../server/items';
import { useSessionTestApp } from '../support/sessions';
import { arrangeDrive, ITEMS, MAINTAINER, seedContentLibrary, TEXT_BYTES, upload, type ArrangedDrive } from './content-fixture';

const context = useSessionTestApp({ seed: seedContentLibrary });
const { db } = context;
const HOUR_MS = 60 * 60 * 1000;
let arranged: ArrangedDrive;
let workDir: string;

beforeAll(async () => {
  arranged = await arrangeDrive(db(), context.drive);
  workDir = await mkdtemp(path.join(tmpdir(), 'equip-orphans-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));
beforeEach(async () => {
  await db().delete(driveUploads);
});

async function checkedFile(name: string, bytes: Buffer): Promise<CheckedContentFile> {
  const file = path.join(workDir, `${Math.random()}`);
  await writeFile(file, bytes);
  return { name, path: file, size: bytes.length, truncated: false, mimeType: 'text/plain' };
}

async function guide() {
  return (await findItemRecord(db(), ITEMS.guide))!;
}

const journal = () => db().select().from(driveUploads).orderBy(driveUploads.id);
const namesInFolder = async () => (await context.drive.list(arranged.folderId)).map((entry) => entry.name).sort();

/** Runs a check as Admin Advanced would, `hoursLater` after now; answers the report's lines after its heading. */
async function check(action: 'orphaned-drive-files' | 'orphaned-drive-files-fix', hoursLater: number, drive: DrivePort = context.drive): Promise<string[]> {
  const on: DriveHealthContext = {
    db: db(),
    drive,
    imagesDir: path.join(workDir, 'images'),
    now: new Date(Date.now() + hoursLater * HOUR_MS),
    organisationLevel: LEVEL.STAFF,
  };
  const [heading, ...lines] = (await runDriveHealthAction(action, on)).split('\n');
  expect(heading).toMatch(new RegExp(`^${action} \\(`));
  return lines;
}

/** A drive that stops answering at the n-th upload (counting from 0), as a process that dies there would. */
function drivePausingAtUpload(n: number): DrivePort {
  let uploads = 0;
  return { ...context.drive, upload: (file) => (uploads++ === n ? new Promise(() => undefined) : context.drive.upload(file)) };
}

describe('the upload journal', () => {
  it('is empty again once an upload has its content rows', async () => {
    const jar = await context.as(MAINTAINER);
    const response = await upload(context.app, jar, ITEMS.guide, [{ name: 'Kit list.txt', type: 'text/plain', data: TEXT_BYTES }]);
    expect(response.statusCode).toBe(303);
    expect(await journal()).toEqual([]);
    expect(await check('orphaned-drive-files', 25)).toEqual(['No problems found.']);
  });

  it('is empty again when a failed upload removed the files it wrote', async () => {
    const missingItem = { ...(await guide()), id: 987_654 };
    const before = await namesInFolder();
    await expect(
      addUploadedContents(db(), context.drive, missingItem, [await checkedFile('Refused.txt', TEXT_BYTES)], null, context.app.log),
    ).rejects.toThrow();
    expect(await namesInFolder()).toEqual(before);
    expect(await journal()).toEqual([]);
  });

  it('keeps the upload whose file could not be removed after a failure, for the check', async () => {
    const stubborn: DrivePort = { ...context.drive, remove: () => Promise.reject(new DriveUnavailableError('drive down')) };
    const missingItem = { ...(await guide()), id: 987_654 };
    await expect(
      addUploadedContents(db(), stubborn, missingItem, [await checkedFile('Stuck.txt', Buffer.from('stuck'))], null, context.app.log),
    ).rejects.toThrow();
    expect((await journal()).map((row) => row.name)).toEqual(['Stuck.txt']);
    expect(await namesInFolder()).toContain('Stuck.txt');
    expect(await check('orphaned-drive-files-fix', 25)).toEqual([
      expect.stringMatching(/^EQ-1 "Camp Leader Guide": removed file "Stuck.txt" \(\S+, 5 B\) left by an upload started /),
      'Removed 1 orphaned file.',
    ]);
    expect(await namesInFolder()).not.toContain('Stuck.txt');
  });
});

describe('a crash mid-upload', () => {
  it('leaves a file that the check finds once the grace period is over, and the fix removes only that file', async () => {
    const linkedAndLoose = await namesInFolder();
    const files = [
      await checkedFile('Crash first.txt', Buffer.from('first file of the upload')),
      await checkedFile('Crash second.txt', Buffer.from('never arrives')),
    ];
    void addUploadedContents(db(), drivePausingAtUpload(1), await guide(), files, null, context.app.log);
    await vi.waitFor(async () => expect(await namesInFolder()).toContain('Crash first.txt'), { timeout: 5000, interval: 20 });
    expect(await journal()).toHaveLength(2);

    // While the upload may still be running, nothing is reported and nothing removed.
    expect(await check('orphaned-drive-files', 1)).toEqual(['No problems found.']);
    expect(await check('orphaned-drive-files-fix', 1)).toEqual(['No problems found.']);
    expect(await namesInFolder()).toContain('Crash first.txt');

    // Someone puts a file of the second one's name and size in the folder by hand a day and a half after that upload
    // started: it is not the upload's.
    await db()
      .update(driveUploads)
      .set({ startedAt: sql`${driveUploads.startedAt} - interval '36 hours'` })
      .where(eq(driveUploads.name, 'Crash second.txt'));
    await context.drive.upload({ name: 'Crash second.txt', mimeType: 'text/plain', parentId: arranged.folderId, body: Buffer.from('never arrives') });

    const shown = await check('orphaned-drive-files', 25);
    expect(shown).toEqual([
      expect.stringMatching(/^EQ-1 "Camp Leader Guide": file "Crash first.txt" \(\S+, 24 B\) left by an upload started \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      '1 orphaned file (24 B) left by unfinished uploads; 1 unfinished upload left no file. Nothing was removed; orphaned-drive-files-fix removes them.',
    ]);
    expect(await namesInFolder()).toEqual([...linkedAndLoose, 'Crash first.txt', 'Crash second.txt'].sort());
    expect(await journal()).toHaveLength(2);

    const fixed = await check('orphaned-drive-files-fix', 25);
    expect(fixed).toEqual([
      expect.stringMatching(/^EQ-1 "Camp Leader Guide": removed file "Crash first.txt" /),
      'Removed 1 orphaned file; 1 unfinished upload left no file.',
    ]);
    expect(await namesInFolder()).toEqual([...linkedAndLoose, 'Crash second.txt'].sort());
    expect(await journal()).toEqual([]);
    expect(await check('orphaned-drive-files-fix', 25)).toEqual(['No problems found.']);
  });

  it('never takes a file a content row uses, even one named like the upload', async () => {
    const [linked] = (await context.drive.list(arranged.folderId)).filter((entry) => entry.id === arranged.files.guide);
    await db()
      .insert(driveUploads)
      .values({ folderId: arranged.folderId, name: linked!.name, sizeBytes: linked!.size!, startedAt: new Date(linked!.modifiedAt.getTime() - 1000) });
    expect(await check('orphaned-drive-files-fix', UNFINISHED_UPLOAD_GRACE_MS / HOUR_MS + 1)).toEqual(['1 unfinished upload left no file.']);
    expect((await context.drive.get(arranged.files.guide)).id).toBe(arranged.files.guide);
  });
});

describe('folders the check cannot look into', () => {
  it('clears the uploads into a folder that is gone, and keeps those into one it cannot read', async () => {
    await db()
      .insert(driveUploads)
      .values([
        { folderId: 'gone000000000000000000', name: 'A.txt', sizeBytes: 3, startedAt: new Date(Date.now() - 48 * HOUR_MS) },
        { folderId: arranged.folderId, name: 'B.txt', sizeBytes: 3, startedAt: new Date(Date.now() - 48 * HOUR_MS) },
      ]);
    const unreadable: DrivePort = {
      ...context.drive,
      list: (id) => (id === arranged.folderId ? Promise.reject(new DriveUnavailableError('quota exceeded')) : context.drive.list(id)),
    };
    expect(await check('orphaned-drive-files-fix', 0, unreadable)).toEqual([
      'folder gone000000000000000000 (no item): folder gone000000000000000000 is missing from the drive, so its 1 unfinished upload left nothing there',
      `EQ-1 "Camp Leader Guide": folder ${arranged.folderId} could not be read (quota exceeded); its unfinished uploads are kept for the next check`,
      '1 unfinished upload left no file; 1 folder could not be read.',
    ]);
    expect((await journal()).map((row) => row.name)).toEqual(['B.txt']);
    const [item] = await db().select({ folderId: items.googleDriveFolderId }).from(items).where(eq(items.ref, ITEMS.guide));
    expect(item!.folderId).toBe(arranged.folderId);
  });
});
