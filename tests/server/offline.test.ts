/** Installable, with collections saved for offline (issue 20 §3): the manifest, icons, worker, copy lists and sign-out. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  INERTIA_KEY_PARAM,
  OFFLINE_KEY_COOKIE,
  OFFLINE_KEY_HEADER,
  OFFLINE_TEXT,
  SAVED_LIST_DATA_URL,
  SAVED_LIST_URL,
  PAGES_CACHE,
  START_PAGES,
  SAVED_CACHE,
  SAVING_HEADER,
  SESSION_EXPIRES_HEADER,
  SHELL_CACHE,
  type OfflineCopy,
} from '../../shared/offline';
import { contents, items, sessions, shares } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { signInAs, xsrfHeader } from '../support/http';
import { COLLECTIONS, ITEMS, MEMBER, STAFF, AFFILIATE, seedCollectionLibrary } from './collections-fixture';

const ctx = useTestApp({ seed: seedCollectionLibrary });

async function offlineList(ref: string, email?: string) {
  const cookie = email ? (await signInAs(ctx.app, email)).header() : '';
  return ctx.app.inject({ method: 'GET', url: `/collection/${ref}/offline`, headers: { cookie, accept: 'application/json' } });
}

describe('installable', () => {
  it('offers a web app manifest with home-screen icons, named in every page’s head', async () => {
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.json()).toMatchObject({ name: 'Equip', start_url: '/', display: 'standalone', scope: '/' });
    for (const size of [192, 512]) {
      const icon = await ctx.app.inject({ method: 'GET', url: `/app-icon-${size}.png` });
      expect(icon.headers['content-type']).toBe('image/png');
      expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ width: size, height: size, format: 'png' });
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('serves the service worker fresh, with the cache names the page uses', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const source = await readFile('public/sw.js', 'utf8');
    for (const [name, value] of Object.entries({
      PAGES_CACHE,
      SAVED_CACHE,
      SHELL_CACHE,
      INERTIA_KEY_PARAM,
      SAVING_HEADER,
      SESSION_EXPIRES_HEADER,
      OFFLINE_KEY_HEADER,
      OFFLINE_KEY_COOKIE,
    }))
      expect(source, name).toContain(`const ${name} = '${value}';`);
    for (const [name, value] of Object.entries({
      NOT_SAVED_TITLE: OFFLINE_TEXT.notSavedTitle,
      NOT_SAVED_TEXT: OFFLINE_TEXT.notSaved,
      NOTHING_SAVED_TEXT: OFFLINE_TEXT.nothingSaved,
      SAVED_LIST_URL,
      SAVED_LIST_DATA_URL,
      SAVED_LIST_TITLE: OFFLINE_TEXT.savedListTitle,
      SAVED_LIST_TEXT: OFFLINE_TEXT.savedList,
    }))
      expect(source, name).toContain(`const ${name} = '${value}';`);
    expect(source, 'START_PAGES').toContain(`const START_PAGES = [${START_PAGES.map((path) => `'${path}'`).join(', ')}];`);
  });

  it('dates a signed-in person’s answers with the end of their session, and asks the browser to drop everything at sign-out', async () => {
    const jar = await signInAs(ctx.app, MEMBER);
    const page = await ctx.app.inject({ method: 'GET', url: '/item', headers: { cookie: jar.header() } });
    const expires = Date.parse(String(page.headers['equip-session-expires']));
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/item' })).headers['equip-session-expires']).toBeUndefined();
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { cookie: jar.header(), ...xsrfHeader(jar) } });
    expect(response.statusCode).toBe(303);
    expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
  });

  it("keys a signed-in person's answers with their session, in a cookie the worker reads, cleared once nobody is signed in", async () => {
    const jar = await signInAs(ctx.app, MEMBER);
    const page = await ctx.app.inject({ method: 'GET', url: '/item', headers: { cookie: jar.header() } });
    const key = String(page.headers[OFFLINE_KEY_HEADER.toLowerCase()]);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    jar.store(page);
    expect(jar.get(OFFLINE_KEY_COOKIE)).toBe(key);
    // The key says nothing of the session id.
    expect(key).not.toContain(decodeURIComponent(jar.get('equip_session')!).split('.')[0]!);
    // Another session of the same person has another key.
    const other = await signInAs(ctx.app, MEMBER);
    const otherPage = await ctx.app.inject({ method: 'GET', url: '/item', headers: { cookie: other.header() } });
    expect(otherPage.headers[OFFLINE_KEY_HEADER.toLowerCase()]).not.toBe(key);
    // The session ends on the server: the next answer to that browser clears its key.
    const sid = decodeURIComponent(jar.get('equip_session')!).split('.')[0]!;
    await ctx.app.db.delete(sessions).where(eq(sessions.sid, sid));
    const after = await ctx.app.inject({ method: 'GET', url: '/item', headers: { cookie: jar.header() } });
    expect(after.headers[OFFLINE_KEY_HEADER.toLowerCase()]).toBeUndefined();
    expect(after.cookies.find((cookie) => cookie.name === OFFLINE_KEY_COOKIE)).toMatchObject({ value: '' });
  });
});

describe('GET /collection/{ref}/offline', () => {
  it('lists the collection, the items this member may open and their files, never a locked entry’s', async () => {
    const [games] = await ctx.app.db.select({ id: items.id }).from(items).where(eq(items.ref, ITEMS.open.ref));
    const [open, staffOnly] = await ctx.app.db
      .insert(contents)
      .values([
        { itemId: games.id, label: 'Song sheet', format: 'pdf' },
        { itemId: games.id, label: 'Leaders’ notes', format: 'pdf', minimumAccessLevel: 4 },
      ])
      .returning({ ref: contents.ref });
    const response = await offlineList(COLLECTIONS.public.ref, MEMBER);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual<OfflineCopy>({
      pages: [`/collection/${COLLECTIONS.public.ref}`, `/i/${ITEMS.open.ref}`, `/i/${ITEMS.unlisted.ref}`],
      files: [`/content/${open.ref}`],
    });
    // The staff member may open the staff item and its notes too.
    const staff = (await offlineList(COLLECTIONS.public.ref, STAFF)).json() as OfflineCopy;
    expect(staff.pages).toContain(`/i/${ITEMS.staff.ref}`);
    expect(staff.files).toEqual([`/content/${open.ref}`, `/content/${staffOnly.ref}`]);
  });

  it('lists the files a valid share of an item lets the member open, at the share’s level, and no more once it expired', async () => {
    const [games] = await ctx.app.db.select({ id: items.id }).from(items).where(eq(items.ref, ITEMS.open.ref));
    const [notes] = await ctx.app.db
      .insert(contents)
      .values({ itemId: games.id, label: 'Shared leaders’ notes', format: 'pdf', minimumAccessLevel: 4 })
      .returning({ ref: contents.ref });
    expect(((await offlineList(COLLECTIONS.public.ref, MEMBER)).json() as OfflineCopy).files).not.toContain(`/content/${notes.ref}`);
    const [share] = await ctx.app.db.insert(shares).values({ sharedType: 'item', itemId: games.id, toEmail: MEMBER, level: 4 }).returning({ id: shares.id });
    expect(((await offlineList(COLLECTIONS.public.ref, MEMBER)).json() as OfflineCopy).files).toContain(`/content/${notes.ref}`);
    await ctx.app.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shares.id, share.id));
    expect(((await offlineList(COLLECTIONS.public.ref, MEMBER)).json() as OfflineCopy).files).not.toContain(`/content/${notes.ref}`);
  });

  it('is for members who may open the collection', async () => {
    expect((await offlineList(COLLECTIONS.public.ref)).statusCode).toBe(401);
    expect((await offlineList(COLLECTIONS.private.ref, MEMBER)).statusCode).toBe(403);
    expect((await offlineList('nosuchcoll01', MEMBER)).statusCode).toBe(404);
    expect((await offlineList(COLLECTIONS.private.ref, AFFILIATE)).statusCode).toBe(200);
  });
});
