/** GET /healthz and /readyz (issue 17): what a load balancer asks, what it is told, and what they never cost. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { sqlRows } from '../../server/db/sql-rows';
import { httpRequests } from '../../server/db/schema';
import type { DrivePort } from '../../server/drive/port';
import { ReadinessChecks } from '../../server/features/health-checks/checks';
import { useTestApp } from '../support/app';

const RATE_LIMIT_MAX = 3;
const ctx = useTestApp({ env: { RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) } });

const get = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });
const ALL_OK = { database: 'ok', migrations: 'ok', drive: 'ok' };

describe('GET /healthz', () => {
  it('answers 200 while the process runs, kept by no cache', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('answers 503 naming the drive when it does not answer, and 200 once it does', async () => {
    const drive = ctx.drive as { get: DrivePort['get'] };
    const get_ = drive.get;
    drive.get = () => Promise.reject(new Error('EACCES: permission denied'));
    try {
      const response = await get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { ...ALL_OK, drive: 'unreachable' } });
    } finally {
      drive.get = get_;
    }
    const response = await get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: ALL_OK });
  });

  it('answers 503 when the database lacks a migration this build ships', async () => {
    const db = ctx.database.db;
    const [newest] = await sqlRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const response = await get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ ...ALL_OK, migrations: 'behind this build' });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  // On PostgreSQL the pool can be busy; PGlite has one connection and runs one statement at a time anyway.
  it.runIf(process.env.TEST_DATABASE_URL)('stays ready while every connection of the pool is busy: its checks have a connection of their own', async () => {
    // A Drizzle query runs when it is awaited: Promise.resolve starts each one now.
    const busy = Array.from({ length: 4 }, () => Promise.resolve(ctx.database.db.execute(sql`select pg_sleep(2.5)`)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await get('/readyz');
    expect(response.json()).toEqual({ status: 'ready', checks: ALL_OK });
    await Promise.all(busy);
  });

  it("answers 503 'stopping' once the process was asked to stop, while it still serves every other request", async () => {
    ctx.app.lifecycle.draining = true;
    try {
      const response = await get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'stopping' });
      expect((await get('/healthz')).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/login', remoteAddress: '10.9.8.6' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('is never rate limited and never counted in the request stats', async () => {
    for (let probe = 0; probe < RATE_LIMIT_MAX * 3; probe += 1) {
      expect((await get('/readyz')).statusCode).toBe(200);
      expect((await get('/healthz')).statusCode).toBe(200);
    }
    // The same address's pages are limited as before.
    const pages = await Promise.all(Array.from({ length: RATE_LIMIT_MAX + 1 }, () => get('/')));
    expect(pages.map((page) => page.statusCode)).toContain(429);
    await ctx.app.requestLog.flush();
    const logged = async (path: string) => (await ctx.database.db.select({ id: httpRequests.id }).from(httpRequests).where(eq(httpRequests.url, path))).length;
    expect(await logged('/readyz')).toBe(0);
    expect(await logged('/healthz')).toBe(0);
    expect(await logged('/')).toBeGreaterThan(0);
  });
});

describe('ReadinessChecks', () => {
  const limits = { checkTimeLimitMs: 50, driveAnswerReuseMs: 10_000 };
  const failures: string[] = [];
  const log = (part: string) => failures.push(part);

  it('says which parts failed: a database that refuses, a drive that never answers', async () => {
    const refusing = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    const hanging = { rootFolderId: () => new Promise<string>(() => {}) } as unknown as DrivePort;
    const answer = await new ReadinessChecks(refusing, hanging, log, limits).check();
    expect(answer).toEqual({ ready: false, checks: { database: 'unreachable', migrations: 'unreachable', drive: 'no answer within 50 ms' } });
    expect(failures.sort()).toEqual(['database', 'migrations']);
  });

  it('reuses a good drive answer for a while, then asks again', async () => {
    let asked = 0;
    const drive = { rootFolderId: async () => 'root', get: async () => (asked += 1) } as unknown as DrivePort;
    // The real database answers within the time limit however busy the machine (50 ms did not, on two loaded cores).
    const checks = new ReadinessChecks(ctx.database.db, drive, log, { ...limits, checkTimeLimitMs: 30_000 });
    expect((await checks.check(1_000)).ready).toBe(true);
    expect((await checks.check(5_000)).ready).toBe(true);
    expect(asked).toBe(1);
    await checks.check(1_000 + limits.driveAnswerReuseMs);
    expect(asked).toBe(2);
  });
});
