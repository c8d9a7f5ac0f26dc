/**
 * `npm run slow-phone` (after `npm run build`; `-- --runs N`, default 3): what a person on a slow phone feels (issue
 * 36 §1, §2), which a score does not say. Debian's Chromium at 375 px with a phone's user agent, the network at
 * DevTools' "Fast 3G" (562.5 ms, 1.44 Mbit/s down) and the CPU slowed 4×, nothing cached; the four public pages as a
 * visitor, and an item page, the member's collection and the index as a member (the affiliate of the demo library).
 * Per page, the median of the runs of:
 * - first paint (first-contentful-paint);
 * - when the controls work: the app has taken over the page (APP_RUNNING_MARK), and how long after the first paint;
 * - a tap on "Navigation menu" the moment it is painted: lost when the menu has not opened 10 s after the app took
 *   over, else how long after the tap it opened;
 * - CLS and LCP, of a load without the tap (a tap ends the measurement of the largest paint).
 * Targets: controls within 1 s of the first paint, no tap lost, CLS ≤ 0.05; exits 1 when one is missed. The server is
 * the built one in development mode, for the demo sign-in (the only other difference from production is HSTS).
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { APP_RUNNING_MARK } from '../shared/constants';
import { firstInSitemap, startBuiltServer } from './lib/built-server';
import { launchBrowser } from './lib/chromium';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, userAgent: PHONE_AGENT, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const MENU = 'button[aria-label="Navigation menu"]';
const LOAD_TIMEOUT_MS = 120_000;
const TAP_ANSWER_MS = 10_000;
const MEMBER = 'Daniel Mensah';

interface Figures {
  firstPaintMs: number;
  controlsMs: number;
  cls: number;
  lcpMs: number;
  /** How long after the tap the menu opened; null when the tap was lost. */
  tapAnsweredMs: number | null;
}

/** Layout shifts and the largest paint, observed from the start of the document. */
function observeVitals() {
  const vitals = { cls: 0, lcp: 0 };
  Object.assign(window, { slowPhoneVitals: vitals });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) vitals.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    vitals.lcp = list.getEntries().at(-1)?.startTime ?? vitals.lcp;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function slowPhonePage(browser: Browser, storageState: BrowserContextOptions['storageState']): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...PHONE, storageState });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  await devtools.send('Network.emulateNetworkConditions', FAST_3G);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observeVitals);
  return { page, close: () => context.close() };
}

const appRunning = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.app === 'running', undefined, { timeout: LOAD_TIMEOUT_MS, polling: 100 });

/** A load left alone: first paint, controls working, CLS and LCP once the network is quiet. */
async function loadAlone(browser: Browser, url: string, storageState: BrowserContextOptions['storageState']) {
  const { page, close } = await slowPhonePage(browser, storageState);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    await appRunning(page);
    await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    return await page.evaluate((mark) => {
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const running = performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN;
      const { cls, lcp } = (window as unknown as { slowPhoneVitals: { cls: number; lcp: number } }).slowPhoneVitals;
      return { firstPaintMs: firstPaint, controlsMs: running, cls, lcpMs: lcp };
    }, APP_RUNNING_MARK);
  } finally {
    await close();
  }
}

/** A tap on the menu as soon as it is on screen: how long until it opened, or null when it never did. */
async function tapAtFirstSight(browser: Browser, url: string, storageState: BrowserContextOptions['storageState']): Promise<number | null> {
  const { page, close } = await slowPhonePage(browser, storageState);
  try {
    const loading = page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    const menu = page.locator(MENU);
    await menu.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
    const tappedAt = await page.evaluate(() => performance.now());
    await menu.tap({ timeout: LOAD_TIMEOUT_MS });
    await loading;
    await appRunning(page);
    const openedAt = await page
      .waitForFunction((selector) => document.querySelector(selector)?.getAttribute('aria-expanded') === 'true' && performance.now(), MENU, {
        timeout: TAP_ANSWER_MS,
        polling: 'raf',
      })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    return openedAt === null ? null : openedAt - tappedAt;
  } finally {
    await close();
  }
}

async function memberSession(browser: Browser, address: string): Promise<{ storageState: BrowserContextOptions['storageState']; collectionPath: string }> {
  const context = await browser.newContext({ ...PHONE, baseURL: address });
  const page = await context.newPage();
  await page.goto('/dev/login');
  await page.getByRole('button', { name: `Sign in as ${MEMBER}` }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/collection');
  const collectionPath = await page.locator('main a[href^="/collection/"]').first().getAttribute('href');
  if (!collectionPath) throw new Error(`${MEMBER} has no collection to measure`);
  const storageState = await context.storageState();
  await context.close();
  return { storageState, collectionPath };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const server = await startBuiltServer('development');
  const browser = await launchBrowser();
  let missed = 0;
  try {
    const item = await firstInSitemap(server.address, '/sitemap-items.xml?page=1');
    const collection = await firstInSitemap(server.address, '/sitemap-collections.xml?page=1');
    const member = await memberSession(browser, server.address);
    const pages: Array<[string, string, BrowserContextOptions['storageState']]> = [
      ['/ (visitor)', '/', undefined],
      ['/item (visitor)', '/item', undefined],
      ['an item page (visitor)', item, undefined],
      ['a public collection (visitor)', collection, undefined],
      ['an item page (member)', item, member.storageState],
      ['their collection (member)', member.collectionPath, member.storageState],
      ['/item (member)', '/item', member.storageState],
    ];
    console.log(`375 px, Fast 3G, CPU ×4, nothing cached; median of ${RUNS} runs`);
    for (const [name, pagePath, storageState] of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const alone = await loadAlone(browser, `${server.address}${pagePath}`, storageState);
        runs.push({ ...alone, tapAnsweredMs: await tapAtFirstSight(browser, `${server.address}${pagePath}`, storageState) });
      }
      const firstPaint = median(runs.map((figures) => figures.firstPaintMs));
      const controls = median(runs.map((figures) => figures.controlsMs));
      const afterPaint = median(runs.map((figures) => figures.controlsMs - figures.firstPaintMs));
      const cls = median(runs.map((figures) => figures.cls));
      const lost = runs.filter((figures) => figures.tapAnsweredMs === null).length;
      const answered = runs.flatMap((figures) => (figures.tapAnsweredMs === null ? [] : [figures.tapAnsweredMs]));
      const checks = [
        [afterPaint <= 1000, `controls work ${seconds(controls)} (${seconds(afterPaint)} after the first paint at ${seconds(firstPaint)}; target ≤ 1 s)`],
        [lost === 0, `taps lost: ${lost} of ${RUNS}${answered.length > 0 ? `; a tap at first sight answered after ${seconds(median(answered))}` : ''}`],
        [cls <= 0.05, `CLS ${cls.toFixed(3)} (target ≤ 0.05)`],
      ] as const;
      missed += checks.filter(([met]) => !met).length;
      console.log(`${name} (${pagePath}):`);
      for (const [met, text] of checks) console.log(`  ${met ? '✓' : '✗'} ${text}`);
      console.log(`    LCP ${seconds(median(runs.map((figures) => figures.lcpMs)))}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(missed === 0 ? 'Every target met.' : `${missed} target(s) missed.`);
  process.exitCode = missed === 0 ? 0 : 1;
}

await main();
