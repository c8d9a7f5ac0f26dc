import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { decodedBody } from '../support/smtp';
import { useBrowser, type E2EContext } from './browser';

/** The .eml the server wrote whose body contains `needle`, waiting for the outbox to send it. */
export async function mailContaining(needle: string): Promise<string> {
  const folder = path.join(inject('e2eDataDir'), 'mail');
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files) {
      const raw = decodedBody(await readFile(path.join(folder, file), 'utf8'));
      if (raw.includes(needle)) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail containing ${needle}`);
}

/** The seeded display name of a demo account, read from the demo sign-in page. */
export async function nameOf(page: Page, email: string): Promise<string> {
  await page.goto('/dev/login');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  return (await row.getByRole('rowheader').innerText()).trim();
}

/** Signs in through the demo sign-in page, as a person would. */
export async function signInAs(page: Page, name: string): Promise<void> {
  await page.goto('/dev/login');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in as the demo account with this e-mail (the name is looked up on the demo sign-in page). */
export async function signInWithEmail(page: Page, email: string): Promise<void> {
  await signInAs(page, await nameOf(page, email));
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The page's level-one heading (an item's title, an index's heading, an error's title). */
export const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The cards of an item index. */
export const itemCards = (page: Page) => page.getByRole('list', { name: 'Items' }).getByRole('article');

/** A card's title link, by the item's exact title. */
export const cardLink = (page: Page, title: string) => page.getByRole('list', { name: 'Items' }).getByRole('link', { name: title, exact: true });

/** The '{n} match(es)' count of a filtered index. */
export const matchCountLabel = (page: Page) => page.getByRole('main').getByText(/^\d+ match(es)?$/);

/** The number in the '{n} match(es)' count. */
export async function matchCount(page: Page): Promise<number> {
  return Number.parseInt(await matchCountLabel(page).innerText(), 10);
}

/** The header of an item page: its title and visibility badge. */
export const itemHeader = (page: Page): Locator =>
  page
    .getByRole('main')
    .locator('header')
    .filter({ has: pageHeading(page) });

/**
 * Collects uncaught script errors of the pages it watches. Watching starts when the page is
 * handed over (after its first load); `take()` returns and forgets what was collected.
 */
export function pageErrorWatch() {
  let errors: string[] = [];
  return {
    watch(page: Page): Page {
      page.on('pageerror', (error) => errors.push(`${error.message.slice(0, 120)} (on ${new URL(page.url()).pathname})`));
      // Every first page is rendered on the server: React says in the console when the browser's render did not match
      // it (minified errors #418, #423, #425 in production) or a part was left for the browser to draw (#419).
      page.on('console', (message) => {
        if (message.type() === 'error' && /Minified React error #(418|419|421|422|423|425)|hydrat/i.test(message.text())) {
          errors.push(`${message.text().slice(0, 60)}… on ${new URL(page.url()).pathname}`);
        }
      });
      return page;
    },
    take(): string[] {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}

const DESKTOP = { width: 1280, height: 900 };

/**
 * useBrowser, failing each test whose pages threw uncaught script errors. `open` opens a fresh browser
 * context (1280 px unless a size is given) and watches its page; `e2e` is useBrowser's context (skipReason, the current context).
 */
export function useWatchedBrowser(): { e2e: E2EContext; open: (pathname: string, size?: { width: number; height: number }) => Promise<Page> } {
  // Registered before useBrowser's hooks, so it runs after them (vitest runs after-hooks in reverse).
  const pageErrors = pageErrorWatch();
  afterEach(() => {
    expect(pageErrors.take(), 'uncaught errors in the page').toEqual([]);
  });
  const e2e = useBrowser();
  const open = async (pathname: string, size = DESKTOP) => pageErrors.watch(await e2e.open(pathname, size));
  return { e2e, open };
}

/** A real mouse drag from one element onto another, with the intermediate moves Sortable needs. */
export async function drag(
  page: Page,
  from: { x: number; y: number; width: number; height: number },
  to: { x: number; y: number; width: number; height: number },
) {
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5, start.y + 5, { steps: 5 });
  await page.waitForTimeout(100);
  await page.mouse.move(end.x, end.y, { steps: 25 });
  await page.waitForTimeout(300);
  await page.mouse.move(end.x, end.y + 2, { steps: 2 });
  await page.waitForTimeout(300);
  await page.mouse.up();
}

/** Creates a Training item from the index's Create New form (as the signed-in person) and returns its ref. */
export async function createItemFromIndex(page: Page, title: string): Promise<string> {
  await page.goto('/item');
  await page.getByRole('button', { name: 'Create New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Item' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Training' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  return new URL(page.url()).pathname.slice('/i/'.length);
}

/**
 * A JSON write as the signed-in page's own script sends it (its session, the XSRF cookie copied into its header):
 * whether the server took it, which it says with a redirect.
 */
export async function sendJsonAsPage(page: Page, method: string, path: string, body: Record<string, unknown>): Promise<boolean> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(
        document.cookie
          .split(/;\s*/)
          .find((pair) => pair.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
      return response.type === 'opaqueredirect';
    },
    { method, path, body },
  );
}

/**
 * A request as the signed-in page would send it (its cookies, the XSRF cookie copied into its header), redirects not
 * followed: someone else's edit in the middle of a journey, without walking through its screens.
 */
export async function sendAsPage(page: Page, method: 'POST' | 'DELETE', path: string, form?: Record<string, string>) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(path, { method, form, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) }, maxRedirects: 0 });
  expect(response.status(), `${method} ${path}`).toBe(303);
  return response;
}

/**
 * Closes the notification that says `text`, as a person whose next click is under it would: a toast covers the page
 * header's buttons at some widths, and the pointer resting on it pauses it, so it would never leave on its own.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.toast', { hasText: text });
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await toast.waitFor({ state: 'detached' });
}
