/**
 * The app under test runs in its own process, as in production, so the load generator's work does not
 * sit on the server's event loop. (On a small machine they still share the CPU cores with PostgreSQL.)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild, waitForAnswer } from '../lib/child-process';
import { freePort } from '../lib/free-port';
import type { BenchDatabase } from './database';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 60_000;

export interface BenchServer {
  address: string;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** SESSION_SECRET, so the bench can sign the sessions it writes itself (bench/crowd.ts). */
  secret: string;
  /** The default rate limits, as in production; otherwise none that a scenario could reach. */
  defaultRateLimits?: boolean;
  /** LIBRARY_CACHE_ENTRIES: 0 turns the library cache off (every list read from the database). */
  cacheEntries?: number;
  /** More settings (the cluster's). */
  env?: Record<string, string>;
}

export async function startBenchServer(database: BenchDatabase, options: BenchServerOptions): Promise<BenchServer> {
  const port = await freePort();
  // BENCH_TRACE_FILE: every request's statements, written by a module the server loads first (bench/trace-requests.ts).
  const traceFile = process.env.BENCH_TRACE_FILE?.trim();
  const traced = traceFile ? ['--import', './scripts/bench/trace-requests.ts'] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...traced, 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...serverEnvironment(database, port, options), ...(traceFile ? { TRACE_REQUESTS_FILE: traceFile } : {}) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${address}/login`, child, { timeoutMs: READY_TIMEOUT_MS }).catch(async (error: unknown) => {
    await stopChild(child, 'SIGKILL');
    throw error;
  });
  return { address, stop: async () => void (await stopChild(child)) };
}

function serverEnvironment(database: BenchDatabase, port: number, options: BenchServerOptions): Record<string, string> {
  const environment: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: options.secret,
    SEED_ON_EMPTY: 'false',
    DEMO_LOGIN: 'true',
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_TYPEAHEAD_MAX: '100000000',
    // The writers scenario shares at several a second per person.
    RATE_LIMIT_SHARE_MAX: '100000000',
    // The type-ahead scenario plays many typists, each with its own forwarded address.
    TRUST_PROXY: 'true',
  };
  if (options.cacheEntries !== undefined) environment.LIBRARY_CACHE_ENTRIES = String(options.cacheEntries);
  Object.assign(environment, options.env);
  if (!options.defaultRateLimits) return environment;
  const { RATE_LIMIT_MAX: _max, RATE_LIMIT_TYPEAHEAD_MAX: _typeAhead, RATE_LIMIT_SHARE_MAX: _share, TRUST_PROXY: _proxy, ...withDefaults } = environment;
  return withDefaults;
}
