/**
 * `npm run routes`: every route Equip answers — method, path, the access rule declared on it and the file that
 * registers it — read from the app itself (server/lib/route-table.ts), on a throwaway embedded database. A record's
 * rule reads "record: rules" (`loads`, server/access/record-guard.ts); "public: why" is a route open to anyone by its
 * nature (`publicBecause`); "the handler decides": neither declared (the route-access test refuses such a route).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { RouteEntry } from '../server/lib/route-table';

function accessText(route: RouteEntry): string {
  if (route.access.length > 0) return route.access.join(' + ');
  return route.publicBecause ? `public: ${route.publicBecause}` : 'the handler decides';
}

const dataDir = mkdtempSync(join(tmpdir(), 'equip-routes-'));
try {
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, REDIS_URL: '', LOG_LEVEL: 'silent', LOG_FILE: 'off' };
  const app = await buildApp(loadConfig(env));
  await app.ready();
  const rows = app.routeTable.filter((route) => route.method !== 'HEAD').map((route) => [route.method, route.url, accessText(route), route.file]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join('  '));
  const open = rows.filter((row) => row[2].startsWith('public: ')).length;
  const undeclared = rows.filter((row) => row[2] === 'the handler decides').length;
  console.log(
    `\n${rows.length} routes: ${rows.length - open - undeclared} with a declared rule, ${open} public by nature, ${undeclared} where the handler decides`,
  );
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
