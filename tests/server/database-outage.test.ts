/**
 * While PostgreSQL is away, every answer is the app's own 503 page (JSON for JSON requests) with no internal message,
 * no database error stops the process, and the app recovers by itself once the database is back. The app reaches
 * PostgreSQL through a relay the test cuts: open connections drop and new ones are refused, as in a restart.
 */
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { driveUploads, items } from '../../server/db/schema';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session';
import { buildApp } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { isDatabaseUnavailable } from '../../server/db/errors';
import { ERROR_PAGES } from '../../shared/messages';
import { RETRY_AFTER_SECONDS } from '../../server/features/errors/plugin';
import { temporaryLocalDrive, testConfig, type CookieJar } from '../support/app';
import { inertiaHeaders, signInAs, xsrfHeader } from '../support/http';
import { pageFromDocument } from '../../server/inertia/testing';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { ITEMS, MAINTAINER, seedContentLibrary, TEXT_BYTES, upload } from './content-fixture';
import type { DrivePort } from '../../server/drive/port';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `equip_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

function databaseUrl(port?: number): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  if (port) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  return url.toString();
}

describe.skipIf(!serverUrl)('a database outage (PostgreSQL)', () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let member: CookieJar;
  let removeDrive: () => Promise<void>;
  let localDrive: DrivePort;
  let cutAfterUpload = false;
  let logDir: string;

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const direct = await openDatabase({ url: databaseUrl(), pgliteDataDir: 'memory://', poolSize: 2 });
    await migrateDatabase(direct);
    await seedContentLibrary(direct);
    await direct.close();
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ url: databaseUrl(proxy.port), pgliteDataDir: 'memory://', poolSize: 4 });
    const drive = await temporaryLocalDrive();
    removeDrive = drive.remove;
    localDrive = drive.drive;
    // The database goes away right after a file reaches the drive, when the test asks for it.
    const cuttingDrive = Object.create(drive.drive) as DrivePort;
    cuttingDrive.upload = async (file) => {
      const entry = await drive.drive.upload(file);
      if (cutAfterUpload) await proxy.cut();
      return entry;
    };
    logDir = mkdtempSync(path.join(tmpdir(), 'equip-outage-log-'));
    app = await buildApp(testConfig({ RATE_LIMIT_SIGN_IN_MAX: '1000', LOG_FILE: path.join(logDir, 'equip.log'), LOG_LEVEL: 'info' }), {
      database,
      drive: cuttingDrive,
    });
    await app.ready();
    member = await signInAs(app, 'member@example.org');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await removeDrive?.();
    await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(logDir, { recursive: true, force: true });
  });

  const requests = async (): Promise<[string, InjectOptions][]> => [
    ['a signed-in page', { url: '/collection', headers: { cookie: member.header() } }],
    ['a signed-in Inertia visit', { url: '/item', headers: { ...(await inertiaHeaders(app)), cookie: member.header() } }],
    ['a JSON request', { url: '/item?simplejson=true&search=games', headers: { accept: 'application/json', cookie: member.header() } }],
    ['a visitor page', { url: '/item' }],
    [
      'a write',
      { method: 'POST', url: '/collection', headers: { ...xsrfHeader(member), 'content-type': 'application/json' }, payload: { title: 'During the outage' } },
    ],
  ];

  it('answers every request with its own 503 page while the database is away, and recovers when it is back', async () => {
    expect((await app.inject({ url: '/collection', headers: { cookie: member.header() } })).statusCode).toBe(200);
    await proxy.cut();

    for (const [what, options] of await requests()) {
      const response = await app.inject(options);
      expect(response.statusCode, what).toBe(503);
      expect(response.headers['retry-after'], what).toBe(String(RETRY_AFTER_SECONDS.databaseUnavailable));
      expect(response.body, what).not.toMatch(/ECONNREFUSED|session\.get|is not a function|at .*\.ts:\d+|"statusCode"|FST_/);
      if (response.headers['content-type']?.toString().includes('text/html')) {
        expect(pageFromDocument(response.body), what).toMatchObject({ component: 'errors/Error', props: { status: 503, title: ERROR_PAGES[503].title } });
      } else if (options.headers && 'x-inertia' in options.headers) {
        expect(response.json(), what).toMatchObject({ component: 'errors/Error', props: { status: 503 } });
      } else {
        expect(response.json(), what).toEqual({ message: ERROR_PAGES[503].message, status: 503 });
      }
    }

    // The failed session reads are logged with their statements, never with the session id they asked for.
    const sessionId = decodeURIComponent(member.get(SESSION_COOKIE)!).split('.')[0]!;
    const log = await vi.waitFor(
      () => {
        const text = readFileSync(path.join(logDir, 'equip.log'), 'utf8');
        expect(text).toContain('DatabaseSessionStore.load');
        return text;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(log).toContain('database unavailable');
    expect(log).not.toContain(sessionId);
    expect(log).not.toContain('params:');

    await proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered === 0; attempt++) {
      if ((await app.inject({ url: '/collection', headers: { cookie: member.header() } })).statusCode === 200) recovered = attempt + 1;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered, 'the app answers 200 again within 10 s of the database coming back').toBeGreaterThan(0);
    for (const [what, options] of await requests()) expect((await app.inject(options)).statusCode, what).toBeLessThan(500);
  });

  /** Asks until the app answers `path` with 200 again (the relay restored), at most 10 s. */
  async function waitForRecovery(jar: CookieJar): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      if ((await app.inject({ url: '/collection', headers: { cookie: jar.header() } })).statusCode === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the app did not answer 200 within 10 s of the database coming back');
  }

  it('fails only the transaction whose connection dropped between two of its statements, and the process goes on', async () => {
    // The dropped connection's client emits 'error' while it is lent out; with no listener that was an uncaught
    // exception, which stopped the process (vitest reports it as an unhandled error and fails the run).
    let firstStatementDone!: () => void;
    const waiting = new Promise<void>((resolve) => (firstStatementDone = resolve));
    let carryOn!: () => void;
    const heldOpen = new Promise<void>((resolve) => (carryOn = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      firstStatementDone();
      await heldOpen;
      await tx.execute(sql`select 2`);
    });
    await waiting;
    await proxy.cut();
    // The client hears of the drop before the transaction goes on.
    await new Promise((resolve) => setImmediate(resolve));
    carryOn();
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure, 'the transaction fails').not.toBeNull();
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await proxy.restore();
    await waitForRecovery(member);
    await expect(database.db.transaction((tx) => tx.execute(sql`select 3 as three`))).resolves.toBeTruthy();
  });

  it('gives back a connection whose BEGIN failed, so drops cannot drain the pool', async () => {
    // Drizzle gives a transaction's connection back only once BEGIN has succeeded. With a pool of one connection, a
    // single lost BEGIN left nothing to lend: every later query waited for a connection until it timed out.
    const direct = await openDatabase({ url: databaseUrl(proxy.port), pgliteDataDir: 'memory://', poolSize: 1 });
    try {
      await direct.db.execute(sql`select 1`);
      proxy.dropOnNextMessage();
      const failure = await direct.db
        .transaction((tx) => tx.execute(sql`select 2`))
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      await expect(direct.db.transaction((tx) => tx.execute(sql`select 3`))).resolves.toBeTruthy();
    } finally {
      await direct.close();
    }
  });

  it('keeps a file that reached the drive as the database went away, journaled for the orphaned-uploads check', async () => {
    // Its content row may have been committed before the connection dropped, and a row must never point at a removed file.
    const maintainer = await signInAs(app, MAINTAINER);
    cutAfterUpload = true;
    const response = await upload(app, maintainer, ITEMS.guide, [{ name: 'Rainy day plan.txt', type: 'text/plain', data: TEXT_BYTES }]).finally(
      () => (cutAfterUpload = false),
    );
    expect(response.statusCode).toBe(503);
    await proxy.restore();
    await waitForRecovery(maintainer);
    const [item] = await database.db.select({ folderId: items.googleDriveFolderId }).from(items).where(eq(items.ref, ITEMS.guide));
    const folderId = item!.folderId!;
    expect((await localDrive.list(folderId)).map((entry) => entry.name)).toContain('Rainy day plan.txt');
    const journal = await database.db.select({ name: driveUploads.name }).from(driveUploads).where(eq(driveUploads.folderId, folderId));
    expect(journal.map((row) => row.name)).toEqual(['Rainy day plan.txt']);
  });

  it("keeps a signed-in person's token through a 503, so their first write after the outage is not refused as forged", async () => {
    const person = await signInAs(app, 'leader@example.org');
    await proxy.cut();
    for (const [what, options] of [
      ['a page', { url: '/collection' }],
      ['a write', { method: 'POST', url: '/collection', headers: { ...xsrfHeader(person), 'content-type': 'application/json' }, payload: { title: 'Lost' } }],
    ] as const) {
      const response = await app.inject({ ...options, headers: { ...('headers' in options ? options.headers : {}), cookie: person.header() } });
      expect(response.statusCode, what).toBe(503);
      person.store(response);
    }
    await proxy.restore();
    await waitForRecovery(person);
    const write = await app.inject({
      method: 'POST',
      url: '/collection',
      headers: { ...xsrfHeader(person), 'content-type': 'application/json', cookie: person.header() },
      payload: { title: 'After the outage' },
    });
    expect(write.statusCode, write.body.match(/message[^,]*/)?.[0]).toBe(303);
  });
});
