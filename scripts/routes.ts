/**
 * `npm run routes`: every route Equip answers — method, path, the access rule declared on it and the file that
 * registers it — read from the app itself (server/lib/route-table.ts), on a throwaway embedded database. "the handler
 * decides": no guard on the route; the handler asks the policy (an item page, a shared link) or the page is public.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'equip-routes-'));
try {
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, REDIS_URL: '', LOG_LEVEL: 'silent', LOG_FILE: 'off' };
  const app = await buildApp(loadConfig(env));
  await app.ready();
  const rows = app.routeTable
    .filter((route) => route.method !== 'HEAD')
    .map((route) => [route.method, route.url, route.access.join(' + ') || 'the handler decides', route.file]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join('  '));
  console.log(`\n${rows.length} routes`);
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
