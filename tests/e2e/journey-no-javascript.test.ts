/**
 * Server-rendered pages (issue 20 §1, issue 36 §1–2). Without JavaScript a visitor finds a public item from the index,
 * reads its title, blurb and list of files (real links), searches from the index's own box, filters it by tags and
 * goes on to its next page, reads the sign-in and error pages, and sees the note that the rest needs JavaScript. With
 * JavaScript the same markup hydrates without a mismatch and navigates as the app, signed in or not, and a tap made
 * before the app has started is not lost.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NOSCRIPT_NOTE } from '../../shared/seo';
import { CLIENT_ENTRY } from '../../server/web/client-build';
import { readClientManifest } from '../../scripts/lib/first-page-size';
import { expectNoSidewaysScroll, PHONE, SMALLEST_PHONE } from './journey';
import { cardLink, itemCards, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

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

/**
 * What the index offers where scripts cannot run, in `<noscript>`: Playwright's role and text searches leave that out
 * (the browser without scripts shows it), so its parts are found by their elements.
 */
const withoutScripts = (page: Page) => page.locator('noscript');
const filterForm = (page: Page) => withoutScripts(page).locator('form[aria-label="Filter by tags"]');
const tagLabel = (page: Page, taxonomy: string, tag: string) =>
  filterForm(page)
    .locator('fieldset', { has: page.locator('legend', { hasText: taxonomy }) })
    .locator('label', { hasText: new RegExp(`^${tag}$`) });
const pageLink = (page: Page, name: string) => withoutScripts(page).locator('nav[aria-label="Pages of results"] a', { hasText: name });
/** The app's filter menus and sheet (pages/items/Index.tsx). */
const appFilters = (page: Page) => page.getByRole('main').locator('.needs-scripts');
const cardTitles = (page: Page) => itemCards(page).getByRole('heading').allInnerTexts();

describe('the item index without JavaScript', () => {
  it('lets a visitor on the smallest phone filter by a tag and go on to the next page, keeping the filter', async ({ skip }) => {
    if (e2e.skipReason) skip(e2e.skipReason);
    e2e.context = await e2e.browser.newContext({ viewport: SMALLEST_PHONE, baseURL: e2e.baseUrl, javaScriptEnabled: false, userAgent: PHONE_USER_AGENT });
    const page = (e2e.page = await e2e.context.newPage());

    await page.goto('/item');
    // The app's filter menus and sheet do nothing without it: the form of checkboxes stands in their place.
    expect(
      await appFilters(page)
        .getByText(/^Filters \(\d+\)$/)
        .count(),
    ).toBe(1);
    expect(await appFilters(page).isVisible()).toBe(false);
    await withoutScripts(page).locator('summary', { hasText: 'Filter by tags' }).click();
    await tagLabel(page, 'Type', 'Resource').click();
    expect(await tagLabel(page, 'Type', 'Resource').locator('xpath=preceding-sibling::input').isChecked()).toBe(true);
    await expectNoSidewaysScroll(page, 'the filters without JavaScript, open');
    await filterForm(page).locator('button[type="submit"]', { hasText: 'Apply filters' }).click();

    // The form's repeated `tags` come back joined, as the app's own links write them.
    await page.waitForURL((url) => url.pathname === '/item' && /^[0-9a-z]+$/.test(url.searchParams.get('tags') ?? ''));
    const tags = new URL(page.url()).searchParams.get('tags');
    expect(await pageHeading(page).innerText()).toBe('Resource');
    const firstPage = await cardTitles(page);
    expect(firstPage.length).toBeGreaterThan(1);
    expect(await pageLink(page, 'Previous page').count()).toBe(0);
    await expectNoSidewaysScroll(page, 'a filtered index without JavaScript');

    await pageLink(page, 'Next page').click();
    await page.waitForURL((url) => (url.searchParams.get('page') ?? '').startsWith('2'));
    expect(new URL(page.url()).searchParams.get('tags')).toBe(tags);
    expect(await pageHeading(page).innerText()).toBe('Resource');
    const secondPage = await cardTitles(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    // Ticked on this page too, in the form that filters it further.
    expect(await filterForm(page).locator(`input[name="tags"][value="${tags}"]`).isChecked()).toBe(true);
    await expectNoSidewaysScroll(page, 'the next page of a filtered index without JavaScript');

    await pageLink(page, 'Previous page').click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(new URL(page.url()).searchParams.get('tags')).toBe(tags);
    expect(await cardTitles(page)).toEqual(firstPage);
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

  it("hydrate an index with the filters and page links kept for visitors without it, and show only the app's", async () => {
    const page = await open('/', PHONE);
    const problems = consoleProblems(page);
    for (const path of ['/item', '/tag/resource?page=2']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain('data-server-rendered="true"');
      expect(html, path).toMatch(/<noscript><details[^]*Apply filters[^]*<\/noscript>/);
      expect(html, path).toMatch(/<noscript><nav aria-label="Pages of results"/);
      await page.goto(path);
      await itemCards(page).first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('running');
      // The app's filters, not the form: scripts run here.
      expect(
        await appFilters(page)
          .getByRole('button', { name: /^Filters \(\d+\)$/ })
          .isVisible(),
        path,
      ).toBe(true);
      expect(await filterForm(page).count(), path).toBe(0);
    }
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
