/**
 * Issue 15 §3–§5, the app shell: the navbar search as a combobox on a phone and a desktop, the focus
 * after a visit, the phone's side panel, and no page wider than a 320 or 375 px phone for any role.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, JOURNEY_SIZES, PHONE, SMALLEST_PHONE, expectAccessible, expectNoSidewaysScroll } from './journey';
import { CURRENT_PAGE_ERRORS_TITLE } from '../../shared/messages';
import { nameOf, pageHeading, signInAs, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A prefix of several seeded titles (see server/db/seed), never changed by the tests. */
const SEARCH_PREFIX = 'assem';

const navbarSearch = (page: Page) => {
  const bar = page.getByRole('navigation', { name: 'Top bar' });
  return {
    open: bar.getByRole('button', { name: 'Open search' }),
    input: bar.getByRole('combobox', { name: 'Search items', includeHidden: true }),
    list: bar.getByRole('listbox', { name: 'Suggested items' }),
  };
};

const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName.toLowerCase(), text: element?.textContent?.trim() ?? '', label: element?.getAttribute('aria-label') ?? '' };
  });

async function highlightedOption(page: Page): Promise<string> {
  const id = await navbarSearch(page).input.getAttribute('aria-activedescendant');
  return id ? (await page.locator(`[id="${id}"]`).innerText()).trim() : '';
}

/** On a phone the main navigation sits in the side panel behind the menu button. */
async function openMainNavigationIfFolded(page: Page): Promise<void> {
  const menuButton = page.getByRole('navigation', { name: 'Top bar' }).getByRole('button', { name: 'Navigation menu' });
  const popular = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Popular' });
  // The page is drawn on the client: wait until one of the two shows before asking which (a loaded CI machine asked
  // before the navbar was drawn, and the phone's panel stayed folded).
  await menuButton.or(popular).first().waitFor();
  if (await menuButton.isVisible()) await menuButton.click();
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: the app shell', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('searches from the navbar by keyboard: suggestions on screen, arrows, Escape, "See all results", and a box that clears on leaving the list', async () => {
      const page = await open('/', size);
      const search = navbarSearch(page);
      await search.open.click();
      await search.input.fill(SEARCH_PREFIX);
      await search.list.waitFor();
      const options = search.list.getByRole('option');
      expect(await options.count()).toBeGreaterThan(2);
      // The whole list is inside the viewport, not cut off at the screen's edge.
      const box = (await search.list.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.width).toBeGreaterThan(Math.min(size.width - 40, 300));
      await expectAccessible(page, 'the open suggestions');
      await expectNoSidewaysScroll(page, 'the open suggestions');

      await page.keyboard.press('ArrowDown');
      expect((await highlightedOption(page)).toLowerCase()).toContain(SEARCH_PREFIX);
      await page.keyboard.press('Escape');
      await search.list.waitFor({ state: 'hidden' });
      expect(await search.input.getAttribute('aria-expanded')).toBe('false');
      // ↓ brings the list back; ↑ from the text wraps round to the last row.
      await page.keyboard.press('ArrowDown');
      await search.list.waitFor();
      await page.keyboard.press('ArrowUp');
      expect(await highlightedOption(page)).toBe(`See all results for “${SEARCH_PREFIX}”`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/item' && url.searchParams.get('search') === SEARCH_PREFIX);
      expect(await search.input.inputValue()).toBe(SEARCH_PREFIX);
      await expectAccessible(page, 'the search results');

      // Leaving the filtered list for Popular leaves no stale search text behind.
      await page.goto('/item?search=' + SEARCH_PREFIX);
      await openMainNavigationIfFolded(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Popular' }).click();
      await page.waitForURL((url) => url.pathname === '/popular');
      expect(await search.input.inputValue()).toBe('');
    });
  });

  it('puts the focus on the new page’s heading after a visit and announces its title', async () => {
    const page = await open('/item', DESKTOP);
    const firstCard = page.getByRole('list', { name: 'Items' }).getByRole('article').first().getByRole('link').first();
    await firstCard.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
    const heading = (await pageHeading(page).innerText()).trim();
    await expect.poll(async () => (await focusedElement(page)).tag).toBe('h1');
    expect((await focusedElement(page)).text).toBe(heading);
    await expect.poll(() => page.getByTestId('page-announcer').innerText()).toBe(await page.title());
  });

  it('keeps the focus inside the phone’s side panel, and Escape gives it back to its button', async () => {
    const page = await open('/', PHONE);
    const menuButton = page.getByRole('navigation', { name: 'Top bar' }).getByRole('button', { name: 'Navigation menu' });
    await menuButton.click();
    const panel = page.getByRole('dialog', { name: 'Navigation menu' });
    await panel.waitFor();
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // However far one tabs, the focus stays in the panel.
    for (let step = 0; step < 40; step += 1) await page.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectAccessible(page, 'the open side panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect((await focusedElement(page)).label).toBe('Navigation menu');
  });

  describe('no page scrolls sideways on a phone', () => {
    const VISITOR_PAGES = ['/', '/item', '/popular', '/login', '/documentation'];
    const MEMBER_PAGES = ['/collection', '/task', '/profile', '/share', '/sent', '/affirmation'];
    const ADMIN_PAGES = ['/admin', '/admin/comment', '/admin/characteristic', '/admin/affirmation', '/admin/taxonomy'];
    const MORE_ADMIN_PAGES = ['/admin/stats', '/admin/advanced', '/user', '/user_invitation'];

    const firstItemPath = (page: Page) =>
      page.goto('/item').then(() => page.getByRole('list', { name: 'Items' }).getByRole('article').first().getByRole('link').first().getAttribute('href'));

    /** Each page at both phone widths (one load, then the viewport narrows to the smallest phone), and axe at 375 px. */
    async function sweep(page: Page, paths: string[], role: string): Promise<void> {
      const firstItem = await firstItemPath(page);
      for (const path of [...paths, firstItem!]) {
        await page.setViewportSize(PHONE);
        await page.goto(path);
        await pageHeading(page).first().waitFor();
        await expectNoSidewaysScroll(page, `${path} for ${role} at ${PHONE.width} px`);
        await expectAccessible(page, `${path} for ${role} at ${PHONE.width} px`);
        await page.setViewportSize(SMALLEST_PHONE);
        await expectNoSidewaysScroll(page, `${path} for ${role} at ${SMALLEST_PHONE.width} px`);
      }
    }

    // One test per person, and the admin pages in two: all the sweeps together took 62 s on a loaded CI machine, and
    // the nine admin pages alone 24 s on an idle one, over the test's limit beside the server tests.
    it('for a visitor at 375 px and 320 px, with axe at 375 px', async () => {
      await sweep(await open('/', PHONE), VISITOR_PAGES, 'a visitor');
    });

    it('for a member at 375 px and 320 px, with axe at 375 px', async () => {
      const page = await open('/', PHONE);
      await signInAs(page, await nameOf(page, 'member@example.org'));
      await sweep(page, MEMBER_PAGES, 'a member');
    });

    it.each([
      ['their own pages', MEMBER_PAGES],
      ['the admin pages', ADMIN_PAGES],
      ['the other admin pages', MORE_ADMIN_PAGES],
    ])('for a superadmin on %s at 375 px and 320 px, with axe at 375 px', async (_, paths) => {
      const page = await open('/', PHONE);
      await signInAs(page, await nameOf(page, 'superadmin@example.org'));
      await sweep(page, paths, 'a superadmin');
    });

    it('for a superadmin’s item page with the Current Page Errors icon in the navbar', async () => {
      const page = await open('/', PHONE);
      await signInAs(page, await nameOf(page, 'superadmin@example.org'));
      await page.goto((await firstItemPath(page))!);
      await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Edit Title' }).click();
      const title = page.getByRole('textbox', { name: 'Title' });
      await title.fill('');
      await title.press('Enter');
      await page.getByText('The title is required.').waitFor();
      const indicator = page.getByRole('navigation', { name: 'Top bar' }).getByRole('button', { name: new RegExp(CURRENT_PAGE_ERRORS_TITLE) });
      await indicator.waitFor();
      await expectNoSidewaysScroll(page, `the item page with page errors at ${PHONE.width} px`);
      await expectAccessible(page, 'the item page with a title error and the errors icon');
      await page.setViewportSize(SMALLEST_PHONE);
      await expectNoSidewaysScroll(page, `the item page with page errors at ${SMALLEST_PHONE.width} px`);
      expect(await indicator.isVisible()).toBe(true);
      const box = (await page.getByRole('navigation', { name: 'Top bar' }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(SMALLEST_PHONE.width);
    });
  });
});
