/**
 * Issue 36 §3: nothing a person writes pushes a screen sideways. Long unbroken words, long addresses, 200-character
 * titles and right-to-left text go into every field a person can fill (an item's title, topic, blurb, link and
 * characteristics, a tag, a collection's name and description, a comment, a person's name), then every page that
 * shows them is visited at 320, 375 and 1280 px: no sideways scroll, and a dialog opened there stays inside the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TAG_LABEL_MAX } from '../../shared/taxonomies-admin';
import { DESKTOP, PHONE, SMALLEST_PHONE, expectAccessible, expectNoSidewaysScroll } from './journey';
import { createItemFromIndex, pageHeading, sendJsonAsPage, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

const stamp = Date.now().toString(36);
/** One word of 200 letters, which no line can break at a space. */
const LONG_WORD = `Unbreakable${stamp}`.padEnd(200, 'x');
const LONG_URL = `https://example.org/${'a-very-long-path-segment-without-any-break'.repeat(6)}?q=${'z'.repeat(80)}`;
const RIGHT_TO_LEFT = 'שלום עולם — مرحبا بالعالم';
const LONG_TEXT = `${LONG_WORD} ${LONG_URL} ${RIGHT_TO_LEFT}`;

/** The props of the page loaded last by a full load (its Inertia page element). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of several pages, read as the test needs them
async function propsOf(page: Page, path: string): Promise<Record<string, any>> {
  await page.goto(path);
  return page.evaluate(() => JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).props);
}

/** Fails when an open dialog reaches past the screen's edges (its close button could not be pressed). */
async function expectDialogInsideScreen(page: Page, state: string) {
  const box = await page.locator('.modal.show .modal-content').boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(box, `the dialog of ${state}`).not.toBeNull();
  expect(box!.x, `left edge of the dialog of ${state}`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `right edge of the dialog of ${state}`).toBeLessThanOrEqual(width);
  const close = await page.locator('.modal.show .btn-close').boundingBox();
  expect(close!.x + close!.width, `the close button of ${state}`).toBeLessThanOrEqual(width);
}

/** What the first test wrote, which the tests per screen width visit: the item's path and every page that shows it. */
let filled: { itemPath: string; pages: string[] } | undefined;

describe.skipIf(Boolean(e2e.skipReason))('Journey: long words, long addresses and right-to-left text', () => {
  // One test writes, one per screen width reads: each within its own time limit on a busy machine.
  it('go into every field a person can fill', async () => {
    const page = await open('/', DESKTOP);
    await signInWithEmail(page, 'superadmin@example.org');

    // An item with every text field filled.
    const itemRef = await createItemFromIndex(page, LONG_WORD);
    const itemPath = `/i/${itemRef}`;
    for (const [field, value] of Object.entries({ topic: LONG_WORD, blurb: LONG_TEXT, available_external_link: LONG_URL })) {
      expect(await sendJsonAsPage(page, 'PATCH', itemPath, { [field]: value }), field).toBe(true);
    }
    const { item, auth } = await propsOf(page, itemPath);
    type Characteristic = { ref: string; format: string; value: string | null };
    const written = (item.characteristics as Characteristic[]).filter((characteristic) => characteristic.format === 'text' || characteristic.format === 'url');
    expect(written.map((characteristic) => characteristic.format)).toContain('url');
    const valueFor = (characteristic: Characteristic) => (characteristic.format === 'url' ? LONG_URL : LONG_TEXT);
    for (const characteristic of written) await sendJsonAsPage(page, 'PATCH', itemPath, { [`characteristic-${characteristic.ref}`]: valueFor(characteristic) });
    const saved = (await propsOf(page, itemPath)).item as { blurb: string; characteristics: Characteristic[] };
    expect(saved.blurb).toBe(LONG_TEXT);
    for (const characteristic of written) {
      expect(saved.characteristics.find((candidate) => candidate.ref === characteristic.ref)?.value).toBe(valueFor(characteristic));
    }

    // A tag with a label of one long word, on the item.
    const { taxonomies } = await propsOf(page, '/admin/taxonomy');
    const taxonomy = (taxonomies.data ?? taxonomies)[0] as { ref: string };
    const tagLabel = LONG_WORD.slice(0, TAG_LABEL_MAX);
    expect(await sendJsonAsPage(page, 'POST', `/admin/taxonomy/${taxonomy.ref}/tag`, { label: tagLabel, parent_ref: '' })).toBe(true);
    const taxonomyPage = await propsOf(page, `/admin/taxonomy/${taxonomy.ref}`);
    const tag = JSON.stringify(taxonomyPage).match(new RegExp(`"ref":"([^"]+)"[^{}]*"label":"${tagLabel}"`))?.[1];
    expect(tag, 'the new tag in its taxonomy').toBeTruthy();
    expect(await sendJsonAsPage(page, 'POST', `${itemPath}/tag/${tag}`, {})).toBe(true);

    // A collection with a long name and description, holding the item; a comment; the person's own name.
    expect(await sendJsonAsPage(page, 'POST', '/collection', { title: LONG_WORD, description: LONG_TEXT, public: true })).toBe(true);
    const collectionPath = JSON.stringify(await propsOf(page, '/collection')).match(new RegExp(`"ref":"([^"]+)"[^{}]*"title":"${LONG_WORD}"`))?.[1];
    expect(collectionPath, 'the new collection among my collections').toBeTruthy();
    expect(await sendJsonAsPage(page, 'POST', `/collection/${collectionPath}/item/${itemRef}`, {})).toBe(true);
    expect(await sendJsonAsPage(page, 'POST', `${itemPath}/comment`, { comment: LONG_TEXT })).toBe(true);
    const me = (auth as { user: { ref: string } }).user.ref;
    expect(await sendJsonAsPage(page, 'PATCH', `/user/${me}`, { name: LONG_WORD })).toBe(true);

    const pages = [
      '/',
      itemPath,
      `/item?search=${encodeURIComponent(LONG_WORD.slice(0, 30))}`,
      '/item',
      `/tag/${encodeURIComponent(tagLabel)}`,
      '/collection',
      `/collection/${collectionPath}`,
      '/profile',
      '/user',
      `/user/${me}`,
      '/admin/taxonomy',
      `/admin/taxonomy/${taxonomy.ref}`,
      '/admin/comment',
      '/admin/history',
      '/draft',
    ];
    filled = { itemPath, pages };
  });

  it.each([SMALLEST_PHONE, PHONE, DESKTOP])('push no page sideways at $width px, and keep dialogs inside the screen', async (size) => {
    expect(filled, 'the long text the first test wrote').toBeDefined();
    const { itemPath, pages } = filled!;
    const page = await open('/', size);
    await signInWithEmail(page, 'superadmin@example.org');
    for (const path of pages) {
      await page.goto(path);
      await pageHeading(page).first().waitFor();
      await expectNoSidewaysScroll(page, `${path} at ${size.width} px`);
    }
    // The item's Share dialog, where a long address once pushed the close button off a phone's screen.
    await page.goto(itemPath);
    await page.getByRole('button', { name: 'Share' }).first().click();
    await page.locator('.modal.show').waitFor();
    await expectDialogInsideScreen(page, `Share at ${size.width} px`);
    await expectNoSidewaysScroll(page, `Share at ${size.width} px`);
    if (size === DESKTOP) await expectAccessible(page, 'the Share dialog of an item full of long text');
  });
});
