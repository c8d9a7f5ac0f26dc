import { describe, expect, it } from 'vitest';
import { CURRENT_PAGE_ERRORS_TITLE, EMAIL_BANNER, ERROR_PAGES } from '../../shared/messages';
import { useBrowser } from './browser';
import { mainNav, nameOf, signInAs } from './support';

const e2e = useBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

describe.skipIf(Boolean(e2e.skipReason))('Equip in a browser', () => {
  it('shows an anonymous visitor the home page with public sections and a Login button', async () => {
    const page = await e2e.open('/', DESKTOP);
    expect(await page.title()).toBe('Home - Equip');
    const sections = page.getByRole('navigation', { name: 'Library sections' });
    await sections.getByRole('link', { name: /Resources/ }).waitFor();
    expect(await sections.getByRole('link', { name: /Training/ }).count()).toBe(1);
    expect(await sections.getByRole('link', { name: /People/ }).count()).toBe(0);
    expect(await sections.getByRole('link', { name: /Equipment/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(1);
    expect(await mainNav(page).getByRole('link', { name: 'Drafts' }).count()).toBe(0);
    await mainNav(page).getByRole('link', { name: 'All Items' }).waitFor();
  });

  it('opens the login modal with the three providers', async () => {
    const page = await e2e.open('/', DESKTOP);
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The browser tests' server has no provider credentials: each provider is a disabled button with the reason.
    for (const provider of ['Google', 'Microsoft', 'Facebook']) {
      const button = dialog.getByRole('button', { name: `Continue with ${provider}` });
      expect(await button.isDisabled()).toBe(true);
    }
    expect(await dialog.getByText('Not configured on this server').count()).toBe(3);
  });

  it('signs in as a demo admin, greets with a toast and shows the admin layout', async () => {
    const page = await e2e.open('/', DESKTOP);
    await signInAs(page, await nameOf(page, 'admin@example.org'));
    const toast = page.getByRole('alert').filter({ hasText: 'Welcome' });
    await toast.waitFor();
    await mainNav(page).getByRole('link', { name: 'System Admin' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Unpublished' }).count()).toBe(1);
    const sections = page.getByRole('navigation', { name: 'Library sections' });
    await sections.getByRole('link', { name: /People/ }).waitFor();
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await toast.waitFor({ state: 'detached' });
  });

  it('navigates without a full reload and shows the 404 page for an unknown route', async () => {
    const page = await e2e.open('/', DESKTOP);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'More about signing in' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
    // An Inertia visit keeps the same window: no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: ERROR_PAGES[404].title }).waitFor();
    expect(await page.getByText(ERROR_PAGES[404].message).count()).toBe(1);
    expect(await page.title()).toContain(' - Equip');
    await page.getByRole('link', { name: 'Equip' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Library sections' }).waitFor();
  });

  it('lists the page errors in the Current Page Errors modal', async () => {
    const page = await e2e.open('/dev/login', DESKTOP);
    await page
      .locator('input[name="email"]')
      .first()
      .evaluate((input: HTMLInputElement) => (input.value = 'nobody@example.org'));
    await page.locator('form button[type="submit"]').first().click();
    const indicator = page.getByRole('button', { name: new RegExp(CURRENT_PAGE_ERRORS_TITLE) });
    await indicator.click();
    const dialog = page.getByRole('dialog', { name: CURRENT_PAGE_ERRORS_TITLE });
    await dialog.waitFor();
    expect(await dialog.getByText(/^email: /).count()).toBe(1);
  });

  it('asks an unverified user to verify and resends the e-mail', async () => {
    const page = await e2e.open('/', DESKTOP);
    await signInAs(page, await nameOf(page, 'unverified@example.org'));
    await page.getByText(EMAIL_BANNER.unverified).waitFor();
    await page.getByRole('button', { name: EMAIL_BANNER.resend }).click();
    await page.getByRole('alert').filter({ hasText: 'Verification email sent' }).waitFor();
  });

  it('logs out from the user menu', async () => {
    const page = await e2e.open('/', DESKTOP);
    await signInAs(page, await nameOf(page, 'member@example.org'));
    await page.getByRole('button', { name: /^User menu for/ }).click();
    const menu = page.locator('.dropdown-menu.show');
    await menu.waitFor();
    const menuItems = await menu.locator('.dropdown-item').allInnerTexts();
    expect(menuItems.map((t) => t.trim())).toEqual([
      'My Tasks',
      'Shared With Me',
      'Shared To Others',
      'My Collections',
      'My Affirmations',
      'Profile',
      'Logout',
    ]);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'You have been logged out.' }).waitFor();
  });

  it('hides the sidebar behind a menu button at 375 px and shows it inline at 1280 px', async () => {
    const phone = await e2e.open('/', PHONE);
    expect(
      await mainNav(phone)
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    await phone.getByRole('button', { name: 'Navigation menu' }).click();
    await mainNav(phone).getByRole('link', { name: 'All Items' }).waitFor();
    const phoneWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(phoneWidth).toBeLessThanOrEqual(PHONE.width);
    await e2e.context.close();

    const desktop = await e2e.open('/', DESKTOP);
    await mainNav(desktop).getByRole('link', { name: 'All Items' }).waitFor();
    expect(await desktop.getByRole('button', { name: 'Navigation menu' }).count()).toBe(0);
  });
});
