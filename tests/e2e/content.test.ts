import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { OPENS_IN_NEW_TAB } from '../../shared/messages';
import { itemCards, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

const ADMIN_EMAIL = 'admin@example.org';
/** Big enough that a throttled upload shows its progress for a few seconds. */
const HANDOUT = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  Buffer.alloc(1_500_000, 0x20),
]);
const NOTES_TEXT = 'Notes uploaded by the browser test.';

const contentSection = (page: Page) => page.getByRole('region', { name: 'Content' });
const contentRows = (page: Page): Locator => contentSection(page).getByRole('list').first().locator(':scope > li');

async function rowLabels(page: Page): Promise<string[]> {
  return contentRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

async function waitForLabels(page: Page, check: (labels: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const labels = await rowLabels(page);
    if (check(labels) || Date.now() > deadline) return labels;
    await page.waitForTimeout(100);
  }
}

/** Opens the first item of the library as an admin, in edit mode. */
async function openAnItemForEditing(page: Page): Promise<void> {
  await signInWithEmail(page, ADMIN_EMAIL);
  await page.goto('/item');
  await itemCards(page).first().getByRole('link').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  await pageHeading(page).waitFor();
  await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: 'Edit', exact: true }).click();
  await contentSection(page).getByRole('button', { name: 'Upload Content' }).waitFor();
}

describe.skipIf(Boolean(e2e.skipReason))('Content files in a browser', () => {
  it('uploads two files with a progress bar, reorders them, links an existing file and opens one', async () => {
    const page = await open('/');
    await openAnItemForEditing(page);
    const before = await rowLabels(page);

    // Upload two files over a slow connection, so the progress bar shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400_000 });
    await contentSection(page).getByRole('button', { name: 'Upload Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Content' });
    await dialog.getByLabel('Files').setInputFiles([
      { name: 'E2E Handout.pdf', mimeType: 'application/pdf', buffer: HANDOUT },
      { name: 'E2E Notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES_TEXT) },
    ]);
    await dialog.getByRole('button', { name: 'Upload Content' }).click();
    await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const uploaded = await waitForLabels(page, (labels) => labels.length === before.length + 2);
    expect(uploaded).toEqual([...before, 'E2E Handout', 'E2E Notes']);

    // Reorder: the notes move above the handout.
    await contentSection(page).getByRole('button', { name: 'Move E2E Notes up' }).click();
    const reordered = await waitForLabels(page, (labels) => labels.indexOf('E2E Notes') < labels.indexOf('E2E Handout'));
    expect(reordered.slice(-2)).toEqual(['E2E Notes', 'E2E Handout']);
    await page.reload();
    await contentSection(page).waitFor();
    expect((await rowLabels(page)).slice(-2)).toEqual(['E2E Notes', 'E2E Handout']);

    // Removing the handout's row leaves its file in the folder, to be linked again.
    await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: 'Edit', exact: true }).click();
    await contentSection(page).getByRole('button', { name: 'Expand E2E Handout' }).click();
    page.once('dialog', (confirm) => void confirm.accept());
    await contentSection(page).getByRole('button', { name: 'Remove E2E Handout' }).click();
    await waitForLabels(page, (labels) => !labels.includes('E2E Handout'));

    await contentSection(page).getByRole('button', { name: 'Link Existing File' }).click();
    const link = page.getByRole('dialog', { name: 'Link Existing File' });
    await link.getByRole('radio', { name: 'E2E Handout.pdf' }).check();
    expect(await link.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('E2E Handout');
    await link.getByRole('button', { name: 'Link Existing File' }).click();
    await link.waitFor({ state: 'detached' });
    expect((await waitForLabels(page, (labels) => labels.includes('E2E Handout'))).slice(-2)).toEqual(['E2E Notes', 'E2E Handout']);

    // Open the notes: the file itself, from the drive.
    const href = await contentSection(page)
      .getByRole('link', { name: `E2E Notes ${OPENS_IN_NEW_TAB}`, exact: true })
      .getAttribute('href');
    expect(href).toMatch(/^\/content\/[0-9a-z]+$/);
    const opened = await page.context().newPage();
    const response = await opened.goto(new URL(href!, page.url()).toString());
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe('sandbox');
    expect(await opened.locator('body').innerText()).toContain(NOTES_TEXT);
    await opened.close();
  });
});
