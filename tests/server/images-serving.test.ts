import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { VISIBILITY } from '../../shared/enums';
import type { StockImageResult } from '../../shared/items';
import type { DatabaseHandle } from '../../server/db/client';
import { itemImages, items, shares, users } from '../../server/db/schema';
import { seedDemoLibrary } from '../../server/db/seed';
import { STOCK_IMAGES } from '../../server/db/seed/words';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, signInAs, xsrfHeader } from '../support/http';
import { multipartBody, pngImage } from '../fixtures/images/files';

const dataDir = mkdtempSync(path.join(tmpdir(), 'equip-image-serving-'));

const STAFF_ONLY = 'staffonly0001';
const MEMBERS_DRAFT = 'memberdraft01';
const EXPIRED = 'expireditem01';
const EXPIRED_STAFF = 'expiredstaff1';

async function seed(handle: DatabaseHandle) {
  await seedDemoLibrary(handle.db, { items: 12 });
  const [member] = await handle.db.select().from(users).where(eq(users.email, 'member@example.org'));
  const [affiliate] = await handle.db.select().from(users).where(eq(users.email, 'affiliate@example.org'));
  const [staffOnly] = await handle.db
    .insert(items)
    .values([
      { ref: STAFF_ONLY, code: 'T-1', title: 'Staff Only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      { ref: MEMBERS_DRAFT, code: 'T-2', title: 'Member’s Draft', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0, createdByUserId: member.id },
      { ref: EXPIRED, code: 'T-3', title: 'Expired', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, expiresAt: new Date(Date.now() - 86_400_000) },
      {
        ref: EXPIRED_STAFF,
        code: 'T-4',
        title: 'Expired Staff',
        visibility: VISIBILITY.DISCOVERABLE,
        minimumAccessLevel: 4,
        expiresAt: new Date(Date.now() - 86_400_000),
      },
    ])
    .returning();
  await handle.db.insert(shares).values([
    { sharedType: 'item', itemId: staffOnly.id, toEmail: member.email!, toUserId: member.id, level: 4, expiresAt: null },
    { sharedType: 'item', itemId: staffOnly.id, toEmail: affiliate.email!, toUserId: affiliate.id, level: 4, expiresAt: new Date(Date.now() - 1000) },
  ]);
}

const UPLOADS_PER_MINUTE = 5;
const ctx = useTestApp({ seed, env: { DATA_DIR: dataDir, RATE_LIMIT_UPLOAD_MAX: String(UPLOADS_PER_MINUTE) } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const jars = new Map<string, Promise<CookieJar>>();
function as(email: string): Promise<CookieJar> {
  if (!jars.has(email)) jars.set(email, signInAs(ctx.app, email));
  return jars.get(email)!;
}

function get(url: string, jar?: CookieJar) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: jar?.header() ?? '' } });
}

async function postUpload(itemRef: string) {
  const jar = await as('admin@example.org');
  const { payload, contentType } = await multipartBody([{ name: 'photo.png', type: 'image/png', data: await pngImage(1000, 500) }]);
  return ctx.app.inject({ method: 'POST', url: `/item/${itemRef}/image/upload`, headers: { ...xsrfHeader(jar), 'content-type': contentType }, payload });
}

/** Adds an uploaded PNG to the item (as an admin) and answers the new image's ref. */
async function uploadTo(itemRef: string): Promise<string> {
  expect((await postUpload(itemRef)).statusCode).toBe(303);
  const [row] = await ctx.database.db
    .select({ ref: itemImages.ref })
    .from(itemImages)
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(and(eq(items.ref, itemRef), eq(itemImages.source, 'upload')));
  return row.ref;
}

describe('GET /image/{ref} and /image/{ref}/large', () => {
  const refs: Record<string, string> = {};
  beforeAll(async () => {
    for (const item of [STAFF_ONLY, MEMBERS_DRAFT, EXPIRED, EXPIRED_STAFF]) refs[item] = await uploadTo(item);
  });

  it('serves an image of a staff-only item to staff only', async () => {
    const url = `/image/${refs[STAFF_ONLY]}`;
    expect((await get(url)).statusCode).toBe(403);
    expect((await get(url, await as('affiliate@example.org'))).statusCode).toBe(403);
    const staff = await get(url, await as('staff@example.org'));
    expect(staff.statusCode).toBe(200);
    expect((await sharp(staff.rawPayload).metadata()).format).toBe('png');
  });

  it('sends the right type, forbids sniffing and keeps the image out of shared caches', async () => {
    const response = await get(`/image/${refs[STAFF_ONLY]}`, await as('staff@example.org'));
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    });
    const large = await get(`/image/${refs[STAFF_ONLY]}/large`, await as('staff@example.org'));
    expect(large.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800 });
  });

  it('honours a valid share to the item, and not an expired one', async () => {
    expect((await get(`/image/${refs[STAFF_ONLY]}/large`, await as('member@example.org'))).statusCode).toBe(200);
    expect((await get(`/image/${refs[STAFF_ONLY]}/large`, await as('affiliate@example.org'))).statusCode).toBe(403);
  });

  it('serves a draft’s images to its maintainer and admins only', async () => {
    const url = `/image/${refs[MEMBERS_DRAFT]}`;
    expect((await get(url, await as('member@example.org'))).statusCode).toBe(200);
    expect((await get(url, await as('admin@example.org'))).statusCode).toBe(200);
    expect((await get(url, await as('team@example.org'))).statusCode).toBe(403);
  });

  it('does not serve images of an expired item except to its editors: 410 to those it reached, 403 to the others', async () => {
    expect((await get(`/image/${refs[EXPIRED]}`)).statusCode).toBe(410);
    expect((await get(`/image/${refs[EXPIRED]}`, await as('member@example.org'))).statusCode).toBe(410);
    expect((await get(`/image/${refs[EXPIRED]}/large`, await as('admin@example.org'))).statusCode).toBe(200);
    expect((await get(`/image/${refs[EXPIRED_STAFF]}/large`, await as('member@example.org'))).statusCode).toBe(403);
    expect((await get(`/image/${refs[EXPIRED_STAFF]}/large`, await as('staff@example.org'))).statusCode).toBe(410);
  });

  it('answers every viewer as the item’s page does', async () => {
    const viewers = [null, 'member@example.org', 'affiliate@example.org', 'staff@example.org', 'admin@example.org'];
    for (const item of [STAFF_ONLY, MEMBERS_DRAFT, EXPIRED, EXPIRED_STAFF]) {
      for (const email of viewers) {
        const jar = email ? await as(email) : undefined;
        const page = (await get(`/i/${item}`, jar)).statusCode;
        expect([item, email, (await get(`/image/${refs[item]}`, jar)).statusCode]).toEqual([item, email, page]);
        expect([item, email, (await get(`/image/${refs[item]}/large`, jar)).statusCode]).toEqual([item, email, page]);
      }
    }
  });

  it('answers 404 for an unknown or malformed ref', async () => {
    expect((await get('/image/nosuchimage1')).statusCode).toBe(404);
    expect((await get('/image/NOT..A..REF/large')).statusCode).toBe(404);
  });

  it('serves the seeded stock-sourced images in the format their row names', async () => {
    const seeded = await ctx.database.db
      .select({ ref: itemImages.ref, extension: itemImages.extension })
      .from(itemImages)
      .innerJoin(items, eq(items.id, itemImages.itemId))
      .where(and(like(itemImages.storageKey, 'stock/%'), eq(items.visibility, VISIBILITY.DISCOVERABLE), eq(items.minimumAccessLevel, 0)));
    expect(seeded.length).toBeGreaterThan(0);
    for (const image of seeded.slice(0, 4)) {
      const response = await get(`/image/${image.ref}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(image.extension === 'png' ? 'image/png' : 'image/jpeg');
      expect((await get(`/image/${image.ref}/large`)).headers['content-type']).toBe('image/jpeg');
    }
  });
});

describe('stock images', () => {
  it('include every picture the demo seed uses', async () => {
    const response = await get('/image/search?q=', await as('leader@example.org'));
    const ids = (response.json() as StockImageResult[]).map((image) => image.id);
    expect(ids).toEqual(expect.arrayContaining([...STOCK_IMAGES]));
  });

  it('are served to anyone with a long public cache', async () => {
    const full = await get('/image/stock/campfire');
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 1200, height: 800 });
    const preview = await get('/image/stock/campfire/preview');
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
  });

  it('answer 404 for an unknown name', async () => {
    expect((await get('/image/stock/no-such-picture')).statusCode).toBe(404);
    expect((await get('/image/stock/..%2F..%2Fsecret')).statusCode).toBe(404);
  });
});

describe('GET /image/search', () => {
  it('is for signed-in users', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/image/search?q=camp',
      headers: { accept: 'application/json', cookie: (await csrfJar(ctx.app)).header() },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers id, preview and full for names and keywords matching every word', async () => {
    const jar = await as('leader@example.org');
    const camp = (await get('/image/search?q=camp', jar)).json() as StockImageResult[];
    expect(camp.map((image) => image.id)).toEqual(expect.arrayContaining(['summer-camp', 'campfire']));
    expect(camp.map((image) => image.id)).not.toContain('minibus');
    expect(camp.find((image) => image.id === 'campfire')).toEqual({ id: 'campfire', preview: '/image/stock/campfire/preview', full: '/image/stock/campfire' });
    const transport = (await get('/image/search?q=Transport%20TRIP', jar)).json() as StockImageResult[];
    expect(transport.map((image) => image.id)).toEqual(['minibus']);
    expect((await get('/image/search?q=zebra', jar)).json()).toEqual([]);
  });

  it('picks up pictures an administrator puts in the stock folder', async () => {
    const stockDir = path.join(dataDir, 'images', 'stock');
    mkdirSync(stockDir, { recursive: true });
    writeFileSync(path.join(stockDir, 'welcome-banner.png'), await pngImage(600, 200));
    const found = (await get('/image/search?q=welcome', await as('leader@example.org'))).json() as StockImageResult[];
    expect(found.map((image) => image.id)).toEqual(['welcome-banner']);
    const full = await get('/image/stock/welcome-banner');
    expect(full.headers['content-type']).toBe('image/png');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 600, height: 200 });
  });
});

describe('upload rate limit', () => {
  it('refuses uploads beyond RATE_LIMIT_UPLOAD_MAX a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) statuses.push((await postUpload(EXPIRED)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429 && status !== 303)).toEqual([]);
  });
});
