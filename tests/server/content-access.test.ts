import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { SIGN_IN_HINT } from '../../shared/messages';
import { contents, items } from '../../server/db/schema';
import { visit } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { PDF_BYTES } from '../fixtures/images/files';
import {
  ADMIN,
  AFFILIATE,
  arrangeDrive,
  CONTENT,
  ITEMS,
  MAINTAINER,
  MEMBER,
  open,
  seedContentLibrary,
  STAFF,
  TEXT_BYTES,
  type ArrangedDrive,
} from './content-fixture';

const context = useSessionTestApp({ seed: seedContentLibrary });
let arranged: ArrangedDrive;
beforeAll(async () => {
  arranged = await arrangeDrive(context.db(), context.drive);
});

async function itemAs(email: string | null, ref: string = ITEMS.guide) {
  const jar = await context.as(email);
  const { page } = await visit(context.app, `/i/${ref}`, jar);
  return page.props as { item: { contents: Content[]; more_content_available: boolean } };
}

async function openAs(email: string | null, url: string) {
  return open(context.app, email ? await context.as(email) : null, url);
}

const labels = (list: Content[]) => list.map((content) => content.label);

describe('the item page content list', () => {
  it('shows a visitor only the public published content, and tells them more content exists', async () => {
    const { item } = await itemAs(null);
    expect(labels(item.contents)).toEqual(['Leader Guide']);
    expect(item.more_content_available).toBe(true);
    expect(item.contents[0]).toMatchObject({
      format: 'pdf',
      google_drive_file_id: null,
      is_sample: false,
      size_bytes: PDF_BYTES.length,
      size: `${PDF_BYTES.length} B`,
    });
  });

  it('shows staff the staff notes, and nothing more is available to them', async () => {
    const { item } = await itemAs(STAFF);
    expect(labels(item.contents)).toEqual(['Leader Guide', 'Staff Notes']);
    expect(item.more_content_available).toBe(false);
  });

  it('never shows unpublished content to members, but does to the maintainer and admins, with drive ids', async () => {
    expect(labels((await itemAs(MEMBER)).item.contents)).not.toContain('Work in progress');
    for (const email of [MAINTAINER, ADMIN]) {
      const { item } = await itemAs(email);
      expect(labels(item.contents)).toEqual(['Leader Guide', 'Staff Notes', 'Work in progress']);
      expect(item.contents[0]!.google_drive_file_id).toBe(arranged.files.guide);
    }
  });

  it('sends the unlinked files only when asked for, and only to editors', async () => {
    const partial = (jar: Awaited<ReturnType<typeof context.as>>) =>
      visit(context.app, `/i/${ITEMS.guide}`, jar, { 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': 'unlinkedFiles' });
    const maintainer = await context.as(MAINTAINER);
    expect((await visit(context.app, `/i/${ITEMS.guide}`, maintainer)).page.props.unlinkedFiles).toBeUndefined();
    const { page } = await partial(maintainer);
    expect(page.props.unlinkedFiles).toEqual([
      { id: arranged.files.loose, name: 'Loose handout.txt', format: 'text', size: `${TEXT_BYTES.length} B`, default_label: 'Loose handout' },
    ]);
    expect((await partial(await context.as(MEMBER))).page.props.unlinkedFiles).toEqual([]);
  });
});

describe('GET /content/{ref}', () => {
  it('opens a public PDF for a visitor inline, under the strict policy and never sniffed', async () => {
    const response = await openAs(null, `/content/${CONTENT.open}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Browsers' PDF viewers do not run in sandboxed documents; the app's own strict policy applies instead.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-disposition']).toBe(`inline; filename="Leader Guide.pdf"; filename*=UTF-8''Leader%20Guide.pdf`);
    expect(response.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('refuses a level-2 affiliate the level-4 staff notes with the 403 page, and lets staff open them', async () => {
    const refused = await openAs(AFFILIATE, `/content/${CONTENT.staff}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Bring a torch');
    const opened = await openAs(STAFF, `/content/${CONTENT.staff}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(opened.headers['content-security-policy']).toBe('sandbox');
    expect(opened.body).toBe(TEXT_BYTES.toString());
  });

  it('tells an anonymous visitor refused a file that signing in may help', async () => {
    const response = await openAs(null, `/content/${CONTENT.staff}`);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(SIGN_IN_HINT);
  });

  it('opens unpublished content only for the item’s editors', async () => {
    expect((await openAs(MEMBER, `/content/${CONTENT.unpublished}`)).statusCode).toBe(403);
    expect((await openAs(MAINTAINER, `/content/${CONTENT.unpublished}`)).statusCode).toBe(200);
    expect((await openAs(ADMIN, `/content/${CONTENT.unpublished}`)).statusCode).toBe(200);
  });

  it('applies the item’s own rules first: content of a draft is refused to a member', async () => {
    expect((await openAs(MEMBER, `/content/${CONTENT.draft}`)).statusCode).toBe(403);
    expect((await openAs(MAINTAINER, `/content/${CONTENT.draft}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown ref', async () => {
    expect((await openAs(ADMIN, '/content/nosuchcontent')).statusCode).toBe(404);
  });

  it('counts each open, and not the refused ones', async () => {
    const counts = async () => (await context.db().select().from(contents).where(eq(contents.ref, CONTENT.open)))[0]!;
    const before = await counts();
    await openAs(null, `/content/${CONTENT.open}`);
    await openAs(MEMBER, `/content/${CONTENT.open}`);
    await openAs(AFFILIATE, `/content/${CONTENT.staff}`);
    const after = await counts();
    expect(after.openCount).toBe(before.openCount + 2);
    expect(after.lastOpenedAt).not.toBeNull();
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it('downloads the original as an attachment with its name when the export mode says so', async () => {
    await context.db().update(contents).set({ exportMode: 'download' }).where(eq(contents.ref, CONTENT.staff));
    try {
      const response = await openAs(STAFF, `/content/${CONTENT.staff}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Staff Notes.txt"; filename*=UTF-8''Staff%20Notes.txt`);
      expect(response.headers['content-security-policy']).not.toBe('sandbox');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await context.db().update(contents).set({ exportMode: null }).where(eq(contents.ref, CONTENT.staff));
    }
  });
});

describe('the item folder', () => {
  it('shows a visitor Equip’s folder view with only the files they may open, linking to their content', async () => {
    const { page } = await visit(context.app, `/i/${ITEMS.guide}/folder`, await context.as(null));
    expect(page.component).toBe('drive/Folder');
    expect(page.props.entries).toEqual([
      { name: 'Leader Guide.pdf', format: 'pdf', size: `${PDF_BYTES.length} B`, href: `/content/${CONTENT.open}`, content_label: 'Leader Guide' },
    ]);
  });

  it('shows the maintainer every file, unlinked ones through the local drive’s view', async () => {
    const { page } = await visit(context.app, `/i/${ITEMS.guide}/folder`, await context.as(MAINTAINER));
    const entries = page.props.entries as { name: string; href: string }[];
    expect(entries.map((entry) => entry.name)).toEqual(['Leader Guide.pdf', 'Loose handout.txt', 'Staff Notes.txt', 'Work in progress.txt']);
    expect(entries.find((entry) => entry.name === 'Loose handout.txt')!.href).toBe(`/drive/local/${arranged.files.loose}`);
  });

  it('answers 404 for an item without a folder and 403 for a draft’s folder to a member', async () => {
    expect((await openAs(ADMIN, `/i/${ITEMS.bare}/folder`)).statusCode).toBe(404);
    expect((await openAs(MEMBER, `/i/${ITEMS.draft}/folder`)).statusCode).toBe(403);
  });

  it('sends the local drive’s folder view to the item’s folder page, and its files through their content', async () => {
    const folder = await openAs(null, `/drive/local/${arranged.folderId}`);
    expect(folder.statusCode).toBe(302);
    expect(folder.headers.location).toBe(`/i/${ITEMS.guide}/folder`);
    const file = await openAs(null, `/drive/local/${arranged.files.guide}`);
    expect(file.headers.location).toBe(`/content/${CONTENT.open}`);
    expect((await openAs(AFFILIATE, `/drive/local/${arranged.files.staff}`)).statusCode).toBe(403);
  });

  it('lets only the item’s editors open a file no content row uses', async () => {
    expect((await openAs(MEMBER, `/drive/local/${arranged.files.loose}`)).statusCode).toBe(403);
    const response = await openAs(MAINTAINER, `/drive/local/${arranged.files.loose}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect((await openAs(ADMIN, '/drive/local/notadriveidatall')).statusCode).toBe(404);
  });

  it('keeps the folder id in the item page for everyone who opens the item', async () => {
    const [row] = await context.db().select({ folder: items.googleDriveFolderId }).from(items).where(eq(items.ref, ITEMS.guide));
    const { page } = await visit(context.app, `/i/${ITEMS.guide}`, await context.as(null));
    expect(page.props.item.google_drive_folder_id).toBe(row!.folder);
  });
});
