/** The benchmark's database: a temporary PGlite directory, a throwaway PostgreSQL database, or a reused one. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDemoLibrary } from '../../server/db/seed';
import { countRows } from '../../server/db/seed/batches';
import { httpRequests, items } from '../../server/db/schema';
import type { BenchOptions } from './options';
import { fillRequestLog, REQUEST_LOG_SPREAD_DAYS } from './request-log';

export interface BenchDatabase {
  /** DATABASE_URL for the app under test; '' means PGlite in `dataDir`. */
  url: string;
  /** DATA_DIR for the app under test (uploads, the PGlite directory). */
  dataDir: string;
  kind: 'pglite' | 'postgres';
  itemCount: number;
  /** Rows in the request log (http_requests) when the app starts. */
  requestCount: number;
  description: string;
  dispose(): Promise<void>;
}

type Log = (message: string) => void;

/** What to seed: `items` into an empty library, and the request log topped up to `requests` rows (0: leave it). */
export interface BenchSeed {
  items: number;
  requests: number;
}

export async function prepareBenchDatabase(options: BenchOptions, seed: BenchSeed, log: Log): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equip-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (options.serverUrl === null) {
    const counts = await fillDatabase({ url: '', pgliteDataDir: path.join(dataDir, 'pglite') }, seed, log);
    return { url: '', dataDir, kind: 'pglite', ...counts, description: 'PGlite (temporary directory)', dispose: async () => removeDataDir() };
  }
  const serverUrl = options.serverUrl;
  const name = options.reuse ?? throwawayDatabaseName();
  const created = await createDatabaseIfMissing(serverUrl, name);
  const url = urlWithDatabase(serverUrl, name);
  const dispose = async () => {
    if (options.reuse === null) await dropDatabase(serverUrl, name);
    removeDataDir();
  };
  try {
    const counts = await fillDatabase({ url, pgliteDataDir: '' }, seed, log);
    const description = options.reuse === null ? `PostgreSQL, throwaway database ${name}` : `PostgreSQL, database ${name} (${created ? 'created, ' : ''}kept)`;
    return { url, dataDir, kind: 'postgres', ...counts, description, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Migrates, seeds what is missing and refreshes planner statistics; answers how many items and logged requests it holds. */
async function fillDatabase(location: { url: string; pgliteDataDir: string }, seed: BenchSeed, log: Log): Promise<{ itemCount: number; requestCount: number }> {
  const handle = await openDatabase(location);
  try {
    await migrateDatabase(handle);
    await seedItemsIfEmpty(handle, seed.items, log);
    await topUpRequestLog(handle, seed.requests, log);
    // A bulk load (or the last run's views) leaves planner statistics and the visibility map behind; a
    // production database has autovacuum keep both current. This starts every run from that state.
    await handle.db.execute(sql`vacuum analyze`);
    return { itemCount: await itemCount(handle), requestCount: await countRows(handle.db, httpRequests) };
  } finally {
    await handle.close();
  }
}

async function seedItemsIfEmpty(handle: DatabaseHandle, items: number, log: Log): Promise<void> {
  const existing = await itemCount(handle);
  if (existing > 0) {
    log(`Reusing ${existing} items already in the database`);
    return;
  }
  log(`Seeding ${items} items into ${handle.kind}…`);
  const started = performance.now();
  await seedDemoLibrary(handle.db, { items });
  log(`Seeded in ${secondsSince(started)} s`);
}

/** The stats checks' request log: topped up to `wanted` rows; a reused database keeps what it has (and what the app logged). */
async function topUpRequestLog(handle: DatabaseHandle, wanted: number, log: Log): Promise<void> {
  if (wanted === 0) return;
  const started = performance.now();
  const added = await fillRequestLog(handle.db, wanted);
  if (added > 0) log(`Logged ${added} generated requests over the last ${REQUEST_LOG_SPREAD_DAYS} days in ${secondsSince(started)} s`);
}

function secondsSince(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

function itemCount(handle: DatabaseHandle): Promise<number> {
  return countRows(handle.db, items);
}

function throwawayDatabaseName(): string {
  return `equip_bench_${process.pid}_${Date.now().toString(36)}`;
}

export function urlWithDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Database names here are checked identifiers (see options.ts), so they are safe to quote into DDL. */
async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<boolean> {
  return withAdminClient(serverUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  });
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** Runs `work` on its own connection to the bench database (closed again before the app starts: PGlite allows one user). */
export async function withBenchDatabase<T>(database: BenchDatabase, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url: database.url, pgliteDataDir: path.join(database.dataDir, 'pglite') });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}
