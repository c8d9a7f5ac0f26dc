/** A small library with content files in a local drive, for the folder and content route tests. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import type { Database } from '../../server/db/client';
import { contents, items, users } from '../../server/db/schema';
import type { DrivePort } from '../../server/drive/port';
import type { CookieJar } from '../support/app';
import { inertiaHeaders, xsrfHeader } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { multipartBody, PDF_BYTES, type UploadFile } from '../fixtures/images/files';

export const MAINTAINER = 'leader@example.org';
export const ADMIN = 'admin@example.org';
export const MEMBER = 'member@example.org';
export const AFFILIATE = 'affiliate@example.org';
export const STAFF = 'staff@example.org';

export const ITEMS = {
  /** Public, maintained by the leader; its folder holds the files below. */
  guide: 'itemguide001',
  /** Public, no folder yet. */
  bare: 'itembare0001',
  /** A draft: only its maintainer and admins open it. */
  draft: 'itemdraft001',
} as const;

export const CONTENT = {
  open: 'contentopen1',
  staff: 'contentstaff',
  unpublished: 'contentunpub',
  draft: 'contentdraft',
} as const;

export const TEXT_BYTES = Buffer.from('Session notes for leaders.\nBring a torch.\n');

export async function seedContentLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const [leader] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, MAINTAINER));
  await handle.db.insert(items).values([
    { ref: ITEMS.guide, code: 'EQ-1', title: 'Camp Leader Guide', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, createdByUserId: leader!.id },
    { ref: ITEMS.bare, code: 'EQ-2', title: 'Games: Night Walk', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, createdByUserId: leader!.id },
    { ref: ITEMS.draft, code: 'EQ-3', title: 'Unfinished Trail', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0, createdByUserId: leader!.id },
  ]);
}

export interface ArrangedDrive {
  folderId: string;
  files: { guide: string; staff: string; unpublished: string; loose: string; draft: string };
}

/**
 * Puts files in the guide's folder and the draft's folder, and content rows on three of them: an open PDF (level
 * 0), staff notes (level 4), an unpublished text; one file stays unlinked.
 */
export async function arrangeDrive(db: Database, drive: DrivePort): Promise<ArrangedDrive> {
  const root = await drive.rootFolderId();
  const folder = await drive.createFolder('EQ-1 Camp Leader Guide', root);
  const draftFolder = await drive.createFolder('EQ-3 Unfinished Trail', root);
  const put = async (name: string, mimeType: string, body: Buffer, parentId = folder.id) => (await drive.upload({ name, mimeType, parentId, body })).id;
  const files = {
    guide: await put('Leader Guide.pdf', 'application/pdf', PDF_BYTES),
    staff: await put('Staff Notes.txt', 'text/plain', TEXT_BYTES),
    unpublished: await put('Work in progress.txt', 'text/plain', TEXT_BYTES),
    loose: await put('Loose handout.txt', 'text/plain', TEXT_BYTES),
    draft: await put('Trail map.pdf', 'application/pdf', PDF_BYTES, draftFolder.id),
  };
  const idOf = async (ref: string) => (await db.select({ id: items.id }).from(items).where(eq(items.ref, ref)))[0]!.id;
  const guideId = await idOf(ITEMS.guide);
  const draftId = await idOf(ITEMS.draft);
  await db.update(items).set({ googleDriveFolderId: folder.id }).where(eq(items.id, guideId));
  await db.update(items).set({ googleDriveFolderId: draftFolder.id }).where(eq(items.id, draftId));
  await db.insert(contents).values([
    { ref: CONTENT.open, itemId: guideId, label: 'Leader Guide', format: 'pdf', sizeBytes: PDF_BYTES.length, googleDriveFileId: files.guide, position: 0 },
    { ref: CONTENT.staff, itemId: guideId, label: 'Staff Notes', format: 'text', googleDriveFileId: files.staff, minimumAccessLevel: 4, position: 1 },
    {
      ref: CONTENT.unpublished,
      itemId: guideId,
      label: 'Work in progress',
      format: 'text',
      googleDriveFileId: files.unpublished,
      published: false,
      position: 2,
    },
    { ref: CONTENT.draft, itemId: draftId, label: 'Trail map', format: 'pdf', googleDriveFileId: files.draft, position: 0 },
  ]);
  return { folderId: folder.id, files };
}

export { nextPage, send } from '../support/http';

export async function upload(app: FastifyInstance, jar: CookieJar, itemRef: string, files: readonly UploadFile[], fields: Record<string, string> = {}) {
  const { payload, contentType } = await multipartBody(
    files.map((file) => ({ field: 'fileUpload[]', ...file })),
    fields,
  );
  const response = await app.inject({
    method: 'POST',
    url: `/i/${itemRef}/content/upload`,
    headers: { ...(await inertiaHeaders(app)), ...xsrfHeader(jar), 'content-type': contentType },
    payload,
  });
  jar.store(response);
  return response;
}

export async function open(app: FastifyInstance, jar: CookieJar | null, url: string) {
  return app.inject({ method: 'GET', url, headers: { cookie: jar?.header() ?? '' } });
}

export async function contentRows(db: Database, itemRef: string) {
  return db
    .select({
      ref: contents.ref,
      label: contents.label,
      position: contents.position,
      googleDriveFileId: contents.googleDriveFileId,
      isSampleOfId: contents.isSampleOfId,
      id: contents.id,
      format: contents.format,
      sizeBytes: contents.sizeBytes,
    })
    .from(contents)
    .innerJoin(items, eq(items.id, contents.itemId))
    .where(eq(items.ref, itemRef))
    .orderBy(contents.position, contents.id);
}
