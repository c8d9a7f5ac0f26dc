/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse, mobile with simulated throttling, on the four public pages
 * of issue 20 §2 — `/`, `/item`, an item page and a public collection — three runs each, in Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). It starts the built server in production mode on a new embedded
 * database with the demo library, prints the median of each figure against its target, and exits 1 when one is missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { firstInSitemap, startBuiltServer } from './lib/built-server';
import { CHROMIUM_PATH } from './lib/chromium';

/**
 * Lighthouse brings some 120 MB of packages, too much for every `npm install` for a script run now and then: it is not
 * in package.json, and the first run installs this version into .cache/lighthouse (gitignored), where later runs find it.
 */
const LIGHTHOUSE_VERSION = '13.5.0';
const LIGHTHOUSE_DIR = fileURLToPath(new URL('../.cache/lighthouse/', import.meta.url));

/** What this script uses of Lighthouse's API (its types come with the package, which the type check does not see). */
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<
  { lhr: { categories: Record<string, { score: number | null } | undefined>; audits: Record<string, { numericValue?: number } | undefined> } } | undefined
>;

async function loadLighthouse(): Promise<Lighthouse> {
  const manifest = path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse', 'package.json');
  const installed = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : null;
  if (installed !== LIGHTHOUSE_VERSION) {
    console.log(`Installing Lighthouse ${LIGHTHOUSE_VERSION} into ${path.relative(process.cwd(), LIGHTHOUSE_DIR)} (once)…`);
    const install = spawnSync(
      'npm',
      ['install', '--prefix', LIGHTHOUSE_DIR, '--no-audit', '--no-fund', '--loglevel=error', `lighthouse@${LIGHTHOUSE_VERSION}`],
      {
        stdio: 'inherit',
      },
    );
    if (install.status !== 0) throw new Error(`npm install lighthouse@${LIGHTHOUSE_VERSION} failed`);
  }
  const entry = createRequire(path.join(LIGHTHOUSE_DIR, 'package.json')).resolve('lighthouse');
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}

const lighthouse = await loadLighthouse();

const RUNS = 3;
const MAX_FAILED_RUNS = 2;

interface Figures {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  accessibility: number;
  seo: number;
}

const TARGETS: { [K in keyof Figures]: { label: string; met: (value: number) => boolean; shown: (value: number) => string } } = {
  performance: { label: 'performance ≥ 95', met: (value) => value >= 95, shown: String },
  lcpMs: { label: 'LCP ≤ 2.5 s', met: (value) => value <= 2500, shown: (value) => `${(value / 1000).toFixed(2)} s` },
  cls: { label: 'CLS ≤ 0.05', met: (value) => value <= 0.05, shown: (value) => value.toFixed(3) },
  tbtMs: { label: 'TBT ≤ 150 ms', met: (value) => value <= 150, shown: (value) => `${Math.round(value)} ms` },
  accessibility: { label: 'accessibility 100', met: (value) => value === 100, shown: String },
  seo: { label: 'SEO 100', met: (value) => value === 100, shown: String },
};

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    accessibility: score('accessibility'),
    seo: score('seo'),
  };
}

/**
 * RUNS runs that measured every figure. A run Lighthouse could not measure (no largest paint, say, which happened on a
 * first run now and then) is said and made again, at most MAX_FAILED_RUNS times, instead of turning the median into NaN.
 */
async function measuredRuns(url: string, port: number): Promise<Figures[]> {
  const runs: Figures[] = [];
  let failed = 0;
  while (runs.length < RUNS) {
    const figures = await measure(url, port);
    const missing = Object.entries(figures)
      .filter(([, value]) => !Number.isFinite(value))
      .map(([name]) => name);
    if (missing.length === 0) {
      runs.push(figures);
      continue;
    }
    failed += 1;
    if (failed > MAX_FAILED_RUNS) throw new Error(`Lighthouse could not measure ${url} in ${failed} runs`);
    console.log(`A run on ${url} measured no ${missing.join(', ')}: once more`);
  }
  return runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const server = await startBuiltServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let missed = 0;
  try {
    const pages = [
      ['/', '/'],
      ['/item', '/item'],
      ['an item page', await firstInSitemap(server.address, '/sitemap-items.xml?page=1')],
      ['a public collection', await firstInSitemap(server.address, '/sitemap-collections.xml?page=1')],
    ] as const;
    for (const [name, pagePath] of pages) {
      const runs = await measuredRuns(`${server.address}${pagePath}`, chrome.port);
      const figures = Object.entries(TARGETS).map(([key, target]) => {
        const value = median(runs.map((figures) => figures[key as keyof Figures]));
        if (!target.met(value)) missed += 1;
        return `${target.met(value) ? '✓' : '✗'} ${target.label}: ${target.shown(value)}`;
      });
      console.log(`${name} (${pagePath}), median of ${RUNS}:\n  ${figures.join('\n  ')}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log(missed === 0 ? 'Every target met.' : `${missed} target(s) missed.`);
  process.exitCode = missed === 0 ? 0 : 1;
}

await main();
