/**
 * The built server (`npm run build` first) on a new embedded database with the demo library, on a free loopback port,
 * for the scripts that measure pages in a browser (`npm run lighthouse`, `npm run slow-phone`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopChild, waitForAnswer } from './child-process';
import { freePort } from './free-port';

const READY_TIMEOUT_MS = 120_000;

export interface BuiltServer {
  address: string;
  stop: () => Promise<void>;
}

/** `nodeEnv`: production, or development where the demo sign-in is wanted (the only other difference is HSTS). */
export async function startBuiltServer(nodeEnv: 'production' | 'development' = 'production'): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'equip-measured-'));
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  // The server runs at a low priority: on a phone it is another machine, and on this one its work must not pass for the
  // page's (the browser's main-thread tasks are what a slowed CPU multiplies).
  const child = spawn('nice', ['-n', '15', process.execPath, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: address,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      COOKIE_SECURE: 'false',
      SEED_ON_EMPTY: 'true',
      // Every page of a measurement comes from 127.0.0.1: the per-address limit is for one person.
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForAnswer(`${address}/readyz`, child, { timeoutMs: READY_TIMEOUT_MS });
  return {
    address,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first address of a sitemap page: a public, discoverable item or a public collection. */
export async function firstInSitemap(address: string, sitemapPath: string): Promise<string> {
  const xml = await (await fetch(`${address}${sitemapPath}`)).text();
  const location = xml.match(/<loc>([^<]+)<\/loc>/)?.[1];
  if (!location) throw new Error(`${sitemapPath} lists nothing`);
  return new URL(location).pathname;
}
