import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { VISIBILITY } from '../../shared/enums';
import { IMAGE_MESSAGES, INPUT_REFUSED, SIGN_IN_HINT } from '../../shared/messages';
import type { DatabaseHandle } from '../../server/db/client';
import { itemImages, items, users } from '../../server/db/schema';
import { prepareUpload } from '../../server/features/images/processing';
import { STOCK_SEARCH_MESSAGE } from '../../server/features/images/schemas';
import { localImageStore } from '../../server/features/images/storage';
import { addUploadedImages } from '../../server/features/images/uploads';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, signInAs, visit, xsrfHeader } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { HTML_BYTES, jpegWithExif, multipartBody, noisyPng, PDF_BYTES, pngImage, SVG_BYTES, truncatedJpeg, type UploadFile } from '../fixtures/images/files';

const dataDir = mkdtempSync(path.join(tmpdir(), 'equip-images-'));
const uploadsDir = path.join(dataDir, 'images', 'uploads');
const MAX_BYTES = 150_000;

const CAMP_GUIDE = 'campguide0001';
const STAFF_NOTES = 'staffnotes001';

async function seedItems(handle: DatabaseHandle) {
  await seedDemoAccounts(handle);
  const [leader] = await handle.db.select().from(users).where(eq(users.email, 'leader@example.org'));
  const [camp] = await handle.db
    .insert(items)
    .values([
      { ref: CAMP_GUIDE, code: 'EQ-1', title: 'Camp Guide', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, createdByUserId: leader.id },
      { ref: STAFF_NOTES, code: 'EQ-2', title: 'Staff Notes', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
    ])
    .returning();
  await handle.db
    .insert(itemImages)
    .values({ ref: 'stockimage001', itemId: camp.id, extension: 'png', source: 'stock', storageKey: 'stock/campfire.png', position: 0 });
}

const ctx = useTestApp({ seed: seedItems, env: { DATA_DIR: dataDir, IMAGE_MAX_BYTES: String(MAX_BYTES) } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const signedIn = new Map<string, Promise<CookieJar>>();
/** One session per account for the whole file: demo sign-in is rate-limited like the real one. */
function as(email: string): Promise<CookieJar> {
  if (!signedIn.has(email)) signedIn.set(email, signInAs(ctx.app, email));
  return signedIn.get(email)!;
}

async function upload(jar: CookieJar, itemRef: string, files: readonly UploadFile[]) {
  const { payload, contentType } = await multipartBody(files);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/item/${itemRef}/image/upload`,
    headers: { ...xsrfHeader(jar), 'content-type': contentType, 'x-inertia': 'true' },
    payload,
  });
  jar.store(response);
  return response;
}

async function postJson(jar: CookieJar, url: string, body: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url, headers: { ...xsrfHeader(jar), 'x-inertia': 'true' }, payload: body });
  jar.store(response);
  return response;
}

/** The validation errors the next page shows, as the Inertia client would receive them after the redirect. */
async function errorsShownNext(jar: CookieJar): Promise<Record<string, string>> {
  const { page } = await visit(ctx.app, '/', jar);
  return page.props.errors;
}

async function imagesOf(itemRef: string) {
  return ctx.database.db
    .select({
      ref: itemImages.ref,
      extension: itemImages.extension,
      source: itemImages.source,
      storageKey: itemImages.storageKey,
      position: itemImages.position,
    })
    .from(itemImages)
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(eq(items.ref, itemRef))
    .orderBy(asc(itemImages.position));
}

function storedUploads(): string[] {
  try {
    return readdirSync(uploadsDir).sort();
  } catch {
    return [];
  }
}

describe('POST /item/{ref}/image/upload', () => {
  it('stores a PNG from the item’s maintainer, with an 800 px wide large thumbnail, after the existing images', async () => {
    const jar = await as('leader@example.org');
    const response = await upload(jar, CAMP_GUIDE, [{ name: 'poster.png', type: 'image/png', data: await noisyPng(1000, 40) }]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${CAMP_GUIDE}`);
    const [, added] = await imagesOf(CAMP_GUIDE);
    expect(added).toMatchObject({ extension: 'png', source: 'upload', position: 1, storageKey: `uploads/${added.ref}.png` });
    expect(storedUploads()).toEqual(expect.arrayContaining([`${added.ref}.png`, `${added.ref}.large.jpg`]));
    const large = await sharp(path.join(uploadsDir, `${added.ref}.large.jpg`)).metadata();
    expect(large).toMatchObject({ format: 'jpeg', width: 800 });
  });

  it('stores a JPEG without its EXIF data, and several files in one request', async () => {
    const jar = await as('admin@example.org');
    const before = (await imagesOf(STAFF_NOTES)).length;
    const response = await upload(jar, STAFF_NOTES, [
      { name: 'camera.jpg', type: 'image/jpeg', data: await jpegWithExif(1200, 600) },
      { name: 'small.png', type: 'image/png', data: await pngImage() },
    ]);
    expect(response.statusCode).toBe(303);
    const added = (await imagesOf(STAFF_NOTES)).slice(before);
    expect(added.map((image) => [image.extension, image.position])).toEqual([
      ['jpg', before],
      ['png', before + 1],
    ]);
    const stored = await sharp(path.join(uploadsDir, `${added[0].ref}.jpg`)).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
  });

  it.each([
    ['a renamed PDF', { name: 'photo.jpg', type: 'image/jpeg', data: PDF_BYTES }, '"photo.jpg" is not a JPG or PNG image'],
    ['a renamed SVG', { name: 'logo.png', type: 'image/png', data: SVG_BYTES }, '"logo.png" is not a JPG or PNG image'],
    ['a renamed HTML page', { name: 'page.jpg', type: 'image/jpeg', data: HTML_BYTES }, '"page.jpg" is not a JPG or PNG image'],
  ])('refuses %s, judged by its bytes, under imageUpload', async (_label, file, message) => {
    const jar = await as('leader@example.org');
    const rowsBefore = await imagesOf(CAMP_GUIDE);
    const filesBefore = storedUploads();
    const response = await upload(jar, CAMP_GUIDE, [file]);
    expect(response.statusCode).toBe(303);
    expect(await errorsShownNext(jar)).toEqual({ imageUpload: message });
    expect(await imagesOf(CAMP_GUIDE)).toEqual(rowsBefore);
    expect(storedUploads()).toEqual(filesBefore);
  });

  it('refuses a corrupt (truncated) JPEG', async () => {
    const jar = await as('leader@example.org');
    const filesBefore = storedUploads();
    await upload(jar, CAMP_GUIDE, [{ name: 'broken.jpg', type: 'image/jpeg', data: await truncatedJpeg() }]);
    expect(await errorsShownNext(jar)).toEqual({ imageUpload: '"broken.jpg" could not be read as an image' });
    expect(storedUploads()).toEqual(filesBefore);
  });

  it('refuses a file over the size limit with a form error, not an error page', async () => {
    const jar = await as('leader@example.org');
    const big = await noisyPng(300, 300);
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    const response = await upload(jar, CAMP_GUIDE, [{ name: 'huge.png', type: 'image/png', data: big }]);
    expect(response.statusCode).toBe(303);
    expect(await errorsShownNext(jar)).toEqual({ imageUpload: '"huge.png" is larger than 0.1 MB' });
  });

  it('writes nothing when one file of several is bad', async () => {
    const jar = await as('leader@example.org');
    const rowsBefore = await imagesOf(CAMP_GUIDE);
    const filesBefore = storedUploads();
    await upload(jar, CAMP_GUIDE, [
      { name: 'good.png', type: 'image/png', data: await pngImage() },
      { name: 'bad.png', type: 'image/png', data: PDF_BYTES },
    ]);
    expect(await errorsShownNext(jar)).toEqual({ imageUpload: '"bad.png" is not a JPG or PNG image' });
    expect(await imagesOf(CAMP_GUIDE)).toEqual(rowsBefore);
    expect(storedUploads()).toEqual(filesBefore);
  });

  it('refuses more files than one upload takes', async () => {
    const jar = await as('leader@example.org');
    const data = await pngImage();
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', data }));
    const rowsBefore = await imagesOf(CAMP_GUIDE);
    await upload(jar, CAMP_GUIDE, files);
    expect(await errorsShownNext(jar)).toEqual({ imageUpload: 'Please upload at most 10 images at a time' });
    expect(await imagesOf(CAMP_GUIDE)).toEqual(rowsBefore);
  });

  it('answers a broken multipart body with a form error, not a server error', async () => {
    const jar = await as('leader@example.org');
    const payload = '--cut\r\nContent-Disposition: form-data; name="imageUpload[]"; filename="a.png"\r\n\r\nthe rest never arrived';
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/item/${CAMP_GUIDE}/image/upload`,
      headers: { ...xsrfHeader(jar), 'content-type': 'multipart/form-data; boundary=cut' },
      payload,
    });
    expect(response.statusCode).toBe(303);
    expect(await errorsShownNext(jar)).toEqual({ imageUpload: 'The upload could not be read. Please try again' });
  });

  it('asks for an image when the form carries no file', async () => {
    const jar = await as('leader@example.org');
    const { payload, contentType } = await multipartBody([], { note: 'nothing chosen' });
    await ctx.app.inject({ method: 'POST', url: `/item/${CAMP_GUIDE}/image/upload`, headers: { ...xsrfHeader(jar), 'content-type': contentType }, payload });
    expect(await errorsShownNext(jar)).toEqual({ image: IMAGE_MESSAGES.nothingChosen });
  });

  it('is forbidden to signed-in users who do not edit the item, and to anonymous visitors', async () => {
    const file = { name: 'a.png', type: 'image/png', data: await pngImage() };
    const member = await upload(await as('staff@example.org'), CAMP_GUIDE, [file]);
    const anonymous = await upload(await csrfJar(ctx.app), CAMP_GUIDE, [file]);
    expect([member.statusCode, anonymous.statusCode]).toEqual([403, 403]);
    expect((await imagesOf(CAMP_GUIDE)).filter((image) => image.source === 'upload')).toHaveLength(1);
  });

  it('answers 404 for an unknown item', async () => {
    const jar = await as('admin@example.org');
    const response = await upload(jar, 'nosuchitem00', [{ name: 'a.png', type: 'image/png', data: await pngImage() }]);
    expect(response.statusCode).toBe(404);
  });

  it('removes the stored files again when the database refuses the rows', async () => {
    const store = localImageStore(path.join(dataDir, 'images'));
    const check = await prepareUpload('a.png', await pngImage());
    if (!check.ok) throw new Error(check.message);
    const filesBefore = storedUploads();
    const missingItemId = 987_654;
    await expect(addUploadedImages(ctx.database.db, store, missingItemId, [check.image])).rejects.toThrow();
    expect(storedUploads()).toEqual(filesBefore);
  });
});

describe('POST /item/{ref}/image/external', () => {
  it('adds a stock image by id, and by the full URL the search gave', async () => {
    const jar = await as('leader@example.org');
    expect((await postJson(jar, `/item/${CAMP_GUIDE}/image/external`, { image: 'bible-open' })).statusCode).toBe(303);
    await postJson(jar, `/item/${CAMP_GUIDE}/image/external`, { image: 'http://localhost/image/stock/minibus' });
    const added = (await imagesOf(CAMP_GUIDE)).slice(-2);
    expect(added).toMatchObject([
      { source: 'stock', extension: 'jpg', storageKey: 'stock/bible-open.jpg' },
      { source: 'stock', extension: 'jpg', storageKey: 'stock/minibus.jpg' },
    ]);
  });

  it.each([
    ['an unknown stock id', 'not-a-stock-image'],
    ['an address of another machine', 'http://169.254.169.254/latest/meta-data'],
    ['a path that walks out of the stock folder', '/image/stock/../../uploads/x'],
  ])('refuses %s without fetching anything', async (_label, image) => {
    const jar = await as('leader@example.org');
    const before = await imagesOf(CAMP_GUIDE);
    await postJson(jar, `/item/${CAMP_GUIDE}/image/external`, { image });
    expect(await errorsShownNext(jar)).toEqual({ image: 'Please select one of the stock images' });
    expect(await imagesOf(CAMP_GUIDE)).toEqual(before);
  });

  it('asks for an image when none is given', async () => {
    const jar = await as('leader@example.org');
    await postJson(jar, `/item/${CAMP_GUIDE}/image/external`, {});
    expect(await errorsShownNext(jar)).toEqual({ image: IMAGE_MESSAGES.nothingChosen });
  });

  it('is forbidden to non-editors', async () => {
    const jar = await as('member@example.org');
    expect((await postJson(jar, `/item/${CAMP_GUIDE}/image/external`, { image: 'campfire' })).statusCode).toBe(403);
  });

  it('tells anonymous visitors to sign in, whatever they send, and adds nothing', async () => {
    const before = await imagesOf(CAMP_GUIDE);
    for (const body of [{ image: 'campfire' }, { image: 42 }]) {
      const response = await postJson(await csrfJar(ctx.app), `/item/${CAMP_GUIDE}/image/external`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().props.detail).toBe(SIGN_IN_HINT);
    }
    expect(await imagesOf(CAMP_GUIDE)).toEqual(before);
  });
});

describe('GET /image/search', () => {
  it('refuses a search term that is too long or sent twice with 422 naming q', async () => {
    const jar = await as('leader@example.org');
    for (const query of [`q=${'a'.repeat(201)}`, 'q=sun&q=rain']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/image/search?${query}`, headers: { accept: 'application/json', cookie: jar.header() } });
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toEqual({ message: INPUT_REFUSED.invalid, errors: { q: STOCK_SEARCH_MESSAGE } });
    }
  });
});

describe('DELETE /image/{ref}', () => {
  async function remove(jar: CookieJar, imageRef: string) {
    return ctx.app.inject({ method: 'DELETE', url: `/image/${imageRef}`, headers: { ...xsrfHeader(jar), 'x-inertia': 'true' } });
  }

  async function uploadedImage(): Promise<string> {
    const jar = await as('leader@example.org');
    await upload(jar, CAMP_GUIDE, [{ name: 'doomed.png', type: 'image/png', data: await pngImage() }]);
    return (await imagesOf(CAMP_GUIDE)).at(-1)!.ref;
  }

  it('lets the maintainer remove an uploaded image and its files', async () => {
    const ref = await uploadedImage();
    expect(storedUploads()).toContain(`${ref}.png`);
    const response = await remove(await as('leader@example.org'), ref);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${CAMP_GUIDE}`);
    expect((await imagesOf(CAMP_GUIDE)).map((image) => image.ref)).not.toContain(ref);
    expect(storedUploads().filter((name) => name.startsWith(ref))).toEqual([]);
  });

  it('forbids other users and anonymous visitors, and keeps the image', async () => {
    const ref = await uploadedImage();
    expect((await remove(await as('staff@example.org'), ref)).statusCode).toBe(403);
    expect((await remove(await csrfJar(ctx.app), ref)).statusCode).toBe(403);
    expect((await imagesOf(CAMP_GUIDE)).map((image) => image.ref)).toContain(ref);
  });

  it('removes a stock image from the item but keeps the shared stock picture', async () => {
    const response = await remove(await as('admin@example.org'), 'stockimage001');
    expect(response.statusCode).toBe(303);
    expect((await imagesOf(CAMP_GUIDE)).map((image) => image.ref)).not.toContain('stockimage001');
    const stock = await ctx.app.inject({ method: 'GET', url: '/image/stock/campfire' });
    expect(stock.statusCode).toBe(200);
  });

  it('answers 404 for an unknown image', async () => {
    expect((await remove(await as('admin@example.org'), 'nosuchimage1')).statusCode).toBe(404);
  });
});
