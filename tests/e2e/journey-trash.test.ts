/**
 * Issue 19 §4, a trash instead of loss, at 375 px and 1280 px: an admin makes an item with a file, deletes it, finds
 * it gone, opens the trash from the admin dashboard, sees what went with it, takes a wrong turn (cancels Delete for
 * good, which keeps it), restores it, and opens its file again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRASH_MESSAGES, TRASH_TEXTS } from '../../shared/trash';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { createItemFromIndex, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();
const ADMIN = 'admin@example.org';
const NOTES = 'Notes kept through the trash.';

const contentSection = (page: Page) => page.getByRole('region', { name: 'Content' });
const itemActions = (page: Page) => page.getByRole('toolbar', { name: 'Item actions' });

async function uploadNotes(page: Page): Promise<void> {
  await itemActions(page).getByRole('button', { name: 'Edit', exact: true }).click();
  await contentSection(page).getByRole('button', { name: 'Upload Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Content' });
  await dialog.getByLabel('Files').setInputFiles([{ name: 'Trash notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES) }]);
  await dialog.getByRole('button', { name: 'Upload Content' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await contentSection(page).getByText('Trash notes').first().waitFor();
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: the trash', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('restores a deleted item with its files, after a cancelled Delete for good', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, ADMIN);
      const title = `Trash journey ${size.width} ${Date.now()}`;
      const ref = await createItemFromIndex(page, title);
      await uploadNotes(page);

      page.once('dialog', (confirm) => void confirm.accept());
      await itemActions(page).getByRole('button', { name: 'Delete', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/i/'));
      const gone = await page.goto(`/i/${ref}`);
      expect(gone?.status()).toBe(404);

      await page.goto('/admin');
      // Exactly: the sidebar's history may list the other size's item, "Trash journey …", restored by then.
      await page.getByRole('link', { name: TRASH_TEXTS.title, exact: true }).click();
      await pageHeading(page).filter({ hasText: TRASH_TEXTS.title }).waitFor();
      const entry = page.getByRole('article', { name: `Item “${title}”` });
      await entry.getByText(TRASH_TEXTS.wentWithIt).click();
      await entry.getByText('1 file or link: Trash notes').waitFor();
      await entry.getByText(TRASH_TEXTS.driveFolder).waitFor();
      await expectAccessible(page, 'the trash, an entry opened');
      await expectNoSidewaysScroll(page, 'the trash');

      // A wrong turn: Delete for good, cancelled at the confirm, keeps it.
      page.once('dialog', (confirm) => void confirm.dismiss());
      await entry.getByRole('button', { name: `${TRASH_TEXTS.deleteForGood}: Item “${title}”` }).click();
      await entry.getByRole('button', { name: `${TRASH_TEXTS.restore}: Item “${title}”` }).click();
      await page
        .locator('.toast')
        .filter({ hasText: TRASH_MESSAGES.restored(title) })
        .waitFor();
      await entry.waitFor({ state: 'detached' });
      await expectAccessible(page, 'the trash after a restore');

      await page.goto(`/i/${ref}`);
      await pageHeading(page).filter({ hasText: title }).waitFor();
      const file = contentSection(page)
        .getByRole('link', { name: /Trash notes/ })
        .first();
      const href = await file.getAttribute('href');
      const opened = await page.request.get(new URL(href!, page.url()).toString());
      expect(opened.status()).toBe(200);
      expect(await opened.text()).toContain(NOTES);
    });
  });
});
