import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_NOTICES } from '../../server/auth/messages';
import { EMAIL_BANNER } from '../../shared/messages';
import { PROFILE_MESSAGES, PROFILE_TEXT } from '../../shared/profile';
import { decodedBody } from '../support/smtp';
import { nameOf, pageHeading, signInAs, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A demo account no other e2e test uses; the test gives it its own address back, verified, at the end. */
const ACCOUNT = 'leader@example.org';

/**
 * The verification path in the newest message to `to` written after `since`. Without SMTP_URL the e2e server writes
 * each message as an .eml file under its DATA_DIR/mail (a temporary `equip-e2e-*` folder, see global-setup.ts).
 */
async function verificationPathFor(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = await newestMailTo(to, since);
    const match = found && /\/profile\/verify\/[A-Za-z0-9_-]{43}/.exec(decodedBody(found));
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification e-mail to ${to} arrived`);
}

async function newestMailTo(to: string, since: number): Promise<string | null> {
  const roots = (await readdir(os.tmpdir())).filter((name) => name.startsWith('equip-e2e-'));
  let newest: { time: number; text: string } | null = null;
  for (const root of roots) {
    const folder = path.join(os.tmpdir(), root, 'mail');
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const full = path.join(folder, file);
      const time = (await stat(full)).mtimeMs;
      if (time < since || (newest && time <= newest.time)) continue;
      const text = await readFile(full, 'utf8');
      if (new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'm').test(text)) newest = { time, text };
    }
  }
  return newest?.text ?? null;
}

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: EMAIL_BANNER.unverified });

/** Changes the address with the profile's e-mail prompt and waits for the saved notice. */
async function changeEmail(page: Page, email: string): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-email').getByRole('button', { name: PROFILE_TEXT.changeEmail }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(PROFILE_TEXT.emailLabel).fill(email);
  await dialog.getByRole('button', { name: PROFILE_TEXT.saveEmail }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: PROFILE_MESSAGES.emailSaved(email) })
    .waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens the link of the verification e-mail and waits for the banner to go. */
async function verifyFromMail(page: Page, email: string, since: number): Promise<void> {
  await page.goto(await verificationPathFor(email, since));
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('alert').filter({ hasText: AUTH_NOTICES.emailVerified }).waitFor();
  expect(await banner(page).count()).toBe(0);
}

describe.skipIf(Boolean(e2e.skipReason))('the profile e-mail', () => {
  it('changes the address on /profile: the banner asks to verify it, and the e-mailed link makes it go', async () => {
    const page = await open('/');
    await signInAs(page, await nameOf(page, ACCOUNT));
    expect(await banner(page).count()).toBe(0);

    await page.goto('/profile');
    await pageHeading(page).filter({ hasText: PROFILE_TEXT.title }).waitFor();
    const emailCell = page.getByTestId('profile-email');
    await emailCell.getByText(ACCOUNT, { exact: true }).waitFor();
    await emailCell.getByText(PROFILE_TEXT.verified, { exact: true }).waitFor();

    const since = Date.now() - 1000;
    const newAddress = `sarah.${randomBytes(4).toString('hex')}@example.org`;
    await changeEmail(page, newAddress);
    await emailCell.getByText(newAddress, { exact: true }).waitFor();
    await emailCell.getByText(PROFILE_TEXT.unverified, { exact: true }).waitFor();
    await banner(page).waitFor();
    await banner(page).getByRole('button', { name: EMAIL_BANNER.resend }).waitFor();

    await verifyFromMail(page, newAddress, since);
    await page.goto('/profile');
    await emailCell.getByText(PROFILE_TEXT.verified, { exact: true }).waitFor();

    // Back to the demo account's own address (demo sign-in finds accounts by it), verified again.
    const restoring = Date.now() - 1000;
    await changeEmail(page, ACCOUNT);
    await banner(page).waitFor();
    await verifyFromMail(page, ACCOUNT, restoring);
  });
});
