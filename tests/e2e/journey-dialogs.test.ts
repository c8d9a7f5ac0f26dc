/**
 * Issue 36 §4, at 375 px and 1280 px: a dialog opens on its first field, keeps Tab and Shift+Tab inside, and after a
 * refused answer puts the focus on the first invalid field, which names its message — with what was typed kept.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** What has the focus: its tag, its accessible label's text and the attributes a screen reader reads of an error. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const describedBy = element?.getAttribute('aria-describedby');
    return {
      tag: element?.tagName.toLowerCase(),
      label: element?.labels?.[0]?.textContent?.trim() ?? element?.getAttribute('aria-label') ?? element?.textContent?.trim(),
      invalid: element?.getAttribute('aria-invalid'),
      message: describedBy ? document.getElementById(describedBy)?.textContent?.trim() : undefined,
      inDialog: Boolean(element?.closest('[role="dialog"]')),
    };
  });

describe.skipIf(Boolean(e2e.skipReason)).each(JOURNEY_SIZES)('Journey: a dialog after a mistake, at %s', (_, size) => {
  it('opens on its first field, cycles Tab inside, and after an error focuses the invalid field and keeps the rest', async () => {
    const page = await open('/', size);
    await signInWithEmail(page, 'superadmin@example.org');
    await page.goto('/item');
    await page.getByRole('button', { name: 'Create New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Item' });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', label: 'Title', inDialog: true });

    // Shift+Tab on the first control goes to the last, Tab on the last back to the first.
    const controls = dialog.locator('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
    const first = controls.first();
    const last = controls.last();
    await first.focus();
    await page.keyboard.press('Shift+Tab');
    expect(await last.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true);

    // The title left empty: the server refuses, the focus goes to the title, which names its message.
    await dialog.getByRole('textbox', { name: 'Topic' }).fill('Kept after the error');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', label: 'Title', invalid: 'true', inDialog: true });
    const { message } = await focused(page);
    expect(message).toBeTruthy();
    await expect.poll(() => dialog.getByText(message!, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Topic' }).inputValue()).toBe('Kept after the error');
    await expectAccessible(page, 'New Item with an error on its title');
    await expectNoSidewaysScroll(page, 'New Item with an error on its title');

    // The same mistake again: the answer marks nothing new, yet the focus comes back to the field from the button.
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => focused(page)).toMatchObject({ label: 'Title', invalid: 'true' });

    // Put right, it saves and opens the new item.
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Dialog journey ${size.width} ${Date.now()}`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  });
});
