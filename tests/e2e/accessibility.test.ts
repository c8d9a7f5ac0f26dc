/**
 * An axe-core sweep of the pages people use most, for each kind of visitor, at 1280 px: no WCAG 2.2 A/AA violation
 * of any impact (the journeys check the states they reach, and the shell journey the same pages at 375 px).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_COOKIE } from '../../shared/theme';
import { DESKTOP, expectAccessible } from './journey';
import { signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

const ANONYMOUS_PAGES = ['/', '/login', '/item', '/popular'];
const MEMBER_PAGES = ['/collection', '/task', '/affirmation', '/profile', '/share'];
const ADMIN_PAGES = [
  '/admin',
  '/admin/comment',
  '/admin/characteristic',
  '/admin/affirmation',
  '/admin/taxonomy',
  '/admin/stats',
  '/admin/stats/url',
  '/user',
  '/documentation',
];
const SUPERADMIN_PAGES = ['/admin/advanced'];

async function expectAccessibleHere(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, new URL(page.url()).pathname);
}

async function expectAccessiblePages(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await expectAccessibleHere(page);
  }
}

/** Opens the first item of the index and checks its page too. */
async function expectAccessibleFirstItem(page: Page): Promise<void> {
  await page.goto('/item');
  await page.getByRole('list', { name: 'Items' }).getByRole('article').first().getByRole('link').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  await expectAccessibleHere(page);
}

describe.skipIf(Boolean(e2e.skipReason))('Accessibility (axe-core, WCAG 2.2 A/AA, any impact)', () => {
  it('has no violation for a visitor', async () => {
    const page = await open('/', DESKTOP);
    await expectAccessiblePages(page, ANONYMOUS_PAGES);
    await expectAccessibleFirstItem(page);
  });

  it('has no violation for a member', async () => {
    const page = await open('/', DESKTOP);
    await signInWithEmail(page, 'member@example.org');
    await expectAccessiblePages(page, MEMBER_PAGES);
  });

  // In parts: all the admin pages in one test took 41 s on a loaded CI machine, two thirds of the test's limit.
  it.each([
    ['the admin area', ADMIN_PAGES.slice(0, 5)],
    ['stats, users and documentation', ADMIN_PAGES.slice(5)],
  ])('has no violation on %s', async (_, paths) => {
    const page = await open('/', DESKTOP);
    await signInWithEmail(page, 'superadmin@example.org');
    await expectAccessiblePages(page, paths);
  });

  it('has no violation on the Advanced page, with a report and a recent run, and on an item page for a superadmin', async () => {
    const page = await open('/', DESKTOP);
    await signInWithEmail(page, 'superadmin@example.org');
    await expectAccessiblePages(page, SUPERADMIN_PAGES);
    await page.getByRole('button', { name: 'About' }).click();
    await page
      .getByLabel('Response')
      .filter({ hasText: /^about \(/ })
      .waitFor();
    await expectAccessibleHere(page);
    await expectAccessibleFirstItem(page);
  });
});

describe.skipIf(Boolean(e2e.skipReason))('Accessibility in the dark theme (issue 20 §5)', () => {
  it('has no violation for a visitor or a member who chose Dark', async () => {
    const page = await open('/', DESKTOP);
    await e2e.context.addCookies([{ name: THEME_COOKIE, value: 'dark', url: e2e.baseUrl }]);
    await expectAccessiblePages(page, ANONYMOUS_PAGES);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');
    await expectAccessibleFirstItem(page);
    await signInWithEmail(page, 'member@example.org');
    await expectAccessiblePages(page, MEMBER_PAGES);
  });
});
