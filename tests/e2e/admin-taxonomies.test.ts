import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NEW_TAG_TITLE, NEW_TAXONOMY_TITLE, TAXONOMY_FIELD_LABELS, TAXONOMY_TEXTS } from '../../shared/taxonomies-admin';
import { closeToast, drag, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

const ADMIN = 'admin@example.org';

/** The labels of the top-level tags, in the order the tree shows them. */
const topLevelTags = (page: Page) =>
  page
    .getByRole('list', { name: TAXONOMY_TEXTS.tags, exact: true })
    .locator(':scope > li')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));

async function addTag(page: Page, label: string, parent?: string): Promise<void> {
  await page.getByRole('button', { name: NEW_TAG_TITLE }).click();
  const dialog = page.getByRole('dialog', { name: NEW_TAG_TITLE });
  await dialog.getByLabel(TAXONOMY_TEXTS.label).fill(label);
  if (parent) await dialog.getByLabel(TAXONOMY_TEXTS.parent).selectOption({ label: parent });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('listitem', { name: parent ? `${parent} > ${label}` : label, exact: true }).waitFor();
}

/** The 'Over Time' list's rows: each date's count and its bar's width. */
async function overTime(page: Page): Promise<{ count: number; width: string }[]> {
  const rows = page.getByRole('region', { name: 'Over Time' }).getByRole('listitem');
  return rows.evaluateAll((nodes) =>
    nodes.map((node) => ({
      count: Number(node.querySelector('.d-flex span:last-child')?.textContent),
      width: (node.querySelector('[role="progressbar"]') as HTMLElement | null)?.style.width ?? '',
    })),
  );
}

describe.skipIf(Boolean(e2e.skipReason))('Taxonomies in a browser', () => {
  it('creates a taxonomy with a parent and child tag, re-orders by drag, quick-tags three items and sees the stats bars', async () => {
    const page = await open('/');
    // Headless Chromium names itself in its User-Agent and the request log leaves such clients out as bots:
    // this page presents as the desktop browser a person would use, so its requests reach the stats.
    const userAgent = (await page.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome');
    const cdp = await e2e.context.newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent });
    await signInWithEmail(page, ADMIN);
    const title = `Seasons ${Date.now()}`;

    await page.goto('/admin/taxonomy');
    await page.getByRole('button', { name: TAXONOMY_TEXTS.createNew }).click();
    const create = page.getByRole('dialog', { name: NEW_TAXONOMY_TITLE });
    await create.getByLabel(TAXONOMY_FIELD_LABELS.title).fill(title);
    await create.getByLabel(TAXONOMY_FIELD_LABELS.usage_note).fill('When an item is best used');
    await create.getByRole('button', { name: 'OK' }).click();
    await pageHeading(page).filter({ hasText: title }).waitFor();
    // Its 'created' notification can cover New Tag.
    await closeToast(page, title);
    const taxonomyPath = new URL(page.url()).pathname;
    expect(taxonomyPath).toMatch(/^\/admin\/taxonomy\/[0-9a-z]+$/);
    await page.getByText(TAXONOMY_TEXTS.noTags).waitFor();

    await addTag(page, 'Summer');
    await addTag(page, 'July', 'Summer');
    await addTag(page, 'Winter');
    expect(await topLevelTags(page)).toEqual(['Summer', 'Winter']);
    expect(
      await page
        .getByRole('list', { name: 'Summer children', exact: true })
        .getByRole('listitem')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))),
    ).toEqual(['Summer > July']);

    // Winter dragged above Summer.
    const handle = await page.getByRole('img', { name: 'Drag Winter' }).boundingBox();
    const target = await page.getByRole('img', { name: 'Drag Summer' }).boundingBox();
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/reposition'));
    await drag(page, handle!, target!);
    await saved;
    await expect.poll(() => topLevelTags(page)).toEqual(['Winter', 'Summer']);
    await page.reload();
    await pageHeading(page).filter({ hasText: title }).waitFor();
    expect(await topLevelTags(page)).toEqual(['Winter', 'Summer']);
    await page.getByRole('listitem', { name: 'Summer > July', exact: true }).waitFor();

    // The quick-tag matrix of every item: one tag on each of the first three rows.
    await page.goto(`${taxonomyPath}/item/all`);
    await pageHeading(page)
      .filter({ hasText: `${title}: ${TAXONOMY_TEXTS.quickTagAll}` })
      .waitFor();
    const rows = page.getByRole('table').locator('tbody > tr');
    const picks = [
      { row: 0, tag: 'Winter' },
      { row: 1, tag: 'Summer' },
      { row: 2, tag: 'Summer > July' },
    ];
    // Set on the loaded document: it survives only if no click reloads the page.
    await page.evaluate(() => Object.assign(window, { quickTagMarker: true }));
    const cell = (row: number, tag: string) => rows.nth(row).getByRole('button', { name: new RegExp(`^${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} on `) });
    for (const { row, tag } of picks) {
      await expect.poll(() => cell(row, tag).getAttribute('aria-pressed')).toBe('false');
      await cell(row, tag).click();
      await expect.poll(() => cell(row, tag).getAttribute('aria-pressed')).toBe('true');
    }
    expect(await page.evaluate(() => (window as unknown as { quickTagMarker?: boolean }).quickTagMarker)).toBe(true);
    const titles = await Promise.all(picks.map(({ row }) => rows.nth(row).getByRole('rowheader').getByRole('link').innerText()));

    // The links were saved: the reloaded matrix shows the same cells pressed, and an item page shows its tag.
    await page.reload();
    await pageHeading(page).filter({ hasText: TAXONOMY_TEXTS.quickTagAll }).waitFor();
    for (const { row, tag } of picks) expect(await cell(row, tag).getAttribute('aria-pressed')).toBe('true');
    const firstItem = rows.nth(0).getByRole('rowheader').getByRole('link');
    await firstItem.click();
    await pageHeading(page).filter({ hasText: titles[0]!.trim() }).waitFor();
    await page.getByRole('main').getByText('Winter', { exact: true }).first().waitFor();

    // The stats: a request made now is logged (in batches, within a second) and the busiest day fills its bar. The
    // request is a person's browser's (a headless browser's own requests count as a bot's), made after the count was
    // read, so the count it waits for cannot already be in it.
    await page.goto('/admin/stats/time');
    await page.getByRole('heading', { name: 'Over Time' }).waitFor();
    const total = async () => (await overTime(page)).reduce((sum, row) => sum + row.count, 0);
    const before = await total();
    const personsBrowser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect((await page.request.get('/item', { headers: { 'user-agent': personsBrowser } })).status()).toBe(200);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Over Time' }).waitFor();
          return total();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(before);
    const bars = await overTime(page);
    expect(bars.length).toBeGreaterThan(0);
    const largest = Math.max(...bars.map((bar) => bar.count));
    for (const bar of bars) expect(bar.width).toBe(bar.count === largest ? '100%' : `${Math.round((bar.count / largest) * 1000) / 10}%`);
    await page.getByRole('progressbar').first().waitFor();
  });
});
