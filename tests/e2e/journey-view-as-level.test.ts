/**
 * Issue 19 §6, "View as level N", at 375 px and 1280 px: an admin previews an item as level 2 from the item page, sees
 * the banner and the page as a level-2 member does (no editing, no item administration), tries to comment and is told
 * the preview is read-only (nothing saved), takes a wrong turn to the admin area (refused while previewing), and ends
 * the preview to find the admin's page again. The banner also fits the smallest phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEW_AS_TEXT } from '../../shared/view-as';
import { JOURNEY_SIZES, SMALLEST_PHONE, expectAccessible, expectNoSidewaysScroll } from './journey';
import { cardLink, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A public item of the seeded library that anyone may open and members may comment on. */
const ITEM_TITLE = 'Craft Sheet: Elijah on Mount Carmel';

async function openItem(page: Page): Promise<string> {
  await page.goto(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
  await cardLink(page, ITEM_TITLE).click();
  await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  await pageHeading(page).filter({ hasText: ITEM_TITLE }).waitFor();
  return new URL(page.url()).pathname;
}

const banner = (page: Page) => page.getByRole('region', { name: VIEW_AS_TEXT.bannerRegion });
const editButton = (page: Page) => page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: 'Edit' });

async function previewAsLevel2(page: Page): Promise<void> {
  await page.getByRole('button', { name: VIEW_AS_TEXT.control }).click();
  await page.getByRole('button', { name: 'Level 2 — Affiliates' }).click();
  await banner(page).getByRole('status').filter({ hasText: 'Viewing as Level 2' }).waitFor();
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: view as level N', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('previews an item as level 2, is refused a comment and the admin area, and ends the preview', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'admin@example.org');
      const itemPath = await openItem(page);
      await editButton(page).waitFor();

      await previewAsLevel2(page);
      // Back on the item it started from, as a level-2 member sees it: no Edit, no item administration.
      expect(new URL(page.url()).pathname).toBe(itemPath);
      await pageHeading(page).filter({ hasText: ITEM_TITLE }).waitFor();
      expect(await editButton(page).count()).toBe(0);
      expect(await page.getByRole('complementary', { name: 'Item administration' }).count()).toBe(0);
      await expectAccessible(page, 'item page previewed as level 2');
      await expectNoSidewaysScroll(page, 'item page previewed as level 2');

      // A level-2 member may comment; the preview may not, and says why.
      const words = `Preview comment ${size.width} ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Write a comment' }).fill(words);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(VIEW_AS_TEXT.refusedWrite).first().waitFor();
      await page.reload();
      await banner(page).waitFor();
      expect(await page.getByText(words).count()).toBe(0);
      await expectAccessible(page, 'comment refused while previewing');

      // A wrong turn: the admin area is shut while previewing, and the banner shows the way back.
      await page.goto('/admin');
      await pageHeading(page).filter({ hasText: 'Forbidden' }).waitFor();
      await banner(page).waitFor();
      await expectAccessible(page, 'admin area refused while previewing');

      await banner(page).getByRole('button', { name: VIEW_AS_TEXT.end }).click();
      await page.getByText(VIEW_AS_TEXT.ended).first().waitFor();
      expect(await banner(page).count()).toBe(0);
      await page.goto(itemPath);
      await editButton(page).waitFor();
      await expectAccessible(page, 'item page after the preview');
    });
  });

  it('fits the banner on the smallest phone', async () => {
    const page = await open('/', SMALLEST_PHONE);
    await signInWithEmail(page, 'admin@example.org');
    await openItem(page);
    await previewAsLevel2(page);
    await expectNoSidewaysScroll(page, 'preview banner at 320 px');
    await expectAccessible(page, 'preview banner at 320 px');
    await banner(page).getByRole('button', { name: VIEW_AS_TEXT.end }).click();
    await page.getByText(VIEW_AS_TEXT.ended).first().waitFor();
  });
});
