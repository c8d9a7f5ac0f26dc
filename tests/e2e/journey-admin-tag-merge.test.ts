/**
 * Issue 19 §3, at 375 px and 1280 px with axe: an admin merges one tag into another from the tag tree — Merge stays
 * off until a target is chosen, the preview says how many items are re-tagged and how many already have the target,
 * and where the old address leads — then the old /tag/{label} lands on the target's page, for the admin and for a
 * visitor alike. And a taxonomy exported as CSV, edited and imported back: a wrong file first (its error, nothing
 * changed), then the preview of the edited export, applied.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TAG_MERGE_MESSAGES, TAG_MERGE_TEXTS } from '../../shared/tag-merge';
import { TAXONOMY_CSV_MESSAGES, TAXONOMY_CSV_TEXTS } from '../../shared/taxonomy-csv';
import { NEW_TAG_TITLE, NEW_TAXONOMY_TITLE, TAXONOMY_FIELD_LABELS, TAXONOMY_TEXTS } from '../../shared/taxonomies-admin';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { cardLink, createItemFromIndex, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

async function createPublicTaxonomy(page: Page, title: string): Promise<void> {
  await page.goto('/admin/taxonomy');
  await page.getByRole('button', { name: TAXONOMY_TEXTS.createNew }).click();
  const dialog = page.getByRole('dialog', { name: NEW_TAXONOMY_TITLE });
  await dialog.getByLabel(TAXONOMY_FIELD_LABELS.title).fill(title);
  await dialog.getByLabel(TAXONOMY_FIELD_LABELS.multiselect).check();
  await dialog.getByLabel(TAXONOMY_FIELD_LABELS.public).check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await pageHeading(page).filter({ hasText: title }).waitFor();
}

async function addTag(page: Page, label: string, parent = ''): Promise<string> {
  // By keyboard: the previous tag's notification covers New Tag at 1280 px for its 5 s, and a click waits them out.
  await page.getByRole('button', { name: NEW_TAG_TITLE }).press('Enter');
  const dialog = page.getByRole('dialog', { name: NEW_TAG_TITLE });
  await dialog.getByLabel(TAXONOMY_TEXTS.label).fill(label);
  if (parent) await dialog.getByLabel(TAXONOMY_TEXTS.parent).selectOption({ label: parent });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const merge = page.getByRole('link', { name: TAG_MERGE_TEXTS.actionLabel(label), exact: true });
  return (await merge.getAttribute('href'))!.split('/')[3]!;
}

/** Quick tagging as the admin's browser sends it (the session cookie and the XSRF token): whether it was saved. */
async function tagItem(page: Page, itemRef: string, tagRef: string): Promise<boolean> {
  return page.evaluate(async (path) => {
    const token = decodeURIComponent(
      document.cookie
        .split(/;\s*/)
        .find((pair) => pair.startsWith('XSRF-TOKEN='))
        ?.slice(11) ?? '',
    );
    const response = await fetch(path, { method: 'POST', headers: { 'x-xsrf-token': token }, redirect: 'manual' });
    return response.type === 'opaqueredirect';
  }, `/i/${itemRef}/tag/${tagRef}`);
}

/** Chooses a file in the import form from text, as the admin would from their disk. */
async function chooseCsv(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel(TAXONOMY_CSV_TEXTS.file).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: merge two tags, a taxonomy as CSV', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('previews the merge, merges, and the old /tag address lands on the target', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'superadmin@example.org');
      const stamp = `${size.width}x${Date.now()}`;
      const title = `Flocks ${stamp}`;
      const [source, target, child] = [`Lambs ${stamp}`, `Sheep ${stamp}`, `Ewes ${stamp}`];
      await createPublicTaxonomy(page, title);
      const taxonomyPath = new URL(page.url()).pathname;
      const sourceRef = await addTag(page, source);
      const targetRef = await addTag(page, target);
      await addTag(page, child, source);

      const [onlySource, both] = [`Shearing guide ${stamp}`, `Lambing rota ${stamp}`];
      const onlySourceRef = await createItemFromIndex(page, onlySource);
      const bothRef = await createItemFromIndex(page, both);
      expect(await tagItem(page, onlySourceRef, sourceRef)).toBe(true);
      expect(await tagItem(page, bothRef, sourceRef)).toBe(true);
      expect(await tagItem(page, bothRef, targetRef)).toBe(true);

      await page.goto(taxonomyPath);
      await page.getByRole('link', { name: TAG_MERGE_TEXTS.actionLabel(source), exact: true }).click();
      await pageHeading(page)
        .filter({ hasText: TAG_MERGE_TEXTS.title(source) })
        .waitFor();
      // The wrong turns the page does not offer: merging before choosing, or into the tag's own child.
      const merge = page.getByRole('button', { name: TAG_MERGE_TEXTS.submit, exact: true });
      expect(await merge.isDisabled()).toBe(true);
      const select = page.getByRole('combobox', { name: TAG_MERGE_TEXTS.target });
      expect(await select.locator('option').allInnerTexts()).not.toContain(`${source} > ${child}`);
      await expectAccessible(page, 'the merge page before a target is chosen');

      await select.selectOption({ label: target });
      const preview = page.getByRole('region', { name: TAG_MERGE_TEXTS.previewHeading });
      await preview.getByText(`2 items will be re-tagged, 1 already has ${target}.`).waitFor();
      await preview.getByText(`1 child tag moves under ${target}.`).waitFor();
      const oldPath = `/tag/${encodeURIComponent(source.toLowerCase())}`;
      const newPath = `/tag/${encodeURIComponent(target.toLowerCase())}`;
      await preview.getByText(`${oldPath} will lead to ${newPath}.`).waitFor();
      await expectAccessible(page, 'the merge preview');
      await expectNoSidewaysScroll(page, 'the merge preview');

      await merge.click();
      await page.waitForURL((url) => url.pathname === taxonomyPath);
      await page.getByText(TAG_MERGE_MESSAGES.merged(source, target)).first().waitFor();
      await page.getByRole('listitem', { name: `${target} > ${child}`, exact: true }).waitFor();
      expect(await page.getByRole('listitem', { name: source, exact: true }).count()).toBe(0);
      await expectAccessible(page, 'the tag tree after the merge');

      // The old address, opened by the admin: the target's page with both items (drafts, which admins see).
      await page.goto(oldPath);
      await page.waitForURL((url) => url.pathname === newPath);
      await pageHeading(page).filter({ hasText: target }).waitFor();
      await cardLink(page, onlySource).waitFor();
      await cardLink(page, both).waitFor();
      await expectAccessible(page, 'the target tag page reached by the old address');
      await expectNoSidewaysScroll(page, 'the target tag page');

      // And by a visitor, who cannot see the drafts: the same page.
      const visitor = await open(oldPath, size);
      await visitor.waitForURL((url) => url.pathname === newPath);
      await pageHeading(visitor).filter({ hasText: target }).waitFor();
      expect(await cardLink(visitor, onlySource).count()).toBe(0);
    });

    it('exports a taxonomy as CSV and imports an edited copy after a wrong file, with its preview', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, 'superadmin@example.org');
      const stamp = `${size.width}x${Date.now()}`;
      const title = `Rooms ${stamp}`;
      await createPublicTaxonomy(page, title);
      const taxonomyPath = new URL(page.url()).pathname;
      await addTag(page, 'Hall');
      await addTag(page, 'Kitchen');

      const exported = await page.context().request.get(`${taxonomyPath}/csv`);
      expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
      const csv = await exported.text();
      expect(csv.split('\r\n')[0]).toBe('ref,label,parent,position,force_show_in_filtering');

      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByText(TAXONOMY_CSV_TEXTS.import, { exact: true }).click();
      await pageHeading(page)
        .filter({ hasText: TAXONOMY_CSV_TEXTS.title(title) })
        .waitFor();
      // A wrong turn: a file whose header is not the export's.
      await chooseCsv(page, 'rooms.csv', 'name\nHall\n');
      await page.getByRole('button', { name: TAXONOMY_CSV_TEXTS.preview }).click();
      await page.getByText(TAXONOMY_CSV_MESSAGES.unknownColumn('name')).first().waitFor();
      await expectAccessible(page, 'the import form with a refused file');

      const edited = csv.replace(',Kitchen,,1,no', ',Galley,,1,no') + ',Pantry,Galley,,\r\n';
      await chooseCsv(page, 'rooms.csv', edited);
      await page.getByRole('button', { name: TAXONOMY_CSV_TEXTS.preview }).click();
      const preview = page.getByRole('region', { name: TAXONOMY_CSV_TEXTS.previewHeading });
      await preview.getByText('Pantry (under Galley)').waitFor();
      await preview.getByText('Kitchen → Galley').waitFor();
      await expectAccessible(page, 'the import preview');
      await expectNoSidewaysScroll(page, 'the import preview');
      await preview.getByRole('button', { name: TAXONOMY_CSV_TEXTS.apply }).click();
      await page.waitForURL((url) => url.pathname === taxonomyPath);
      await page.getByText(TAXONOMY_CSV_MESSAGES.imported('1 tag added, 1 renamed')).first().waitFor();
      await page.getByRole('listitem', { name: 'Galley > Pantry', exact: true }).waitFor();
      expect(await page.getByRole('listitem', { name: 'Kitchen', exact: true }).count()).toBe(0);
    });
  });
});
