/**
 * Rate limits that stop abuse, not people (issue 14 §6): a signed-in person spends a budget of their own, visitors
 * share their address's, pictures and built files are not counted, and with REDIS_URL the counters are one for
 * every instance (against the Redis server these machines run; REDIS_TEST_URL overrides it).
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { freshDatabase } from '../support/database';
import { temporaryLocalDrive, testConfig, type CookieJar } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { signInAs } from '../support/http';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const PAGE_BUDGET = 5;

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];
const drives: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoAccounts(database);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const remove of drives) await remove();
  await database?.close();
});

/** An instance of the app on the shared database, with a small page budget. */
async function instance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const drive = await temporaryLocalDrive();
  drives.push(drive.remove);
  const config = testConfig({ RATE_LIMIT_MAX: String(PAGE_BUDGET), RATE_LIMIT_SIGN_IN_MAX: '1000', ...env });
  const app = await buildApp(config, { database, drive: drive.drive });
  await app.ready();
  apps.push(app);
  return app;
}

async function statuses(app: FastifyInstance, url: string, count: number, jar?: CookieJar): Promise<number[]> {
  const answers: number[] = [];
  for (let request = 0; request < count; request++) answers.push((await app.inject({ url, headers: { cookie: jar?.header() ?? '' } })).statusCode);
  return answers;
}

/** Requests until the first 429 (at most `limit`), so a test needs no count of what signing in spent. */
async function spendBudget(app: FastifyInstance, jar?: CookieJar, limit = 3 * PAGE_BUDGET): Promise<number> {
  for (let request = 1; request <= limit; request++) {
    if ((await app.inject({ url: '/collection', headers: { cookie: jar?.header() ?? '' } })).statusCode === 429) return request;
  }
  throw new Error(`no 429 after ${limit} requests`);
}

function aBuiltScript(): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return `/build/${Object.values(manifest)[0]!.file}`;
}

describe('budgets per person', () => {
  it('gives each signed-in person their own budget, whatever address they share', async () => {
    const app = await instance();
    const member = await signInAs(app, 'member@example.org');
    const leader = await signInAs(app, 'leader@example.org');
    expect(await spendBudget(app, member)).toBeLessThanOrEqual(PAGE_BUDGET + 1);
    expect(await statuses(app, '/collection', 3, leader)).toEqual([200, 200, 200]);
    // Visitors who are not signed in spend their address's budget, apart from the people signed in there.
    expect(await statuses(app, '/login', 3)).toEqual([200, 200, 200]);
  });

  it('lets visitors from one address share one budget', async () => {
    const app = await instance();
    const answers = await statuses(app, '/login', PAGE_BUDGET + 1);
    expect(answers.slice(0, PAGE_BUDGET).every((status) => status === 200)).toBe(true);
    expect(answers[PAGE_BUDGET]).toBe(429);
  });

  it('behind one trusted proxy, takes the address the proxy saw, not one the visitor wrote', async () => {
    const app = await instance({ TRUST_PROXY: '1' });
    const answers: number[] = [];
    for (let request = 0; request <= PAGE_BUDGET; request++) {
      // The visitor forges the leftmost entry each time; the proxy appends the address it really saw.
      const forwarded = `198.51.100.${request}, 203.0.113.9`;
      answers.push((await app.inject({ url: '/login', headers: { 'x-forwarded-for': forwarded } })).statusCode);
    }
    expect(answers.slice(0, PAGE_BUDGET).every((status) => status === 200)).toBe(true);
    expect(answers[PAGE_BUDGET]).toBe(429);
    // Another client behind the same proxy has a budget of its own.
    expect((await app.inject({ url: '/login', headers: { 'x-forwarded-for': '203.0.113.10' } })).statusCode).toBe(200);
  });

  it('never counts pictures or built files', async () => {
    const app = await instance();
    const script = aBuiltScript();
    const uncounted = [...(await statuses(app, script, 2 * PAGE_BUDGET)), ...(await statuses(app, '/image/abcdefabcdef', 2 * PAGE_BUDGET))];
    expect(uncounted).not.toContain(429);
    expect(await statuses(app, '/login', PAGE_BUDGET)).not.toContain(429);
  });

  it('counts pages that are not there, however the URL is spelled', async () => {
    const app = await instance();
    const answers = [...(await statuses(app, '/no/such/page', PAGE_BUDGET)), ...(await statuses(app, '/i/%ZZ', 1))];
    expect(answers).toEqual([...Array(PAGE_BUDGET).fill(404), 429]);
  });

  it('counts the stock image search, even spelled with an escape', async () => {
    const app = await instance();
    const member = await signInAs(app, 'member@example.org');
    const answers = await statuses(app, '/image/%73earch?q=sunrise', 2 * PAGE_BUDGET, member);
    expect(answers).toContain(429);
  });

  it('counts type-ahead apart from pages, with its own budget', async () => {
    const app = await instance({ RATE_LIMIT_TYPEAHEAD_MAX: '3' });
    const member = await signInAs(app, 'member@example.org');
    const typing = await statuses(app, '/item?simplejson=true&search=pray', 4, member);
    expect(typing).toEqual([200, 200, 200, 429]);
    expect((await app.inject({ url: '/collection', headers: { cookie: member.header() } })).statusCode).toBe(200);
  });
});

describe('counters shared between instances', () => {
  it('without Redis, each instance counts on its own', async () => {
    const first = await instance();
    const second = await instance();
    const member = await signInAs(first, 'member@example.org');
    await spendBudget(first, member);
    expect((await second.inject({ url: '/collection', headers: { cookie: member.header() } })).statusCode).toBe(200);
  });

  it('with REDIS_URL, a budget spent on one instance is spent on all', async () => {
    const shared = { REDIS_URL, REDIS_KEY_PREFIX: `equip-test-${randomUUID()}:` };
    const first = await instance(shared);
    const second = await instance(shared);
    const member = await signInAs(first, 'member@example.org');
    const leader = await signInAs(second, 'leader@example.org');
    await spendBudget(first, member);
    expect((await second.inject({ url: '/collection', headers: { cookie: member.header() } })).statusCode).toBe(429);
    // Another person on the same instances still has their whole budget.
    expect(await statuses(first, '/collection', 2, leader)).toEqual([200, 200]);
  });

  it('lets requests through, uncounted, while Redis is out of reach', async () => {
    const app = await instance({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: 'equip-test-unreachable:' });
    const answers = await statuses(app, '/login', PAGE_BUDGET + 3);
    expect(answers.every((status) => status === 200)).toBe(true);
  });
});
