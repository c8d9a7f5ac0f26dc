/**
 * Issue 15 §6, admin curation journeys at 375 px and 1280 px: quick-tagging two items with the same title (rows
 * never move under the pointer, several tags to one item, code and picture tell them apart), and changing a
 * characteristic's format when some stored values cannot be read in the new one (Cancel changes nothing, Convert
 * keeps what converts and removes the rest), then giving it a minimum that an item's value must respect.
 */
import { describe, expect, it } from 'vitest';
import { AGE_TAXONOMY } from '../../server/db/seed/catalogue';
import { CHARACTERISTIC_MESSAGES, CHARACTERISTIC_TEXTS } from '../../shared/admin';
import { TAXONOMY_TEXTS } from '../../shared/taxonomies-admin';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { createItemFromIndex, pageHeading, sendJsonAsPage, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

describe.skipIf(Boolean(e2e.skipReason))('Journey: admin curation', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('quick-tags one of two items with the same title, twice, without the rows moving, then refreshes', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'superadmin@example.org');
      const title = `Twin ${size.width} ${Date.now()}`;
      await createItemFromIndex(page, title);
      await createItemFromIndex(page, title);

      await page.goto('/admin/taxonomy');
      await page.getByRole('link', { name: AGE_TAXONOMY, exact: true }).click();
      await pageHeading(page).filter({ hasText: AGE_TAXONOMY }).waitFor();
      await page.goto(`${new URL(page.url()).pathname}/item?${new URLSearchParams({ search: title })}`);
      await pageHeading(page).filter({ hasText: TAXONOMY_TEXTS.quickTagUntagged }).waitFor();
      const rows = page.getByRole('table').locator('tbody > tr');
      expect(await rows.count()).toBe(2);
      // Told apart by their codes, shown in the row and in every cell's name.
      const codes = await rows.locator('.font-monospace').allInnerTexts();
      expect(new Set(codes).size).toBe(2);
      const cell = (code: string, tag: string) => page.getByRole('button', { name: `${tag} on ${title} (${code})`, exact: true });

      // Two tags to the first item: it would leave the "untagged" list, yet its row stays where it was.
      for (const tag of ['Youth', 'All Ages']) {
        await cell(codes[0]!, tag).click();
        await expect.poll(() => cell(codes[0]!, tag).getAttribute('aria-pressed')).toBe('true');
      }
      expect(await rows.locator('.font-monospace').allInnerTexts()).toEqual(codes);
      expect(await cell(codes[1]!, 'Youth').getAttribute('aria-pressed')).toBe('false');
      expect(await cell(codes[1]!, 'All Ages').getAttribute('aria-pressed')).toBe('false');
      expect(
        await page
          .getByRole('table')
          .locator('thead th')
          .first()
          .evaluate((th) => getComputedStyle(th).position),
      ).toBe('sticky');
      await expectAccessible(page, 'the quick-tag matrix after tagging');
      await expectNoSidewaysScroll(page, 'the quick-tag matrix');

      await page.getByRole('button', { name: TAXONOMY_TEXTS.refreshMatrix }).click();
      await expect.poll(() => rows.locator('.font-monospace').allInnerTexts()).toEqual([codes[1]]);
    });

    it('changes a characteristic’s format (the count of values that cannot convert, Cancel, then Convert), then gives it a minimum', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'superadmin@example.org');
      const stamp = `${size.width} ${Date.now()}`;
      const first = await createItemFromIndex(page, `Format first ${stamp}`);
      const second = await createItemFromIndex(page, `Format second ${stamp}`);
      const characteristicTitle = `Minutes ${stamp}`;
      expect(await sendJsonAsPage(page, 'POST', '/admin/characteristic', { title: characteristicTitle, format: 'text', public: true })).toBe(true);
      await page.goto('/admin/characteristic');
      await page.getByRole('link', { name: characteristicTitle }).click();
      await pageHeading(page).filter({ hasText: characteristicTitle }).waitFor();
      const url = new URL(page.url()).pathname;
      const characteristicRef = url.split('/').at(-1)!;
      expect(await sendJsonAsPage(page, 'PATCH', `/i/${first}`, { [`characteristic-${characteristicRef}`]: '10' })).toBe(true);
      expect(await sendJsonAsPage(page, 'PATCH', `/i/${second}`, { [`characteristic-${characteristicRef}`]: 'ten' })).toBe(true);

      await page.reload();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const format = page.getByRole('combobox', { name: CHARACTERISTIC_TEXTS.format });
      await format.selectOption({ label: 'Whole number' });
      await page.getByRole('button', { name: CHARACTERISTIC_TEXTS.saveFormat }).click();
      const refusal = CHARACTERISTIC_MESSAGES.formatLosesValues(1, 2, 'Whole number', 'ten');
      await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
      await expectAccessible(page, 'the format change waiting for Convert or Cancel');

      await page.getByRole('button', { name: CHARACTERISTIC_TEXTS.cancelFormat }).click();
      expect(await format.inputValue()).toBe('text');
      await page.reload();
      await page.getByRole('main').getByText('Text', { exact: true }).first().waitFor();

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await format.selectOption({ label: 'Whole number' });
      await page.getByRole('button', { name: CHARACTERISTIC_TEXTS.saveFormat }).click();
      await page.getByRole('button', { name: CHARACTERISTIC_TEXTS.convertFormat }).click();
      await page.getByText(CHARACTERISTIC_MESSAGES.formatConverted(1, 1)).waitFor();
      await page.getByRole('main').getByText('Whole number', { exact: true }).first().waitFor();
      await expectNoSidewaysScroll(page, 'the characteristic page');

      // A minimum that the stored 10 falls below is refused; 0 is kept, and the item editor then refuses -5.
      const minimum = page.getByRole('spinbutton', { name: CHARACTERISTIC_TEXTS.minimum });
      await page.getByRole('button', { name: `Edit ${CHARACTERISTIC_TEXTS.minimum}` }).click();
      await minimum.fill('20');
      await minimum.press('Enter');
      await page.getByText(CHARACTERISTIC_MESSAGES.minimumBelowValues(1, 20, '10')).waitFor();
      expect(await minimum.inputValue()).toBe('20');
      await expectAccessible(page, 'a minimum refused because an item holds less');
      await minimum.fill('0');
      await minimum.press('Enter');
      await page.getByRole('main').getByText('0', { exact: true }).waitFor();

      await page.goto(`/i/${first}`);
      await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: `Edit ${characteristicTitle}` }).click();
      const value = page.getByRole('spinbutton', { name: characteristicTitle });
      await value.fill('-5');
      await value.press('Enter');
      await page.getByText('Enter a whole number of at least 0.').waitFor();
      expect(await value.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'an item value below the characteristic’s minimum');
      await value.fill('15');
      await value.press('Enter');
      await page.getByRole('main').getByText('15', { exact: true }).waitFor();
    });
  });
});
