/**
 * While PostgreSQL is away (issue 14 §5), every answer is the app's own 503 page (JSON for JSON requests) with no
 * internal message, and the app recovers by itself once the database is back. The app reaches PostgreSQL through a
 * relay the test cuts: open connections drop and new ones are refused, as in a restart.
 */
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { ERROR_PAGES } from '../../shared/messages';
import { RETRY_AFTER_SECONDS } from '../../server/features/errors/plugin';
import { temporaryLocalDrive, testConfig, type CookieJar } from '../support/app';
import { inertiaHeaders, signInAs, xsrfHeader } from '../support/http';
import { pageFromDocument } from '../../server/inertia/testing';
import { seedDemoAccounts } from '../support/seed';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

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

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const direct = await openDatabase({ url: databaseUrl(), pgliteDataDir: 'memory://', poolSize: 2 });
    await migrateDatabase(direct);
    await seedDemoAccounts(direct);
    await direct.close();
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ url: databaseUrl(proxy.port), pgliteDataDir: 'memory://', poolSize: 4 });
    const drive = await temporaryLocalDrive();
    removeDrive = drive.remove;
    app = await buildApp(testConfig({ RATE_LIMIT_SIGN_IN_MAX: '1000' }), { database, drive: drive.drive });
    await app.ready();
    member = await signInAs(app, 'member@example.org');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await removeDrive?.();
    await adminQuery(`drop database if exists ${name} with (force)`);
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

    await proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered === 0; attempt++) {
      if ((await app.inject({ url: '/collection', headers: { cookie: member.header() } })).statusCode === 200) recovered = attempt + 1;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered, 'the app answers 200 again within 10 s of the database coming back').toBeGreaterThan(0);
    for (const [what, options] of await requests()) expect((await app.inject(options)).statusCode, what).toBeLessThan(500);
  });
});
