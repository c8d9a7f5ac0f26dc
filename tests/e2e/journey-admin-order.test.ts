/**
 * Issue 19 §3, at 375 px and 1280 px with axe: an admin re-orders taxonomies, characteristics and affirmation options
 * by keyboard (the focus stays on the button used, a live region says where the row went, the first row cannot go
 * up), and moves tags with Move to…: under another parent, then with its child into another taxonomy, after a wrong
 * turn (a label the other taxonomy already has) that changes nothing.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AFFIRMATION_TEXTS,
  AFFIRMATIONS_TITLE,
  CHARACTERISTIC_MESSAGES,
  CHARACTERISTIC_TEXTS,
  CHARACTERISTICS_TITLE,
  NEW_AFFIRMATION_TITLE,
  NEW_CHARACTERISTIC_TITLE,
} from '../../shared/admin';
import {
  ADMIN_TAXONOMIES_TITLE,
  NEW_TAG_TITLE,
  NEW_TAXONOMY_TITLE,
  TAXONOMY_FIELD_LABELS,
  TAXONOMY_MESSAGES,
  TAXONOMY_TEXTS,
} from '../../shared/taxonomies-admin';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { closeToast, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** The names of a list's rows, in the order shown. */
/** The names of a list's rows, once it has any (after a visit or a reload, the page renders them after it loads). */
async function rowNames(list: Locator): Promise<(string | null)[]> {
  const rows = list.locator(':scope > [data-entry-ref]');
  await rows.first().waitFor();
  return rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('aria-label')));
}

/** The aria-label of the focused element. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/** Uses a Move button from the keyboard: the focus on it, then Enter. */
async function pressMove(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

async function createTaxonomy(page: Page, title: string): Promise<string> {
  await page.goto('/admin/taxonomy');
  await page.getByRole('button', { name: TAXONOMY_TEXTS.createNew }).click();
  const dialog = page.getByRole('dialog', { name: NEW_TAXONOMY_TITLE });
  const titleField = dialog.getByLabel(TAXONOMY_FIELD_LABELS.title);
  // Open once its first field has the focus (components/lib/Dialog): the form is reset as the dialog enters, and a
  // box ticked before that can be unticked again (CI: 'Clicking the checkbox did not change its state').
  await expect.poll(() => titleField.evaluate((field) => field === document.activeElement)).toBe(true);
  await titleField.fill(title);
  await dialog.getByLabel(TAXONOMY_FIELD_LABELS.multiselect).check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await pageHeading(page).filter({ hasText: title }).waitFor();
  // Its 'created' notification can cover New Tag.
  await closeToast(page, title);
  return new URL(page.url()).pathname;
}

async function addTag(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: NEW_TAG_TITLE }).click();
  const dialog = page.getByRole('dialog', { name: NEW_TAG_TITLE });
  await dialog.getByLabel(TAXONOMY_TEXTS.label).fill(label);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('listitem', { name: label, exact: true }).waitFor();
}

/** Creates a characteristic or an affirmation option from its list's Create New, then shows the list page it is on. */
async function createCard(page: Page, listPath: string, dialogTitle: string, titleLabel: string, title: string): Promise<void> {
  await page.goto(listPath);
  await page.getByRole('button', { name: 'Create New' }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByLabel(titleLabel, { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // New ones come last: on the last page of a long list.
  while (!(await page.getByRole('link', { name: title, exact: true }).isVisible())) {
    await page.getByRole('link', { name: /Next/ }).first().click();
    await page.waitForLoadState();
  }
}

/** Deletes what a list's link names, as the admin's browser would send it (the session cookie and the XSRF token). */
async function deleteByItsLink(page: Page, title: string): Promise<void> {
  const path = await page.getByRole('link', { name: title, exact: true }).getAttribute('href');
  const status = await page.evaluate(async (target) => {
    const token = decodeURIComponent(
      document.cookie
        .split(/;\s*/)
        .find((pair) => pair.startsWith('XSRF-TOKEN='))
        ?.slice(11) ?? '',
    );
    const response = await fetch(target, { method: 'DELETE', headers: { 'X-XSRF-TOKEN': token }, redirect: 'manual' });
    return response.type === 'opaqueredirect' ? 303 : response.status;
  }, path!);
  expect(status).toBeLessThan(400);
}

/** Swaps the two newest rows of a list by keyboard, as the admin would, and checks what it says and where the focus is. */
async function swapLastTwoByKeyboard(page: Page, list: Locator, first: string, second: string): Promise<void> {
  const before = await rowNames(list);
  expect(before.slice(-2)).toEqual([first, second]);
  await pressMove(page, `Move ${second} up`);
  await expect.poll(() => rowNames(list)).toEqual([...before.slice(0, -2), second, first]);
  await expect.poll(() => focusedName(page)).toBe(`Move ${second} up`);
  await page.getByText(new RegExp(`^Moved '${second}' to position \\d+ of \\d+\\.$`)).waitFor({ state: 'attached' });
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: admin ordering', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('re-orders taxonomies, characteristics and affirmation options by keyboard', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'superadmin@example.org');
      const stamp = `${size.width} ${Date.now()}`;

      const [early, late] = [`Season ${stamp}`, `Venue ${stamp}`];
      await createTaxonomy(page, early);
      await createTaxonomy(page, late);
      await page.goto('/admin/taxonomy');
      const taxonomies = page.getByRole('list', { name: ADMIN_TAXONOMIES_TITLE });
      // A wrong turn the page does not offer: the first taxonomy cannot go further up.
      const firstName = (await rowNames(taxonomies))[0]!;
      expect(await page.getByRole('button', { name: `Move ${firstName} up`, exact: true }).isDisabled()).toBe(true);
      await swapLastTwoByKeyboard(page, taxonomies, early, late);
      await expectAccessible(page, 'the taxonomy list after a keyboard move');
      await expectNoSidewaysScroll(page, 'the taxonomy list');
      await page.reload();
      expect((await rowNames(taxonomies)).slice(-2)).toEqual([late, early]);

      const [length, group] = [`Length ${stamp}`, `Group ${stamp}`];
      await createCard(page, '/admin/characteristic', NEW_CHARACTERISTIC_TITLE, CHARACTERISTIC_TEXTS.title, length);
      await createCard(page, '/admin/characteristic', NEW_CHARACTERISTIC_TITLE, CHARACTERISTIC_TEXTS.title, group);
      await swapLastTwoByKeyboard(page, page.getByRole('list', { name: CHARACTERISTICS_TITLE }), length, group);
      await expectAccessible(page, 'the characteristics after a keyboard move');
      await expectNoSidewaysScroll(page, 'the characteristics');
      // Every item page lists every characteristic: leave the seeded set as it was for the journeys that follow.
      for (const title of [length, group]) await deleteByItsLink(page, title);
      // Their notifications come with the next page, over its Create New at 375 px: the admin closes them first (a
      // click waits for them to go, and its pointer resting on one pauses it for good).
      await page.goto('/admin/affirmation');
      for (const title of [length, group]) await closeToast(page, CHARACTERISTIC_MESSAGES.deleted(title));

      const [kind, wise] = [`Kind ${stamp}`, `Wise ${stamp}`];
      await createCard(page, '/admin/affirmation', NEW_AFFIRMATION_TITLE, AFFIRMATION_TEXTS.title, kind);
      await createCard(page, '/admin/affirmation', NEW_AFFIRMATION_TITLE, AFFIRMATION_TEXTS.title, wise);
      const affirmations = page.getByRole('list', { name: AFFIRMATIONS_TITLE });
      await swapLastTwoByKeyboard(page, affirmations, kind, wise);
      await expectAccessible(page, 'the affirmation options after a keyboard move');
      // Moved back down: the focus follows the row again.
      await pressMove(page, `Move ${wise} down`);
      await expect.poll(async () => (await rowNames(affirmations)).slice(-2)).toEqual([kind, wise]);
      await expect.poll(() => focusedName(page)).toBe(`Move ${wise} up`);
    });

    it('moves a tag under another parent, then with its child into another taxonomy, after a refused move', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'superadmin@example.org');
      const stamp = `${size.width} ${Date.now()}`;
      const otherTitle = `Settings ${stamp}`;
      const otherPath = await createTaxonomy(page, otherTitle);
      await addTag(page, 'lambs');
      const title = `Audiences ${stamp}`;
      const path = await createTaxonomy(page, title);
      for (const label of ['Flock', 'Lambs', 'Shepherds']) await addTag(page, label);

      // Shepherds under Flock, by keyboard.
      await pressMove(page, `${TAXONOMY_TEXTS.moveTo} (Shepherds)`);
      let dialog = page.getByRole('dialog', { name: `${TAXONOMY_TEXTS.moveDialog}: Shepherds` });
      const parent = dialog.getByRole('combobox', { name: TAXONOMY_TEXTS.parent });
      await expect.poll(() => parent.locator('option').allInnerTexts()).toEqual([TAXONOMY_TEXTS.noParent, 'Flock', 'Lambs']);
      await parent.selectOption({ label: 'Flock' });
      await expectAccessible(page, 'the Move to… dialog');
      await dialog.getByRole('button', { name: TAXONOMY_TEXTS.move }).press('Enter');
      await page.getByRole('listitem', { name: 'Flock > Shepherds', exact: true }).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // A wrong turn: Lambs into a taxonomy that has 'lambs' already is refused under the taxonomy, nothing moves.
      await pressMove(page, `${TAXONOMY_TEXTS.moveTo} (Lambs)`);
      dialog = page.getByRole('dialog', { name: `${TAXONOMY_TEXTS.moveDialog}: Lambs` });
      await dialog.getByRole('combobox', { name: TAXONOMY_TEXTS.taxonomy }).selectOption({ label: otherTitle });
      await dialog.getByRole('button', { name: TAXONOMY_TEXTS.move }).click();
      await dialog.getByText(TAXONOMY_MESSAGES.moveLabelTaken('Lambs', otherTitle)).waitFor();
      await expectAccessible(page, 'a refused move in the dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('listitem', { name: 'Lambs', exact: true }).waitFor();

      // Flock, with Shepherds under it, into the other taxonomy.
      await pressMove(page, `${TAXONOMY_TEXTS.moveTo} (Flock)`);
      dialog = page.getByRole('dialog', { name: `${TAXONOMY_TEXTS.moveDialog}: Flock` });
      await dialog.getByRole('combobox', { name: TAXONOMY_TEXTS.taxonomy }).selectOption({ label: otherTitle });
      await dialog.getByRole('button', { name: TAXONOMY_TEXTS.move }).click();
      await page.getByText(TAXONOMY_MESSAGES.tagMoved('Flock', otherTitle)).first().waitFor();
      await expect.poll(() => page.getByRole('listitem', { name: 'Flock', exact: true }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(path);
      await expectNoSidewaysScroll(page, 'the tag tree after a move');

      await page.goto(otherPath);
      await page.getByRole('listitem', { name: 'Flock > Shepherds', exact: true }).waitFor();
      await page.getByRole('listitem', { name: 'lambs', exact: true }).waitFor();
      await expectAccessible(page, 'the other taxonomy with the moved tags');
    });
  });
});
