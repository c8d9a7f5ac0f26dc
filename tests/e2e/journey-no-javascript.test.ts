/**
 * Server-rendered pages (issue 20 §1, issue 36 §1–2). Without JavaScript a visitor finds a public item from the index,
 * reads its title, blurb and list of files (real links), searches from the index's own box, reads the sign-in and
 * error pages, and sees the note that the rest needs JavaScript. With JavaScript the same markup hydrates without a
 * mismatch and navigates as the app, signed in or not, and a tap made before the app has started is not lost.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NOSCRIPT_NOTE } from '../../shared/seo';
import { CLIENT_ENTRY } from '../../server/web/client-build';
import { readClientManifest } from '../../scripts/lib/first-page-size';
import { expectNoSidewaysScroll, PHONE } from './journey';
import { cardLink, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A public item of the seeded library with files a visitor may open. */
const ITEM_TITLE = 'Craft Sheet: Elijah on Mount Carmel';
const ITEM_FILES = ['Certificate template', 'Handout'];
/** A phone's browser, which says it is one: the server lays a page out for the screen it guesses from this. */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The noscript note, shown (Playwright's text search leaves `<noscript>` out, so it is found by its element). */
async function noscriptNoteShown(page: Page): Promise<boolean> {
  const note = page.locator('noscript p');
  return (await note.textContent()) === NOSCRIPT_NOTE && (await note.boundingBox()) !== null;
}

/** Console errors and warnings: React reports a hydration mismatch there (minified error #418 in production). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || (message.type() === 'warning' && /react|hydrat/i.test(message.text()))) problems.push(message.text());
  });
  return problems;
}

describe('public pages without JavaScript', () => {
  it('lets a visitor on a phone find a public item and read its blurb and files, with a note about the rest', async ({ skip }) => {
    if (e2e.skipReason) skip(e2e.skipReason);
    e2e.context = await e2e.browser.newContext({ viewport: PHONE, baseURL: e2e.baseUrl, javaScriptEnabled: false, userAgent: PHONE_USER_AGENT });
    const page = (e2e.page = await e2e.context.newPage());

    await page.goto(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
    expect(await noscriptNoteShown(page)).toBe(true);
    await cardLink(page, ITEM_TITLE).click();
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));

    expect(await pageHeading(page).innerText()).toBe(ITEM_TITLE);
    expect(await page.getByRole('main').innerText()).toContain('A simple craft retelling Elijah on Mount Carmel');
    for (const file of ITEM_FILES) {
      const link = page.getByRole('main').getByRole('link', { name: new RegExp(`^${file}`) });
      expect(await link.getAttribute('href')).toMatch(/^\/content\/[0-9a-z]{12}$/);
    }
    expect(await noscriptNoteShown(page)).toBe(true);
    await expectNoSidewaysScroll(page, 'an item page without JavaScript');
  });

  it("searches from the index's own box keeping its filters, and reads the sign-in and error pages", async ({ skip }) => {
    if (e2e.skipReason) skip(e2e.skipReason);
    e2e.context = await e2e.browser.newContext({ viewport: PHONE, baseURL: e2e.baseUrl, javaScriptEnabled: false, userAgent: PHONE_USER_AGENT });
    const page = (e2e.page = await e2e.context.newPage());

    // On a tag page the search keeps the page and its tag.
    await page.goto('/tag/children');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search titles and blurbs' });
    await box.fill('Elijah');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Elijah');
    expect(new URL(page.url()).pathname).toBe('/tag/children');

    await page.goto('/login');
    expect(await pageHeading(page).innerText()).not.toBe('');
    expect(await page.getByRole('main').getByRole('button').count()).toBeGreaterThan(0);
    const missing = await page.goto('/i/zzzzzzzzzzzz');
    expect(missing?.status()).toBe(404);
    expect(await pageHeading(page).innerText()).not.toBe('');
  });
});

describe('public pages with JavaScript', () => {
  it('hydrate the server-rendered item page without a mismatch and go on as the app', async () => {
    const page = await open(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`, PHONE);
    const problems = consoleProblems(page);
    const itemPath = (await cardLink(page, ITEM_TITLE).getAttribute('href'))!;

    const document = await (await page.request.get(itemPath)).text();
    expect(document).toContain('data-server-rendered="true"');
    expect(document).toContain(`<meta property="og:title" content="${ITEM_TITLE}">`);

    await page.goto(itemPath);
    expect(await pageHeading(page).innerText()).toBe(ITEM_TITLE);
    // Hydrated: the navigation button opens the menu, and a link is followed by an Inertia visit, not a page load.
    await page.getByRole('button', { name: /navigation menu/i }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Navigation menu' }).isVisible()).toBe(true);
    const visit = page.waitForRequest((request) => request.headers()['x-inertia'] === 'true');
    await page.getByRole('dialog', { name: 'Navigation menu' }).getByRole('link', { name: 'All Items' }).click();
    await visit;
    expect(problems).toEqual([]);
  });

  it("render a member's pages on the server too, which hydrate without a mismatch", async () => {
    const page = await open('/', PHONE);
    await signInWithEmail(page, 'member@example.org');
    const document = await (await page.request.get('/item')).text();
    expect(document).toContain('data-server-rendered="true"');
    const problems = consoleProblems(page);
    await page.goto(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
    await cardLink(page, ITEM_TITLE).click();
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
    await page.reload();
    expect(await pageHeading(page).innerText()).toBe(ITEM_TITLE);
    expect(problems).toEqual([]);
  });

  it('keeps a tap made before the app has started, shows it is waiting, and gives it to the app', async ({ skip }) => {
    if (e2e.skipReason) skip(e2e.skipReason);
    // The app's entry is held back until the tap has been made: the page is on screen, its scripts are not yet.
    const entry = `/build/${readClientManifest()[CLIENT_ENTRY]!.file}`;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    e2e.context = await e2e.browser.newContext({ viewport: PHONE, baseURL: e2e.baseUrl, userAgent: PHONE_USER_AGENT });
    await e2e.context.route(
      (url) => url.pathname === entry,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const page = (e2e.page = await e2e.context.newPage());
    await page.goto('/item', { waitUntil: 'commit' });
    const menu = page.getByRole('banner').getByRole('button', { name: 'Navigation menu' });
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-busy')).toBe('true');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();

    release();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('dialog', { name: 'Navigation menu' }).isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-busy')).toBeNull();
  });
});
