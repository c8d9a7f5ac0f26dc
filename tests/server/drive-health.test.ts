import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DRIVE_HEALTH_ACTIONS, VISIBILITY, type DriveHealthAction } from '../../shared/enums';
import { LEVEL } from '../../shared/levels';
import type { DatabaseHandle } from '../../server/db/client';
import { contents, itemImages, items, userTypes } from '../../server/db/schema';
import { localDrive } from '../../server/drive/local';
import { itemFolderName } from '../../server/drive/naming';
import { DriveUnavailableError, type DrivePort, type NewDrivePermission } from '../../server/drive/port';
import { runDriveHealthAction } from '../../server/features/drive-health/actions';
import { organisationMemberLevel, type DriveHealthContext } from '../../server/features/drive-health/context';
import { freshDatabase } from '../support/database';

const NOW = new Date('2025-03-01T10:00:00Z');
const ANYONE: NewDrivePermission = { type: 'anyone', role: 'reader' };
const ORGANISATION: NewDrivePermission = { type: 'domain', role: 'reader', domain: 'example.org' };
const PERSON: NewDrivePermission = { type: 'user', role: 'writer', emailAddress: 'editor@example.org' };
const MISSING_ID = 'gone0000000000000000';

let database: DatabaseHandle;
let workDir: string;
let context: DriveHealthContext;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'equip-drive-health-'));
  context = {
    db: database.db,
    drive: localDrive({ root: path.join(workDir, 'drive'), pdfConverter: null }),
    imagesDir: path.join(workDir, 'images'),
    now: NOW,
    organisationLevel: LEVEL.STAFF,
  };
  return async () => {
    await database.db.delete(items);
    rmSync(workDir, { recursive: true, force: true });
  };
});

const db = () => context.db;
const drive = () => context.drive;

/** The report's lines after its heading. */
async function run(action: DriveHealthAction, on: DriveHealthContext = context): Promise<string[]> {
  const text = await runDriveHealthAction(action, on);
  const [heading, ...lines] = text.split('\n');
  expect(heading).toBe(`${action} (2025-03-01 10:00 UTC)`);
  return lines;
}

async function newItem(fields: { code: string; title: string; level: number; folderId?: string | null }) {
  const [item] = await db()
    .insert(items)
    .values({
      code: fields.code,
      title: fields.title,
      minimumAccessLevel: fields.level,
      visibility: VISIBILITY.DISCOVERABLE,
      googleDriveFolderId: fields.folderId ?? null,
    })
    .returning();
  return item!;
}

/** An item with a correctly named folder in the root folder. */
async function itemWithFolder(code: string, title: string, level: number) {
  const folder = await drive().createFolder(itemFolderName({ code, title }));
  return { item: await newItem({ code, title, level, folderId: folder.id }), folder };
}

async function uploadFile(parentId: string, name: string, mimeType = 'application/pdf', bytes = 1234) {
  return drive().upload({ name, mimeType, parentId, body: Buffer.alloc(bytes, 1) });
}

async function newContent(itemId: number, label: string, fileId: string | null, fields: Partial<typeof contents.$inferInsert> = {}) {
  const [content] = await db()
    .insert(contents)
    .values({ itemId, label, googleDriveFileId: fileId, format: 'pdf', sizeBytes: 1234, ...fields })
    .returning();
  return content!;
}

async function contentRow(id: number) {
  const [row] = await db().select().from(contents).where(eq(contents.id, id));
  return row!;
}

async function permissionTypes(id: string): Promise<string[]> {
  return (await drive().listPermissions(id)).map((permission) => permission.type).sort();
}

function writeImageFile(key: string, bytes = 100) {
  const file = path.join(context.imagesDir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(bytes, 2));
}

/** A library where nothing is wrong: public and staff items, their files, their images. */
async function seedCleanLibrary() {
  const songbook = await itemWithFolder('EQ-001', 'Camp Songbook', LEVEL.PUBLIC);
  await drive().addPermission(songbook.folder.id, ANYONE);
  const lyrics = await uploadFile(songbook.folder.id, 'Lyrics.pdf');
  await drive().addPermission(lyrics.id, ANYONE);
  await newContent(songbook.item.id, 'Lyrics', lyrics.id);
  const handbook = await itemWithFolder('EQ-002', 'Staff Handbook', LEVEL.STAFF);
  await drive().addPermission(handbook.folder.id, ORGANISATION);
  await drive().addPermission(handbook.folder.id, PERSON);
  const policies = await uploadFile(handbook.folder.id, 'Policies.pdf', 'application/pdf', 2048);
  await newContent(handbook.item.id, 'Policies', policies.id, { minimumAccessLevel: LEVEL.STAFF, sizeBytes: 2048 });
  await db()
    .insert(itemImages)
    .values([
      { itemId: songbook.item.id, ref: 'img000000001', extension: 'png', source: 'upload', storageKey: 'uploads/img000000001.png' },
      { itemId: songbook.item.id, ref: 'img000000002', extension: 'png', source: 'stock', storageKey: 'stock/campfire.png' },
    ]);
  writeImageFile('uploads/img000000001.png', 300);
  writeImageFile('uploads/img000000001.large.jpg', 200);
  writeImageFile('stock/river.jpg', 500);
  return { songbook, handbook, lyrics, policies };
}

describe('a clean library', () => {
  it('every check finds nothing, and no fix changes anything', async () => {
    const { songbook, lyrics } = await seedCleanLibrary();

    for (const action of DRIVE_HEALTH_ACTIONS.filter((name) => !name.endsWith('_stats'))) {
      expect(await run(action), action).toEqual(['No problems found.']);
    }
    expect(await permissionTypes(songbook.folder.id)).toEqual(['anyone']);
    expect(await permissionTypes(lyrics.id)).toEqual(['anyone']);
  });
});

describe('drive_stats', () => {
  it('counts folders, linked contents, files in item folders, unlinked files and their bytes', async () => {
    const { songbook } = await seedCleanLibrary();
    await uploadFile(songbook.folder.id, 'Unlinked draft.pdf', 'application/pdf', 1000);
    await drive().createFolder('Extras', songbook.folder.id);
    await newItem({ code: 'EQ-003', title: 'Lost', level: 0, folderId: MISSING_ID });

    expect(await run('drive_stats')).toEqual([
      `EQ-003 "Lost": folder ${MISSING_ID} is missing from the drive`,
      'Items with a drive folder: 3 (1 could not be listed)',
      'Contents linked to a drive file: 2',
      'Files in item folders: 4 (1 of them subfolders)',
      'Files no content links to: 2',
      'Total size of files in item folders: 4.2 KB',
    ]);
  });
});

describe('storage_stats', () => {
  it('reports the drive usage, the image files and the database size', async () => {
    await seedCleanLibrary();

    const lines = await run('storage_stats');

    expect(lines[0]).toBe('Drive (local): 3.2 KB used, no limit');
    expect(lines[1]).toBe('Image files: 3 files, 1000 B (uploads 2 files, 500 B; stock 1 file, 500 B)');
    expect(lines[2]).toMatch(/^Database: \d+(\.\d)? MB$/);
  });

  it('shows a drive whose usage cannot be read, and still reports the rest', async () => {
    const failing: DrivePort = { ...drive(), storageUsage: () => Promise.reject(new DriveUnavailableError('quota service down')) };

    const lines = await run('storage_stats', { ...context, drive: failing });

    expect(lines[0]).toBe('Drive (local): usage could not be read (quota service down)');
    expect(lines[1]).toBe('Image files: 0 files, 0 B (uploads 0 files, 0 B; stock 0 files, 0 B)');
  });
});

describe('wrongly-located-drive-folder', () => {
  it('reports folders outside the root folder and missing folders, one per line', async () => {
    const { songbook } = await seedCleanLibrary();
    const nested = await drive().createFolder(itemFolderName({ code: 'EQ-003', title: 'Leaders Guide' }), songbook.folder.id);
    await newItem({ code: 'EQ-003', title: 'Leaders Guide', level: LEVEL.LEADER, folderId: nested.id });
    await newItem({ code: 'EQ-004', title: 'Lost', level: 0, folderId: MISSING_ID });
    await newItem({ code: 'EQ-005', title: 'No folder yet', level: 0 });

    expect(await run('wrongly-located-drive-folder')).toEqual([
      `EQ-003 "Leaders Guide": folder "EQ-003 Leaders Guide" (${nested.id}) is in ${songbook.folder.id}, not in the root folder`,
      `EQ-004 "Lost": folder ${MISSING_ID} is missing from the drive`,
      '1 folder outside the root folder; 1 folder missing or unreadable.',
    ]);
  });

  it('reports a folder the drive fails to read and goes on with the others', async () => {
    const { songbook, handbook } = await seedCleanLibrary();
    const elsewhere = await drive().createFolder('Elsewhere', songbook.folder.id);
    await drive().move(handbook.folder.id, elsewhere.id);
    const flaky: DrivePort = {
      ...drive(),
      get: (id) => (id === songbook.folder.id ? Promise.reject(new DriveUnavailableError('rate limited')) : drive().get(id)),
    };

    expect(await run('wrongly-located-drive-folder', { ...context, drive: flaky })).toEqual([
      `EQ-001 "Camp Songbook": folder ${songbook.folder.id} could not be read (rate limited)`,
      `EQ-002 "Staff Handbook": folder "EQ-002 Staff Handbook" (${handbook.folder.id}) is in ${elsewhere.id}, not in the root folder`,
      '1 folder outside the root folder; 1 folder missing or unreadable.',
    ]);
  });

  it('says so when the root folder itself cannot be read', async () => {
    await seedCleanLibrary();
    const rootless: DrivePort = { ...drive(), rootFolderId: () => Promise.reject(new DriveUnavailableError('no root folder configured')) };

    expect(await run('wrongly-located-drive-folder', { ...context, drive: rootless })).toEqual([
      'The root folder could not be read (no root folder configured); nothing was checked.',
    ]);
  });
});

describe('wrongly-located-drive-file', () => {
  it('reports files outside their item’s folder, files of items without a folder, and missing files', async () => {
    const { songbook, handbook } = await seedCleanLibrary();
    const strayFile = await uploadFile(handbook.folder.id, 'Chords.pdf');
    await newContent(songbook.item.id, 'Chords', strayFile.id);
    const loose = await uploadFile(await drive().rootFolderId(), 'Loose.pdf');
    const folderless = await newItem({ code: 'EQ-003', title: 'No folder', level: 0 });
    await newContent(folderless.id, 'Loose', loose.id);
    await newContent(handbook.item.id, 'Deleted', MISSING_ID);
    await newContent(handbook.item.id, 'Web link only', null);

    expect(await run('wrongly-located-drive-file')).toEqual([
      `EQ-001 "Camp Songbook" content "Chords": file "Chords.pdf" (${strayFile.id}) is in ${handbook.folder.id}, not in the item's folder ${songbook.folder.id}`,
      `EQ-002 "Staff Handbook" content "Deleted": file ${MISSING_ID} is missing from the drive`,
      `EQ-003 "No folder" content "Loose": file "Loose.pdf" (${loose.id}) belongs to an item with no drive folder`,
      "2 files outside the item's folder; 1 file missing or unreadable.",
    ]);
  });
});

describe('wrong-drive-sharing-permissions', () => {
  /** Too-wide sharing of each kind, beside sharing that is right. */
  async function seedOverSharedLibrary() {
    const clean = await seedCleanLibrary();
    const { songbook, handbook } = clean;
    await drive().addPermission(handbook.folder.id, ANYONE);
    const draftLyrics = await uploadFile(songbook.folder.id, 'Draft lyrics.pdf');
    await drive().addPermission(draftLyrics.id, ANYONE);
    await drive().addPermission(draftLyrics.id, ORGANISATION);
    await newContent(songbook.item.id, 'Draft lyrics', draftLyrics.id, { published: false });
    const salaries = await uploadFile(handbook.folder.id, 'Salaries.pdf');
    await drive().addPermission(salaries.id, ORGANISATION);
    await drive().addPermission(salaries.id, PERSON);
    await newContent(handbook.item.id, 'Salaries', salaries.id, { minimumAccessLevel: LEVEL.TEAM });
    const leaders = await itemWithFolder('EQ-003', 'Leaders Guide', LEVEL.LEADER);
    await drive().addPermission(leaders.folder.id, ORGANISATION);
    const memberNotes = await uploadFile(leaders.folder.id, 'Notes.pdf');
    await drive().addPermission(memberNotes.id, ANYONE);
    // Public content of a Leaders item is only as open as the item.
    await newContent(leaders.item.id, 'Notes', memberNotes.id, { minimumAccessLevel: LEVEL.PUBLIC });
    await newItem({ code: 'EQ-004', title: 'Lost', level: 0, folderId: MISSING_ID });
    return { ...clean, draftLyrics, salaries, leaders, memberNotes };
  }

  it('shows every permission wider than the item’s or content’s level, and changes nothing', async () => {
    const library = await seedOverSharedLibrary();

    expect(await run('wrong-drive-sharing-permissions')).toEqual([
      `EQ-002 "Staff Handbook": folder ${library.handbook.folder.id}: 'anyone with the link' (reader) is wider than Staff (level 4)`,
      `EQ-004 "Lost": folder ${MISSING_ID} is missing from the drive`,
      `EQ-001 "Camp Songbook" content "Draft lyrics": file ${library.draftLyrics.id}: 'anyone with the link' (reader) is wider than unpublished content`,
      `EQ-002 "Staff Handbook" content "Salaries": file ${library.salaries.id}: domain example.org (reader) reaches Staff (level 4), wider than Equip (level 5)`,
      `EQ-003 "Leaders Guide" content "Notes": file ${library.memberNotes.id}: 'anyone with the link' (reader) is wider than Leaders (level 3)`,
      "4 permissions wider than Equip's access; 1 entry missing or unreadable.",
    ]);
    expect(await permissionTypes(library.handbook.folder.id)).toEqual(['anyone', 'domain', 'user']);
  });

  it('the fix removes exactly the too-wide permissions, reports each, and a second run has nothing to fix', async () => {
    const library = await seedOverSharedLibrary();

    expect(await run('wrong-drive-sharing-permissions-fix')).toEqual([
      `EQ-002 "Staff Handbook": folder ${library.handbook.folder.id}: removed 'anyone with the link' (reader), which is wider than Staff (level 4)`,
      `EQ-004 "Lost": folder ${MISSING_ID} is missing from the drive`,
      `EQ-001 "Camp Songbook" content "Draft lyrics": file ${library.draftLyrics.id}: removed 'anyone with the link' (reader), which is wider than unpublished content`,
      `EQ-002 "Staff Handbook" content "Salaries": file ${library.salaries.id}: removed domain example.org (reader), which reaches Staff (level 4), wider than Equip (level 5)`,
      `EQ-003 "Leaders Guide" content "Notes": file ${library.memberNotes.id}: removed 'anyone with the link' (reader), which is wider than Leaders (level 3)`,
      'Removed 4 too-wide permissions; 1 entry missing, unreadable or not fixed.',
    ]);
    expect(await permissionTypes(library.handbook.folder.id)).toEqual(['domain', 'user']);
    expect(await permissionTypes(library.draftLyrics.id)).toEqual(['domain']);
    expect(await permissionTypes(library.salaries.id)).toEqual(['user']);
    expect(await permissionTypes(library.memberNotes.id)).toEqual([]);
    expect(await permissionTypes(library.leaders.folder.id)).toEqual(['domain']);
    expect(await permissionTypes(library.songbook.folder.id)).toEqual(['anyone']);
    expect(await permissionTypes(library.lyrics.id)).toEqual(['anyone']);

    expect(await run('wrong-drive-sharing-permissions-fix')).toEqual([
      `EQ-004 "Lost": folder ${MISSING_ID} is missing from the drive`,
      '1 entry missing, unreadable or not fixed.',
    ]);
  });

  it('the fix reports a permission it could not remove and still removes the others', async () => {
    const library = await seedOverSharedLibrary();
    const stubborn: DrivePort = {
      ...drive(),
      removePermission: (id, permissionId) =>
        id === library.salaries.id ? Promise.reject(new DriveUnavailableError('insufficient permissions')) : drive().removePermission(id, permissionId),
    };

    const lines = await run('wrong-drive-sharing-permissions-fix', { ...context, drive: stubborn });

    expect(lines).toContain(
      `EQ-002 "Staff Handbook" content "Salaries": file ${library.salaries.id}: domain example.org (reader) reaches Staff (level 4), wider than Equip (level 5), but could not be removed (insufficient permissions)`,
    );
    expect(lines.at(-1)).toBe('Removed 3 too-wide permissions; 2 entries missing, unreadable or not fixed.');
    expect(await permissionTypes(library.salaries.id)).toEqual(['domain', 'user']);
    expect(await permissionTypes(library.memberNotes.id)).toEqual([]);
  });

  it('judges domain sharing by the level organisation accounts sign in at', async () => {
    const library = await seedOverSharedLibrary();
    await db().delete(items).where(eq(items.code, 'EQ-004'));

    const lines = await run('wrong-drive-sharing-permissions', { ...context, organisationLevel: LEVEL.LEADER });

    expect(lines.filter((line) => line.includes('domain'))).toEqual([
      `EQ-002 "Staff Handbook": folder ${library.handbook.folder.id}: domain example.org (reader) reaches Leaders (level 3), wider than Staff (level 4)`,
      `EQ-002 "Staff Handbook" content "Salaries": file ${library.salaries.id}: domain example.org (reader) reaches Leaders (level 3), wider than Equip (level 5)`,
    ]);
  });
});

describe('organisationMemberLevel', () => {
  it('is the level of the configured organisation user type, or the newcomer level when there is none', async () => {
    await db().insert(userTypes).values({ title: 'Chaplain', level: LEVEL.LEADER }).onConflictDoNothing();
    expect(await organisationMemberLevel(db(), 'Chaplain')).toBe(LEVEL.LEADER);
    expect(await organisationMemberLevel(db(), 'No such type')).toBe(LEVEL.LOGGED_IN);
  });
});

describe('wrong-drive-folder-names', () => {
  async function seedMisnamedFolders() {
    const clean = await seedCleanLibrary();
    await drive().rename(clean.handbook.folder.id, 'Old handbook');
    await db().update(items).set({ title: 'Camp Songbook: 2nd edition' }).where(eq(items.id, clean.songbook.item.id));
    await newItem({ code: 'EQ-004', title: 'Lost', level: 0, folderId: MISSING_ID });
    return clean;
  }

  it('shows folders whose name is not the item’s folder name, and renames nothing', async () => {
    const { handbook } = await seedMisnamedFolders();

    expect(await run('wrong-drive-folder-names')).toEqual([
      'EQ-001 "Camp Songbook: 2nd edition": folder "EQ-001 Camp Songbook" should be named "EQ-001 Camp Songbook 2nd edition"',
      'EQ-002 "Staff Handbook": folder "Old handbook" should be named "EQ-002 Staff Handbook"',
      `EQ-004 "Lost": folder ${MISSING_ID} is missing from the drive`,
      "2 folders with a name that is not the item's; 1 folder missing or unreadable.",
    ]);
    expect((await drive().get(handbook.folder.id)).name).toBe('Old handbook');
  });

  it('tells its progress before each folder it checks', async () => {
    await seedMisnamedFolders();
    const progress: string[] = [];
    await run('wrong-drive-folder-names', { ...context, progress: (line) => progress.push(line) });
    expect(progress).toEqual(['Checking 1 of 3 item folders.', 'Checking 2 of 3 item folders.', 'Checking 3 of 3 item folders.']);
  });

  it('the fix renames exactly those folders, and a second run has nothing to fix', async () => {
    const { songbook, handbook } = await seedMisnamedFolders();

    expect(await run('wrong-drive-folder-names-fix')).toEqual([
      'EQ-001 "Camp Songbook: 2nd edition": renamed folder "EQ-001 Camp Songbook" to "EQ-001 Camp Songbook 2nd edition"',
      'EQ-002 "Staff Handbook": renamed folder "Old handbook" to "EQ-002 Staff Handbook"',
      `EQ-004 "Lost": folder ${MISSING_ID} is missing from the drive`,
      'Renamed 2 folders; 1 folder missing, unreadable or not renamed.',
    ]);
    expect((await drive().get(songbook.folder.id)).name).toBe('EQ-001 Camp Songbook 2nd edition');
    expect((await drive().get(handbook.folder.id)).name).toBe('EQ-002 Staff Handbook');

    await db().delete(items).where(eq(items.code, 'EQ-004'));
    expect(await run('wrong-drive-folder-names-fix')).toEqual(['No problems found.']);
  });
});

describe('missing drive file attributes', () => {
  async function seedContentsWithoutAttributes() {
    const clean = await seedCleanLibrary();
    const { handbook } = clean;
    const slides = await uploadFile(handbook.folder.id, 'Induction.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 5000);
    const slidesContent = await newContent(handbook.item.id, 'Induction', slides.id, { format: 'other', sizeBytes: null });
    const oddFile = await uploadFile(handbook.folder.id, 'Map.kmz', 'application/vnd.google-earth.kmz', 700);
    const oddContent = await newContent(handbook.item.id, 'Map', oddFile.id, { format: 'other' });
    const subfolder = await drive().createFolder('Forms', handbook.folder.id);
    const folderContent = await newContent(handbook.item.id, 'Forms', subfolder.id, { format: 'google_folder', sizeBytes: null });
    const goneContent = await newContent(handbook.item.id, 'Gone', MISSING_ID, { format: 'other', sizeBytes: null });
    return { ...clean, slides, slidesContent, oddFile, oddContent, folderContent, goneContent };
  }

  it('fills a missing format from the drive, leaves unknown types as other, and a second run fills nothing', async () => {
    const library = await seedContentsWithoutAttributes();

    expect(await run('missing-drive-file-format-attributes')).toEqual([
      'EQ-002 "Staff Handbook" content "Induction": format set to powerpoint',
      `EQ-002 "Staff Handbook" content "Map": the drive's type application/vnd.google-earth.kmz is no format Equip knows; left as 'other'`,
      `EQ-002 "Staff Handbook" content "Gone": file ${MISSING_ID} is missing from the drive`,
      'Filled 1 format from the drive; 1 file of a type Equip does not know; 1 file missing or unreadable.',
    ]);
    expect((await contentRow(library.slidesContent.id)).format).toBe('powerpoint');
    expect((await contentRow(library.oddContent.id)).format).toBe('other');
    expect((await contentRow(library.slidesContent.id)).sizeBytes).toBeNull();

    expect((await run('missing-drive-file-format-attributes')).at(-1)).toBe('1 file of a type Equip does not know; 1 file missing or unreadable.');
  });

  it('fills a missing size from the drive, counts folders that have none, and a second run fills nothing', async () => {
    const library = await seedContentsWithoutAttributes();

    expect(await run('missing-drive-file-size-attribute')).toEqual([
      'EQ-002 "Staff Handbook" content "Induction": size set to 4.9 KB (5000 bytes)',
      `EQ-002 "Staff Handbook" content "Gone": file ${MISSING_ID} is missing from the drive`,
      'Filled 1 size from the drive; 1 file without a size on the drive (folders, Google documents); 1 file missing or unreadable.',
    ]);
    expect((await contentRow(library.slidesContent.id)).sizeBytes).toBe(5000);
    expect((await contentRow(library.folderContent.id)).sizeBytes).toBeNull();
    expect((await contentRow(library.slidesContent.id)).format).toBe('other');

    expect((await run('missing-drive-file-size-attribute')).slice(0, -1)).toEqual([
      `EQ-002 "Staff Handbook" content "Gone": file ${MISSING_ID} is missing from the drive`,
    ]);
  });
});

describe('image files', () => {
  async function seedImageProblems() {
    const { songbook, handbook } = await seedCleanLibrary();
    await db()
      .insert(itemImages)
      .values([
        { itemId: handbook.item.id, ref: 'img000000003', extension: 'jpg', source: 'upload', storageKey: 'uploads/img000000003.jpg', position: 1 },
        { itemId: handbook.item.id, ref: 'img000000004', extension: 'png', source: 'upload', storageKey: 'uploads/img000000004.png', position: 2 },
      ]);
    writeImageFile('uploads/img000000003.jpg');
    writeImageFile('uploads/leftover.jpg', 2048);
    writeImageFile('uploads/leftover.large.jpg', 1024);
    return { songbook, handbook };
  }

  it('missing-image-files names each uploaded image whose original or thumbnail is gone', async () => {
    await seedImageProblems();

    expect(await run('missing-image-files')).toEqual([
      'EQ-002 "Staff Handbook": image img000000003 has no file uploads/img000000003.large.jpg',
      'EQ-002 "Staff Handbook": image img000000004 has no file uploads/img000000004.png or uploads/img000000004.large.jpg',
      '2 of 3 uploaded images are missing files.',
    ]);
  });

  it('orphaned-image-files lists upload files no image row uses, and deletes none of them', async () => {
    await seedImageProblems();

    expect(await run('orphaned-image-files')).toEqual([
      'uploads/leftover.jpg (2 KB) belongs to no item image',
      'uploads/leftover.large.jpg (1 KB) belongs to no item image',
      '2 orphaned files (3 KB) under uploads; nothing was deleted.',
    ]);
    expect(await run('orphaned-image-files')).toHaveLength(3);
  });

  it('an image folder that does not exist yet has nothing missing or orphaned', async () => {
    expect(await run('missing-image-files')).toEqual(['No problems found.']);
    expect(await run('orphaned-image-files')).toEqual(['No problems found.']);
  });
});

describe('the drive is left as it was by the show actions', () => {
  it('no show action renames, moves or unshares anything', async () => {
    const { handbook } = await seedCleanLibrary();
    await drive().rename(handbook.folder.id, 'Renamed by hand');
    await drive().addPermission(handbook.folder.id, ANYONE);
    const before = JSON.stringify([await drive().get(handbook.folder.id), await drive().listPermissions(handbook.folder.id)]);

    const reports = [];
    for (const action of ['wrong-drive-folder-names', 'wrong-drive-sharing-permissions', 'wrongly-located-drive-folder', 'drive_stats'] as const) {
      reports.push(await run(action));
    }

    expect(reports[0]).toHaveLength(2);
    expect(reports[1]).toHaveLength(2);
    expect(JSON.stringify([await drive().get(handbook.folder.id), await drive().listPermissions(handbook.folder.id)])).toBe(before);
  });
});
