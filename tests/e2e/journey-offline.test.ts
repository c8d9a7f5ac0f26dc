/**
 * Offline (issue 20 §3), at 375 px and 1280 px: a member saves a collection for offline, the network goes, and the
 * collection, an item in it and its files still open, with the offline banner; a page never opened does not. Back
 * online, signing out leaves no copy behind; and a page kept for someone is not shown once the browser no longer holds
 * their session.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS_TITLE } from '../../shared/collections';
import { OFFLINE_TEXT, PAGES_CACHE, SAVED_CACHE, SAVED_LIST_URL } from '../../shared/offline';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { appRunning } from './browser';
import { pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** An affiliate and their seeded collection (other journeys add collections of their own). */
const MEMBER = 'affiliate@example.org';
const COLLECTION = 'New Volunteer Induction';

const cacheKeys = (page: Page, name: string) =>
  page.evaluate(async (cacheName) => ((await caches.has(cacheName)) ? (await (await caches.open(cacheName)).keys()).map((request) => request.url) : []), name);

/** The list of saved pages on a page a person starts from (Home, My Collections), while offline. */
const savedList = (page: Page) => page.getByRole('region', { name: OFFLINE_TEXT.savedListTitle });

/** Signs the member in and opens their collection from My Collections; answers its path. */
async function openMembersCollection(page: Page): Promise<string> {
  await signInWithEmail(page, MEMBER);
  await page.goto('/collection');
  await page.getByRole('main').getByRole('link', { name: COLLECTION, exact: true }).first().click();
  await page.waitForURL((url) => /^\/collection\/[0-9a-z]+$/.test(url.pathname));
  return new URL(page.url()).pathname;
}

describe.skipIf(Boolean(e2e.skipReason))('Offline journeys', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('reads a saved collection, its items and files with no network, and forgets them at sign-out', async () => {
      const page = await open('/', size);
      const collectionPath = await openMembersCollection(page);
      const collectionTitle = await pageHeading(page).innerText();
      // The worker takes over the page it was registered from (clients.claim).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await page.getByRole('button', { name: OFFLINE_TEXT.save }).click();
      await page.getByText(OFFLINE_TEXT.saved, { exact: true }).waitFor();
      await page.getByText(/^Saved for offline: \d+ pages? and \d+ files?\.$/).waitFor();
      const saved = await cacheKeys(page, SAVED_CACHE);
      const itemPaths = saved.map((url) => new URL(url)).filter((url) => url.pathname.startsWith('/i/') && url.search === '');
      const filePaths = saved.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/content/'));
      expect(itemPaths.length).toBeGreaterThan(0);
      expect(filePaths.length).toBeGreaterThan(0);
      await expectAccessible(page, 'a collection saved for offline');

      // My Collections, opened again under the worker, is kept as it is read.
      await page.goto('/collection');
      await expect.poll(async () => (await cacheKeys(page, PAGES_CACHE)).some((url) => new URL(url).pathname === '/collection')).toBe(true);

      await page.context().setOffline(true);
      try {
        await page.goto(collectionPath);
        expect(await pageHeading(page).innerText()).toBe(collectionTitle);
        await page.getByText(OFFLINE_TEXT.banner).waitFor();
        await expectAccessible(page, 'a saved collection offline');
        await expectNoSidewaysScroll(page, 'a saved collection offline');

        // An item of it opens by its link, as an Inertia visit the worker answers.
        const itemPath = itemPaths[0]!.pathname;
        await page.locator(`main a[href="${itemPath}"]`).first().click();
        await page.waitForURL((url) => url.pathname === itemPath);
        await pageHeading(page).waitFor();
        expect(await page.getByText(OFFLINE_TEXT.banner).isVisible()).toBe(true);
        for (const file of filePaths) expect([file, await page.evaluate(async (path) => (await fetch(path)).status, file)]).toEqual([file, 200]);

        // My Collections, opened before, opens from its copy and lists what is saved (issue 36 §5).
        await page.goto('/collection');
        expect(await pageHeading(page).innerText()).toBe(COLLECTIONS_TITLE);
        await savedList(page).getByRole('link', { name: collectionTitle, exact: true }).waitFor();

        // A page never opened is not there: the worker's own page says so and lists what is (issue 36 §5).
        for (const notKept of ['/popular', '/profile']) {
          await page.goto(notKept);
          expect(await pageHeading(page).innerText()).toBe(OFFLINE_TEXT.notSavedTitle);
          await page.getByText(OFFLINE_TEXT.notSaved).waitFor();
          await expectNoSidewaysScroll(page, `${notKept} offline, not saved`);
        }
        await expectAccessible(page, 'a page not saved for offline');
        // The banner's link lists the same.
        await page.goto('/collection');
        await page.getByRole('link', { name: OFFLINE_TEXT.seeSaved }).click();
        await page.waitForURL((url) => url.pathname === SAVED_LIST_URL);
        expect(await pageHeading(page).innerText()).toBe(OFFLINE_TEXT.savedListTitle);
        await page.getByRole('link', { name: collectionTitle, exact: true }).click();
        await page.waitForURL((url) => url.pathname === collectionPath);
        expect(await pageHeading(page).innerText()).toBe(collectionTitle);
        // A whole-page load: its app starts before the next one, which it would otherwise interrupt.
        await appRunning(page);
      } finally {
        await page.context().setOffline(false);
      }

      await page.goto(collectionPath);
      expect(await page.getByText(OFFLINE_TEXT.banner).count()).toBe(0);
      await page.getByRole('button', { name: /^User menu for / }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await cacheKeys(page, SAVED_CACHE)).toEqual([]);
      expect((await cacheKeys(page, PAGES_CACHE)).filter((url) => url.includes('/collection/'))).toEqual([]);
    }, 120_000); // one journey from saving to signing out, about 40 s on a loaded machine

    it('opens the start page from its copy, or the list of saved pages where it has none', async () => {
      const page = await open('/', size);
      const collectionPath = await openMembersCollection(page);
      const collectionTitle = await pageHeading(page).innerText();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.getByRole('button', { name: OFFLINE_TEXT.save }).click();
      await page.getByText(OFFLINE_TEXT.saved, { exact: true }).waitFor();
      // Opened again under the worker, Home is kept as it is read; with a network it lists nothing saved.
      await page.goto('/');
      await expect.poll(async () => (await cacheKeys(page, PAGES_CACHE)).some((url) => new URL(url).pathname === '/')).toBe(true);
      expect(await savedList(page).count()).toBe(0);

      await page.context().setOffline(true);
      try {
        await page.goto('/');
        await page.getByText(OFFLINE_TEXT.banner).waitFor();
        await savedList(page).getByRole('link', { name: collectionTitle, exact: true }).click();
        await page.waitForURL((url) => url.pathname === collectionPath);
        expect(await pageHeading(page).innerText()).toBe(collectionTitle);
        await appRunning(page);

        // A browser that never kept Home (the app installed from another page) opens the list of saved pages.
        await page.evaluate(async (name) => {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) if (new URL(request.url).pathname === '/') await cache.delete(request);
        }, PAGES_CACHE);
        const start = await page.goto('/');
        expect(start?.status()).toBe(200);
        expect(await pageHeading(page).innerText()).toBe(OFFLINE_TEXT.savedListTitle);
        await page.getByRole('link', { name: collectionTitle, exact: true }).waitFor();
        await expectAccessible(page, 'the start page offline, never kept');
        await expectNoSidewaysScroll(page, 'the start page offline, never kept');
      } finally {
        await page.context().setOffline(false);
      }
    });

    it('shows no kept page once the browser no longer holds the session that opened it (cookies cleared, no sign-out)', async () => {
      const page = await open('/', size);
      const collectionPath = await openMembersCollection(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Opened again under the worker, the page is kept as it is read.
      await page.goto(collectionPath);
      await expect.poll(async () => (await cacheKeys(page, PAGES_CACHE)).some((url) => new URL(url).pathname === collectionPath)).toBe(true);

      await page.context().setOffline(true);
      try {
        // While the browser holds the session, the kept page opens.
        await page.goto(collectionPath);
        await page.getByText(OFFLINE_TEXT.banner).waitFor();
        // The cookies go (a shared computer's browser cleared): the page is no longer shown, nor listed as saved.
        const collectionTitle = await pageHeading(page).innerText();
        await page.context().clearCookies();
        await page.goto(collectionPath);
        expect(await pageHeading(page).innerText()).toBe(OFFLINE_TEXT.notSavedTitle);
        expect(await page.getByRole('link', { name: collectionTitle, exact: true }).count()).toBe(0);
      } finally {
        await page.context().setOffline(false);
      }
    });
  });
});
