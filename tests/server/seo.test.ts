/**
 * robots.txt and the sitemap (issue 20 §1): the sitemap lists exactly what a visitor may find (public, discoverable,
 * unexpired items; public collections), never a restricted, draft, unlisted or expired item, in pages the index names.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { collections, items } from '../../server/db/schema';
import { sitemapPage } from '../../server/features/seo/sitemap';
import { useSessionTestApp } from '../support/sessions';
import { OTHER_MEMBER, createItem, seedEditingLibrary, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary, env: { APP_URL: 'https://equip.example.org' } });
const { db } = context;

async function get(url: string) {
  return context.app.inject({ method: 'GET', url });
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
