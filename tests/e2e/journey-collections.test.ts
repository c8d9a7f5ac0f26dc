/**
 * Journeys of issue 15 §1 and §4 on collections, at 375 px and 1280 px: Add to Collection after an error, and
 * re-ordering a collection's entries by keyboard alone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADD_TO_COLLECTION_TITLE, COLLECTION_MESSAGES, COLLECTION_TEXTS, collectionChoiceLabel, entryMovedAnnouncement } from '../../shared/collections';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { pageHeading, sendAsPage, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** An affiliate (level 2) with one seeded collection. */
const OWNER = 'affiliate@example.org';

/** The first `count` distinct items of the library's first page as the page's viewer sees it: titles and paths. */
async function someItems(page: Page, count: number): Promise<{ title: string; path: string }[]> {
  await page.goto('/item');
  const links = page.getByRole('list', { name: 'Items' }).getByRole('article').getByRole('link');
  await links.first().waitFor();
  const found: { title: string; path: string }[] = [];
  for (let index = 0; found.length < count; index += 1) {
    const link = links.nth(index);
    const title = (await link.innerText()).trim();
    if (!found.some((item) => item.title === title)) found.push({ title, path: (await link.getAttribute('href'))! });
  }
  return found;
}

const post = (page: Page, path: string, form: Record<string, string>) => sendAsPage(page, 'POST', path, form);

const sectionList = (page: Page, name: string) => page.getByRole('list', { name, exact: true });
const entryTitles = (page: Page, section: string) =>
  sectionList(page, section)
    .getByRole('listitem')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
const announcement = (page: Page) => page.getByRole('status').filter({ hasText: /^Moved / });
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

describe.skipIf(Boolean(e2e.skipReason))('Collection journeys', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('adds to a collection after an error: the error, the list still there, + New collection, a toast that links to it, then marked', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, OWNER);
      const [item] = await someItems(page, 1);
      await page.goto(item!.path);
      await pageHeading(page).filter({ hasText: item!.title }).waitFor();
      await expectNoSidewaysScroll(page, 'the item page');
      const openDialog = async () => {
        await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: ADD_TO_COLLECTION_TITLE }).click();
        const dialog = page.getByRole('dialog', { name: ADD_TO_COLLECTION_TITLE });
        // The collections load when it opens.
        await dialog.getByRole('option', { name: COLLECTION_TEXTS.chooseCollection }).waitFor({ state: 'attached' });
        return dialog;
      };

      let dialog = await openDialog();
      const select = dialog.getByLabel('Collection', { exact: true });
      const choicesBefore = await select.locator('option').count();
      expect(choicesBefore).toBeGreaterThan(1);
      await dialog.getByRole('button', { name: COLLECTION_TEXTS.addToCollection }).click();
      await dialog.getByRole('alert').filter({ hasText: COLLECTION_MESSAGES.collectionRequired }).waitFor();
      // The error came back on a full page, and the dialog still offers the viewer's collections.
      expect(await select.locator('option').count()).toBe(choicesBefore);
      await expectAccessible(page, 'Add to Collection with its error');

      const title = `Journey ${size.width} ${Date.now()}`;
      await dialog.getByRole('button', { name: COLLECTION_TEXTS.newCollectionInline }).click();
      await dialog.getByLabel(COLLECTION_TEXTS.newCollectionTitle).fill(title);
      await dialog.getByLabel(COLLECTION_TEXTS.newCollectionTitle).press('Enter');
      // The new collection is chosen, and the focus is back on the select.
      await expect.poll(() => select.evaluate((node: HTMLSelectElement) => node.selectedOptions[0]?.textContent)).toBe(title);
      expect(await select.evaluate((node) => node === document.activeElement)).toBe(true);
      await dialog.getByRole('button', { name: COLLECTION_TEXTS.addToCollection }).click();
      await dialog.waitFor({ state: 'hidden' });

      const toast = page.locator('.toast').filter({ hasText: COLLECTION_MESSAGES.added(title) });
      const link = toast.getByRole('link', { name: COLLECTION_TEXTS.openCollection });
      const collectionPath = await link.getAttribute('href');
      expect(collectionPath).toMatch(/^\/collection\/[0-9a-z]{12}$/);
      await link.click();
      await pageHeading(page).filter({ hasText: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(collectionPath);
      await sectionList(page, COLLECTION_TEXTS.noSection).waitFor();
      expect(await entryTitles(page, COLLECTION_TEXTS.noSection)).toEqual([item!.title]);

      // Back on the item: the collection that holds it is marked and cannot be chosen again.
      await page.goto(item!.path);
      dialog = await openDialog();
      const marked = dialog.getByRole('option', { name: collectionChoiceLabel({ title, holdsItem: true }) });
      await marked.waitFor({ state: 'attached' });
      expect(await marked.isDisabled()).toBe(true);
    });

    it('re-orders a collection by keyboard: down within a section, then to another section, heard and kept after reload', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, OWNER);
      const [first, second, third] = await someItems(page, 3);
      const title = `Keyboard ${size.width} ${Date.now()}`;
      const created = await post(page, '/collection', { title, description: '', public: 'false' });
      const collectionPath = created.headers().location!;
      const collectionRef = collectionPath.split('/')[2]!;
      for (const [item, section] of [
        [first!, 'Morning'],
        [second!, 'Morning'],
        [third!, 'Evening'],
      ] as const) {
        await post(page, `/collection/${collectionRef}/item/${item.path.split('/')[2]}`, { note: '', section });
      }

      // The flashes those calls left (edit mode, 'Added to …' toasts) are shown and spent on My Collections first.
      await page.goto('/collection');
      // The list's own link: the sidebar's Collections group, drawn when its props arrive, may hold the same link.
      await page.getByRole('list', { name: 'My Collections' }).getByRole('link', { name: title }).waitFor();
      await page.goto(collectionPath);
      await sectionList(page, 'Evening').waitFor();
      expect(await entryTitles(page, 'Morning')).toEqual([first!.title, second!.title]);
      await page.getByRole('button', { name: 'Edit', exact: true }).focus();
      await page.keyboard.press('Enter');
      const down = page.getByRole('button', { name: `Move ${first!.title} down` });
      await down.waitFor();
      const box = (await down.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

      const saved = () => page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/collection_item/'));
      await down.focus();
      let patched = saved();
      await page.keyboard.press('Enter');
      await patched;
      // The PATCH answers with a redirect, and the list is drawn only once the visit that follows has its props: wait
      // for the list itself (a loaded CI machine took over a second).
      await expect.poll(() => entryTitles(page, 'Morning'), { timeout: 5000 }).toEqual([second!.title, first!.title]);
      await expect.poll(() => announcement(page).textContent()).toBe(entryMovedAnnouncement(first!.title, 2, 2, 'Morning'));
      // Last in its section now: the focus stays on the entry, on Move up; Tab goes on to Move to section….
      expect(await focusedLabel(page)).toBe(`Move ${first!.title} up`);
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe(`Move ${first!.title} to section…`);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Evening', exact: true }).waitFor();
      expect(await focusedLabel(page)).toBe('Evening');
      patched = saved();
      await page.keyboard.press('Enter');
      await patched;
      await expect.poll(() => entryTitles(page, 'Evening'), { timeout: 5000 }).toEqual([third!.title, first!.title]);
      expect(await entryTitles(page, 'Morning')).toEqual([second!.title]);
      await expect.poll(() => announcement(page).textContent()).toBe(entryMovedAnnouncement(first!.title, 2, 2, 'Evening'));
      await expect.poll(() => focusedLabel(page), { timeout: 5000 }).toBe(`Move ${first!.title} to section…`);
      // From the top: scrolled to the moved entry, the title's edit button sits under the sticky top bar, which axe
      // counts against its target size.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, 'the collection page in edit mode after keyboard moves');
      await expectNoSidewaysScroll(page, 'the collection page in edit mode');

      await page.reload();
      await sectionList(page, 'Evening').waitFor();
      expect(await entryTitles(page, 'Evening')).toEqual([third!.title, first!.title]);
      expect(await entryTitles(page, 'Morning')).toEqual([second!.title]);
      await expectAccessible(page, 'the collection page');
    });
  });
});
