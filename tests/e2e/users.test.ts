import { describe, expect, it } from 'vitest';
import { pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** Impersonation is for superadmins (docs/decisions.md), so the demo superadmin does it. */
const SUPERADMIN_EMAIL = 'superadmin@example.org';
const MEMBER_NAME = 'Maya Thompson';

describe.skipIf(Boolean(e2e.skipReason))('Managing users in a browser', () => {
  it('finds a user, acts as them with a banner on every page, and returns to the own account', async () => {
    const page = await open('/');
    await signInWithEmail(page, SUPERADMIN_EMAIL);
    await page.goto('/user');
    await pageHeading(page).filter({ hasText: 'Users' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill('maya');
    await page.waitForURL((url) => url.pathname === '/user' && url.searchParams.get('search') === 'maya');
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('link', { name: MEMBER_NAME, exact: true }).click();
    await pageHeading(page).filter({ hasText: MEMBER_NAME }).waitFor();
    const userPath = new URL(page.url()).pathname;
    expect(userPath).toMatch(/^\/user\/[0-9a-z]{12}$/);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Log in as this user' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const banner = page.getByRole('status').filter({ hasText: `You are acting as ${MEMBER_NAME}` });
    await banner.waitFor();

    // The banner stays on other pages, and the viewer really is the member now: the user list is refused.
    await page.goto('/item');
    await banner.waitFor();
    await page.goto('/user');
    await pageHeading(page).filter({ hasText: 'Forbidden' }).waitFor();

    await banner.getByRole('button', { name: 'Return to my account' }).click();
    await page.waitForURL((url) => url.pathname === userPath);
    await pageHeading(page).filter({ hasText: MEMBER_NAME }).waitFor();
    expect(await page.getByText(/You are acting as/).count()).toBe(0);
    await page.getByRole('button', { name: 'Log in as this user' }).waitFor();
  });
});
