import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, type TestContext } from 'vitest';
import { launchBrowser } from '../../scripts/lib/chromium';

const ARTIFACTS = path.resolve('tests/e2e/.artifacts');

export interface E2EContext {
  baseUrl: string;
  skipReason: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Opens a fresh browser context at a path, at the given viewport size. */
  open(pathname: string, size?: { width: number; height: number }): Promise<Page>;
}

/** One browser per file, a fresh context and page per test, a screenshot when a test fails. */
export function useBrowser(viewport = { width: 1280, height: 900 }): E2EContext {
  const e2e = { baseUrl: inject('baseUrl'), skipReason: inject('e2eSkipReason') } as E2EContext;
  beforeAll(async () => {
    if (e2e.skipReason) return;
    e2e.browser = await launchBrowser();
  });
  afterAll(async () => e2e.browser?.close());
  afterEach(async (test: TestContext) => {
    if (!e2e.page) return;
    if (test.task.result?.state === 'fail') {
      mkdirSync(ARTIFACTS, { recursive: true });
      const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await e2e.page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
    await e2e.context.close();
  });
  e2e.open = async (pathname, size = viewport) => {
    e2e.context = await newAppContext(e2e.browser, { viewport: size, baseURL: e2e.baseUrl });
    e2e.page = await e2e.context.newPage();
    await e2e.page.goto(pathname);
    return e2e.page;
  };
  return e2e;
}

/**
 * A browser context whose pages' `goto` and `reload` return once the app runs: a server-rendered page (a visitor's
 * first) is on screen before its scripts load (components/app/boot.ts), and a button pressed before then does nothing.
 */
export async function newAppContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.on('page', waitForTheAppAfterLoads);
  return context;
}

function waitForTheAppAfterLoads(page: Page): void {
  const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appRunning(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appRunning(page);
    return response;
  };
}

/** The app has taken over a server-rendered page (`<html data-app="running">`); any other page needs no wait. */
export async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-server-rendered]') || document.documentElement.dataset.app === 'running');
}
