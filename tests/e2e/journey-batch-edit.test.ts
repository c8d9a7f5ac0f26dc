/**
 * Issue 19 §1, at 375 px and 1280 px with axe: an admin searches ("bible" finds 72), scrolls and selects 50 results
 * one by one, takes a wrong turn (an unknown maintainer, refused with nothing changed), previews adding a tag, applies
 * it, sees the result and undoes it; then, applied again, someone takes the tag off by hand meanwhile, so the undo
 * leaves those items as they are and lists every one, each linked to its item's History (issue 34 §4).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { itemCards, matchCount, sendAsPage, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

const dialogOf = (page: Page) => page.getByRole('dialog', { name: /^Edit \d+ items?$/ });
const SELECTED = 50;

/** Scrolls the results until `count` cards are loaded, and ticks the first `count` of them. */
async function selectResults(page: Page, count: number): Promise<void> {
  const boxes = page.getByRole('list', { name: 'Items' }).getByRole('checkbox');
  while ((await boxes.count()) < count) {
    const loaded = await boxes.count();
    await boxes.last().scrollIntoViewIfNeeded();
    await expect.poll(() => boxes.count()).toBeGreaterThan(loaded);
  }
  for (let index = 0; index < count; index += 1) await boxes.nth(index).check();
}

/** Opens the batch edit of the selected results and chooses to add the seeded tag named Legacy: its label and ref. */
async function chooseLegacyTag(page: Page): Promise<{ tagLabel: string; tagRef: string }> {
  const dialog = dialogOf(page);
  await dialog.getByLabel('Change').selectOption('add_tags');
  const tagSelect = dialog.getByLabel('Tag');
  // A tag of an optional taxonomy that allows several, so taking it off by hand later is allowed.
  const option = tagSelect.locator('option', { hasText: 'Legacy' });
  const tagLabel = ((await option.textContent()) ?? '').split(' › ').at(-1)!;
  const tagRef = (await option.getAttribute('value'))!;
  await tagSelect.selectOption(tagRef);
  return { tagLabel, tagRef };
}

/** Previews the chosen change: how many items it changes and how many have it already. */
async function preview(page: Page): Promise<{ changed: number; already: number; text: string }> {
  const dialog = dialogOf(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const said = dialog.getByText(/^This adds '/);
  await said.waitFor();
  const text = (await said.textContent()) ?? '';
  const [, changed, already] = /to ([\d,]+) items?, ([\d,]+) already have it/.exec(text)!.map((n) => Number(n.replace(/,/g, '')));
  return { changed: changed!, already: already!, text };
}

// Two tests, each from its own search: together they took 62 s on a busy machine, over a test's limit.
describe.skipIf(Boolean(e2e.skipReason))('Journey: batch edit with preview and undo', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('tags 50 results of a search, selected one by one, after a refused maintainer and a preview', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'admin@example.org');
      await page.goto('/item?search=bible');
      expect(await matchCount(page)).toBeGreaterThan(SELECTED);

      await selectResults(page, SELECTED);
      await page.getByRole('button', { name: `Edit selected (${SELECTED})` }).click();
      const dialog = dialogOf(page);
      await dialog.waitFor();
      await expectAccessible(page, 'the batch edit dialog');
      await expectNoSidewaysScroll(page, 'the batch edit dialog');

      // A wrong turn: a maintainer who does not exist is refused, and nothing is applied.
      await dialog.getByLabel('Change').selectOption('created_by_user_ref');
      await dialog.getByLabel('User ref').fill('nobody');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('No user with that reference exists.');
      expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);

      const { tagLabel } = await chooseLegacyTag(page);
      const { changed, already, text } = await preview(page);
      expect(changed + already).toBe(SELECTED);
      expect(text).toContain(`'${tagLabel}'`);
      await expectAccessible(page, 'the impact preview');

      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByText(new RegExp(`^Done: adds '.+' to ${changed.toLocaleString('en')} items?`)).waitFor();
      await expectAccessible(page, 'the batch result');
      // Undone at once, with nothing changed since: every item it changed is restored, for the next test's search.
      await dialog.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain(`Undone: restores ${changed.toLocaleString('en')} item`);
    });

    it('undoes a batch whose items were changed by hand since, and lists each one left as it is', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'admin@example.org');
      await page.goto('/item?search=bible');
      await selectResults(page, SELECTED);
      await page.getByRole('button', { name: `Edit selected (${SELECTED})` }).click();
      const dialog = dialogOf(page);
      const { tagLabel, tagRef } = await chooseLegacyTag(page);
      const { changed } = await preview(page);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByText(new RegExp(`^Done: adds '.+' to ${changed.toLocaleString('en')} items?`)).waitFor();

      // Meanwhile the tag is taken off every selected item by hand: the items the batch changed were changed since.
      const selectedRefs = await Promise.all(
        Array.from({ length: SELECTED }, async (_, index) => (await itemCards(page).nth(index).getByRole('link').first().getAttribute('href'))!.split('/')[2]!),
      );
      await Promise.all(selectedRefs.map((ref) => sendAsPage(page, 'DELETE', `/i/${ref}/tag/${tagRef}`)));
      await dialog.getByRole('button', { name: 'Undo' }).click();
      // Read from the dialog's live region, which says it (the text, not its layout, is what matters here).
      await expect
        .poll(() => dialog.getByRole('status').textContent())
        .toContain(`Undone: restores 0 items; ${changed.toLocaleString('en')} item${changed === 1 ? '' : 's'} changed since the batch`);
      const leftAsTheyAre = dialog.getByRole('list', { name: 'Items left as they are' }).getByRole('link');
      // Every one, not the first 20.
      expect(await leftAsTheyAre.count()).toBe(changed);
      await expectAccessible(page, 'the undone batch');
      await leftAsTheyAre.first().click();
      await page.getByRole('dialog', { name: /History/ }).waitFor();
      await expectAccessible(page, "a skipped item's History");
      await page.goto('/item?search=bible');
      await selectResults(page, SELECTED);

      // Taken off by hand from every one, and the rest of the batch undone: the same preview finds all 50 to change.
      await page.getByRole('button', { name: `Edit selected (${SELECTED})` }).click();
      await dialog.getByLabel('Tag').selectOption(tagRef);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByText(`This adds '${tagLabel}' to ${SELECTED} items, 0 already have it.`).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
    });
  });
});
