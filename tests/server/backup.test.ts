/**
 * `npm run backup` and `npm run restore` on the embedded database: a backup taken from a running app while writes go
 * on holds every write acknowledged before it was asked for, and no transaction in part; the pictures and the local
 * drive come with it; a restore goes only into a new data folder. The scripts run as people run them, in a process
 * of their own; the app's side is the socket it serves backups on.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { periodicJobRuns } from '../../server/db/schema';
import { sqlRows } from '../../server/db/sql-rows';
import { backupSources, readManifest, restorePgliteBackup } from '../../server/features/backup/backup';
import { answersAt, backupSocketPath, listenForBackups } from '../../server/features/backup/backup-socket';

const run = promisify(execFile);
const quiet = { info: () => undefined, error: () => undefined };

let root: string;
let dataDir: string;
let database: DatabaseHandle | null = null;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'equip-backup-'));
  dataDir = path.join(root, 'data');
  database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  await mkdir(path.join(dataDir, 'images', 'items'), { recursive: true });
  await writeFile(path.join(dataDir, 'images', 'items', 'cover.jpg'), 'a picture');
  await mkdir(path.join(dataDir, 'drive', 'entries'), { recursive: true });
  await writeFile(path.join(dataDir, 'drive', 'entries', 'file1'), 'a lesson plan');
}, 120_000);

afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

/** Runs one of the npm scripts as `npm run` would, against `dataDir`; resolves with what it printed. */
async function script(name: 'backup' | 'restore', args: string[]): Promise<string> {
  const env = { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_FILE: 'off', DRIVE: 'local' };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env, timeout: 120_000 });
  return stdout;
}

/** Writes pairs of rows, each pair in one transaction, until stopped; `acknowledged` counts the committed pairs. */
function startWriting(db: DatabaseHandle['db']) {
  const state = { acknowledged: 0, stop: false, failure: null as unknown };
  const done = (async () => {
    for (let pair = 0; !state.stop; pair++) {
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx.insert(periodicJobRuns).values({ name: `probe-${pair}-a`, lastStartedAt: now });
        await tx.insert(periodicJobRuns).values({ name: `probe-${pair}-b`, lastStartedAt: now });
      });
      state.acknowledged = pair + 1;
      // PGlite answers in this process without I/O: yield, as requests between writes would, so the socket is served.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().catch((error: unknown) => {
    state.failure = error;
  });
  return { state, done };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('backup and restore of the embedded database', () => {
  it('backs up a running app under writes and restores every acknowledged write into a new data folder', async () => {
    const db = database!.db;
    const socket = backupSocketPath(dataDir);
    const stopServing = await listenForBackups(socket, backupSources({ DATA_DIR: dataDir, DRIVE: 'local', DATABASE_URL: undefined }, database!), quiet);
    const backup = path.join(root, 'backup-under-writes');
    const restored = path.join(root, 'restored');
    try {
      expect(await answersAt(socket)).toBe(true);
      const writer = startWriting(db);
      await until(() => writer.state.acknowledged >= 20 || writer.state.failure !== null);
      const acknowledgedBefore = writer.state.acknowledged;
      const output = await script('backup', ['--to', backup]);
      // Writes went on while it was taken.
      await until(() => writer.state.acknowledged > acknowledgedBefore + 5 || writer.state.failure !== null);
      writer.state.stop = true;
      await writer.done;
      expect(writer.state.failure).toBeNull();
      expect(output).toContain(`Backup written to ${backup}: the embedded database`);
      expect(existsSync(`${backup}.partial`)).toBe(false);
      const manifest = await readManifest(backup);
      expect(manifest).toMatchObject({ engine: 'pglite', files: { images: 1, drive: 1 } });

      await script('restore', [backup, '--data-dir', restored]);
      const copy = await openDatabase({ pgliteDataDir: path.join(restored, 'pglite') });
      try {
        const rows = await copy.db.select({ name: periodicJobRuns.name }).from(periodicJobRuns).where(like(periodicJobRuns.name, 'probe-%'));
        const pairs = new Map<number, number>();
        for (const { name } of rows) {
          const pair = Number(name.split('-')[1]);
          pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
        }
        for (let pair = 0; pair < acknowledgedBefore; pair++) expect(pairs.get(pair), `pair ${pair}`).toBe(2);
        // A transaction is in the backup whole or not at all.
        expect([...pairs.values()].every((count) => count === 2)).toBe(true);
        // The restored database is the app's, migrations and all.
        const [{ migrations }] = (await sqlRows<{ migrations: number }>(
          copy.db,
          sql`select count(*)::int as migrations from drizzle.__drizzle_migrations`,
        )) as [{ migrations: number }];
        expect(migrations).toBeGreaterThan(40);
      } finally {
        await copy.close();
      }
      expect(await readFile(path.join(restored, 'images', 'items', 'cover.jpg'), 'utf8')).toBe('a picture');
      expect(await readFile(path.join(restored, 'drive', 'entries', 'file1'), 'utf8')).toBe('a lesson plan');

      // Never over a database or files in use.
      await expect(restorePgliteBackup(backup, restored)).rejects.toThrow(/is not empty: restore into a new data folder/);
      // A backup folder is never written over either.
      await expect(script('backup', ['--to', backup])).rejects.toMatchObject({ stderr: expect.stringContaining('exists already') });
    } finally {
      await stopServing();
    }
    expect(await answersAt(socket)).toBe(false);
  }, 240_000);

  it('opens the database itself when no app runs', async () => {
    await database!.close();
    database = null;
    const backup = path.join(root, 'backup-stopped');
    expect(await script('backup', ['--to', backup])).toContain('Backup written to');
    expect((await readManifest(backup)).files).toEqual({ images: 1, drive: 1 });
  }, 120_000);
});
