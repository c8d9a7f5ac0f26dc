/**
 * The item page journey of issue 15 §3 and §4, at 375 px and 1280 px: the content files come before affirmations and
 * comments, the carousel does not move the page as its image loads, Tab reaches the carousel's arrows, a swipe turns
 * its pictures, and Tab reaches the comment Flag button, each visibly focused and in sufficient contrast.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { cardLink, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A public item of the seeded library with two images, files a member may open, and others' comments. */
const ITEM_TITLE = 'Craft Sheet: Elijah on Mount Carmel';
/** Signed in, so that others' comments offer Flag. */
const READER = 'member@example.org';
/** How late each picture arrives: after the page has laid out, as on a slow connection. */
const IMAGE_DELAY_MS = 600;

/** The path of the item, found as a reader would: by searching for it. */
async function itemPath(page: Page): Promise<string> {
  await page.goto(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
  return (await cardLink(page, ITEM_TITLE).getAttribute('href'))!;
}

/** Sums the layout shifts the page makes from its first paint (Layout Instability API), as CLS does. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Presses Tab until the focus is on `target` (at most `limit` times); fails if it never gets there. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** A touch screen's swipe across the middle of `target`, as Chromium receives one from a finger. */
async function swipeAcross(page: Page, target: Locator, towards: 'left' | 'right'): Promise<void> {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] = towards === 'right' ? [box.x + box.width * 0.2, box.x + box.width * 0.8] : [box.x + box.width * 0.8, box.x + box.width * 0.2];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / 5, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The focus indicator a focused element shows: an outline or a box shadow. */
const focusIndicator = (target: Locator) =>
  target.evaluate((node) => {
    const style = getComputedStyle(node);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
  });

/** WCAG contrast ratio of two CSS rgb() colours (opaque). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const channel = Number(part) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe.skipIf(Boolean(e2e.skipReason))('The item page journey', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('leads with the files, keeps still while its pictures load, and lets Tab reach the carousel arrows and Flag', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, READER);
      const path = await itemPath(page);
      await page.route('**/image/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, IMAGE_DELAY_MS));
        await route.continue();
      });
      await recordLayoutShifts(page);
      await page.goto(path);
      await pageHeading(page).filter({ hasText: ITEM_TITLE }).waitFor();

      const carousel = page.getByRole('group', { name: `Images of ${ITEM_TITLE}` });
      // The pictures are decorative (empty alt text): found by place, told apart by the carousel's status line.
      const frame = carousel.locator('.carousel-item').first().locator('img');
      const before = (await frame.boundingBox())!;
      expect(before.height).toBeGreaterThan(100);
      // The first picture loads at once; the others wait until they are near (the carousel turns to them).
      await page.waitForFunction(() => {
        const first = document.querySelector<HTMLImageElement>('.item-images img');
        return first !== null && first.complete && first.naturalWidth > 0;
      });
      expect(await page.locator('.item-images img').evaluateAll((images) => images.map((image) => image.getAttribute('loading')))).toEqual(['eager', 'lazy']);
      // Two frames for the layout after the load to be measured.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await frame.boundingBox()).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThanOrEqual(0.05);

      // The files right after the title and blurb, before affirmations and comments.
      const order = await page.evaluate(() =>
        ['Overview', 'Content', 'Affirmations', 'Comments'].map((name) => {
          const region = [...document.querySelectorAll('main section')].find(
            (section) =>
              section.getAttribute('aria-label') === name ||
              document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() === name,
          );
          return region ? [...document.querySelectorAll('main section')].indexOf(region) : -1;
        }),
      );
      expect(
        order.every((index) => index >= 0),
        `sections found: ${order}`,
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      await expect.poll(() => page.getByRole('region', { name: 'Content', exact: true }).getByRole('link').count()).toBeGreaterThan(0);

      // The keyboard reaches the arrows, shows where it is, and turns the pictures.
      const next = carousel.getByRole('button', { name: 'Next image' });
      // Tab from the title on (a click on text sets where the browser's Tab starts), past the header's actions.
      await pageHeading(page).click();
      await tabTo(page, carousel.getByRole('button', { name: 'Previous image' }));
      expect(await focusIndicator(carousel.getByRole('button', { name: 'Previous image' }))).toMatchObject({ outline: true });
      await tabTo(page, next, 5);
      expect(await focusIndicator(next)).toMatchObject({ outline: true });
      await page.keyboard.press('Enter');
      await carousel.getByText('Image 2 of 2', { exact: true }).waitFor({ state: 'attached' });
      expect(await carousel.locator('.carousel-item').nth(1).getAttribute('class')).toContain('active');

      // A finger's swipe from left to right turns back to the first picture.
      await swipeAcross(page, carousel.locator('.carousel-inner'), 'right');
      await carousel.getByText('Image 1 of 2', { exact: true }).waitFor({ state: 'attached' });
      expect(await carousel.locator('.carousel-item').first().getAttribute('class')).toContain('active');

      // Flag: reached by Tab, focused visibly, its words and its border in contrast with the page.
      const flag = page.getByRole('region', { name: 'Comments' }).getByRole('button', { name: 'Flag' }).first();
      await tabTo(page, flag);
      const indicator = await focusIndicator(flag);
      expect(indicator.outline || indicator.shadow).toBe(true);
      await page.mouse.move(0, 0);
      await flag.blur();
      const colours = await flag.evaluate((node) => {
        const style = getComputedStyle(node);
        let ground: Element | null = node;
        while (ground && getComputedStyle(ground).backgroundColor.match(/rgba\(.*, 0\)|transparent/)) ground = ground.parentElement;
        return { text: style.color, border: style.borderTopColor, ground: ground ? getComputedStyle(ground).backgroundColor : 'rgb(255, 255, 255)' };
      });
      expect(contrast(colours.text, colours.ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colours.border, colours.ground)).toBeGreaterThanOrEqual(3);

      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, 'the item page');
      await expectNoSidewaysScroll(page, 'the item page');
    });
  });
});
