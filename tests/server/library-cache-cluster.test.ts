/**
 * The library cache shared by every instance through Redis (server/features/discovery/cluster-entries.ts): a list is
 * computed once per version for the whole cluster, and what one instance stores never answers a viewer of another
 * access class, another version, another database or another release. Against the Redis server these machines run
 * (REDIS_TEST_URL overrides it).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { SearchResult } from '../../shared/items';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { items, users } from '../../server/db/schema';
import { levelOnlyViewer } from '../../server/access/policy';
import { LibraryCache, type LibrarySnapshot } from '../../server/features/discovery/library-cache';
import { ClusterEntries } from '../../server/features/discovery/cluster-entries';
import { freshDatabase } from '../support/database';
import { temporaryLocalDrive, testConfig, type CookieJar } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { signInAs, visit } from '../support/http';
import { editBlurbUnseen } from '../support/unseen-edits';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const HOUR_MS = 3600 * 1000;

let redis: Redis;
const prefixes: string[] = [];

/** A key prefix of this test's own, removed afterwards. */
function freshPrefix(): string {
  const prefix = `equip-test-${randomUUID()}:`;
  prefixes.push(prefix);
  return prefix;
}

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

describe('entries shared through Redis', () => {
  const snapshot: LibrarySnapshot = {
    generation: randomUUID(),
    version: 1,
    listsVersion: 1,
    validUntil: Date.now() + HOUR_MS,
    accessKey: 'level:0',
    personal: false,
    listsViewer: levelOnlyViewer(0),
  };

  /** `count` instances' caches on one Redis, as separate processes would have. */
  function instances(count: number, prefix = freshPrefix(), release = 'test-release'): LibraryCache[] {
    return Array.from({ length: count }, () => new LibraryCache(10, new ClusterEntries(redis, prefix, release)));
  }

  function slowly<T>(value: T): () => Promise<T> {
    return vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return value;
    });
  }

  it('computes a list once for every instance that asks at the same time, and answers later ones from Redis', async () => {
    const [first, second, third] = instances(3);
    const compute = slowly({ rows: [{ title: 'Camp Songs', updatedAt: new Date('2026-01-02T03:04:05Z') }], tagIds: new Set([1, 2]) });
    const answers = await Promise.all([first, second, third].map((cache) => cache.remember(snapshot, 'k', compute, 'lists')));
    expect(compute).toHaveBeenCalledTimes(1);
    // Dates and sets arrive as they were computed, whichever instance computed them.
    for (const answer of answers)
      expect(answer).toEqual({ rows: [{ title: 'Camp Songs', updatedAt: new Date('2026-01-02T03:04:05Z') }], tagIds: new Set([1, 2]) });
    const [late] = instances(1, prefixes.at(-1));
    expect(await late.remember(snapshot, 'k', compute, 'lists')).toEqual(answers[0]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes again for a newer version, and never answers one version with another’s entry', async () => {
    const [first, second] = instances(2);
    await first.remember(snapshot, 'k', async () => 'at 1', 'lists');
    const newer = { ...snapshot, listsVersion: 2 };
    expect(await second.remember(newer, 'k', async () => 'at 2', 'lists')).toBe('at 2');
    // An instance whose request read the older version computes it itself: the entry in Redis is of version 2.
    const [third] = instances(1, prefixes.at(-1));
    expect(await third.remember(snapshot, 'k', async () => 'at 1 again', 'lists')).toBe('at 1 again');
  });

  it('keeps access classes, databases and releases apart', async () => {
    const prefix = freshPrefix();
    const [first, second] = instances(2, prefix);
    await first.remember(snapshot, 'k', async () => 'for visitors', 'lists');
    expect(await second.remember({ ...snapshot, accessKey: 'level:4', listsViewer: levelOnlyViewer(4) }, 'k', async () => 'for level 4', 'lists')).toBe(
      'for level 4',
    );
    expect(await second.remember({ ...snapshot, accessKey: 'user:7:1:' }, 'k', async () => 'for user 7', 'lists')).toBe('for user 7');
    expect(await second.remember({ ...snapshot, generation: randomUUID() }, 'k', async () => 'another database', 'lists')).toBe('another database');
    const [nextRelease] = instances(1, prefix, 'next-release');
    expect(await nextRelease.remember(snapshot, 'k', async () => 'next release', 'lists')).toBe('next release');
    expect(await second.remember(snapshot, 'k', async () => 'recomputed', 'lists')).toBe('for visitors');
  });

  it('lets a waiting instance compute, only once the one that claimed the list has failed', async () => {
    const [first, second] = instances(2);
    const events: string[] = [];
    const failing = first.remember(snapshot, 'k', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push('first failed');
      throw new Error('database down');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = second.remember(snapshot, 'k', async () => {
      events.push('second computes');
      return 'computed by the second';
    });
    await expect(failing).rejects.toThrow('database down');
    expect(await waiting).toBe('computed by the second');
    expect(events).toEqual(['first failed', 'second computes']);
  });

  it('keeps a newer version’s entry when a slower computation of an older one ends after it', async () => {
    const prefix = freshPrefix();
    const [slow, fast, late] = instances(3, prefix);
    let finishSlow: (value: string) => void = () => {};
    const older = slow.remember(snapshot, 'k', () => new Promise<string>((resolve) => (finishSlow = resolve)), 'lists');
    const newer = { ...snapshot, listsVersion: 2 };
    expect(await fast.remember(newer, 'k', async () => 'at 2', 'lists')).toBe('at 2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    finishSlow('at 1');
    expect(await older).toBe('at 1');
    const compute = vi.fn(async () => 'at 2, again');
    expect(await late.remember(newer, 'k', compute, 'lists')).toBe('at 2');
    expect(compute).not.toHaveBeenCalled();
  });

  it('stores nothing whose validity has ended, and counts an unreadable entry as missing', async () => {
    const prefix = freshPrefix();
    const [first, second] = instances(2, prefix);
    await first.remember({ ...snapshot, validUntil: Date.now() - 1 }, 'k', async () => 'old');
    // The claim is released after the answer, without waiting for Redis.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await redis.keys(`${prefix}*`)).toEqual([]);

    await first.remember(snapshot, 'k', async () => 'stored');
    const [entryKey] = await redis.keys(`${prefix}*entry:*`);
    await redis.hset(entryKey, 'entry', 'not a serialised entry');
    expect(await second.remember(snapshot, 'k', async () => 'computed again')).toBe('computed again');
  });

  it('goes on without Redis when it is out of reach', async () => {
    const away = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    away.on('error', () => {});
    const cache = new LibraryCache(10, new ClusterEntries(away, freshPrefix(), 'test-release'));
    expect(await cache.remember(snapshot, 'k', async () => 'computed here', 'lists')).toBe('computed here');
    away.disconnect();
  });
});

describe('two instances of the app on one database and one Redis', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const drives: (() => Promise<void>)[] = [];
  const jars: Record<string, CookieJar> = {};
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await freshDatabase();
    await seedDemoAccounts(database);
    const shared = { REDIS_URL, REDIS_KEY_PREFIX: freshPrefix() };
    for (let count = 0; count < 2; count++) {
      const drive = await temporaryLocalDrive();
      drives.push(drive.remove);
      const app = await buildApp(testConfig({ ...shared, RATE_LIMIT_MAX: '10000' }), { database, drive: drive.drive });
      await app.ready();
      apps.push(app);
    }
    [first, second] = apps;
    for (const who of ['leader', 'staff']) jars[who] = await signInAs(first, `${who}@example.org`);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const remove of drives) await remove();
    await database?.close();
  });

  let code = 0;
  async function addItem(title: string, values: Partial<typeof items.$inferInsert> = {}): Promise<number> {
    code += 1;
    const [row] = await database.db
      .insert(items)
      .values({
        code: `LCC-${code}`,
        title,
        blurb: `${title} for the shared cache tests`,
        visibility: VISIBILITY.DISCOVERABLE,
        minimumAccessLevel: 0,
        ...values,
      })
      .returning({ id: items.id });
    return row.id;
  }

  async function typeAhead(app: FastifyInstance, text: string, who?: string): Promise<string[]> {
    const response = await app.inject({
      url: `/item?${new URLSearchParams({ search: text, simplejson: 'true' })}`,
      headers: { accept: 'application/json', ...(who ? { cookie: jars[who].header() } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: SearchResult[] }).data.map((result) => result.title);
  }

  async function indexCards(app: FastifyInstance, url: string, who?: string): Promise<{ title: string; blurb: string }[]> {
    const { response, page } = await visit(app, url, who ? jars[who] : undefined);
    expect(response.statusCode).toBe(200);
    return (page.props.items as { data: { title: string; blurb: string }[] }).data;
  }

  const indexTitles = async (app: FastifyInstance, url: string, who?: string) => (await indexCards(app, url, who)).map((item) => item.title);
  const indexBlurbs = async (app: FastifyInstance, url: string, who?: string) => (await indexCards(app, url, who)).map((item) => item.blurb);

  it('answers each level with its own lists whichever instance computed them', async () => {
    await addItem('Lighthouse Staff Notes', { minimumAccessLevel: 4 });
    await addItem('Lighthouse Public Notes');
    expect(await typeAhead(first, 'lighthouse', 'staff')).toEqual(['Lighthouse Public Notes', 'Lighthouse Staff Notes']);
    expect(await typeAhead(second, 'lighthouse')).toEqual(['Lighthouse Public Notes']);
    expect(await typeAhead(second, 'lighthouse', 'leader')).toEqual(['Lighthouse Public Notes']);
    expect(await indexTitles(first, '/item?search=lighthouse')).toEqual(['Lighthouse Public Notes']);
    expect(await indexTitles(second, '/item?search=lighthouse', 'staff')).toEqual(['Lighthouse Public Notes', 'Lighthouse Staff Notes']);
  });

  it('gives a maintainer their drafts on every instance, and nobody else of their level', async () => {
    const [leader] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'leader@example.org'));
    await addItem('Quayside Draft', { visibility: VISIBILITY.DRAFT, createdByUserId: leader.id });
    await addItem('Quayside Guide');
    expect(await typeAhead(first, 'quayside', 'leader')).toEqual(['Quayside Guide', 'Quayside Draft']);
    expect(await typeAhead(second, 'quayside', 'leader')).toEqual(['Quayside Guide', 'Quayside Draft']);
    expect(await typeAhead(second, 'quayside')).toEqual(['Quayside Guide']);
  });

  it('answers one instance from the list another computed', async () => {
    const id = await addItem('Estuary Walk');
    expect(await indexBlurbs(first, '/item?search=estuary')).toEqual(['Estuary Walk for the shared cache tests']);
    await editBlurbUnseen(database.db, id, 'Changed behind the cache’s back');
    // The second instance never computed this list: it reads the first one's from Redis.
    expect(await indexBlurbs(second, '/item?search=estuary')).toEqual(['Estuary Walk for the shared cache tests']);
    // A write that raises the version reaches both at once.
    await database.db.update(items).set({ topic: 'Walks' }).where(eq(items.id, id));
    expect(await indexBlurbs(second, '/item?search=estuary')).toEqual(['Changed behind the cache’s back']);
    expect(await indexBlurbs(first, '/item?search=estuary')).toEqual(['Changed behind the cache’s back']);
  });

  it('follows a write made anywhere at once on every instance', async () => {
    const id = await addItem('Ferry Timetable');
    expect(await indexTitles(first, '/item?search=ferry')).toEqual(['Ferry Timetable']);
    expect(await indexTitles(second, '/item?search=ferry')).toEqual(['Ferry Timetable']);
    await database.db.update(items).set({ title: 'Ferry Crossing' }).where(eq(items.id, id));
    expect(await indexTitles(second, '/item?search=ferry')).toEqual(['Ferry Crossing']);
    await database.db.update(items).set({ minimumAccessLevel: 4 }).where(eq(items.id, id));
    expect(await indexTitles(first, '/item?search=ferry')).toEqual([]);
    expect(await typeAhead(second, 'ferry')).toEqual([]);
    expect(await typeAhead(first, 'ferry', 'staff')).toEqual(['Ferry Crossing']);
  });
});
