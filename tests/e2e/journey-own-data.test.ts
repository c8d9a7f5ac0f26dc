/**
 * One's own data, at 375 px (the sideways check at 320 px too). Download my data: on the profile a person asks for
 * their data; the section says it is being prepared and lists the request as preparing, with no button to ask again;
 * the button still open in a second tab asks again and is refused, changing nothing. (The hourly job that prepares the
 * archive is not waited for.) Delete my account: the card and its dialog read the same impact list; by keyboard the
 * dialog opens on its field, Tab comes back round to it, a wrong word is the field's error with the dialog still open
 * and what was typed kept, and Escape closes it; then DELETE signs the person out, the home page tells them of their 30
 * days, and signing in again from the demo sign-in page, which still offers them, welcomes them back to a profile
 * that works. Axe and the sideways check run on the states reached.
 *
 * The e2e files share one server and database (global-setup.ts) and run one after another, so the account deleted
 * here is back, whole, before the next file starts: its sessions and data requests are gone for good, as for anyone.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_MESSAGES, DELETE_ACCOUNT_TEXTS, deletionImpactLines, type AccountDeletionImpact } from '../../shared/account-deletion';
import { DATA_EXPORT_MESSAGES, DATA_EXPORT_TEXT } from '../../shared/data-export';
import { PROFILE_TEXT } from '../../shared/profile';
import { expectAccessible, expectNoSidewaysScroll, focused, PHONE, SMALLEST_PHONE, tabTo } from './journey';
import { nameOf, pageHeading, signInAs, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/**
 * A verified demo account, neither an admin (the last admin may not delete themself) nor signed in as by any other
 * browser test but sharing.test.ts, which only grants it an item and opens it: nothing here depends on that, and the
 * account comes back whole before that file runs.
 */
const PERSON = 'usermanager@example.org';
/** TRASH_RETENTION_DAYS of the e2e server (the default). */
const RETENTION_DAYS = 30;

/** A flash notification, by its exact words. */
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text }).first();

/** Another tab of the same browser (same cookies), watched for uncaught script errors as the first is. */
async function secondTab(page: Page, pathname: string): Promise<{ tab: Page; errors: string[] }> {
  const tab = await page.context().newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(`${error.message.slice(0, 120)} (on ${new URL(tab.url()).pathname})`));
  await tab.goto(pathname);
  return { tab, errors };
}

/** The lines of an impact list, as read. */
const linesOf = (list: Locator) => list.getByRole('listitem').allInnerTexts();

/** The counts an impact list says, read back from its lines in deletionImpactLines' order. */
function impactSaidBy(lines: string[]): AccountDeletionImpact {
  const counts = lines.map((line) => [...line.matchAll(/(\d[\d,]*) /g)].map((match) => Number(match[1]!.replace(/,/g, ''))));
  const said = (line: number, at = 0) => counts[line]?.[at] ?? Number.NaN;
  return {
    comments: said(0),
    itemsMaintained: said(1),
    collections: said(2),
    follows: said(3),
    affirmations: said(3, 1),
    sharesGiven: said(4),
    sharesReceived: said(5),
    tasksAssigned: said(6),
    accessTokens: said(7),
    personPage: lines.length === 9,
  };
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: one’s own data, at 375 px', () => {
  it('asks for my data once; asking again from a second tab is refused and changes nothing', async () => {
    const page = await open('/', PHONE);
    await signInAs(page, await nameOf(page, PERSON));
    await page.goto('/profile');
    const section = page.getByRole('region', { name: DATA_EXPORT_TEXT.title });
    const prepare = section.getByRole('button', { name: DATA_EXPORT_TEXT.request, exact: true });
    await prepare.waitFor();
    await section.getByText(DATA_EXPORT_TEXT.none, { exact: true }).waitFor();

    // The same profile in a second tab, its button still there.
    const { tab: other, errors: otherErrors } = await secondTab(page, '/profile');
    const otherSection = other.getByRole('region', { name: DATA_EXPORT_TEXT.title });
    await otherSection.getByRole('button', { name: DATA_EXPORT_TEXT.request, exact: true }).waitFor();

    // Asked: the section says it is being prepared, lists the request as preparing, and offers no second ask.
    await prepare.click();
    await toast(page, DATA_EXPORT_MESSAGES.requested).waitFor();
    await section.getByText(DATA_EXPORT_TEXT.preparing, { exact: true }).waitFor();
    const requests = section.getByRole('list', { name: DATA_EXPORT_TEXT.listLabel }).getByRole('listitem');
    await requests.first().waitFor();
    expect(await requests.count()).toBe(1);
    await requests.first().getByText(DATA_EXPORT_TEXT.states.preparing, { exact: true }).waitFor();
    await requests
      .first()
      .getByText(new RegExp(`^${DATA_EXPORT_TEXT.requested} \\S`))
      .waitFor();
    expect(await prepare.count()).toBe(0);
    expect(await section.getByText(DATA_EXPORT_TEXT.none, { exact: true }).count()).toBe(0);

    // The wrong turn: the second tab's button asks again. Refused, saying why; still the one request, preparing.
    await otherSection.getByRole('button', { name: DATA_EXPORT_TEXT.request, exact: true }).click();
    await toast(other, DATA_EXPORT_MESSAGES.alreadyPreparing).waitFor();
    const otherRequests = otherSection.getByRole('list', { name: DATA_EXPORT_TEXT.listLabel }).getByRole('listitem');
    await otherRequests.first().getByText(DATA_EXPORT_TEXT.states.preparing, { exact: true }).waitFor();
    expect(await otherRequests.count()).toBe(1);
    expect(await otherSection.getByRole('button', { name: DATA_EXPORT_TEXT.request }).count()).toBe(0);
    expect(otherErrors, 'uncaught errors in the second tab').toEqual([]);
    await other.close();

    await page.reload();
    await requests.first().getByText(DATA_EXPORT_TEXT.states.preparing, { exact: true }).waitFor();
    expect(await requests.count()).toBe(1);
    await section.getByText(DATA_EXPORT_TEXT.preparing, { exact: true }).waitFor();
    await expectAccessible(page, 'Download my data while it is prepared');
    await page.setViewportSize(SMALLEST_PHONE);
    await expectNoSidewaysScroll(page, 'Download my data while it is prepared, at 320 px');
  }, 45_000);

  it('deletes my account after a wrong word, and signing in again brings it back', async () => {
    const page = await open('/', PHONE);
    const name = await nameOf(page, PERSON);
    await signInAs(page, name);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: DELETE_ACCOUNT_TEXTS.title });
    const opener = section.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.open, exact: true });
    await opener.waitFor();
    const cardLines = await linesOf(section.getByRole('list', { name: DELETE_ACCOUNT_TEXTS.title }));
    expect(cardLines.length).toBeGreaterThanOrEqual(8);
    expect(cardLines).toEqual(deletionImpactLines(impactSaidBy(cardLines)));

    // By keyboard from the top of the page: the dialog opens on its field and says what goes, as the card does.
    expect(await tabTo(page, opener, 150), 'Tab reaches Delete my account…').toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DELETE_ACCOUNT_TEXTS.dialogTitle });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', label: DELETE_ACCOUNT_TEXTS.confirmLabel, inDialog: true });
    const field = dialog.getByRole('textbox', { name: DELETE_ACCOUNT_TEXTS.confirmLabel });
    await dialog.getByText(DELETE_ACCOUNT_TEXTS.intro(RETENTION_DAYS), { exact: true }).waitFor();
    expect(await linesOf(dialog.getByRole('list', { name: DELETE_ACCOUNT_TEXTS.dialogTitle }))).toEqual(cardLines);

    // Tab goes round the dialog's controls and back to the field.
    await page.keyboard.press('Tab');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(false);
    expect(await tabTo(page, field, 8), 'Tab comes back round to the field').toBe(true);
    expect(await focused(page)).toMatchObject({ inDialog: true });

    // The wrong turn: another word, sent with Enter. The field's error; the dialog open, the word kept, the focus on it.
    await page.keyboard.type('REMOVE');
    await page.keyboard.press('Enter');
    await dialog.getByText(DELETE_ACCOUNT_MESSAGES.confirmationWrong, { exact: true }).waitFor();
    await expect
      .poll(() => focused(page))
      .toMatchObject({ label: DELETE_ACCOUNT_TEXTS.confirmLabel, invalid: 'true', described: [DELETE_ACCOUNT_MESSAGES.confirmationWrong], inDialog: true });
    expect(await field.inputValue()).toBe('REMOVE');
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'Delete your account? with the wrong word');
    await page.setViewportSize(SMALLEST_PHONE);
    await expectNoSidewaysScroll(page, 'Delete your account? with the wrong word, at 320 px');
    await page.setViewportSize(PHONE);

    // Escape closes it, the focus back on the button, and nothing is deleted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: `User menu for ${name}` }).waitFor();

    // Opened again it starts afresh; DELETE, and the person is signed out and told of their 30 days.
    await opener.click();
    await dialog.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await dialog.getByText(DELETE_ACCOUNT_MESSAGES.confirmationWrong).count()).toBe(0);
    await field.fill('DELETE');
    await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, DELETE_ACCOUNT_MESSAGES.deleted(RETENTION_DAYS)).waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `User menu for ${name}` }).count()).toBe(0);

    // Signing in again as the same person (the demo sign-in still offers them): welcomed back, the profile theirs again.
    await page.goto('/dev/login');
    await page.getByRole('button', { name: `Sign in as ${name}` }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, DELETE_ACCOUNT_MESSAGES.restored(name)).waitFor();
    await page.getByRole('button', { name: `User menu for ${name}` }).waitFor();
    await page.goto('/profile');
    await pageHeading(page).filter({ hasText: PROFILE_TEXT.title }).waitFor();
    const details = page.getByRole('main').locator('dl');
    await details.getByText(name, { exact: true }).waitFor();
    await details.getByText(PERSON, { exact: true }).waitFor();
    await page.getByTestId('profile-email').getByText(PROFILE_TEXT.verified, { exact: true }).waitFor();
    await page.getByRole('region', { name: DELETE_ACCOUNT_TEXTS.title }).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.open, exact: true }).waitFor();
    // What was asked for before is gone for good with the deletion; asking is open again.
    const data = page.getByRole('region', { name: DATA_EXPORT_TEXT.title });
    await data.getByRole('button', { name: DATA_EXPORT_TEXT.request, exact: true }).waitFor();
    await data.getByText(DATA_EXPORT_TEXT.none, { exact: true }).waitFor();
  }, 60_000);
});
