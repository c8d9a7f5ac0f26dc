/**
 * Server-side rendering (issue 20 §1), with the real SSR build (dist/ssr): a visitor's first visit to a public reading
 * page carries the rendered page, ready to hydrate; signed-in people, Inertia visits and other pages get the empty
 * element the browser renders into; a render that throws is logged and the page is still served, for the browser.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { VISIBILITY } from '../../shared/enums';
import { collectionItems, collections, comments, itemImages } from '../../server/db/schema';
import { RENDERED_PARTS_ATTRIBUTE, SCREEN_SIZE_ATTRIBUTE } from '../../shared/constants';
import { loadServerRenderer, screenSizeGuess } from '../../server/web/ssr';
import { CLIENT_ENTRY, CLIENT_PARTS_PATH, partIdOf } from '../../server/web/client-build';
import { readClientManifest } from '../../scripts/lib/first-page-size';
import { visit } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { MAINTAINER, createItem, seedEditingLibrary, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary, env: { SERVER_RENDERING: 'true' } });
const { db } = context;

async function firstVisit(url: string, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'GET', url, headers });
}

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('server-side rendering', () => {
  // First in the file: a part is left to the browser only until the server process has loaded its code once.
  it("renders every part of a visitor's page itself: no part is left to the browser", async () => {
    // A part that loads on demand (components/lib/on-demand.tsx) and renders for a visitor would suspend on the server,
    // which then leaves its boundary to the browser: React reports an error there (#419) and the part shows late.
    const item = await createItem(db(), { title: 'Every part rendered', visibility: VISIBILITY.DISCOVERABLE });
    // A comment, whose buttons load on demand for those who may act on it: a visitor may not.
    await db().insert(comments).values({ itemId: item.id, userId: null, comment: 'Read by visitors too.' });
    const [collection] = await db()
      .insert(collections)
      .values({ userId: await userId(db(), MAINTAINER), title: 'Rendered collection', public: true })
      .returning({ id: collections.id, ref: collections.ref });
    await db().insert(collectionItems).values({ collectionId: collection!.id, itemId: item.id });
    // Both layouts: the phone's and the wide screen's, whose sidebars differ.
    for (const userAgent of [PHONE, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36']) {
      for (const url of ['/', '/item', `/i/${item.ref}`, `/collection/${collection!.ref}`]) {
        const { body } = await firstVisit(url, { 'user-agent': userAgent });
        expect(body, url).toContain('data-server-rendered="true"');
        expect(body, url).not.toContain('<!--$!-->');
      }
    }
    expect((await firstVisit(`/i/${item.ref}`)).body).toContain('Read by visitors too.');
    expect((await firstVisit(`/collection/${collection!.ref}`)).body).toContain('Every part rendered');
  });

  it("renders a visitor's public item page, laid out for the screen the request suggests", async () => {
    const item = await createItem(db(), { title: 'Rendered on the server', visibility: VISIBILITY.DISCOVERABLE });
    const response = await firstVisit(`/i/${item.ref}`, { 'user-agent': PHONE });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<html lang="en" data-bs-theme="light" ${SCREEN_SIZE_ATTRIBUTE}="0">`);
    const app = response.body.slice(response.body.indexOf('<div data-server-rendered="true" id="app">'));
    expect(app).toMatch(/<h1[^>]*>Rendered on the server<\/h1>/);
    expect(app).toContain('A blurb');
    // The page object still precedes it, for hydration.
    expect(response.body).toContain('<script data-page="app" type="application/json">{"component":"items\\/Show"');
    expect(response.body.match(/<title/g)).toHaveLength(1);
  });

  it("preloads the first cards' pictures from the head, before the scripts that would compete with them", async () => {
    for (const title of ['AAA pictured one', 'AAA pictured two', 'AAA pictured three']) {
      const item = await createItem(db(), { title, visibility: VISIBILITY.DISCOVERABLE });
      await db()
        .insert(itemImages)
        .values({ itemId: item.id, extension: 'png', source: 'stock', storageKey: `stock/${title}.png`, position: 0 });
    }
    const response = await firstVisit('/item', { 'user-agent': PHONE });
    const [head, body] = response.body.split('</head>') as [string, string];

    // The cards' pictures in the order shown; the first two load first, and only those are preloaded.
    const pictures = [...body.matchAll(/<img [^>]*class="card-img-top[^>]*>/g)].map((match) => /src="([^"]*)"/.exec(match[0])?.[1]);
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    const preloads = [...head.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high">/g)].map((match) => match[1]);
    expect(preloads).toEqual(pictures.slice(0, 2));
    expect(head.indexOf('rel="preload" as="image"')).toBeLessThan(head.indexOf('<script'));
    // A member's page is rendered on the server too, and preloads its first pictures the same way.
    const member = await context.as(MAINTAINER);
    expect((await firstVisit('/item', { cookie: member.header(), 'user-agent': PHONE })).body).toContain('rel="preload" as="image"');
  });

  it('loads the app beside the paint, after the inline script that keeps the taps made before it starts', async () => {
    const manifest = readClientManifest();
    const app = `/build/${manifest[CLIENT_ENTRY]!.file}`;
    const member = await context.as(MAINTAINER);
    for (const headers of [{ 'user-agent': PHONE }, { cookie: member.header() }] as Record<string, string>[]) {
      const response = await firstVisit('/item', headers);
      const [head] = response.body.split('</head>') as [string];
      expect([...response.body.matchAll(/<script type="module"[^>]*>/g)].map((match) => match[0])).toEqual([`<script type="module" src="${app}">`]);
      expect(response.body).toContain(`<link rel="modulepreload" href="/build/${manifest['pages/items/Index.tsx']!.file}">`);
      // The keeper, inline before the styles, allowed by its hash and by nothing wider.
      const keeper = /<script>([\s\S]*?)<\/script>/.exec(head)?.[1];
      expect(keeper).toContain('app-starting');
      expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain(`'sha256-${createHash('sha256').update(keeper!).digest('base64')}'`);
      expect(/script-src[^;]*unsafe-inline/.test(policy)).toBe(false);
    }
  });

  it('names the parts on demand it drew, and the document preloads their files for the browser to load before it hydrates', async () => {
    const item = await createItem(db(), { title: 'Drawn with its parts', visibility: VISIBILITY.DISCOVERABLE });
    const partFiles = JSON.parse(readFileSync(CLIENT_PARTS_PATH, 'utf8')) as Record<string, string>;
    const member = await context.as(MAINTAINER);
    const { body } = await firstVisit(`/i/${item.ref}`, { cookie: member.header() });
    const [head] = body.split('</head>') as [string];

    const drawn = new RegExp(`${RENDERED_PARTS_ATTRIBUTE}="([^"]*)"`).exec(body)?.[1]?.split(' ') ?? [];
    // The maintainer's item page draws the layout's user menu and the item's actions toolbar, among others.
    expect(drawn).toEqual(expect.arrayContaining([partIdOf('components/layout/UserMenu.tsx'), partIdOf('components/item/ItemActions.tsx')]));
    for (const id of drawn) expect(head, id).toContain(`<link rel="modulepreload" href="/build/${partFiles[id]}">`);
    // A visitor's item page draws none of them, and preloads none.
    const visitor = await firstVisit(`/i/${item.ref}`);
    expect(visitor.body).not.toContain(`${RENDERED_PARTS_ATTRIBUTE}=`);
    for (const id of drawn) expect(visitor.body.split('</head>')[0], id).not.toContain(partFiles[id]);
  });

  it("renders every first page on the server, signed in or not, with the viewer's own page and every part of it", async () => {
    const item = await createItem(db(), { title: 'Read by a member', visibility: VISIBILITY.DISCOVERABLE });
    const member = await context.as(MAINTAINER);
    // The maintainer's item page: its editors' parts (the actions toolbar, the tasks) load on demand in the browser,
    // and the server draws them all, so nothing arrives late and pushes the page (`<!--$!-->` would leave one to the browser).
    const signedIn = await firstVisit(`/i/${item.ref}`, { cookie: member.header() });
    expect(signedIn.body).toContain('data-server-rendered="true"');
    expect(signedIn.body).toContain('Read by a member');
    expect(signedIn.body).toContain('aria-label="Item actions"');
    expect(signedIn.body).not.toContain('<!--$!-->');
    // Rendered for this person alone: a visitor's render of the same page has none of it.
    const visitor = await firstVisit(`/i/${item.ref}`);
    expect(visitor.body).not.toContain('aria-label="Item actions"');

    for (const url of ['/collection', '/task', '/profile', '/affirmation']) {
      const { body } = await firstVisit(url, { cookie: member.header() });
      expect(body, url).toContain('data-server-rendered="true"');
      expect(body, url).not.toContain('<!--$!-->');
    }
    const missing = await firstVisit('/i/zzzzzzzzzzzz');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('data-server-rendered="true"');

    // An Inertia visit is answered with the page object alone, as before.
    const { page } = await visit(context.app, `/i/${item.ref}`);
    expect(page.component).toBe('items/Show');
  });
});

describe('the server renderer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'equip-ssr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const logged: unknown[] = [];
  const log = { warn: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) } as never;
  const request = (headers: Record<string, string>) => ({ headers, log }) as unknown as FastifyRequest;

  it('answers null and logs when the render throws, so the page is rendered in the browser', async () => {
    const bundle = path.join(dir, 'throws.mjs');
    writeFileSync(bundle, 'export async function renderPage() { throw new Error("window is not defined"); }');
    const renderer = await loadServerRenderer(log, bundle);
    expect(await renderer!.render({ component: 'Home', props: {}, url: '/', version: '' } as never, request({}))).toBeNull();
    expect(JSON.stringify(logged.at(-1))).toContain('server-side render failed');
  });

  it('is absent, with a warning, when there is no SSR build', async () => {
    expect(await loadServerRenderer(log, path.join(dir, 'missing.mjs'))).toBeNull();
    expect(JSON.stringify(logged.at(-1))).toContain('no server-side render build');
  });

  it('guesses a phone from the client hint or the user agent, else a wide screen', () => {
    expect(screenSizeGuess(request({ 'sec-ch-ua-mobile': '?1' }))).toBe(0);
    expect(screenSizeGuess(request({ 'user-agent': PHONE }))).toBe(0);
    expect(screenSizeGuess(request({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' }))).toBe(2);
    expect(screenSizeGuess(request({}))).toBe(2);
  });

  it('takes the size the browser measured last over any guess', () => {
    const measured = (size: string, headers: Record<string, string>) =>
      ({ ...request(headers), cookies: { 'screen-size': size } }) as unknown as FastifyRequest;
    expect(screenSizeGuess(measured('0', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' }))).toBe(0);
    expect(screenSizeGuess(measured('2', { 'user-agent': PHONE }))).toBe(2);
    expect(screenSizeGuess(measured('1', {}))).toBe(1);
    // Anything else is no measurement.
    expect(screenSizeGuess(measured('7', { 'user-agent': PHONE }))).toBe(0);
  });
});
