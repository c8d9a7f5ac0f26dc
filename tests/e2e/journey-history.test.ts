/**
 * Issue 19 §2, the history of every change, at 375 px and 1280 px: an admin creates an item, renames it, takes a
 * wrong turn (an empty title, refused, which leaves no trace in the History), opens the item's History, restores the
 * first title from it, and finds the changes in the activity feed, filtered by kind and person.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HISTORY_TEXTS } from '../../shared/history';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { createItemFromIndex, nameOf, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();
const ADMIN = 'admin@example.org';

async function startEditing(page: Page): Promise<void> {
  const actions = page.getByRole('toolbar', { name: 'Item actions' });
  await actions.getByRole('button', { name: 'Edit', exact: true, pressed: false }).click();
  await actions.getByRole('button', { name: 'Stop Editing', pressed: true }).waitFor();
}

async function typeTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit Title' }).click();
  const input = page.getByRole('textbox', { name: 'Title', exact: true });
  await input.fill(title);
  await input.press('Enter');
}

const historyDialog = (page: Page) => page.getByRole('dialog', { name: HISTORY_TEXTS.itemHistoryTitle });

describe.skipIf(Boolean(e2e.skipReason))('Journey: the history of an item', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('shows each change, leaves out a refused one, restores an earlier title, and lists it all in the activity feed', async () => {
      const page = await open('/', size);
      const adminName = await nameOf(page, ADMIN);
      await signInWithEmail(page, ADMIN);
      const first = `History journey ${size.width} ${Date.now()}`;
      const renamed = `${first} (renamed)`;
      await createItemFromIndex(page, first);

      await startEditing(page);
      await typeTitle(page, renamed);
      await page.getByRole('img', { name: 'Title saved' }).waitFor();
      await pageHeading(page).filter({ hasText: renamed }).waitFor();

      // A wrong turn: an empty title is refused and changes nothing.
      await typeTitle(page, '');
      await page.getByText('The title is required.').first().waitFor();
      await page.getByRole('textbox', { name: 'Title', exact: true }).press('Escape');

      await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: HISTORY_TEXTS.itemHistoryButton }).click();
      const dialog = historyDialog(page);
      const entries = dialog.getByRole('article');
      await entries.first().waitFor();
      expect(await entries.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).toEqual([
        'Changed title',
        'Added tag “Training” (Type)',
        'Created the item',
      ]);
      await expectAccessible(page, 'the item History');
      await expectNoSidewaysScroll(page, 'the item History');

      await dialog.getByRole('button', { name: `${HISTORY_TEXTS.restore}: Title “${first}”` }).click();
      await pageHeading(page)
        .filter({ hasText: new RegExp(`^${first}$`) })
        .waitFor();
      await expect.poll(() => entries.count()).toBe(4);
      expect(await entries.first().getAttribute('aria-label')).toBe('Changed title');
      await entries.first().getByText(renamed, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'detached' });

      await page.goto('/admin');
      await page.getByRole('link', { name: HISTORY_TEXTS.activityTitle }).click();
      await pageHeading(page).filter({ hasText: HISTORY_TEXTS.activityTitle }).waitFor();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByLabel('Person').fill(adminName);
      await filters.getByLabel('Kind').selectOption({ label: 'Items' });
      await filters.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'item');
      const changes = page.getByRole('list', { name: 'Changes' });
      await changes.getByRole('link', { name: first }).first().waitFor();
      await expectAccessible(page, 'the activity feed, filtered');
      await expectNoSidewaysScroll(page, 'the activity feed, filtered');
    });
  });
});
