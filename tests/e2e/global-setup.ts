import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import buildClientIfMissing from '../support/build-client';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { waitForAnswer } from '../../scripts/lib/child-process';
import { freePort } from '../../scripts/lib/free-port';
import { throwawayPostgresDatabase } from '../support/database';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eSkipReason: string;
    /** The server's DATA_DIR: its mail is written to DATA_DIR/mail/*.eml. */
    e2eDataDir: string;
  }
}

/**
 * Builds the client once, starts the real server on a free port with a fresh database: embedded (PGlite) by default,
 * or a throwaway database on the PostgreSQL server that TEST_DATABASE_URL names.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI) throw new Error(`E2E tests need Chromium at ${CHROMIUM_PATH} on CI (apt-get install -y chromium).`);
    const reason = `Chromium not found at ${CHROMIUM_PATH}: e2e tests skipped (apt-get install -y chromium to run them).`;
    console.warn(reason);
    project.provide('e2eSkipReason', reason);
    project.provide('baseUrl', '');
    project.provide('e2eDataDir', '');
    return;
  }
  project.provide('e2eSkipReason', '');
  buildClientIfMissing();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equip-e2e-'));
  const port = await freePort();
  const database = process.env.TEST_DATABASE_URL ? await throwawayPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database?.url ?? '',
    VITE_DEV_SERVER_URL: '',
    // Every browser test comes from 127.0.0.1: the per-address limit is for one person, not a whole test suite.
    RATE_LIMIT_MAX: '100000',
    // Admin Advanced answers at once, so the browser test sees an action run and its report arrive by polling.
    ADVANCED_ACTION_WAIT_SECONDS: '0',
  };
  // The server plants the demo library in a new embedded database by itself; a PostgreSQL database is seeded first.
  if (database) execFileSync('npx', ['tsx', 'server/db/seed/run.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = spawn('npx', ['tsx', 'server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${baseUrl}/login`, server, { timeoutMs: 120_000 });
  project.provide('baseUrl', baseUrl);
  project.provide('e2eDataDir', dataDir);

  return async () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
}
