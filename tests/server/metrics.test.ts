/**
 * /metrics in Prometheus' text format (features/metrics; docs/decisions/operations.md "Metrics"): off unless configured,
 * guarded by a bearer token or a private address, and a scrape that is valid text holding the requests by route
 * pattern, the outbox, the periodic jobs and the rate limits' refusals. On PostgreSQL too (TEST_DATABASE_URL).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { runPeriodically } from '../../server/db/periodic-jobs';
import { httpRequests, mailOutbox } from '../../server/db/schema';
import { temporaryLocalDrive, testConfig, useTestApp } from '../support/app';
import { freshDatabase } from '../support/database';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';
const PUBLIC_ADDRESS = '203.0.113.9';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('/metrics, unconfigured', () => {
  const ctx = useTestApp();

  it('does not exist: 404 to everyone, with or without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const withToken = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(404);
  });

  it('declares its guard in the route table', () => {
    const route = ctx.app.routeTable.find((entry) => entry.method === 'GET' && entry.url === '/metrics');
    expect(route?.access).toEqual(['metrics scraper (METRICS_TOKEN, or a private address with METRICS_ALLOW_PRIVATE)']);
    expect(route?.publicBecause).toBeNull();
  });
});

describe('/metrics, with a token and private addresses allowed', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let removeDrive: () => Promise<void>;

  beforeAll(async () => {
    database = await freshDatabase();
    const drive = await temporaryLocalDrive();
    removeDrive = drive.remove;
    const config = testConfig({
      METRICS_TOKEN: TOKEN,
      METRICS_ALLOW_PRIVATE: 'true',
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '30',
      PERIODIC_JOBS_INTERVAL_SECONDS: '0.4',
    });
    app = await buildApp(config, { database, drive: drive.drive });
    runPeriodically(app, { name: 'metrics-test-succeeds', work: async () => 'done' });
    runPeriodically(app, {
      name: 'metrics-test-fails',
      work: async () => {
        throw new Error('fails on purpose');
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await removeDrive?.();
  });

  const scrapeAs = (headers: Record<string, string> = {}, remoteAddress = PUBLIC_ADDRESS) =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
  const scrape = async () => {
    const response = await scrapeAs({ authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    return parseExposition(response.body);
  };

  describe('who may scrape', () => {
    it('asks for the token (401) without one, refuses a wrong one (403), answers the right one', async () => {
      const without = await scrapeAs();
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect((await scrapeAs({ authorization: 'Bearer wrong-token' })).statusCode).toBe(403);
      expect((await scrapeAs({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
      expect((await scrapeAs({ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` })).statusCode).toBe(401);
      const right = await scrapeAs({ authorization: `Bearer ${TOKEN}` });
      expect(right.statusCode).toBe(200);
      expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(right.headers['cache-control']).toBe('no-store');
    });

    it('answers loopback and private addresses without the token, the client’s address as TRUST_PROXY finds it', async () => {
      expect((await scrapeAs({}, '127.0.0.1')).statusCode).toBe(200);
      expect((await scrapeAs({}, '10.1.2.3')).statusCode).toBe(200);
      expect((await scrapeAs({}, '::1')).statusCode).toBe(200);
      // The trusted proxy (one hop) is local; the client it names is not.
      expect((await scrapeAs({ 'x-forwarded-for': PUBLIC_ADDRESS }, '127.0.0.1')).statusCode).toBe(401);
      expect((await scrapeAs({ 'x-forwarded-for': `10.9.9.9, ${PUBLIC_ADDRESS}` }, '127.0.0.1')).statusCode).toBe(401);
      expect((await scrapeAs({ 'x-forwarded-for': '192.168.4.5' }, '127.0.0.1')).statusCode).toBe(200);
    });

    it('is never rate limited nor kept in the request stats', async () => {
      const statuses = new Set<number>();
      for (let n = 0; n < 40; n += 1) statuses.add((await scrapeAs({ authorization: `Bearer ${TOKEN}`, 'user-agent': BROWSER })).statusCode);
      expect([...statuses]).toEqual([200]);
      await app.requestLog.flush();
      expect(await database.db.select({ id: httpRequests.id }).from(httpRequests).where(eq(httpRequests.url, '/metrics'))).toEqual([]);
    });
  });

  describe('the scrape', () => {
    it('is valid Prometheus text, with the process’s own metrics', async () => {
      const families = await scrape();
      expect(families.get('equip_http_requests_total')?.type).toBe('counter');
      expect(families.get('equip_http_request_duration_seconds')?.type).toBe('histogram');
      expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
      expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    });

    it('counts a request by its route pattern, never its URL', async () => {
      const ref = 'zz9metricsref0';
      expect((await app.inject({ method: 'GET', url: `/i/${ref}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/i/${TOKEN.slice(0, 20)}` })).statusCode).toBe(404);
      const families = await scrape();
      expect(value(families, 'equip_http_requests_total', { method: 'GET', route: '/i/:ref', status_class: '4xx' })).toBeGreaterThanOrEqual(2);
      expect(value(families, 'equip_http_request_duration_seconds_count', { method: 'GET', route: '/i/:ref', status_class: '4xx' })).toBeGreaterThanOrEqual(2);
      expect(value(families, 'equip_http_requests_total', { method: 'GET', route: '/metrics', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
      const labelValues = allLabelValues(families);
      expect(labelValues.filter((label) => label.includes(ref) || label.includes(TOKEN.slice(0, 20)))).toEqual([]);
    });

    it('never shows the token', async () => {
      const response = await scrapeAs({ authorization: `Bearer ${TOKEN}` });
      expect(response.body).not.toContain(TOKEN);
      expect(response.body).not.toContain(TOKEN.slice(0, 20));
    });

    it('counts a refusal of the rate limit by route', async () => {
      const address = '198.51.100.7';
      const statuses: number[] = [];
      for (let n = 0; n < 31; n += 1) statuses.push((await app.inject({ method: 'GET', url: '/robots.txt', remoteAddress: address })).statusCode);
      expect(statuses.at(-1)).toBe(429);
      const families = await scrape();
      expect(value(families, 'equip_rate_limit_refusals_total', { route: '/robots.txt' })).toBeGreaterThanOrEqual(1);
      expect(value(families, 'equip_http_requests_total', { method: 'GET', route: '/robots.txt', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    });

    it('holds the mail outbox’s unsent messages and the age of the oldest', async () => {
      await database.db.insert(mailOutbox).values({
        toAddress: 'someone@example.org',
        subject: 'Waiting',
        textBody: 'text',
        htmlBody: '<p>text</p>',
        createdAt: new Date(Date.now() - 120_000),
      });
      const families = await scrape();
      expect(value(families, 'equip_mail_outbox_unsent_messages', {})).toBeGreaterThanOrEqual(1);
      expect(value(families, 'equip_mail_outbox_oldest_unsent_age_seconds', {})).toBeGreaterThanOrEqual(119);
    });

    it('counts the periodic jobs’ runs by outcome, and when each last succeeded', async () => {
      let families = await scrape();
      for (
        let tries = 0;
        tries < 50 && !(value(families, 'equip_periodic_job_runs_total', { job: 'metrics-test-fails', outcome: 'failed' }) >= 1);
        tries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        families = await scrape();
      }
      expect(value(families, 'equip_periodic_job_runs_total', { job: 'metrics-test-succeeds', outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
      expect(value(families, 'equip_periodic_job_runs_total', { job: 'metrics-test-fails', outcome: 'failed' })).toBeGreaterThanOrEqual(1);
      const lastSuccess = value(families, 'equip_periodic_job_last_success_timestamp_seconds', { job: 'metrics-test-succeeds' });
      expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    });

    it('counts the library cache’s hits and misses', async () => {
      for (let n = 0; n < 2; n += 1) expect((await app.inject({ method: 'GET', url: '/item', remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
      const families = await scrape();
      expect(value(families, 'equip_library_cache_lookups_total', { outcome: 'miss' })).toBeGreaterThanOrEqual(1);
      expect(value(families, 'equip_library_cache_lookups_total', { outcome: 'hit' })).toBeGreaterThanOrEqual(1);
    });

    // After the tests above, which gave the labelled series their first samples.
    it('has every metric the Grafana dashboard reads (docs/grafana-dashboard.json)', async () => {
      const dashboard = readFileSync('docs/grafana-dashboard.json', 'utf8');
      const read = new Set(dashboard.match(/\b(?:equip|process|nodejs)_[a-z0-9_]+/g));
      const families = await scrape();
      const samples = new Set([...families.values()].flatMap((family) => family.samples.map((sample) => sample.name)));
      // PGlite has no pool: its gauges are on PostgreSQL only.
      const missing = [...read].filter((name) => !samples.has(name) && !(database.kind === 'pglite' && name.startsWith('equip_db_pool_')));
      expect(missing).toEqual([]);
      expect(read.size).toBeGreaterThan(10);
    });

    it('names the database engine, and on PostgreSQL the pool’s use', async () => {
      const families = await scrape();
      expect(value(families, 'equip_db_engine_info', { engine: database.kind })).toBe(1);
      expect(value(families, 'equip_db_transaction_retries_total', {})).toBeGreaterThanOrEqual(0);
      if (database.kind === 'postgres') {
        expect(value(families, 'equip_db_pool_max_connections', {})).toBe(4);
        expect(value(families, 'equip_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
        expect(value(families, 'equip_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
        expect(value(families, 'equip_db_pool_waiting_clients', {})).toBeGreaterThanOrEqual(0);
      } else {
        expect(families.has('equip_db_pool_connections')).toBe(false);
      }
    });
  });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

/**
 * A strict reading of the text format (version 0.0.4): every family has one HELP and one TYPE line before its samples,
 * every sample belongs to the family above it, label values are quoted with only \\, \" and \n escaped, values are
 * numbers; a histogram's buckets rise to a +Inf bucket equal to its count.
 */
function parseExposition(text: string): Map<string, Family> {
  expect(text.endsWith('\n')).toBe(true);
  const families = new Map<string, Family>();
  let current: { name: string; family: Family } | null = null;
  for (const [index, line] of text.split('\n').entries()) {
    const where = `line ${index + 1}: ${line}`;
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      expect(name, where).toMatch(METRIC_NAME);
      if (kind === 'HELP') {
        expect(families.has(name), `${where} (family named twice)`).toBe(false);
        current = { name, family: { type: '', help: rest, samples: [] } };
        families.set(name, current.family);
      } else {
        expect(current?.name, `${where} (TYPE without its HELP)`).toBe(name);
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped'], where).toContain(rest);
        current!.family.type = rest;
      }
      continue;
    }
    expect(line.startsWith('#'), `${where} (unknown comment)`).toBe(false);
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    expect(sample, where).not.toBeNull();
    const [, name, labelText, valueText] = sample!;
    expect(current, `${where} (sample before any family)`).not.toBeNull();
    const allowed = [current!.name, ...(SUFFIXES[current!.family.type] ?? []).map((suffix) => current!.name + suffix)];
    expect(allowed, `${where} (sample of another family)`).toContain(name);
    expect(valueText, where).toMatch(/^(?:[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+)|[+-]Inf|NaN)$/i);
    current!.family.samples.push({ name, labels: parseLabels(labelText ?? '', where), value: Number(valueText.replace('Inf', 'Infinity')) });
  }
  for (const [name, family] of families) {
    expect(family.type, `${name} has no TYPE`).not.toBe('');
    if (family.type === 'histogram') checkHistogram(name, family);
  }
  return families;
}

function parseLabels(text: string, where: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const pair = /\s*([^=\s]+)="((?:[^"\\\n]|\\[\\"n])*)"\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    pair.lastIndex = at;
    const match = pair.exec(text);
    expect(match, `${where} (labels at ${at})`).not.toBeNull();
    const [, name, raw] = match!;
    expect(name, where).toMatch(LABEL_NAME);
    expect(labels[name], `${where} (label ${name} twice)`).toBeUndefined();
    labels[name] = raw.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    at = pair.lastIndex;
  }
  return labels;
}

function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (sample.name === `${name}_bucket`) entry.buckets.push([Number(le.replace('Inf', 'Infinity')), sample.value]);
    if (sample.name === `${name}_count`) entry.count = sample.value;
  }
  for (const [key, { buckets, count }] of series) {
    const where = `${name} ${key}`;
    expect(buckets.at(-1)?.[0], `${where}: last bucket is +Inf`).toBe(Infinity);
    expect(buckets.at(-1)?.[1], `${where}: +Inf bucket equals the count`).toBe(count);
    for (let n = 1; n < buckets.length; n += 1) {
      expect(buckets[n][0], where).toBeGreaterThan(buckets[n - 1][0]);
      expect(buckets[n][1], where).toBeGreaterThanOrEqual(buckets[n - 1][1]);
    }
  }
}

/** The value of the sample named `name` whose labels are exactly `labels`; NaN when there is none. */
function value(families: Map<string, Family>, name: string, labels: Record<string, string>): number {
  for (const family of families.values()) {
    const sample = family.samples.find(
      (candidate) => candidate.name === name && JSON.stringify(Object.entries(candidate.labels).sort()) === JSON.stringify(Object.entries(labels).sort()),
    );
    if (sample) return sample.value;
  }
  return NaN;
}

function allLabelValues(families: Map<string, Family>): string[] {
  return [...families.values()].flatMap((family) => family.samples.flatMap((sample) => Object.values(sample.labels)));
}
