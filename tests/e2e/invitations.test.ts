import { describe, expect, it } from 'vitest';
import { ELEVATE_USERS_TITLE, INVITATION_MESSAGES } from '../../shared/invitations';
import { nameOf, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A Member (level 1) no other e2e test depends on the level of. */
const RECIPIENT_EMAIL = 'unverified@example.org';

describe.skipIf(Boolean(e2e.skipReason))('User invitations in a browser', () => {
  it('an admin invites two addresses; one recipient signs in from the link, accepts, and has the new level', async () => {
    const admin = await open('/');
    await signInWithEmail(admin, 'admin@example.org');
    await admin.goto('/user_invitation');
    await admin.getByRole('button', { name: ELEVATE_USERS_TITLE }).click();
    const dialog = admin.getByRole('dialog', { name: ELEVATE_USERS_TITLE });
    await dialog.getByLabel('User type').selectOption({ label: 'Affiliate (level 2)' });
    await dialog.getByLabel('Reference note').fill('E2E: two new helpers');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL((url) => /^\/user_invitation\/[0-9a-z]{12}$/.test(url.pathname));
    await pageHeading(admin).filter({ hasText: 'Invitation: Affiliate' }).waitFor();

    await admin.getByLabel('E-mail addresses, one per line').fill(`${RECIPIENT_EMAIL}\nsecond.helper@example.com`);
    await admin.getByRole('button', { name: 'Send Invitation' }).click();
    await admin.getByText(`${RECIPIENT_EMAIL}, second.helper@example.com`).waitFor();
    await admin
      .getByRole('alert')
      .filter({ hasText: INVITATION_MESSAGES.sent(2) })
      .waitFor();
    const acceptLink = await admin.getByRole('textbox', { name: 'Accept link' }).inputValue();
    const acceptPath = new URL(acceptLink).pathname;
    expect(acceptPath).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);

    // The recipient opens the link without being signed in: the link is its own sign-in page, saying who invites and
    // to what; signing in comes back to the invitation.
    const recipient = await open(acceptPath);
    await recipient.getByText('Grace Adeyemi invites you to become an Affiliate, level 2.').waitFor();
    expect(new URL(recipient.url()).pathname).toBe(acceptPath);
    const name = await nameOf(recipient, RECIPIENT_EMAIL);
    await recipient.getByRole('button', { name: `Sign in as ${name}` }).click();
    await recipient.waitForURL((url) => url.pathname === acceptPath);
    await recipient.getByRole('heading', { name: 'Grace Adeyemi invites you to become an Affiliate' }).waitFor();
    await recipient.getByRole('button', { name: 'Accept Invitation' }).click();
    await recipient.waitForURL((url) => url.pathname === '/');
    await recipient
      .getByRole('alert')
      .filter({ hasText: INVITATION_MESSAGES.accepted('Affiliate') })
      .waitFor();

    await recipient.goto('/dev/login');
    const row = recipient.getByRole('row').filter({ has: recipient.getByRole('cell', { name: RECIPIENT_EMAIL, exact: true }) });
    expect((await row.getByRole('cell').nth(1).innerText()).trim()).toBe('2 (Affiliates)');

    // Single use: the link is gone for anyone else.
    await admin.goto(acceptPath);
    await pageHeading(admin).filter({ hasText: 'Resource No Longer Available' }).waitFor();
  });
});
