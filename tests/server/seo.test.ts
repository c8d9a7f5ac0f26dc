/**
 * robots.txt and the sitemap (issue 20 §1): the sitemap lists exactly what a visitor may find (public, discoverable,
 * unexpired items; public collections), never a restricted, draft, unlisted or expired item, in pages the index names.
 * Link previews: a public item's or collection's first visit describes it (description, canonical, Open Graph and
 * Twitter tags, the item's large image); a page a visitor could not open describes nothing but the site.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { collectionItems, collections, itemImages, items } from '../../server/db/schema';
import { siteDescription } from '../../shared/seo';
import { sitemapPage } from '../../server/features/seo/sitemap';
import { useSessionTestApp } from '../support/sessions';
import { MAINTAINER, OTHER_MEMBER, createItem, seedEditingLibrary, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary, env: { APP_URL: 'https://equip.example.org' } });
const { db } = context;

async function get(url: string, cookie = '') {
  return context.app.inject({ method: 'GET', url, headers: { cookie } });
}

/** A first visit's HTML (no Inertia header), as a chat app or a search engine fetches it. */
async function firstVisitHead(url: string, cookie = ''): Promise<string> {
  const response = await get(url, cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body.slice(0, response.body.indexOf('</head>'));
}

function metaContent(head: string, key: string): string | null {
  return head.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`))?.[1] ?? null;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

describe('robots.txt and the sitemap', () => {
  it('asks crawlers to keep out of personal and admin pages and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /admin\n');
    expect(response.body).toContain('Disallow: /profile\n');
    expect(response.body).toContain('Sitemap: https://equip.example.org/sitemap.xml');
  });

  it('lists what a visitor may find, and nothing a visitor may not open or list', async () => {
    const owner = await userId(db(), OTHER_MEMBER);
    const found = await createItem(db(), { title: 'Found by visitors', visibility: VISIBILITY.DISCOVERABLE });
    const hidden = await Promise.all([
      createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 }),
      createItem(db(), { title: 'A draft', visibility: VISIBILITY.DRAFT }),
      createItem(db(), { title: 'Unlisted', visibility: VISIBILITY.UNLISTED }),
      createItem(db(), { title: 'Expired', visibility: VISIBILITY.DISCOVERABLE }),
    ]);
    await db()
      .update(items)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(items.id, hidden[3]!.id));
    const [open] = await db().insert(collections).values({ userId: owner, title: 'Open shelf', public: true }).returning();
    const [closed] = await db().insert(collections).values({ userId: owner, title: 'Private shelf', public: false }).returning();

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<loc>https://equip.example.org/sitemap-items.xml?page=1</loc>');
    expect(index.body).toContain('<loc>https://equip.example.org/sitemap-collections.xml?page=1</loc>');

    const itemsPage = await get('/sitemap-items.xml?page=1');
    expect(itemsPage.statusCode).toBe(200);
    expect(itemsPage.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(itemsPage.body).toContain(`<loc>https://equip.example.org/i/${found.ref}</loc>`);
    for (const item of hidden) expect(itemsPage.body).not.toContain(item.ref);

    const collectionsPage = await get('/sitemap-collections.xml');
    expect(collectionsPage.body).toContain(`<loc>https://equip.example.org/collection/${open!.ref}</loc>`);
    expect(collectionsPage.body).not.toContain(closed!.ref);
    expect((await get('/sitemap-items.xml?page=9999')).body).not.toContain('<url>');
  });

  it('splits the addresses into pages read in batches, each address once, in order', async () => {
    for (let n = 0; n < 5; n += 1) await createItem(db(), { title: `Batch ${n}`, visibility: VISIBILITY.DISCOVERABLE });
    const refsOf = async (page: number) =>
      [...(await text(sitemapPage(db(), 'https://x.test', 'items', page, { page: 3, batch: 2 }))).matchAll(/\/i\/([^<]+)<\/loc>/g)].map((match) => match[1]);
    const whole = [...(await text(sitemapPage(db(), 'https://x.test', 'items', 1))).matchAll(/\/i\/([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(whole.length).toBeGreaterThanOrEqual(6);
    const pages = [];
    for (let page = 1; page <= Math.ceil(whole.length / 3); page += 1) pages.push(await refsOf(page));
    expect(pages.slice(0, -1).every((refs) => refs.length === 3)).toBe(true);
    expect(pages.flat()).toEqual(whole);
  });
});

describe('link previews', () => {
  it('describe a public item with its title, blurb, large image and one canonical address', async () => {
    const item = await createItem(db(), { title: 'Games for "big" groups', visibility: VISIBILITY.DISCOVERABLE });
    await db().update(items).set({ blurb: 'Loud games\nfor a hall.' }).where(eq(items.id, item.id));
    const [image] = await db()
      .insert(itemImages)
      .values({ itemId: item.id, extension: 'png', source: 'stock', storageKey: 'stock/1.png', position: 0 })
      .returning();

    const head = await firstVisitHead(`/i/${item.ref}?utm_source=chat`);
    expect(metaContent(head, 'description')).toBe('Loud games for a hall.');
    expect(head).toContain(`<link rel="canonical" href="https://equip.example.org/i/${item.ref}">`);
    expect(metaContent(head, 'og:type')).toBe('article');
    expect(metaContent(head, 'og:title')).toBe('Games for &quot;big&quot; groups');
    expect(metaContent(head, 'og:url')).toBe(`https://equip.example.org/i/${item.ref}`);
    expect(metaContent(head, 'og:image')).toBe(`https://equip.example.org/image/${image!.ref}/large`);
    expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(head, 'twitter:image')).toBe(`https://equip.example.org/image/${image!.ref}/large`);
    // The same picture is the page's largest paint: fetched early.
    expect(head).toContain(`<link rel="preload" as="image" href="/image/${image!.ref}/large" fetchpriority="high">`);
  });

  it("give a public item without a picture the app's icon, as a small card", async () => {
    const item = await createItem(db(), { title: 'Songs without pictures', visibility: VISIBILITY.DISCOVERABLE });

    const head = await firstVisitHead(`/i/${item.ref}`);
    expect(metaContent(head, 'og:image')).toBe('https://equip.example.org/app-icon-512.png');
    expect(metaContent(head, 'twitter:card')).toBe('summary');
    expect(head).not.toContain('rel="preload" as="image"');
  });

  it('never put a restricted, draft or expired item in a tag, even for someone who may open it', async () => {
    const owner = await context.as(MAINTAINER);
    const restricted = await createItem(db(), { title: 'Leaders only: secret plan', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const draft = await createItem(db(), { title: 'Draft: secret plan', visibility: VISIBILITY.DRAFT });
    const expired = await createItem(db(), { title: 'Expired: secret plan', visibility: VISIBILITY.DISCOVERABLE });
    await db()
      .update(items)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(items.id, expired.id));
    await db().insert(itemImages).values({ itemId: restricted.id, extension: 'png', source: 'stock', storageKey: 'stock/2.png', position: 0 });

    for (const item of [restricted, draft, expired]) {
      const head = await firstVisitHead(`/i/${item.ref}`, owner.header());
      expect(head).toContain('secret plan - Equip</title>'); // its maintainer may open it
      const describing = head.replace(/<title[^>]*>.*<\/title>/, '');
      expect(describing).not.toContain('secret plan');
      expect(describing).not.toContain('og:');
      expect(describing).not.toContain('twitter:');
      expect(describing).not.toContain('rel="canonical"');
      expect(metaContent(head, 'description')).toBe(siteDescription('Equip'));
    }
    // A visitor is refused the page itself, and its document names nothing of the item either.
    const refused = await get(`/i/${restricted.ref}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('secret plan');
  });

  it('describe a public collection, and nothing of a private one its owner opens', async () => {
    const ownerId = await userId(db(), MAINTAINER);
    const [open] = await db()
      .insert(collections)
      .values({ userId: ownerId, title: 'Holiday club', description: 'Five days of games.', public: true })
      .returning();
    const [closed] = await db().insert(collections).values({ userId: ownerId, title: 'Private: shortlist', public: false }).returning();

    const head = await firstVisitHead(`/collection/${open!.ref}`);
    expect(metaContent(head, 'og:title')).toBe('Holiday club');
    expect(metaContent(head, 'description')).toBe('Five days of games.');
    // Without a picture of its own it has the app's: a small card, and nothing preloaded for it.
    expect(metaContent(head, 'og:image')).toBe('https://equip.example.org/app-icon-512.png');
    expect(metaContent(head, 'twitter:card')).toBe('summary');
    expect(head).not.toContain('rel="preload" as="image"');
    expect(head).toContain(`<link rel="canonical" href="https://equip.example.org/collection/${open!.ref}">`);

    const privateHead = await firstVisitHead(`/collection/${closed!.ref}`, (await context.as(MAINTAINER)).header());
    expect(privateHead.replace(/<title[^>]*>.*<\/title>/, '')).not.toContain('Private: shortlist');
    expect(privateHead).not.toContain('og:title');
  });

  it('picture a public collection by the first picture of its items a visitor may open, never one of another item (issue 36 §6)', async () => {
    const ownerId = await userId(db(), MAINTAINER);
    const restricted = await createItem(db(), { title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    const draft = await createItem(db(), { title: 'Still a draft', visibility: VISIBILITY.DRAFT });
    const bare = await createItem(db(), { title: 'No picture', visibility: VISIBILITY.DISCOVERABLE });
    const open = await createItem(db(), { title: 'Open to all', visibility: VISIBILITY.DISCOVERABLE });
    const picture = async (itemId: number, position: number) =>
      (
        await db()
          .insert(itemImages)
          .values({ itemId, extension: 'png', source: 'stock', storageKey: `stock/${itemId}-${position}.png`, position })
          .returning()
      )[0]!.ref;
    const hidden = [await picture(restricted.id, 0), await picture(draft.id, 0)];
    const second = await picture(open.id, 1);
    const first = await picture(open.id, 0);
    const [collection] = await db()
      .insert(collections)
      .values({ userId: ownerId, title: 'Camp picks', description: 'For the camp.', public: true })
      .returning();
    // The hidden items come first on the page (the unnamed section, then by position); the open one is in a named section.
    await db()
      .insert(collectionItems)
      .values([
        { collectionId: collection!.id, itemId: restricted.id, section: '', position: 0 },
        { collectionId: collection!.id, itemId: draft.id, section: '', position: 1 },
        { collectionId: collection!.id, itemId: bare.id, section: '', position: 2 },
        { collectionId: collection!.id, itemId: open.id, section: 'Day 1', position: 0 },
      ]);

    const head = await firstVisitHead(`/collection/${collection!.ref}`);
    expect(metaContent(head, 'og:image')).toBe(`https://equip.example.org/image/${first}/large`);
    expect(metaContent(head, 'twitter:image')).toBe(`https://equip.example.org/image/${first}/large`);
    expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
    for (const ref of [...hidden, second]) expect(head).not.toContain(ref);
  });

  it('give every page a description and a note for browsers without JavaScript', async () => {
    const response = await get('/item');
    expect(metaContent(response.body, 'description')).toBe(siteDescription('Equip'));
    expect(response.body).toMatch(/<noscript>.*JavaScript.*<\/noscript>/);
  });
});
