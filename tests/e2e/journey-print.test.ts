/**
 * Comfort (issue 20 §5): an item page and a collection print as their content alone — no navbar, sidebars,
 * breadcrumbs or buttons — with the files still links; card blurbs stop at three lines.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './journey';
import { cardLink, itemCards, pageHeading, useWatchedBrowser } from './support';

const { open } = useWatchedBrowser();

const ITEM_TITLE = 'Craft Sheet: Elijah on Mount Carmel';
const PUBLIC_COLLECTION = 'Summer Camp Programme';

async function shownOnPaper(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().isVisible();
}

describe('printing', () => {
  it('prints an item page as its content and files, without the chrome around it', async () => {
    const page = await open(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
    await cardLink(page, ITEM_TITLE).click();
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
    expect(await shownOnPaper(page, 'header.sticky-top')).toBe(true);

    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['header.sticky-top', '#app-sidebar', 'nav[aria-label="Breadcrumb"]', '.item-images-control'])
      expect([chrome, await shownOnPaper(page, chrome)]).toEqual([chrome, false]);
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(false);
    expect(await pageHeading(page).isVisible()).toBe(true);
    const file = page.getByRole('main').getByRole('link', { name: /^Handout/ });
    expect(await file.isVisible()).toBe(true);
    expect(await file.getAttribute('href')).toMatch(/^\/content\/[0-9a-z]{12}$/);
    // On paper its whole address follows its name (issue 36 §6).
    const printed = await file.evaluate((link) => getComputedStyle(link, '::after').content);
    expect(printed).toBe(`" (${new URL((await file.getAttribute('href'))!, page.url()).href})"`);
    // The content takes the whole width of the sheet.
    const main = (await page.getByRole('main').boundingBox())!;
    expect(main.width).toBeGreaterThan(page.viewportSize()!.width * 0.9);
  });

  it('prints a public collection as its entries', async () => {
    const page = await open('/');
    // The sitemap lists the public collections.
    const sitemap = await page.request.get('/sitemap-collections.xml');
    const refs = [...(await sitemap.text()).matchAll(/\/collection\/([0-9a-z]{12})</g)].map((match) => match[1]);
    let found = false;
    for (const ref of refs) {
      await page.goto(`/collection/${ref}`);
      if ((await pageHeading(page).innerText()) === PUBLIC_COLLECTION) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await shownOnPaper(page, 'header.sticky-top')).toBe(false);
    expect(await pageHeading(page).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('article').first().isVisible()).toBe(true);
  });
});

describe('item cards', () => {
  it('clamp a long blurb to three lines on a phone', async () => {
    const page = await open('/item', PHONE);
    const blurbs = itemCards(page).locator('.item-card-blurb');
    await blurbs.first().waitFor();
    const heights = await blurbs.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return { lines: element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight), clamp: style.webkitLineClamp };
      }),
    );
    expect(heights.every((blurb) => blurb.clamp === '3' && blurb.lines <= 3.05)).toBe(true);
    // Some seeded blurbs run longer than three lines at this width: the clamp is what holds them.
    const cut = await blurbs.evaluateAll((elements) => elements.filter((element) => element.scrollHeight > element.clientHeight + 1).length);
    expect(cut).toBeGreaterThan(0);
  });
});
