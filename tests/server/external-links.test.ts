/** check-external-links and its SSRF guard (admin-curation §2 "Admin Advanced"). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/db/client';
import { brokenExternalLinkAlerts, items } from '../../server/db/schema';
import { checkExternalLinks, checkLink } from '../../server/features/admin-advanced/external-links';
import {
  isNonPublicAddress,
  parseCheckableUrl,
  RefusedUrlError,
  resolvePublicAddresses,
  STRICT_ADDRESS_POLICY,
  type AddressPolicy,
} from '../../server/features/admin-advanced/url-guard';
import { freshDatabase } from '../support/database';

describe('the SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '[::1]',
  ])('refuses the non-public address %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.5:8080/admin',
    'http://192.168.0.1/',
    'http://[::1]:3000/',
    'http://[fc00::2]/',
    'http://169.254.169.254/latest/meta-data/',
  ])('refuses the URL %s with the strict policy', async (url) => {
    await expect(resolvePublicAddresses(new URL(url).hostname, STRICT_ADDRESS_POLICY)).rejects.toBeInstanceOf(RefusedUrlError);
  });

  it('refuses a host name that resolves to a private address, or to any private one among public ones', async () => {
    const resolving = (addresses: string[]): AddressPolicy => ({
      resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      isRefused: isNonPublicAddress,
    });
    await expect(resolvePublicAddresses('intranet.example.org', resolving(['192.168.10.4']))).rejects.toThrow(
      'Refused: intranet.example.org resolves to the non-public address 192.168.10.4',
    );
    await expect(resolvePublicAddresses('mixed.example.org', resolving(['93.184.215.14', 'fd00::7']))).rejects.toBeInstanceOf(RefusedUrlError);
    await expect(resolvePublicAddresses('www.example.org', resolving(['93.184.215.14']))).resolves.toHaveLength(1);
  });

  it('refuses a localhost name with the real resolver', async () => {
    await expect(resolvePublicAddresses('localhost', STRICT_ADDRESS_POLICY)).rejects.toBeInstanceOf(RefusedUrlError);
  });

  it.each(['ftp://example.org/file', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://example.org/', 'not a url'])(
    'refuses %s before any request',
    (url) => {
      expect(() => parseCheckableUrl(url)).toThrow(RefusedUrlError);
    },
  );

  it('a link checked with the strict policy never reaches a local server', async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const result = await checkLink(`http://127.0.0.1:${port}/`);
    const byName = await checkLink(`http://localhost:${port}/`);
    await new Promise((resolve) => server.close(resolve));
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Refused/);
    expect(byName.ok).toBe(false);
    expect(hits).toBe(0);
  });
});

describe('checking the links of items against a local server', () => {
  let database: DatabaseHandle;
  let server: Server;
  let base: string;
  const requests: string[] = [];
  /** Answers the slow routes have still to give (cleared at the end). */
  const pending = new Set<NodeJS.Timeout>();
  /** Whether /missing has come back. */
  let restored = false;
  /** Lets the local test server (127.0.0.1) through; every other non-public address stays refused. */
  const LOCAL_TEST_POLICY: AddressPolicy = {
    resolve: STRICT_ADDRESS_POLICY.resolve,
    isRefused: (address) => address !== '127.0.0.1' && isNonPublicAddress(address),
  };

  beforeAll(async () => {
    database = await freshDatabase();
    server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.url === '/good' || (request.url === '/missing' && restored)) return response.end('fine');
      if (request.url === '/head-refused') {
        response.statusCode = request.method === 'HEAD' ? 405 : 200;
        return response.end();
      }
      if (request.url === '/moved') {
        response.writeHead(301, { location: '/good' });
        return response.end();
      }
      if (request.url === '/to-private') {
        response.writeHead(302, { location: 'http://10.0.0.1/inside' });
        return response.end();
      }
      if (request.url === '/loop') {
        response.writeHead(302, { location: '/loop' });
        return response.end();
      }
      // A redirect loop through two addresses: A → B → A …
      if (request.url === '/loop-a' || request.url === '/loop-b') {
        response.writeHead(302, { location: request.url === '/loop-a' ? `${base}/loop-b` : '/loop-a' });
        return response.end();
      }
      // Answers 200, but only after a while: /slow after 1.5 s, /slowish after 0.3 s.
      if (request.url === '/slow' || request.url === '/slowish') {
        const timer = setTimeout(
          () => {
            pending.delete(timer);
            if (!response.destroyed) response.end('late');
          },
          request.url === '/slow' ? 1500 : 300,
        );
        pending.add(timer);
        return;
      }
      response.statusCode = 404;
      response.end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const timer of pending) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('records one alert for one good and one missing link, and resolves it when the link works again', async () => {
    const db = database.db;
    const [good, missing] = await db
      .insert(items)
      .values([
        { code: 'EQ-101', title: 'Good link', availableExternalLink: `${base}/good` },
        { code: 'EQ-102', title: 'Missing link', availableExternalLink: `${base}/missing` },
        { code: 'EQ-103', title: 'No link' },
      ])
      .returning();
    const now = new Date('2025-03-01T10:00:00Z');
    const report = await checkExternalLinks(db, now, { policy: LOCAL_TEST_POLICY });
    expect(report).toContain('Checked 2 of 2 external links: 1 working, 1 broken.');
    expect(report).toMatch(/EQ-102\s+http:\/\/127\.0\.0\.1:\d+\/missing\s+404\s+The site answered HTTP 404/);
    const alerts = await db.select().from(brokenExternalLinkAlerts);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      itemId: missing!.id,
      url: `${base}/missing`,
      statusCode: 404,
      message: 'The site answered HTTP 404',
      resolvedAt: null,
      failures: 1,
      unreachable: false,
      firstFailedAt: now,
    });
    // HEAD first, GET when HEAD fails.
    expect(requests).toEqual(expect.arrayContaining(['HEAD /good', 'HEAD /missing', 'GET /missing']));
    expect(requests).not.toContain('GET /good');

    // Checked again while still broken: the same alert is updated, not a second one. Progress comes after each link.
    const progress: string[] = [];
    await checkExternalLinks(db, new Date('2025-03-02T10:00:00Z'), { policy: LOCAL_TEST_POLICY, concurrency: 1, progress: (line) => progress.push(line) });
    expect(progress).toEqual(['Checked 1 of 2 external links: 0 broken so far.', 'Checked 2 of 2 external links: 1 broken so far.']);
    const again = await db.select().from(brokenExternalLinkAlerts);
    expect(again).toHaveLength(1);
    expect(again[0]!.checkedAt.toISOString()).toBe('2025-03-02T10:00:00.000Z');
    expect(again[0]).toMatchObject({ failures: 2, firstFailedAt: now });

    // The missing page comes back.
    restored = true;
    const fixed = await checkExternalLinks(db, new Date('2025-03-03T10:00:00Z'), { policy: LOCAL_TEST_POLICY });
    restored = false;
    expect(fixed).toContain('Checked 2 of 2 external links: 2 working, 0 broken.');
    expect(fixed).toContain('Resolved 1 alert of links that work again.');
    const [resolved] = await db.select().from(brokenExternalLinkAlerts);
    expect(resolved!.resolvedAt?.toISOString()).toBe('2025-03-03T10:00:00.000Z');
    expect(await db.select().from(brokenExternalLinkAlerts).where(eq(brokenExternalLinkAlerts.itemId, good!.id))).toEqual([]);
  });

  it('falls back to GET when HEAD is refused, and follows redirects', async () => {
    expect(await checkLink(`${base}/head-refused`, { policy: LOCAL_TEST_POLICY })).toMatchObject({ ok: true, status: 200 });
    expect(await checkLink(`${base}/moved`, { policy: LOCAL_TEST_POLICY })).toMatchObject({ ok: true, status: 200, finalUrl: `${base}/good` });
  });

  it('refuses a redirect to a private address and gives up on redirect loops', async () => {
    const toPrivate = await checkLink(`${base}/to-private`, { policy: LOCAL_TEST_POLICY });
    expect(toPrivate).toMatchObject({ ok: false, status: null, finalUrl: 'http://10.0.0.1/inside' });
    expect(toPrivate.message).toMatch(/^Refused: 10\.0\.0\.1/);
    expect(requests).not.toContain('GET /inside');
    expect(await checkLink(`${base}/loop`, { policy: LOCAL_TEST_POLICY })).toMatchObject({ ok: false, message: 'More than 5 redirects' });
  });

  it('stops at its deadline and says how many links were left', async () => {
    const report = await checkExternalLinks(database.db, new Date(), { policy: LOCAL_TEST_POLICY, deadline: Date.now() - 1 });
    expect(report).toContain('Checked 0 of 2 external links');
    expect(report).toMatch(/Stopped after \d+ s \(the time limit, ADVANCED_LINK_CHECK_MAX_MINUTES\): 2 links were not checked this time\./);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    const result = await checkLink(url, { policy: LOCAL_TEST_POLICY, timeoutMs: 200 });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    expect(result).toMatchObject({ ok: false, status: null, message: 'Unreachable from here: no answer within 0.2 s', unreachable: true });
  });

  it('tells a name that does not resolve (unreachable from here) from a site that answers 404', async () => {
    const noResolver: AddressPolicy = {
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo EAI_AGAIN nowhere.example'), { code: 'EAI_AGAIN' });
      },
      isRefused: LOCAL_TEST_POLICY.isRefused,
    };
    expect(await checkLink('https://nowhere.example/page', { policy: noResolver })).toEqual({
      ok: false,
      status: null,
      message: 'Unreachable from here: the host nowhere.example does not resolve',
      finalUrl: 'https://nowhere.example/page',
      unreachable: true,
    });
    expect(await checkLink(`${base}/nowhere`, { policy: LOCAL_TEST_POLICY })).toMatchObject({ status: 404, unreachable: false });
    const refused = await freePortUrl();
    expect(await checkLink(refused, { policy: LOCAL_TEST_POLICY })).toMatchObject({
      ok: false,
      status: null,
      message: 'Unreachable from here: the connection was refused',
      unreachable: true,
    });
  });

  it('reports a 404 as broken with its status, and a 200 as working', async () => {
    expect(await checkLink(`${base}/good`, { policy: LOCAL_TEST_POLICY })).toEqual({
      ok: true,
      status: 200,
      message: 'OK',
      finalUrl: `${base}/good`,
      unreachable: false,
    });
    expect(await checkLink(`${base}/nowhere`, { policy: LOCAL_TEST_POLICY })).toEqual({
      ok: false,
      status: 404,
      message: 'The site answered HTTP 404',
      finalUrl: `${base}/nowhere`,
      unreachable: false,
    });
  });

  it('reports a redirect loop between two addresses as broken after the redirect limit, without hanging', async () => {
    const before = requests.length;
    const started = Date.now();
    const result = await checkLink(`${base}/loop-a`, { policy: LOCAL_TEST_POLICY });
    expect(result).toMatchObject({ ok: false, status: null, message: 'More than 5 redirects' });
    expect([`${base}/loop-a`, `${base}/loop-b`]).toContain(result.finalUrl);
    // The first request and 5 redirects followed: 6 requests, alternating A and B, then it stops.
    expect(requests.slice(before)).toEqual(['HEAD /loop-a', 'HEAD /loop-b', 'HEAD /loop-a', 'HEAD /loop-b', 'HEAD /loop-a', 'HEAD /loop-b']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a response slower than the timeout as broken (a timeout), without waiting for it', async () => {
    const started = Date.now();
    const result = await checkLink(`${base}/slow`, { policy: LOCAL_TEST_POLICY, timeoutMs: 200 });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ ok: false, status: null, message: 'Unreachable from here: no answer within 0.2 s', finalUrl: `${base}/slow` });
    // HEAD timed out, then GET timed out: well before the server's answer at 1.5 s.
    expect(elapsed).toBeLessThan(1200);
    expect(await checkLink(`${base}/slowish`, { policy: LOCAL_TEST_POLICY, timeoutMs: 3000 })).toMatchObject({ ok: true, status: 200 });
  });

  it('records alerts for the 404, the redirect loop and the slow link in one run', async () => {
    const db = database.db;
    await db.insert(items).values([
      { code: 'EQ-104', title: 'Looping link', availableExternalLink: `${base}/loop-a` },
      { code: 'EQ-105', title: 'Slow link', availableExternalLink: `${base}/slow` },
    ]);
    const report = await checkExternalLinks(db, new Date('2025-03-04T10:00:00Z'), { policy: LOCAL_TEST_POLICY, timeoutMs: 200 });
    expect(report).toContain('Checked 4 of 4 external links: 1 working, 3 broken.');
    expect(report).toMatch(/EQ-104\s+http:\/\/127\.0\.0\.1:\d+\/loop-a\s+-\s+More than 5 redirects/);
    expect(report).toMatch(/EQ-105\s+http:\/\/127\.0\.0\.1:\d+\/slow\s+-\s+Unreachable from here: no answer within 0\.2 s/);
    expect(report).toContain('1 of the broken could not be reached from here');
    const open = await db.select().from(brokenExternalLinkAlerts).where(isNull(brokenExternalLinkAlerts.resolvedAt));
    expect(open.map((alert) => [alert.url.replace(base, ''), alert.statusCode, alert.message]).sort()).toEqual([
      ['/loop-a', null, 'More than 5 redirects'],
      ['/missing', 404, 'The site answered HTTP 404'],
      ['/slow', null, 'Unreachable from here: no answer within 0.2 s'],
    ]);
  });

  it('without a test policy (as in production) refuses every link to the local server and sends it nothing', async () => {
    const before = requests.length;
    const report = await checkExternalLinks(database.db, new Date('2025-03-05T10:00:00Z'), { timeoutMs: 200 });
    expect(report).toContain('Checked 4 of 4 external links: 0 working, 4 broken.');
    expect(report).toMatch(/EQ-101\s+http:\/\/127\.0\.0\.1:\d+\/good\s+-\s+Refused: 127\.0\.0\.1 resolves to the non-public/);
    const alerts = await database.db.select().from(brokenExternalLinkAlerts).where(isNull(brokenExternalLinkAlerts.resolvedAt));
    expect(alerts).toHaveLength(4);
    for (const alert of alerts) expect(alert.message).toBe('Refused: 127.0.0.1 resolves to the non-public address 127.0.0.1');
    expect(requests.length).toBe(before);
  });
});

/** A URL on loopback where nothing listens: connecting to it is refused. */
async function freePortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/`;
}
