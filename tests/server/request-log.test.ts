/** Logging every HTTP request for the admin stats (features/request-log; docs/decisions/curation.md "Request stats"). */
import { describe, expect, it, vi } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { httpRequests, users } from '../../server/db/schema';
import { createRequestLog, REQUEST_LOG_BATCH_WINDOW_MS } from '../../server/features/request-log/recorder';
import { isBot, pathOf, refererOf, REQUEST_LOG_REFERER_MAX } from '../../server/features/request-log/rules';
import { sweepOldRequests } from '../../server/features/request-log/sweep';
import { useTestApp } from '../support/app';
import { signInAs } from '../support/http';
import { seedDemoAccounts } from '../support/seed';

const ctx = useTestApp({ seed: seedDemoAccounts });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

async function lastId(): Promise<number> {
  await ctx.app.requestLog.flush();
  const [row] = await ctx.database.db.select({ id: sql<number>`coalesce(max(${httpRequests.id}), 0)`.mapWith(Number) }).from(httpRequests);
  return row.id;
}

async function rowsAfter(id: number) {
  await ctx.app.requestLog.flush();
  return ctx.database.db.select().from(httpRequests).where(gt(httpRequests.id, id)).orderBy(httpRequests.id);
}

describe('the request log', () => {
  it('logs a request after flush with its method, path without the query string, code, referer origin and path, and duration', async () => {
    const before = await lastId();
    await ctx.app.inject({
      method: 'GET',
      url: '/i/nosuchitem9?search=secret+words&token=abc',
      headers: { 'user-agent': BROWSER, referer: 'https://www.example.com/some/page?q=private#top' },
    });
    const rows = await rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'GET', url: '/i/nosuchitem9', referer: 'https://www.example.com/some/page', responseCode: 404, userTypeId: null });
    expect(rows[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(rows[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("logs the signed-in user's user type, not who they are", async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const [member] = await ctx.database.db.select().from(users).where(eq(users.email, 'member@example.org'));
    const before = await lastId();
    await ctx.app.inject({ method: 'GET', url: '/login', headers: { cookie: jar.header(), 'user-agent': BROWSER } });
    const rows = await rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ url: '/login', userTypeId: member.userTypeId });
    expect(rows[0]).not.toHaveProperty('userId');
  });

  it('leaves out static assets (the client build, files of public/, favicons) and bots', async () => {
    const before = await lastId();
    await ctx.app.inject({ method: 'GET', url: '/build/assets/nothing-here.js', headers: { 'user-agent': BROWSER } });
    await ctx.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'user-agent': BROWSER } });
    await ctx.app.inject({ method: 'GET', url: '/favicon.ico', headers: { 'user-agent': BROWSER } });
    await ctx.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    await ctx.app.inject({ method: 'GET', url: '/login', headers: { 'user-agent': 'curl/8.5.0' } });
    await ctx.app.inject({ method: 'POST', url: '/logout-nowhere', headers: { 'user-agent': BROWSER } });
    const rows = await rowsAfter(before);
    expect(rows.map((row) => [row.method, row.url])).toEqual([['POST', '/logout-nowhere']]);
  });

  it('writes queued requests by itself within the batch window', async () => {
    const before = await lastId();
    await ctx.app.inject({ method: 'GET', url: '/login?by=timer', headers: { 'user-agent': BROWSER } });
    await vi.waitFor(
      async () => {
        const rows = await ctx.database.db.select().from(httpRequests).where(gt(httpRequests.id, before));
        expect(rows.map((row) => row.url)).toEqual(['/login']);
      },
      { timeout: REQUEST_LOG_BATCH_WINDOW_MS * 5, interval: 50 },
    );
  });

  it('answers with the queued count and writes many requests in one flush', async () => {
    await lastId();
    for (let index = 0; index < 30; index += 1)
      ctx.app.requestLog.record({
        method: 'GET',
        url: `/many/${index}`,
        referer: null,
        responseCode: 200,
        userTypeId: null,
        durationMs: 1,
        createdAt: new Date(),
      });
    expect(await ctx.app.requestLog.flush()).toBe(30);
    expect(await ctx.app.requestLog.flush()).toBe(0);
  });
});

describe('request log rules', () => {
  it('recognises crawlers and scripted clients, not browsers', () => {
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true);
    expect(isBot('facebookexternalhit/1.1')).toBe(true);
    expect(isBot('python-requests/2.32')).toBe(true);
    expect(isBot(BROWSER)).toBe(false);
    expect(isBot(undefined)).toBe(false);
  });

  it('keeps only the path of a URL and the origin and path of a referer, capped', () => {
    expect(pathOf('/items?search=x#y')).toBe('/items');
    expect(pathOf('/a#b?c')).toBe('/a');
    expect(refererOf('https://user:pw@host.example/p/q?s=1')).toBe('https://host.example/p/q');
    expect(refererOf(undefined)).toBeNull();
    expect(refererOf(`https://host.example/${'x'.repeat(2000)}`)).toHaveLength(REQUEST_LOG_REFERER_MAX);
  });

  it('redacts the tokens of invitation and verification links in paths and referers', () => {
    expect(pathOf('/invite/AbCdEfGh_12345678?x=1')).toBe('/invite/[redacted]');
    expect(pathOf(`/profile/verify/${'t'.repeat(43)}`)).toBe('/profile/verify/[redacted]');
    expect(refererOf('https://host.example/invite/AbCdEfGh_12345678')).toBe('https://host.example/invite/[redacted]');
    expect(refererOf('/profile/verify/AbCdEfGh_12345678?y')).toBe('/profile/verify/[redacted]');
    expect(pathOf('/user_invitation/abc123def456')).toBe('/user_invitation/abc123def456');
  });
});

describe('retention', () => {
  it('deletes rows older than the retention, in batches, and keeps the rest', async () => {
    const now = new Date();
    const row = (daysAgo: number, url: string) => ({ method: 'GET', url, responseCode: 200, createdAt: new Date(now.getTime() - daysAgo * DAY_MS) });
    await ctx.database.db
      .insert(httpRequests)
      .values([row(400, '/sweep/old-1'), row(366, '/sweep/old-2'), row(365.5, '/sweep/old-3'), row(364, '/sweep/kept-1'), row(1, '/sweep/kept-2')]);
    expect(await sweepOldRequests(ctx.database.db, 365, now, 2)).toBe(3);
    const left = await ctx.database.db
      .select({ url: httpRequests.url })
      .from(httpRequests)
      .where(and(sql`${httpRequests.url} like '/sweep/%'`));
    expect(left.map((r) => r.url).sort()).toEqual(['/sweep/kept-1', '/sweep/kept-2']);
    expect(ctx.config.REQUEST_LOG_RETENTION_DAYS).toBe(365);
  });
});

describe('a database that falls behind', () => {
  it('keeps at most the allowed number of rows waiting and leaves out the rest', async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const db = ctx.database.db;
    const slow = { execute: async (statement: Parameters<typeof db.execute>[0]) => (await gate, db.execute(statement)) } as unknown as typeof db;
    const quiet = { warn: () => undefined } as unknown as Parameters<typeof createRequestLog>[1];
    const recorder = createRequestLog(slow, quiet, 1200);
    for (let index = 0; index < 5000; index += 1)
      recorder.record({ method: 'GET', url: `/slow/${index}`, referer: null, responseCode: 200, userTypeId: null, durationMs: 0, createdAt: new Date() });
    open();
    await recorder.flush();
    const written = await db
      .select({ url: httpRequests.url })
      .from(httpRequests)
      .where(sql`${httpRequests.url} like '/slow/%'`);
    expect(written).toHaveLength(1200);
    expect(written.map((row) => row.url)).toContain('/slow/1199');
    expect(written.map((row) => row.url)).not.toContain('/slow/1200');
    // Once written, new requests are logged again.
    recorder.record({ method: 'GET', url: '/slow/after', referer: null, responseCode: 200, userTypeId: null, durationMs: 0, createdAt: new Date() });
    expect(await recorder.flush()).toBe(1);
  });
});
