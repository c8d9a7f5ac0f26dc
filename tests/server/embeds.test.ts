/**
 * Embeds for other sites (docs/decisions/sharing.md "Embeds"): the oEmbed answer and the framed cards exist only for
 * what a visitor may open, computed as a visitor whatever the cookies; everything else is one and the same 404. Item
 * and collection pages a visitor may open name their oEmbed answer in the head. Only the cards may be framed by any
 * site, and no embed answer sets a cookie.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { VISIBILITY } from '../../shared/enums';
import { collectionItems, collections, itemImages, items } from '../../server/db/schema';
import { useSessionTestApp } from '../support/sessions';
import { ADMIN, MAINTAINER, createItem, seedEditingLibrary, userId } from './item-editing-fixtures';

const SITE = 'https://equip.example.org';
const dataDir = mkdtempSync(path.join(tmpdir(), 'equip-embeds-'));
const context = useSessionTestApp({ seed: seedEditingLibrary, env: { APP_URL: SITE, DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const { db } = context;

function get(url: string, cookie = '') {
  return context.app.inject({ method: 'GET', url, headers: { cookie } });
}

const oembed = (pageUrl: string, extra = '', cookie = '') => get(`/oembed?url=${encodeURIComponent(pageUrl)}${extra}`, cookie);

async function publicItem(title = 'Games for big groups') {
  const item = await createItem(db(), { title, visibility: VISIBILITY.DISCOVERABLE });
  await db().update(items).set({ blurb: 'Loud games\nfor a hall.' }).where(eq(items.id, item.id));
  return item;
}

/** A picture the stock library can serve (its catalogue has a campfire). */
async function pictureOf(itemId: number, position = 0): Promise<string> {
  const [image] = await db().insert(itemImages).values({ itemId, extension: 'jpg', source: 'stock', storageKey: 'stock/campfire.jpg', position }).returning();
  return image!.ref;
}

async function expired(item: { id: number }) {
  await db()
    .update(items)
    .set({ expiresAt: new Date(Date.now() - 86_400_000) })
    .where(eq(items.id, item.id));
}

async function collectionOf(title: string, isPublic: boolean, itemIds: number[] = []) {
  const [collection] = await db()
    .insert(collections)
    .values({ userId: await userId(db(), MAINTAINER), title, description: 'For the summer camp.', public: isPublic })
    .returning();
  if (itemIds.length > 0)
    await db()
      .insert(collectionItems)
      .values(itemIds.map((itemId, position) => ({ collectionId: collection!.id, itemId, section: '', position })));
  return collection!;
}

function expectNoCookie(response: LightMyRequestResponse) {
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe('the oEmbed answer', () => {
  it('embeds a public item: a rich answer whose frame shows its card, within maxwidth and maxheight', async () => {
    const item = await publicItem('Games for "big" groups');
    const picture = await pictureOf(item.id);

    const response = await oembed(`${SITE}/i/${item.ref}`, '&format=json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expectNoCookie(response);
    const answer = response.json();
    expect(answer).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Games for "big" groups',
      provider_name: 'Equip',
      provider_url: `${SITE}/`,
      cache_age: 300,
      thumbnail_url: `${SITE}/image/${picture}/large`,
      width: 480,
    });
    expect(answer.html).toBe(
      `<iframe src="${SITE}/embed/i/${item.ref}" width="480" height="${answer.height}" title="Games for &#34;big&#34; groups on Equip" loading="lazy" style="border:0"></iframe>`,
    );

    const narrow = (await oembed(`${SITE}/i/${item.ref}`, '&maxwidth=300&maxheight=200')).json();
    expect(narrow.width).toBe(300);
    expect(narrow.height).toBe(200);
    expect(narrow.html).toContain('width="300" height="200"');
    // A page's address as people paste it: with a query, a fragment or a final slash.
    expect((await oembed(`${SITE}/i/${item.ref}/?utm_source=newsletter#files`)).statusCode).toBe(200);
  });

  it('embeds a public collection, titled by it, its thumbnail from an item a visitor may open', async () => {
    const open = await publicItem('Campfire songs');
    const picture = await pictureOf(open.id);
    const collection = await collectionOf('Summer camp', true, [open.id]);

    const response = await oembed(`${SITE}/collection/${collection.ref}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ type: 'rich', title: 'Summer camp', thumbnail_url: `${SITE}/image/${picture}/large` });
    expect(answer.html).toContain(`src="${SITE}/embed/collection/${collection.ref}"`);
    // Without a picture, no thumbnail.
    expect((await oembed(`${SITE}/collection/${(await collectionOf('Empty shelf', true)).ref}`)).json()).not.toHaveProperty('thumbnail_url');
  });

  it('answers the same 404 for whatever a visitor may not open, does not exist, or is no page of this site', async () => {
    const restricted = await createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const unlisted = await createItem(db(), { title: 'Unlisted for members', visibility: VISIBILITY.UNLISTED, minimumAccessLevel: 1 });
    const draft = await createItem(db(), { title: 'A draft', visibility: VISIBILITY.DRAFT });
    const old = await publicItem('Expired');
    await expired(old);
    const closed = await collectionOf('Private shortlist', false, [(await publicItem()).id]);
    const open = await publicItem('Open to all');

    const refused = [
      `${SITE}/i/${restricted.ref}`,
      `${SITE}/i/${unlisted.ref}`,
      `${SITE}/i/${draft.ref}`,
      `${SITE}/i/${old.ref}`,
      `${SITE}/i/nosuchitem123`,
      `${SITE}/collection/${closed.ref}`,
      `${SITE}/collection/nosuchshelf12`,
      `https://elsewhere.example.com/i/${open.ref}`,
      `https://equip.example.org.evil.example/i/${open.ref}`,
      `https://someone@equip.example.org/i/${open.ref}`,
      `${SITE}/embed/i/${open.ref}`,
      `${SITE}/i/${open.ref}/files`,
      `${SITE}/item`,
      `ftp://equip.example.org/i/${open.ref}`,
      'not a url at all',
      `/i/${open.ref}`,
      '',
    ];
    const answers = await Promise.all(refused.map((url) => oembed(url)));
    answers.push(await get('/oembed'));
    const first = answers[0]!;
    expect(first.statusCode).toBe(404);
    for (const [index, answer] of answers.entries()) {
      expect([refused[index] ?? '(no url)', answer.statusCode, answer.headers['content-type'], answer.body]).toEqual([
        refused[index] ?? '(no url)',
        404,
        first.headers['content-type'],
        first.body,
      ]);
      expect(answer.body).not.toMatch(/Leaders only|Unlisted|draft|Expired|Private/i);
      expectNoCookie(answer);
    }
  });

  it('embeds an unlisted item a visitor may open by its link, as its link preview describes it', async () => {
    const unlisted = await createItem(db(), { title: 'Unlisted, open by link', visibility: VISIBILITY.UNLISTED, minimumAccessLevel: 0 });
    expect((await oembed(`${SITE}/i/${unlisted.ref}`)).statusCode).toBe(200);
  });

  it('answers as a visitor whatever the cookies: a signed-in admin gets no embed of a restricted item, and no cookie', async () => {
    const admin = (await context.as(ADMIN)).header();
    const restricted = await createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const closed = await collectionOf('Private shortlist', false);
    expect((await get(`/i/${restricted.ref}`, admin)).statusCode).toBe(200); // the admin may open it

    for (const url of [`${SITE}/i/${restricted.ref}`, `${SITE}/collection/${closed.ref}`]) {
      const response = await oembed(url, '', admin);
      expect(response.statusCode).toBe(404);
      expectNoCookie(response);
    }
    const card = await get(`/embed/i/${restricted.ref}`, admin);
    expect(card.statusCode).toBe(404);
    expect(card.body).not.toContain('Leaders only');
    expectNoCookie(card);
    const publicAnswer = await oembed(`${SITE}/i/${(await publicItem()).ref}`, '', admin);
    expect(publicAnswer.statusCode).toBe(200);
    expectNoCookie(publicAnswer);
  });

  it('answers 501 to XML, oEmbed’s other format', async () => {
    const item = await publicItem();
    const response = await oembed(`${SITE}/i/${item.ref}`, '&format=xml');
    expect(response.statusCode).toBe(501);
    expectNoCookie(response);
    // For a restricted item too: the format is answered before the address is looked at.
    const restricted = await createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    expect((await oembed(`${SITE}/i/${restricted.ref}`, '&format=xml')).statusCode).toBe(501);
  });

  it('refuses a format oEmbed does not define, or a maxwidth that is no size, through the input layer, not as a 404', async () => {
    const item = await publicItem();
    expect((await oembed(`${SITE}/i/${item.ref}`, '&format=yaml')).statusCode).toBe(400);
    expect((await oembed(`${SITE}/i/${item.ref}`, '&maxwidth=wide')).statusCode).toBe(400);
    expect((await oembed(`${SITE}/i/${item.ref}`, '&maxheight=0')).statusCode).toBe(400);
  });
});

describe('oEmbed discovery', () => {
  const discovery = (body: string) => body.match(/<link rel="alternate" type="application\/json\+oembed" href="([^"]*)" title="([^"]*)">/);

  it('names the answer in the head of a public item’s and a public collection’s page', async () => {
    const item = await publicItem('Songs & games');
    const response = await get(`/i/${item.ref}?share=abc`);
    expect(response.statusCode).toBe(200);
    const link = discovery(response.body);
    expect(link?.[1]).toBe(`${SITE}/oembed?url=${encodeURIComponent(`${SITE}/i/${item.ref}`)}&amp;format=json`);
    expect(link?.[2]).toBe('Songs &amp; games');

    const collection = await collectionOf('Camp picks', true);
    expect(discovery((await get(`/collection/${collection.ref}`)).body)?.[1]).toBe(
      `${SITE}/oembed?url=${encodeURIComponent(`${SITE}/collection/${collection.ref}`)}&amp;format=json`,
    );
  });

  it('names nothing on a page a visitor may not open, even for someone who may open it', async () => {
    const maintainer = (await context.as(MAINTAINER)).header();
    const restricted = await createItem(db(), { title: 'Leaders only: plan', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const response = await get(`/i/${restricted.ref}`, maintainer);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Leaders only: plan');
    expect(response.body).not.toContain('json+oembed');
    const closed = await collectionOf('Private shortlist', false);
    const privatePage = await get(`/collection/${closed.ref}`, maintainer);
    expect(privatePage.statusCode).toBe(200);
    expect(privatePage.body).not.toContain('json+oembed');
  });
});

describe('the embedded cards', () => {
  it('show a public item: its title escaped, picture, description and a link to its page in a new tab', async () => {
    const item = await publicItem('<script>alert(1)</script> & songs');
    const picture = await pictureOf(item.id);

    const response = await get(`/embed/i/${item.ref}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expectNoCookie(response);
    const body = response.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<h1>&#60;script&#62;alert(1)&#60;/script&#62; &#38; songs</h1>');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain(`<img class="picture" src="${SITE}/image/${picture}/large" alt=""`);
    expect(body).toContain('<p>Loud games for a hall.</p>');
    expect(body).toContain(`<a href="${SITE}/i/${item.ref}" target="_blank" rel="noopener">View on Equip<span class="hint"> (opens in a new tab)</span></a>`);
    // Nothing of the app: none of its scripts or styles.
    expect(body).not.toContain('/build/');
    expect(body).not.toContain('data-page');
  });

  it('may be framed by any site, while every other page refuses frames', async () => {
    const item = await publicItem();
    const card = await get(`/embed/i/${item.ref}`);
    const policy = String(card.headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`img-src 'self' ${SITE}`);
    expect(card.headers['x-frame-options']).toBeUndefined();

    for (const url of ['/', `/i/${item.ref}`, `/oembed?url=${encodeURIComponent(`${SITE}/i/${item.ref}`)}`]) {
      const page = await get(url);
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(String(page.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
    }
  });

  it('allows its own inline style and script by their hashes, and nothing else inline', async () => {
    const card = await get(`/embed/i/${(await publicItem()).ref}`);
    const body = card.body;
    const policy = String(card.headers['content-security-policy']);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(body)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(body)![1]!;
    expect(policy).toContain(`style-src ${hash(style)}`);
    expect(policy).toContain(`script-src ${hash(script)}`);
    expect(body.match(/<script/g)).toHaveLength(1);
    expect(body).not.toMatch(/ style="/);
  });

  it('show a public collection with its first items a visitor may open, and none other', async () => {
    const restricted = await createItem(db(), { title: 'Leaders only entry', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const shown = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => publicItem(`Open entry ${n}`)));
    const collection = await collectionOf('Summer camp <b>picks</b>', true, [restricted.id, ...shown.map((item) => item.id)]);

    const response = await get(`/embed/collection/${collection.ref}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Summer camp &#60;b&#62;picks&#60;/b&#62;</h1>');
    expect(response.body).toContain('A collection on Equip');
    expect(response.body).toContain('<p>For the summer camp.</p>');
    expect(response.body).not.toContain('Leaders only entry');
    expect(response.body).not.toContain(restricted.ref);
    for (const item of shown.slice(0, 5)) expect(response.body).toContain(`<a href="${SITE}/i/${item.ref}" target="_blank" rel="noopener">${item.title}<span`);
    expect(response.body).not.toContain(shown[5]!.ref);
    expect(response.body).toContain(`<a href="${SITE}/collection/${collection.ref}" target="_blank" rel="noopener">View on Equip`);
  });

  it('answer the same small "Not available" card for a restricted, expired, unknown or private record', async () => {
    const restricted = await createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const old = await publicItem('Expired');
    await expired(old);
    const closed = await collectionOf('Private shortlist', false);
    const answers = await Promise.all(
      [`/embed/i/${restricted.ref}`, `/embed/i/${old.ref}`, '/embed/i/nosuchitem123', '/embed/i/NOT-A-REF', `/embed/collection/${closed.ref}`].map((url) =>
        get(url),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).toContain('<h1>Not available</h1>');
      expect(answer.headers['x-frame-options']).toBeUndefined();
      expectNoCookie(answer);
    }
  });

  it('picture a public item with a picture other sites may show; a restricted item’s stays same-origin', async () => {
    const open = await pictureOf((await publicItem()).id);
    const restricted = await createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const hidden = await pictureOf(restricted.id);
    const admin = (await context.as(ADMIN)).header();

    const shown = await get(`/image/${open}/large`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const kept = await get(`/image/${hidden}/large`, admin);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
