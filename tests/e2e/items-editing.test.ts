import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCESS_REQUEST_TEXTS } from '../../shared/access-requests';
import { ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import { cardLink, itemHeader, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/**
 * Seeded items these tests use (see server/db/seed): each test touches its own item and leaves it
 * as it found it, so the tests do not depend on each other or on their order.
 */
const MEMBER_EMAIL = 'member@example.org';
/** A DRAFT maintained by member@, renamed and renamed back by the inline-edit test. */
const EDITED_DRAFT = 'Online Safety Workshop';
/** A DRAFT maintained by member@, submitted and reverted by the workflow test. */
const SUBMITTED_DRAFT = 'Small Group Study: Patience';
/** A DISCOVERABLE item at the staff level (4), with a title no other item has. */
const STAFF_ITEM = 'Honesty Prayer Stations';

/** Opens one of the viewer's own drafts from the Drafts list. */
async function openOwnDraft(page: Page, title: string): Promise<void> {
  await page.goto('/draft');
  await cardLink(page, title).click();
  await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  await pageHeading(page).filter({ hasText: title }).waitFor();
}

/** The item header's visibility badge, by its label. */
const visibilityBadge = (page: Page, label: string) => itemHeader(page).getByText(label, { exact: true });

/** Turns edit mode on with the item's Edit toggle, unless it is on already. */
async function startEditing(page: Page): Promise<void> {
  const actions = page.getByRole('toolbar', { name: 'Item actions' });
  const stop = actions.getByRole('button', { name: 'Stop Editing', pressed: true });
  if (await stop.isVisible()) return;
  await actions.getByRole('button', { name: 'Edit', exact: true, pressed: false }).click();
  await stop.waitFor();
}

/** Renames the item with the title's inline editor: its edit button, type, Enter. */
async function renameTo(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit Title' }).click();
  const input = page.getByRole('textbox', { name: 'Title', exact: true });
  await input.fill(title);
  await input.press('Enter');
  await page.getByRole('img', { name: 'Title saved' }).waitFor();
  await pageHeading(page)
    .filter({ hasText: new RegExp(`^${escapeRegExp(title)}$`) })
    .waitFor();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe.skipIf(Boolean(e2e.skipReason))('Contributing items in a browser', () => {
  it('lets a maintainer edit the title inline: Enter saves and persists, Escape cancels', async () => {
    const page = await open('/');
    await signInWithEmail(page, MEMBER_EMAIL);
    await openOwnDraft(page, EDITED_DRAFT);
    expect(await page.getByRole('button', { name: 'Edit Title' }).count()).toBe(0);
    await startEditing(page);

    const renamed = `${EDITED_DRAFT} (renamed in a browser)`;
    await renameTo(page, renamed);
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).count()).toBe(0);

    await page.reload();
    await pageHeading(page).filter({ hasText: renamed }).waitFor();
    expect(await page.title()).toBe(`${renamed} - Equip`);

    // Clicking the value opens its editor too; Escape leaves it without saving.
    await startEditing(page);
    await page.getByRole('region', { name: 'Details' }).getByText(renamed, { exact: true }).click();
    const input = page.getByRole('textbox', { name: 'Title', exact: true });
    await input.fill('A title nobody saves');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    expect((await pageHeading(page).innerText()).trim()).toBe(renamed);
    await page.reload();
    await pageHeading(page).filter({ hasText: renamed }).waitFor();

    // Put the seeded title back.
    await startEditing(page);
    await renameTo(page, EDITED_DRAFT);
  });

  it('lets a maintainer who is not an admin submit a draft for publishing and revert it to draft', async () => {
    const page = await open('/');
    await signInWithEmail(page, MEMBER_EMAIL);
    await openOwnDraft(page, SUBMITTED_DRAFT);
    await visibilityBadge(page, 'Draft').waitFor();

    const submit = page.getByRole('button', { name: 'Submit for Publishing' });
    const revert = page.getByRole('button', { name: 'Revert to Draft' });
    // The workflow buttons may live in edit mode.
    if (!(await submit.isVisible())) await startEditing(page);
    await submit.click();
    await visibilityBadge(page, 'Pending').waitFor();
    await revert.waitFor();
    expect(await submit.count()).toBe(0);

    await page.reload();
    await visibilityBadge(page, 'Pending').waitFor();
    if (!(await revert.isVisible())) await startEditing(page);
    await revert.click();
    await visibilityBadge(page, 'Draft').waitFor();
    await submit.waitFor();
    expect(await revert.count()).toBe(0);
  });

  it('creates a new item from the index: errors under the fields first, then the new draft opens', async () => {
    const page = await open('/');
    await signInWithEmail(page, 'affiliate@example.org');
    await page.goto('/item');
    await page.getByRole('button', { name: 'Create New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Item' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'OK' }).click();
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await dialog.getByText('Please enter a title.').waitFor();
    expect(await title.getAttribute('class')).toContain('is-invalid');
    expect(page.url()).toMatch(/\/item$/);

    const newTitle = `Browser-made Training ${Date.now()}`;
    await title.fill(newTitle);
    await dialog.getByRole('textbox', { name: 'Topic' }).fill('Made by the e2e tests');
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Training' });
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/i/'));
    await pageHeading(page).filter({ hasText: newTitle }).waitFor();
    await visibilityBadge(page, 'Draft').waitFor();
    await page.getByRole('region', { name: 'Tags' }).getByRole('link', { name: 'Training', exact: true }).waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('answers an anonymous visitor of a staff-level item with the 403 page, without its title', async () => {
    // Find the item's address as someone who may open it.
    const staff = await open('/');
    await signInWithEmail(staff, 'staff@example.org');
    await staff.goto(`/item?${new URLSearchParams({ search: STAFF_ITEM })}`);
    const href = await cardLink(staff, STAFF_ITEM).getAttribute('href');
    expect(href).toMatch(/^\/i\/[0-9a-z]+$/);
    await e2e.context.close();

    const page = await open(href!);
    await pageHeading(page).filter({ hasText: ERROR_PAGES[403].title }).waitFor();
    await page.getByText(ERROR_PAGES[403].message).waitFor();
    // Said once: the help's own log-in line, not the server's hint as well.
    await page.getByText(ACCESS_REQUEST_TEXTS.signInHelp).waitFor();
    expect(await page.getByText(SIGN_IN_HINT).count()).toBe(0);
    expect(await page.title()).not.toContain(STAFF_ITEM);
    expect(await page.content()).not.toContain(STAFF_ITEM);
  });
});
