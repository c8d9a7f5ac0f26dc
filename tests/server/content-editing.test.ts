import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../shared/content';
import { contents, items } from '../../server/db/schema';
import { DriveNotFoundError } from '../../server/drive/port';
import { addUploadedContents } from '../../server/features/content/adding';
import { ITEM_EDIT_ERRORS } from '../../server/features/item-editing/messages';
import { useSessionTestApp } from '../support/sessions';
import { HTML_BYTES, PDF_BYTES, pngImage } from '../fixtures/images/files';
import {
  ADMIN,
  arrangeDrive,
  CONTENT,
  contentRows,
  ITEMS,
  MAINTAINER,
  MEMBER,
  nextPage,
  seedContentLibrary,
  send,
  TEXT_BYTES,
  upload,
  type ArrangedDrive,
} from './content-fixture';

const MAX_BYTES = 4096;
const context = useSessionTestApp({ seed: seedContentLibrary, env: { CONTENT_MAX_BYTES: String(MAX_BYTES) } });
const { db, as } = context;
let arranged: ArrangedDrive;
beforeAll(async () => {
  arranged = await arrangeDrive(db(), context.drive);
});

async function folderOf(ref: string) {
  const [row] = await db().select({ folder: items.googleDriveFolderId }).from(items).where(eq(items.ref, ref));
  return row!.folder;
}

/** Every file the local drive holds, so a test can tell that nothing was written. */
async function driveFileCount() {
  const names = await readdir(path.join(context.driveRoot, 'entries')).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.json')).length;
}

describe('POST /i/{ref}/folder', () => {
  it('refuses the maintainer: only admins create the folder', async () => {
    const response = await send(context.app, await as(MAINTAINER), 'POST', `/i/${ITEMS.bare}/folder`);
    expect(response.statusCode).toBe(403);
    expect(await folderOf(ITEMS.bare)).toBeNull();
  });

  it('refuses a non-admin before looking the item up', async () => {
    expect((await send(context.app, await as(MAINTAINER), 'POST', '/i/nosuchitem1/folder')).statusCode).toBe(403);
  });

  it('creates the folder named after the item code and title, once', async () => {
    const jar = await as(ADMIN);
    const response = await send(context.app, jar, 'POST', `/i/${ITEMS.bare}/folder`);
    expect(response.statusCode).toBe(303);
    const folderId = await folderOf(ITEMS.bare);
    const folder = await context.drive.get(folderId!);
    expect(folder.name).toBe('EQ-2 Games Night Walk');
    expect(folder.parentId).toBe(await context.drive.rootFolderId());
    expect((await nextPage(context.app, jar)).notices).toEqual([CONTENT_MESSAGES.folderCreated]);

    await send(context.app, jar, 'POST', `/i/${ITEMS.bare}/folder`);
    expect(await folderOf(ITEMS.bare)).toBe(folderId);
    expect((await nextPage(context.app, jar)).notices).toEqual([CONTENT_MESSAGES.folderExists]);
  });
});

describe('POST /i/{ref}/content (Link Existing File)', () => {
  it('asks to select a file when none is given', async () => {
    const jar = await as(MAINTAINER);
    const response = await send(context.app, jar, 'POST', `/i/${ITEMS.guide}/content`, { google_drive_file_id: '' });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(context.app, jar)).errors).toEqual({ google_drive_file_id: 'Please select a file' });
  });

  it('refuses members, and files of another folder or already linked', async () => {
    expect((await send(context.app, await as(MEMBER), 'POST', `/i/${ITEMS.guide}/content`, { google_drive_file_id: arranged.files.loose })).statusCode).toBe(
      403,
    );
    const jar = await as(MAINTAINER);
    await send(context.app, jar, 'POST', `/i/${ITEMS.guide}/content`, { google_drive_file_id: arranged.files.draft });
    expect((await nextPage(context.app, jar)).errors).toEqual({ google_drive_file_id: CONTENT_MESSAGES.fileNotInFolder });
    await send(context.app, jar, 'POST', `/i/${ITEMS.guide}/content`, { google_drive_file_id: arranged.files.guide });
    expect((await nextPage(context.app, jar)).errors).toEqual({ google_drive_file_id: CONTENT_MESSAGES.fileAlreadyLinked });
  });

  it('puts a label that is too long under label and links nothing', async () => {
    const jar = await as(MAINTAINER);
    const before = await contentRows(db(), ITEMS.guide);
    const response = await send(context.app, jar, 'POST', `/i/${ITEMS.guide}/content`, { google_drive_file_id: arranged.files.loose, label: 'x'.repeat(256) });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(context.app, jar)).errors).toEqual({ label: ITEM_EDIT_ERRORS.tooLong(255) });
    expect(await contentRows(db(), ITEMS.guide)).toEqual(before);
  });

  it('links an unlinked file at the end with the default label, format and size from the drive', async () => {
    const jar = await as(MAINTAINER);
    const response = await send(context.app, jar, 'POST', `/i/${ITEMS.guide}/content`, { google_drive_file_id: arranged.files.loose, label: '' });
    expect(response.statusCode).toBe(303);
    const rows = await contentRows(db(), ITEMS.guide);
    expect(rows.at(-1)).toMatchObject({
      label: 'Loose handout',
      format: 'text',
      sizeBytes: TEXT_BYTES.length,
      googleDriveFileId: arranged.files.loose,
      position: 3,
    });
  });
});

describe('POST /i/{ref}/content/upload', () => {
  it('uploads several files into the folder it creates first, each a content row', async () => {
    const item = ITEMS.draft;
    const before = (await contentRows(db(), item)).length;
    const jar = await as(MAINTAINER);
    const png = await pngImage();
    const response = await upload(context.app, jar, item, [
      { name: 'Route.pdf', type: 'application/pdf', data: PDF_BYTES },
      { name: 'Photo of the start.png', type: 'image/png', data: png },
    ]);
    expect(response.statusCode).toBe(303);
    const rows = (await contentRows(db(), item)).slice(before);
    expect(rows.map((row) => [row.label, row.format])).toEqual([
      ['Route', 'pdf'],
      ['Photo of the start', 'image'],
    ]);
    const files = await context.drive.list((await folderOf(item))!);
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining(['Route.pdf', 'Photo of the start.png']));
    expect((await nextPage(context.app, jar)).notices).toEqual([CONTENT_MESSAGES.uploaded(2)]);
  });

  it('creates the folder when the item has none', async () => {
    await db().update(items).set({ googleDriveFolderId: null }).where(eq(items.ref, ITEMS.bare));
    const response = await upload(context.app, await as(ADMIN), ITEMS.bare, [{ name: 'Notes.txt', type: 'text/plain', data: TEXT_BYTES }]);
    expect(response.statusCode).toBe(303);
    const folderId = await folderOf(ITEMS.bare);
    expect(folderId).not.toBeNull();
    expect((await context.drive.list(folderId!)).map((file) => file.name)).toEqual(['Notes.txt']);
  });

  it('refuses the whole upload when one file is not what its name says, writing nothing', async () => {
    const jar = await as(MAINTAINER);
    const [rowsBefore, filesBefore] = [(await contentRows(db(), ITEMS.guide)).length, await driveFileCount()];
    await upload(context.app, jar, ITEMS.guide, [
      { name: 'Fine.pdf', type: 'application/pdf', data: PDF_BYTES },
      { name: 'Renamed.pdf', type: 'application/pdf', data: TEXT_BYTES },
      { name: 'page.html', type: 'text/html', data: HTML_BYTES },
    ]);
    const { errors } = await nextPage(context.app, jar);
    expect(errors).toEqual({
      fileUpload: CONTENT_MESSAGES.someFilesRefused,
      'fileUpload.1': CONTENT_MESSAGES.contentMismatch('Renamed.pdf'),
      'fileUpload.2': CONTENT_MESSAGES.wrongType('page.html'),
    });
    expect((await contentRows(db(), ITEMS.guide)).length).toBe(rowsBefore);
    expect(await driveFileCount()).toBe(filesBefore);
  });

  it('refuses a file over CONTENT_MAX_BYTES and a text file holding binary bytes', async () => {
    const jar = await as(MAINTAINER);
    const [rowsBefore, filesBefore] = [(await contentRows(db(), ITEMS.guide)).length, await driveFileCount()];
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_BYTES, 0x20)]);
    await upload(context.app, jar, ITEMS.guide, [
      { name: 'Big.pdf', type: 'application/pdf', data: big },
      { name: 'binary.txt', type: 'text/plain', data: Buffer.from([0x41, 0x00, 0x42]) },
    ]);
    const { errors } = await nextPage(context.app, jar);
    expect(errors['fileUpload.0']).toBe(CONTENT_MESSAGES.tooLarge('Big.pdf', '4 KB'));
    expect(errors['fileUpload.1']).toBe(CONTENT_MESSAGES.contentMismatch('binary.txt'));
    expect((await contentRows(db(), ITEMS.guide)).length).toBe(rowsBefore);
    expect(await driveFileCount()).toBe(filesBefore);
  });

  it('asks for the full version of a sample, and records it when given', async () => {
    const jar = await as(MAINTAINER);
    const before = (await contentRows(db(), ITEMS.guide)).length;
    await upload(context.app, jar, ITEMS.guide, [{ name: 'Taster.txt', type: 'text/plain', data: TEXT_BYTES }], { sample: 'true' });
    expect((await nextPage(context.app, jar)).errors).toEqual({ sampleOfRef: CONTENT_MESSAGES.chooseFullVersion });
    expect((await contentRows(db(), ITEMS.guide)).length).toBe(before);

    await upload(context.app, jar, ITEMS.guide, [{ name: 'Taster.txt', type: 'text/plain', data: TEXT_BYTES }], { sample: 'true', sampleOfRef: CONTENT.open });
    const rows = await contentRows(db(), ITEMS.guide);
    const full = rows.find((row) => row.ref === CONTENT.open)!;
    expect(rows.at(-1)).toMatchObject({ label: 'Taster', isSampleOfId: full.id });
  });

  it('removes the files it uploaded when the database refuses the rows', async () => {
    const [guide] = await db().select().from(items).where(eq(items.ref, ITEMS.guide));
    const folderId = guide!.googleDriveFolderId!;
    const namesBefore = (await context.drive.list(folderId)).map((file) => file.name);
    const directory = await mkdtemp(path.join(tmpdir(), 'equip-test-upload-'));
    const file = path.join(directory, 'orphan.txt');
    await writeFile(file, TEXT_BYTES);
    // An item id no row has: the insert breaks its foreign key after the upload reached the drive.
    const missingItem = { ...guide!, id: 987_654, maintainerRef: null, maintainerName: null, maintainerEmail: null };
    const checked = [{ name: 'Orphan.txt', path: file, size: TEXT_BYTES.length, truncated: false, mimeType: 'text/plain' }];
    await expect(addUploadedContents(db(), context.drive, missingItem, checked, null, context.app.log)).rejects.toThrow();
    expect((await context.drive.list(folderId)).map((entry) => entry.name)).toEqual(namesBefore);
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses members', async () => {
    const response = await upload(context.app, await as(MEMBER), ITEMS.guide, [{ name: 'Mine.txt', type: 'text/plain', data: TEXT_BYTES }]);
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /content/{ref}', () => {
  const patch = async (email: string, ref: string, body: unknown) => {
    const jar = await as(email);
    const response = await send(context.app, jar, 'PATCH', `/content/${ref}`, body);
    return { response, jar };
  };
  const row = async (ref: string) => (await db().select().from(contents).where(eq(contents.ref, ref)))[0]!;

  it('lets the maintainer change the descriptive fields one at a time', async () => {
    for (const [field, input] of [
      ['label', 'Guide for leaders'],
      ['description', 'Read before camp.'],
      ['length_minutes', '45'],
      ['copyright', '© Equip'],
      ['export_mode', 'download'],
    ] as const) {
      expect((await patch(MAINTAINER, CONTENT.open, { [field]: input })).response.statusCode).toBe(303);
    }
    expect(await row(CONTENT.open)).toMatchObject({
      label: 'Guide for leaders',
      description: 'Read before camp.',
      lengthMinutes: 45,
      copyright: '© Equip',
      exportMode: 'download',
    });
  });

  it('refuses Export PDF for a text file the drive cannot convert, and accepts it for a PDF', async () => {
    const refused = await patch(MAINTAINER, CONTENT.staff, { export_mode: 'doc_pdf' });
    expect((await nextPage(context.app, refused.jar)).errors).toEqual({ export_mode: CONTENT_MESSAGES.pdfExportUnavailable });
    expect((await row(CONTENT.staff)).exportMode).toBeNull();
    await patch(MAINTAINER, CONTENT.open, { export_mode: 'doc_pdf' });
    expect((await row(CONTENT.open)).exportMode).toBe('doc_pdf');
  });

  it('keeps published, minimum access level and is-sample-of for admins', async () => {
    for (const body of [{ published: false }, { minimum_access_level: 0 }, { is_sample_of_ref: CONTENT.open }]) {
      expect((await patch(MAINTAINER, CONTENT.staff, body)).response.statusCode).toBe(403);
    }
    await patch(ADMIN, CONTENT.staff, { minimum_access_level: 3 });
    await patch(ADMIN, CONTENT.staff, { published: 'false' });
    await patch(ADMIN, CONTENT.staff, { is_sample_of_ref: CONTENT.open });
    const staff = await row(CONTENT.staff);
    expect(staff).toMatchObject({ minimumAccessLevel: 3, published: false, isSampleOfId: (await row(CONTENT.open)).id });
    await patch(ADMIN, CONTENT.staff, { published: true });
  });

  it('answers field errors for bad values and 400 for unknown fields', async () => {
    const { jar } = await patch(MAINTAINER, CONTENT.open, { format: 'spreadsheet' });
    expect(Object.keys((await nextPage(context.app, jar)).errors)).toEqual(['format']);
    expect((await patch(MAINTAINER, CONTENT.open, { google_drive_file_id: 'x' })).response.statusCode).toBe(400);
    expect((await patch(MEMBER, CONTENT.open, { label: 'Mine' })).response.statusCode).toBe(403);
  });
});

describe('reposition and delete', () => {
  it('swaps a row with its neighbour', async () => {
    const jar = await as(MAINTAINER);
    const before = (await contentRows(db(), ITEMS.guide)).map((row) => row.ref);
    expect((await send(context.app, jar, 'POST', `/content/${before[0]}/reposition`, { increase: true })).statusCode).toBe(303);
    const after = (await contentRows(db(), ITEMS.guide)).map((row) => row.ref);
    expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
    await send(context.app, jar, 'POST', `/content/${before[0]}/reposition`, { increase: false });
    expect((await contentRows(db(), ITEMS.guide)).map((row) => row.ref)).toEqual(before);
    expect((await send(context.app, await as(MEMBER), 'POST', `/content/${before[0]}/reposition`, { increase: true })).statusCode).toBe(403);
  });

  it('answers a move that is neither down nor up under increase, and moves nothing', async () => {
    const jar = await as(MAINTAINER);
    const before = (await contentRows(db(), ITEMS.guide)).map((row) => row.ref);
    expect((await send(context.app, jar, 'POST', `/content/${before[0]}/reposition`, { increase: 'sideways' })).statusCode).toBe(303);
    expect(Object.keys((await nextPage(context.app, jar)).errors)).toEqual(['increase']);
    expect((await contentRows(db(), ITEMS.guide)).map((row) => row.ref)).toEqual(before);
  });

  it('removes the row but keeps the file in the drive folder', async () => {
    const jar = await as(MAINTAINER);
    expect((await send(context.app, await as(MEMBER), 'DELETE', `/content/${CONTENT.unpublished}`)).statusCode).toBe(403);
    expect((await send(context.app, jar, 'DELETE', `/content/${CONTENT.unpublished}`)).statusCode).toBe(303);
    expect((await contentRows(db(), ITEMS.guide)).map((row) => row.ref)).not.toContain(CONTENT.unpublished);
    await expect(context.drive.get(arranged.files.unpublished)).resolves.toMatchObject({ name: 'Work in progress.txt' });
    await expect(context.drive.get('nosuchdriveid00000')).rejects.toBeInstanceOf(DriveNotFoundError);
  });
});
