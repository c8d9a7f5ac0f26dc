/**
 * What stops Equip from starting is said in one line, naming the setting, the cause and the fix (never a password),
 * and a taken port is said before the database is opened. Each case starts the real entry point (server/main.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port';

const run = promisify(execFile);
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'equip-startup-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts server/main.ts with these settings; resolves with its exit code and what it printed on stderr. */
async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_FILE: 'off', SEED_ON_EMPTY: 'false', HOST: '127.0.0.1', ...env },
      timeout: 90_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr.trim() };
  }
}

function expectOneLine(stderr: string) {
  expect(stderr.split('\n'), stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('starting Equip', () => {
  it('says at once that the port is taken, before opening any database', async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      // A database nothing answers at would take its own time to fail: the port is said first.
      const { code, stderr } = await start({ PORT: String(port), DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/equip` });
      expect(code).toBe(1);
      expectOneLine(stderr);
      expect(stderr).toBe(`PORT ${port}: another program already listens on 127.0.0.1:${port}. Stop it, or set PORT to a free port.`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('names the PostgreSQL that does not answer, without its password, and how to go on', async () => {
    const databasePort = await freePort();
    const { code, stderr } = await start({ PORT: String(await freePort()), DATABASE_URL: `postgres://equip:not-for-logs@127.0.0.1:${databasePort}/equip` });
    expect(code).toBe(1);
    expectOneLine(stderr);
    expect(stderr).toContain(
      `DATABASE_URL postgres://equip:***@127.0.0.1:${databasePort}/equip: nothing answers at 127.0.0.1:${databasePort} (connection refused).`,
    );
    expect(stderr).not.toContain('not-for-logs');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('names a database that does not exist, and how to create it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/equip_no_such_database';
    const { code, stderr } = await start({ PORT: String(await freePort()), DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expectOneLine(stderr);
    expect(stderr).toContain('the database "equip_no_such_database" does not exist');
    expect(stderr).toContain('createdb "equip_no_such_database"');
  });
});
