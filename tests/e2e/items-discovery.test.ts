import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { CLIENT_BUILD_BASE, CLIENT_MANIFEST_PATH } from '../../server/web/client-build';
import { AFFIRMATION_LOGIN_PROMPT, SIGN_IN_HINT } from '../../shared/messages';
import { cardLink, itemCards, matchCount, matchCountLabel, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** Seeded items these tests read and never change (see server/db/seed). */
const SEARCH_PREFIX = 'assem';
const SUGGESTED_TITLE = 'Assembly Plan: Noah and the Flood';
const OPENED_TITLE = 'Assembly Plan: Creation';

/** The navbar's search: a toggle button, and the input of a form that is hidden while closed. */
const navbarSearch = (page: Page) => {
  const bar = page.getByRole('navigation', { name: 'Top bar' });
  return {
    open: bar.getByRole('button', { name: 'Open search' }),
    close: bar.getByRole('button', { name: 'Close search' }),
    // includeHidden: the closed form is hidden, and its input with it.
    input: bar.getByRole('combobox', { name: 'Search items', includeHidden: true }),
    suggestions: bar.getByRole('listbox', { name: 'Suggested items' }),
  };
};

/** The built code of a page (`items/Show` for pages/items/Show.tsx), as the browser asks for it. */
function pageChunk(name: string): string {
  const manifest = JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, 'utf8')) as Record<string, { file: string }>;
  return `${CLIENT_BUILD_BASE}${manifest[`pages/${name}.tsx`]!.file}`;
}

/**
 * Hovers `link` until the browser asks for `path`. A hover before the server-rendered page has hydrated does nothing,
 * so the pointer leaves and comes back, a few times, as a reader's would.
 */
async function hoverUntilRequested(page: Page, link: Locator, path: string): Promise<void> {
  const requested = page.waitForRequest((request) => new URL(request.url()).pathname === path, { timeout: 20_000 });
  let done = false;
  void requested.then(() => (done = true)).catch(() => undefined);
  for (let attempt = 0; attempt < 10 && !done; attempt += 1) {
    await page.mouse.move(0, 0);
    await link.hover();
    await page.waitForTimeout(500);
  }
  await requested;
}

/** Scrolls the last card into view (as a reader reaching the end of the list does). */
async function scrollToListEnd(page: Page): Promise<void> {
  await itemCards(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
}

describe.skipIf(Boolean(e2e.skipReason))('Finding items in a browser', () => {
  it('suggests items while typing in the navbar search and opens the one picked, clearing the box', async () => {
    const page = await open('/');
    const search = navbarSearch(page);
    expect(await search.input.isVisible()).toBe(false);
    await search.open.click();
    await search.input.waitFor();
    // One input event, so the suggestions are those of the whole prefix, not of a part typed so far.
    await search.input.fill(SEARCH_PREFIX);
    const picked = search.suggestions.getByRole('option', { name: new RegExp(`^${SUGGESTED_TITLE}`) });
    await picked.waitFor();
    const suggested = (await search.suggestions.getByRole('option').allInnerTexts()).map((text) => text.toLowerCase());
    expect(suggested.length).toBeGreaterThan(1);
    for (const text of suggested) expect(text).toContain(SEARCH_PREFIX);

    await picked.click();
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
    await pageHeading(page).filter({ hasText: SUGGESTED_TITLE }).waitFor();
    // An item page clears and closes the search.
    await search.open.waitFor();
    expect(await search.open.getAttribute('aria-expanded')).toBe('false');
    expect(await search.input.isVisible()).toBe(false);
    expect(await search.input.inputValue()).toBe('');
    expect(await search.suggestions.count()).toBe(0);
  });

  it('visits the searched item list on Enter, with the box open and filled and the count of matches', async () => {
    const page = await open('/');
    const search = navbarSearch(page);
    await search.open.click();
    await search.input.fill(SEARCH_PREFIX);
    await search.input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/item' && url.searchParams.get('search') === SEARCH_PREFIX);
    await pageHeading(page)
      .filter({ hasText: `Search: "${SEARCH_PREFIX}"` })
      .waitFor();
    // The list's search opens the box, filled with the search (member-library §2).
    await search.close.waitFor();
    expect(await search.input.isVisible()).toBe(true);
    expect(await search.input.inputValue()).toBe(SEARCH_PREFIX);
    // Text filled in from the visit suggests nothing.
    expect(await search.suggestions.count()).toBe(0);

    const matches = await matchCount(page);
    expect(matches).toBeGreaterThan(0);
    await page.getByText(`Showing ${matches} item${matches === 1 ? '' : 's'}`, { exact: true }).waitFor();
    expect(await itemCards(page).count()).toBe(matches);
    const titles = await itemCards(page).getByRole('heading').allInnerTexts();
    expect(titles.some((title) => title.toLowerCase().includes(SEARCH_PREFIX))).toBe(true);
  });

  it('paints a search’s cards before its count, and a newer search cancels the older one’s count', async () => {
    const page = await open('/item');
    await pageHeading(page).filter({ hasText: 'All Items' }).waitFor();
    const searchOf = (url: string) => new URL(url).searchParams.get('search');
    const asksForCounts = (request: Request) => (request.headers()['x-inertia-partial-data'] ?? '').includes('matchCount');
    // The first search's counts are held back until the second search has been asked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => searchOf(url.href) === SEARCH_PREFIX,
      async (route) => {
        if (asksForCounts(route.request())) await held;
        // A request the page has given up on cannot be continued.
        await route.continue().catch(() => undefined);
      },
    );
    const cancelled = page.waitForEvent('requestfailed', (request) => asksForCounts(request) && searchOf(request.url()) === SEARCH_PREFIX);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search titles and blurbs' });
    await box.fill(SEARCH_PREFIX);
    await box.press('Enter');
    await pageHeading(page)
      .filter({ hasText: `Search: "${SEARCH_PREFIX}"` })
      .waitFor();
    await itemCards(page).first().waitFor();
    // Results first: the cards are there while the count is still on its way.
    expect(await matchCountLabel(page).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('status').locator('.placeholder').count()).toBe(1);

    await box.fill('creation');
    await box.press('Enter');
    await cancelled;
    release();
    await pageHeading(page).filter({ hasText: 'Search: "creation"' }).waitFor();
    const matches = await matchCount(page);
    await page.getByText(`Showing ${matches} item${matches === 1 ? '' : 's'}`, { exact: true }).waitFor();
    expect(await itemCards(page).count()).toBe(matches);
  });

  it('filters by tags of two taxonomies, keeps them in the URL across a reload, and widens again when one is removed', async () => {
    const page = await open('/item');
    await pageHeading(page).filter({ hasText: 'All Items' }).waitFor();
    expect(await matchCountLabel(page).count()).toBe(0);

    const filters = page.getByRole('region', { name: 'Filters' });
    // From 768 px each taxonomy is a menu of checkboxes named '{label} ({count})'.
    const tagBox = (taxonomy: string, label: string) =>
      filters.getByRole('group', { name: taxonomy }).getByRole('checkbox', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
    const tagCount = () => (new URL(page.url()).searchParams.get('tags') ?? '').split('-').filter(Boolean).length;

    await filters.getByRole('button', { name: 'Type', exact: true }).click();
    await tagBox('Type', 'Resource').check();
    await page.waitForURL(() => tagCount() === 1);
    await pageHeading(page)
      .filter({ hasText: /^Resource$/ })
      .waitFor();
    const resources = await matchCount(page);
    expect(resources).toBeGreaterThan(0);

    await filters.getByRole('button', { name: 'Age Group', exact: true }).click();
    await tagBox('Age Group', 'Children').check();
    await page.waitForURL(() => tagCount() === 2);
    await pageHeading(page)
      .filter({ hasText: /^Resource, Children$/ })
      .waitFor();
    const childrenResources = await matchCount(page);
    expect(childrenResources).toBeGreaterThan(0);
    expect(childrenResources).toBeLessThan(resources);

    await page.reload();
    await pageHeading(page)
      .filter({ hasText: /^Resource, Children$/ })
      .waitFor();
    expect(await matchCount(page)).toBe(childrenResources);
    await filters.getByRole('button', { name: 'Age Group (1)' }).click();
    expect(await tagBox('Age Group', 'Children').isChecked()).toBe(true);

    await tagBox('Age Group', 'Children').uncheck();
    await page.waitForURL(() => tagCount() === 1);
    await pageHeading(page)
      .filter({ hasText: /^Resource$/ })
      .waitFor();
    expect(await matchCount(page)).toBe(resources);
  });

  it('loads more cards while scrolling until the end says how many items there are', async () => {
    const page = await open('/');
    await page
      .getByRole('navigation', { name: 'Library sections' })
      .getByRole('link', { name: /Resources/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/tag/resource');
    await pageHeading(page)
      .filter({ hasText: /^Resource$/ })
      .waitFor();
    const total = await matchCount(page);
    const firstPage = await itemCards(page).count();
    expect(firstPage).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(firstPage);

    const end = page.getByText(`Showing ${total} items`, { exact: true });
    let shown = firstPage;
    for (let scrolls = 0; scrolls < 10 && !(await end.isVisible()); scrolls += 1) {
      await scrollToListEnd(page);
      // More cards, or the end of the list.
      await page.waitForFunction(
        (before) =>
          document.querySelectorAll('[aria-label="Items"] article').length > before ||
          [...document.querySelectorAll('main p')].some((paragraph) => /^Showing \d+ items?$/.test(paragraph.textContent?.trim() ?? '')),
        shown,
      );
      const now = await itemCards(page).count();
      expect(now).toBeGreaterThanOrEqual(shown);
      shown = now;
    }
    await end.waitFor();
    expect(await itemCards(page).count()).toBe(total);
    // Each card appears once.
    const links = await itemCards(page)
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(new Set(links).size).toBe(total);
  });

  it('loads the code of a page whose link is hovered long enough to prefetch it, before the click', async () => {
    const page = await open('/item');
    const home = page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'Equip' });
    await hoverUntilRequested(page, home, pageChunk('Home'));
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('opens an item from its card, with title, tags and affirmations, and asks a visitor to sign in', async () => {
    const page = await open('/item');
    // Hovering the card's link loads the item page's code, before the click (issue 20 §2).
    await hoverUntilRequested(page, cardLink(page, OPENED_TITLE), pageChunk('items/Show'));
    await cardLink(page, OPENED_TITLE).click();
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
    await pageHeading(page).filter({ hasText: OPENED_TITLE }).waitFor();
    expect(await page.title()).toBe(`${OPENED_TITLE} - Equip`);

    const tags = page.getByRole('region', { name: 'Tags' });
    await tags.getByRole('link', { name: 'Resource', exact: true }).waitFor();
    const affirmations = page.getByRole('region', { name: 'Affirmations' });
    await affirmations.waitFor();
    await affirmations.getByText(AFFIRMATION_LOGIN_PROMPT).waitFor();
    expect(await affirmations.getByRole('button', { name: /: thumb$/ }).count()).toBe(0);
    await page.getByText(SIGN_IN_HINT).waitFor();

    // The page's one sign-in prompt (a status) holds the Log in button; the sections only say what it opens.
    expect(await affirmations.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: SIGN_IN_HINT }).getByRole('button', { name: 'Log in' }).click();
    // The browser tests' server has no provider credentials, so the modal offers each provider disabled, with why.
    const google = page.getByRole('dialog').getByRole('button', { name: /Google/ });
    await google.waitFor();
    expect(await google.isDisabled()).toBe(true);
  });

  it('lets a member affirm an item with a thumb and clear it again', async () => {
    const page = await open('/');
    await signInWithEmail(page, 'member@example.org');
    await page.goto('/item');
    await cardLink(page, OPENED_TITLE).click();
    await pageHeading(page).filter({ hasText: OPENED_TITLE }).waitFor();
    expect(await page.getByText(SIGN_IN_HINT).count()).toBe(0);

    const affirmations = page.getByRole('region', { name: 'Affirmations' });
    const thumb = affirmations.getByRole('button', { name: 'Helpful: thumb' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('aria-pressed')).toBe('false');
    const summaryBefore = await affirmations.locator('p').first().innerText();

    await thumb.click();
    await affirmations.getByRole('button', { name: 'Helpful: thumb', pressed: true }).waitFor();
    await affirmations.locator('p').first().filter({ hasNotText: summaryBefore }).waitFor();

    await thumb.click();
    await affirmations.getByRole('button', { name: 'Helpful: thumb', pressed: false }).waitFor();
    await affirmations.locator('p').first().filter({ hasText: summaryBefore }).waitFor();
  });
});
