/**
 * `STATS_TIMING_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/stats-timing.ts [--rows N]`:
 * times the admin stats queries (server/features/admin-stats) on a throwaway PostgreSQL database filled with N
 * generated requests (default 1,000,000) spread over the last 365 days (scripts/bench/request-log.ts), prints the
 * timings and the EXPLAIN ANALYZE of the slowest statements, then drops the database. `npm run bench -- --only stats`
 * times the same pages over HTTP. Figures: docs/performance.md "Request stats".
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { STATS_GRAINS, STATS_PARAMETERS, type StatsRange } from '../shared/stats';
import { ANONYMOUS, type Viewer } from '../server/access/policy';
import { openDatabase, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { requestsCsv } from '../server/features/admin-stats/csv';
import { overTime, overTimeQuery, topByParameter, topByParameterQuery } from '../server/features/admin-stats/queries';
import { defaultRange, isoDay } from '../server/features/admin-stats/schemas';
import { urlWithDatabase } from './bench/database';
import { fillRequestLog } from './bench/request-log';

const RUNS = 3;
const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
const serverUrl = process.env.STATS_TIMING_DATABASE_URL?.trim();
if (!serverUrl) {
  console.log('Usage: STATS_TIMING_DATABASE_URL=postgres://… npx tsx scripts/stats-timing.ts [--rows N]');
  process.exitCode = 1;
} else {
  await main(serverUrl, Number(values.rows));
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function timed(label: string, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const worst = Math.max(...times);
  console.log(`${label.padEnd(44)} median ${median(times).toFixed(0).padStart(5)} ms   worst ${worst.toFixed(0).padStart(5)} ms`);
  return worst;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

async function explain(db: Database, label: string, statement: SQL): Promise<void> {
  const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  console.log(`\n-- ${label}`);
  for (const row of result.rows) console.log(row['QUERY PLAN']);
}

/** The stats are admins' (their titles are read as an admin opens them). */
const ADMIN: Viewer = { ...ANONYMOUS, admin: true };

async function main(server: string, rows: number): Promise<void> {
  const name = `equip_stats_timing_${Date.now()}`;
  await onServer(server, `create database ${name}`);
  const handle = await openDatabase({ url: urlWithDatabase(server, name), pgliteDataDir: 'memory://', poolSize: 2 });
  try {
    await migrateDatabase(handle);
    const filling = performance.now();
    await fillRequestLog(handle.db, rows);
    console.log(`${rows} requests over the last 365 days written in ${((performance.now() - filling) / 1000).toFixed(1)} s\n`);
    const year: StatsRange = { from: isoDay(new Date(Date.now() - 365 * 24 * 3600 * 1000)), to: isoDay(new Date()) };
    const ranges: [string, StatsRange][] = [
      ['365 days, every row', year],
      ['default 90 days', defaultRange()],
    ];
    let worst = 0;
    for (const [rangeLabel, range] of ranges) {
      console.log(`range: ${rangeLabel} (${range.from} to ${range.to})`);
      for (const parameter of STATS_PARAMETERS)
        worst = Math.max(worst, await timed(`  top ${parameter}`, () => topByParameter(handle.db, ADMIN, parameter, range)));
      for (const grain of STATS_GRAINS) worst = Math.max(worst, await timed(`  over time by ${grain}`, () => overTime(handle.db, grain, range)));
      worst = Math.max(
        worst,
        await timed('  CSV download, first batch', async () => (await requestsCsv(handle.db, range)[Symbol.asyncIterator]().next()).value),
      );
    }
    const csvStart = performance.now();
    let bytes = 0;
    for await (const chunk of requestsCsv(handle.db, defaultRange())) bytes += chunk.length;
    console.log(`  CSV download, whole default range: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - csvStart) / 1000).toFixed(1)} s`);
    console.log(`\nslowest page query: ${worst.toFixed(0)} ms`);
    await explain(handle.db, 'top url, 365 days', topByParameterQuery('url', year));
    await explain(handle.db, 'over time by day, 365 days', overTimeQuery('day', year));
  } finally {
    await handle.close();
    await onServer(server, `drop database ${name}`);
  }
}
