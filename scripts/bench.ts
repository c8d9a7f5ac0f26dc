/**
 * `npm run bench [-- --items N --seconds S]`: builds a large generated library in a throwaway
 * embedded database (or BENCH_DATABASE_URL), serves the app on loopback and measures a few
 * routes with autocannon. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemoLibrary } from '../server/db/seed';

const { values } = parseArgs({
  options: { items: { type: 'string', default: '20000' }, seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '10' } },
});
const itemCount = Number(values.items);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equip-bench-'));
const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000000', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDataDir: config.pgliteDataDir });
await migrateDatabase(database);
console.log(`Seeding ${itemCount} items into ${database.kind}…`);
const seedStart = performance.now();
await seedDemoLibrary(database.db, { items: itemCount });
console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const app = await buildApp(config, { database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const memberCookie = await signInAs(address, 'staff@example.org');
const inertia = { 'X-Inertia': 'true', 'X-Inertia-Version': await assetVersion(address) };

const scenarios: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: 'home, first visit (HTML)', path: '/' },
  { name: 'home, Inertia visit (JSON)', path: '/', headers: inertia },
  { name: 'login page', path: '/login' },
  { name: 'unknown route (404 page)', path: '/no/such/page' },
  { name: 'navigation history (staff)', path: '/user/item_history_for_navigation', headers: { cookie: memberCookie, accept: 'application/json' } },
];

console.log(`\n${itemCount} items, ${connections} connections, ${seconds} s per route, ${database.kind}\n`);
console.log('route'.padEnd(34), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8));
for (const scenario of scenarios) {
  const result = await autocannon({ url: address + scenario.path, connections, duration: seconds, headers: scenario.headers });
  console.log(
    scenario.name.padEnd(34),
    result.requests.average.toFixed(0).padStart(9),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(result.non2xx).padStart(8),
  );
}

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

/** The asset version a loaded client sends with Inertia visits. */
async function assetVersion(base: string): Promise<string> {
  const html = await (await fetch(`${base}/login`)).text();
  const json = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return String(JSON.parse(json).version ?? '');
}

/** Signs in through the demo sign-in form and returns the cookies to send. */
async function signInAs(base: string, email: string): Promise<string> {
  const page = await fetch(`${base}/dev/login`);
  const xsrf = (page.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '').split(';')[0];
  const token = decodeURIComponent(xsrf.split('=')[1] ?? '');
  const response = await fetch(`${base}/dev/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: xsrf },
    body: new URLSearchParams({ email, _token: token }),
  });
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).concat(xsrf).join('; ');
}
