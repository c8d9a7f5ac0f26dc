import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, asc, eq, getTableName, is, isNull, lt, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../shared/levels';
import { VISIBILITY_VALUES } from '../../shared/enums';
import type { Database, DatabaseHandle } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { countRows, truncateAllTables } from '../../server/db/seed/batches';
import { parseSeedArguments } from '../../server/db/seed/cli';
import {
  DEFAULT_ITEM_COUNT,
  DEMO_ACCOUNTS,
  DEMO_INVITATIONS,
  invitationTokenHash,
  NO_ACCOUNT_EMAIL,
  seedDemoLibrary,
  seedIfEmpty,
  USER_TYPES,
  type SeedSummary,
} from '../../server/db/seed';
import { freshDatabase } from '../support/database';
import { sqlRows } from '../../server/db/sql-rows';

const { items, itemTags, tags, taxonomies, users, userTypes } = schema;
const REFERENCE = new Date('2026-11-01T00:00:00Z');
const SMALL_LIBRARY = 50;

async function typeTagCounts(db: Database) {
  return db
    .select({ itemId: items.id, typeTags: sql<number>`count(${tags.id})::int` })
    .from(items)
    .leftJoin(itemTags, eq(itemTags.itemId, items.id))
    .leftJoin(tags, and(eq(tags.id, itemTags.tagId), sql`${tags.taxonomyId} = (select id from taxonomies where title = 'Type')`))
    .groupBy(items.id);
}

async function distinctValues(db: Database, column: typeof items.visibility | typeof items.minimumAccessLevel): Promise<number[]> {
  const rows = await db.selectDistinct({ value: column }).from(items).orderBy(asc(column));
  return rows.map((row) => row.value);
}

/**
 * Columns that differ between any two databases by design: which database it is (migration 0021), and when the seed's
 * writes were recorded in the history (migration 0022; who, what and in which order stay the same).
 */
const PER_DATABASE_COLUMNS: Record<string, string[]> = { library_state: ['generation'], change_history: ['created_at'] };

/** Every row of every table, in a stable order. */
async function dumpAllTables(db: Database): Promise<Record<string, unknown>> {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  const dump: Record<string, unknown> = {};
  for (const table of tables) {
    const name = getTableName(table);
    const row = (PER_DATABASE_COLUMNS[name] ?? []).reduce((json, column) => `${json} - '${column}'`, 'to_jsonb(t)');
    const [{ rows }] = await sqlRows<{ rows: unknown }>(
      db,
      sql.raw(`select coalesce(jsonb_agg(${row} order by (${row})::text), '[]') as rows from "${name}" t`),
    );
    dump[name] = rows;
  }
  return dump;
}

describe('the default demo library', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    handle = await freshDatabase();
    db = handle.db;
    summary = await seedDemoLibrary(db, { referenceDate: REFERENCE });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('creates every demo account with its user type, level and flags', async () => {
    const rows = await db
      .select({ user: users, level: userTypes.level, typeTitle: userTypes.title })
      .from(users)
      .innerJoin(userTypes, eq(userTypes.id, users.userTypeId));
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find(({ user }) => user.email === account.email);
      expect(row, account.email).toBeDefined();
      expect({
        name: row!.user.name,
        typeTitle: row!.typeTitle,
        level: row!.level,
        admin: row!.user.admin,
        superadmin: row!.user.superadmin,
        manager: row!.user.manager,
        manageUsers: row!.user.manageUsers,
        emailVerified: row!.user.emailVerifiedAt !== null,
      }).toEqual({
        name: account.name,
        typeTitle: account.userTypeTitle,
        level: account.level,
        admin: account.admin,
        superadmin: account.superadmin,
        manager: account.manager,
        manageUsers: account.manageUsers,
        emailVerified: account.emailVerified,
      });
    }
  });

  it('lists exactly the ten demo accounts the sign-in page offers, at levels matching their user types', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual([
      'member@example.org',
      'affiliate@example.org',
      'leader@example.org',
      'staff@example.org',
      'team@example.org',
      'admin@example.org',
      'superadmin@example.org',
      'manager@example.org',
      'usermanager@example.org',
      'unverified@example.org',
    ]);
    for (const account of DEMO_ACCOUNTS) expect(USER_TYPES.find((type) => type.title === account.userTypeTitle)?.level).toBe(account.level);
  });

  it('creates the required, single-choice, public Type taxonomy with its four tags', async () => {
    const [type] = await db.select().from(taxonomies).where(eq(taxonomies.title, 'Type'));
    expect(type).toMatchObject({ required: true, multiselect: false, public: true, showInFiltering: true });
    const typeTags = await db.select({ label: tags.label }).from(tags).where(eq(tags.taxonomyId, type.id)).orderBy(asc(tags.position));
    expect(typeTags.map((tag) => tag.label)).toEqual(['Resource', 'Training', 'Person', 'Equipment']);
  });

  it('builds other taxonomies with parent tags, forced filter tags and one taxonomy kept out of filtering', async () => {
    const all = await db.select().from(taxonomies);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.some((taxonomy) => !taxonomy.showInFiltering)).toBe(true);
    expect(all.some((taxonomy) => taxonomy.multiselect)).toBe(true);
    const parents = await db
      .select({ parent: sql<string>`p.label`, child: tags.label })
      .from(tags)
      .innerJoin(sql`tags p`, sql`p.id = ${tags.parentId}`);
    expect(parents).toContainEqual({ parent: 'Children', child: 'Under 5s' });
    expect(parents).toContainEqual({ parent: 'Schools', child: 'Assemblies' });
    expect(await countRows(db, tags)).toBe(summary.tags);
    const forced = await db.select({ label: tags.label }).from(tags).where(eq(tags.forceShowInFiltering, true));
    expect(forced.length).toBeGreaterThan(0);
  });

  it('keeps tag labels unique across taxonomies so /tag/{label} is unambiguous', async () => {
    const [row] = await db.select({ labels: sql<number>`count(distinct lower(${tags.label}))::int`, tags: sql<number>`count(*)::int` }).from(tags);
    expect(row.labels).toBe(row.tags);
  });

  it('creates at least 300 items spread over every visibility and every access level', async () => {
    expect(DEFAULT_ITEM_COUNT).toBeGreaterThanOrEqual(300);
    expect(await countRows(db, items)).toBe(DEFAULT_ITEM_COUNT);
    expect(await distinctValues(db, items.visibility)).toEqual([...VISIBILITY_VALUES].sort((a, b) => a - b));
    expect(await distinctValues(db, items.minimumAccessLevel)).toEqual([...ACCESS_LEVELS]);
    const [publicListed] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .where(and(eq(items.minimumAccessLevel, 0), eq(items.visibility, 50)));
    expect(publicListed.count).toBeGreaterThan(60);
  });

  it('gives every item exactly one Type tag and some other tags', async () => {
    const counts = await typeTagCounts(db);
    expect(counts.filter((row) => row.typeTags !== 1)).toEqual([]);
    expect(summary.itemTags).toBeGreaterThan(2 * summary.items);
  });

  it('leaves planner statistics and a visibility map behind (VACUUM ANALYZE): real row counts, index-only scans', async () => {
    const [row] = await sqlRows<{ estimated: number; allVisible: number; pages: number }>(
      db,
      sql`select reltuples::int as estimated, relallvisible::int as "allVisible", relpages::int as pages from pg_class where relname = 'items'`,
    );
    expect(row!.estimated).toBe(await countRows(db, items));
    expect(row!.allVisible).toBe(row!.pages);
  });

  it('numbers item codes EQ-00001 upwards', async () => {
    const codes = await db.select({ code: items.code }).from(items).orderBy(asc(items.code)).limit(2);
    expect(codes.map((row) => row.code)).toEqual(['EQ-00001', 'EQ-00002']);
  });

  it('has expired items and items expiring soon, relative to the reference date', async () => {
    const [expired] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .where(lt(items.expiresAt, REFERENCE));
    const [soon] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .where(sql`${items.expiresAt} between ${REFERENCE.toISOString()}::timestamptz and ${REFERENCE.toISOString()}::timestamptz + interval '30 days'`);
    expect(expired.count).toBeGreaterThan(0);
    expect(soon.count).toBeGreaterThan(0);
  });

  it('attaches contents with samples, unpublished files and files locked above the item level', async () => {
    const contents = await db
      .select({
        published: schema.contents.published,
        level: schema.contents.minimumAccessLevel,
        itemLevel: items.minimumAccessLevel,
        sampleOf: schema.contents.isSampleOfId,
      })
      .from(schema.contents)
      .innerJoin(items, eq(items.id, schema.contents.itemId));
    expect(contents.length).toBeGreaterThan(2 * DEFAULT_ITEM_COUNT);
    expect(contents.some((content) => !content.published)).toBe(true);
    expect(contents.some((content) => content.sampleOf !== null)).toBe(true);
    expect(contents.some((content) => content.level > content.itemLevel)).toBe(true);
  });

  it('seeds characteristics of every format, one not public, and an affirmation option that is negative', async () => {
    const characteristics = await db.select().from(schema.characteristics);
    expect(new Set(characteristics.map((c) => c.format))).toEqual(new Set(['text', 'integer', 'boolean', 'year_month', 'url']));
    expect(characteristics.some((c) => !c.public)).toBe(true);
    expect(await countRows(db, schema.itemCharacteristics)).toBeGreaterThan(0);
    const options = await db.select().from(schema.affirmationOptions);
    expect(options.filter((option) => option.isNegative).map((option) => option.title)).toEqual(['Outdated']);
    const strengths = await db
      .selectDistinct({ value: schema.itemAffirmations.value })
      .from(schema.itemAffirmations)
      .orderBy(asc(schema.itemAffirmations.value));
    expect(strengths.map((row) => row.value)).toEqual([1, 2]);
  });

  it('adds stock images, relations, comments and tasks in their various states', async () => {
    const images = await db.select().from(schema.itemImages);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.source).toBe('stock');
      expect(image.storageKey).toMatch(new RegExp(`^stock/[a-z0-9-]+\\.${image.extension}$`));
      expect(['jpg', 'png']).toContain(image.extension);
    }
    const relations = await db.select().from(schema.relations);
    expect(relations.some((relation) => relation.adminApproved)).toBe(true);
    expect(relations.some((relation) => !relation.adminApproved)).toBe(true);
    const comments = await db.select().from(schema.comments);
    expect(comments.every((comment) => comment.comment.length >= 7)).toBe(true);
    expect(['flagged', 'approved', 'edited'].every((flag) => comments.some((comment) => comment[flag as 'flagged' | 'approved' | 'edited']))).toBe(true);
    const tasks = await db.select().from(schema.tasks);
    expect(tasks.some((task) => task.completedAt === null)).toBe(true);
    expect(tasks.some((task) => task.completedAt !== null)).toBe(true);
    expect(new Set(tasks.map((task) => task.priority))).toEqual(new Set([1, 2, 3]));
  });

  it('gives demo users navigation history, affirmations and collections with sections', async () => {
    const member = DEMO_ACCOUNTS[0];
    const [views] = await db
      .select({ count: sql<number>`count(*)::int`, distinctItems: sql<number>`count(distinct ${schema.itemViews.itemId})::int` })
      .from(schema.itemViews)
      .innerJoin(users, eq(users.id, schema.itemViews.userId))
      .where(eq(users.email, member.email));
    expect(views.count).toBeGreaterThan(views.distinctItems);
    const collections = await db.select().from(schema.collections);
    expect(collections.some((collection) => collection.public)).toBe(true);
    expect(collections.some((collection) => !collection.public)).toBe(true);
    const sections = await db.selectDistinct({ section: schema.collectionItems.section }).from(schema.collectionItems);
    expect(sections.length).toBeGreaterThan(2);
  });

  it('lets no demo user see a collection item, view or affirmation above their level', async () => {
    const aboveLevel = (await db.execute(sql`
      with seen (user_id, item_id) as (
        select user_id, item_id from item_views where user_id is not null
        union all select c.user_id, ci.item_id from collection_items ci join collections c on c.id = ci.collection_id
        union all select user_id, item_id from item_affirmations
      )
      select seen.* from seen
        join users u on u.id = seen.user_id
        join user_types t on t.id = u.user_type_id
        join items i on i.id = seen.item_id
      where i.minimum_access_level > t.level`)) as unknown as { rows: unknown[] };
    expect(aboveLevel.rows).toEqual([]);
  });

  it('shares items, collections and contents, some expired and some forever, including to an address with no account', async () => {
    const shares = await db.select().from(schema.shares);
    expect(new Set(shares.map((share) => share.sharedType))).toEqual(new Set(['item', 'collection', 'item_content']));
    expect(shares.some((share) => share.expiresAt === null)).toBe(true);
    expect(shares.some((share) => share.expiresAt !== null && share.expiresAt < REFERENCE)).toBe(true);
    expect(shares.some((share) => share.expiresAt !== null && share.expiresAt > REFERENCE)).toBe(true);
    const noAccount = shares.filter((share) => share.toEmail === NO_ACCOUNT_EMAIL);
    expect(noAccount.length).toBeGreaterThan(0);
    expect(noAccount.every((share) => share.toUserId === null)).toBe(true);
    expect(shares.filter((share) => share.toEmail !== NO_ACCOUNT_EMAIL).every((share) => share.toUserId !== null)).toBe(true);
  });

  it('stores invitations, active, expired and accepted, by the SHA-256 of their tokens', async () => {
    const rows = await db.select().from(schema.invitations);
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(DEMO_INVITATIONS.map((invitation) => invitationTokenHash(invitation.token)).sort());
    expect(invitationTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const accepted = rows.filter((row) => row.acceptedAt !== null);
    const unaccepted = rows.filter((row) => row.acceptedAt === null);
    expect(accepted.length).toBeGreaterThan(0);
    expect(unaccepted.some((row) => row.expiresAt > REFERENCE)).toBe(true);
    expect(unaccepted.some((row) => row.expiresAt < REFERENCE)).toBe(true);
  });

  it('records admin data: broken links, deployment tasks in several states and HTTP requests', async () => {
    expect(await countRows(db, schema.brokenExternalLinkAlerts)).toBeGreaterThan(0);
    const states = await db.selectDistinct({ state: schema.deploymentTasks.state }).from(schema.deploymentTasks);
    expect(states.map((row) => row.state)).toEqual(expect.arrayContaining(['running', 'failed', 'completed']));
    expect(await countRows(db, schema.httpRequests)).toBe(summary.httpRequests);
  });

  it('links the leader to their own Person page, maintained by them', async () => {
    const [leader] = await db.select().from(users).where(eq(users.email, 'leader@example.org'));
    const [page] = await db.select().from(items).where(eq(items.id, leader.personItemId!));
    expect(page.title).toBe('Rev. Sarah Okafor — Schools Chaplain');
    expect(page.createdByUserId).toBe(leader.id);
  });

  it('reports row counts that match the database', async () => {
    const tables = { users, items, contents: schema.contents, comments: schema.comments, itemViews: schema.itemViews, shares: schema.shares } as const;
    for (const [key, table] of Object.entries(tables)) expect(await countRows(db, table), key).toBe(summary[key as keyof SeedSummary]);
  });

  it('has every item maintained by a demo account entitled to see it', async () => {
    const maintainers = await db
      .select({ email: users.email, itemLevel: items.minimumAccessLevel, maintainerLevel: userTypes.level })
      .from(items)
      .innerJoin(users, eq(users.id, items.createdByUserId))
      .innerJoin(userTypes, eq(userTypes.id, users.userTypeId));
    const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);
    expect(maintainers.filter((row) => !demoEmails.includes(row.email!))).toEqual([]);
    expect(maintainers.filter((row) => row.itemLevel > row.maintainerLevel)).toEqual([]);
    const [unmaintained] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .where(isNull(items.createdByUserId));
    expect(unmaintained.count).toBe(0);
  });
});

describe('a small library', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let summaries: SeedSummary[];

  beforeAll(async () => {
    [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
    const options = { items: SMALL_LIBRARY, referenceDate: REFERENCE };
    summaries = [await seedDemoLibrary(first.db, options), await seedDemoLibrary(second.db, options)];
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('has the requested number of items and still covers every visibility, level and one Type tag each', async () => {
    expect(summaries[0].items).toBe(SMALL_LIBRARY);
    expect(await countRows(first.db, items)).toBe(SMALL_LIBRARY);
    expect(await distinctValues(first.db, items.visibility)).toHaveLength(VISIBILITY_VALUES.length);
    expect(await distinctValues(first.db, items.minimumAccessLevel)).toEqual([...ACCESS_LEVELS]);
    expect((await typeTagCounts(first.db)).every((row) => row.typeTags === 1)).toBe(true);
  });

  it('is identical, row for row in every table (refs, titles and dates included), in two fresh databases', async () => {
    expect(summaries[1]).toEqual(summaries[0]);
    const [firstDump, secondDump] = [await dumpAllTables(first.db), await dumpAllTables(second.db)];
    expect((firstDump.items as unknown[]).length).toBe(SMALL_LIBRARY);
    expect(secondDump).toEqual(firstDump);
  });

  it('refuses an item count that is not a positive whole number', async () => {
    await expect(seedDemoLibrary(first.db, { items: 0 })).rejects.toThrow(RangeError);
  });
});

describe('seedIfEmpty', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('seeds an empty database once, then leaves it alone', async () => {
    expect(await seedIfEmpty(handle.db, { items: 20 })).toBe(true);
    expect(await seedIfEmpty(handle.db, { items: 20 })).toBe(false);
    expect(await countRows(handle.db, items)).toBe(20);
    expect(await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'member@example.org'))).toHaveLength(1);
  });

  it('does not seed a database that has users but no items', async () => {
    await truncateAllTables(handle.db);
    const [type] = await handle.db.insert(userTypes).values({ title: 'Member', level: 1 }).returning();
    await handle.db.insert(users).values({ name: 'Someone', email: 'someone@example.net', userTypeId: type.id });
    expect(await seedIfEmpty(handle.db, { items: 20 })).toBe(false);
    expect(await countRows(handle.db, items)).toBe(0);
  });

  it('seeds again after every table is wiped, with ids restarting at 1', async () => {
    await truncateAllTables(handle.db);
    expect(await seedIfEmpty(handle.db, { items: 20 })).toBe(true);
    const [first] = await handle.db.select({ id: items.id, code: items.code }).from(items).orderBy(asc(items.id)).limit(1);
    expect(first).toEqual({ id: 1, code: 'EQ-00001' });
  });
});

describe('the seed command', () => {
  it('reads --items and --force', () => {
    expect(parseSeedArguments([])).toEqual({ items: DEFAULT_ITEM_COUNT, force: false, help: false });
    expect(parseSeedArguments(['--items', '100000', '--force'])).toEqual({ items: 100_000, force: true, help: false });
    expect(() => parseSeedArguments(['--items', 'many'])).toThrow(RangeError);
    expect(() => parseSeedArguments(['--items', '-5'])).toThrow();
    expect(() => parseSeedArguments(['--colour'])).toThrow();
  });

  it('seeds the configured PGlite database, refuses to seed it again, and wipes it with --force', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'equip-seed-'));
    const run = promisify(execFile);
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' };
    const seed = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/db/seed/run.ts', ...args], { env, cwd: process.cwd() });
    try {
      const first = await seed('--items', '30');
      expect(first.stdout).toMatch(/items\s+30\b/);
      await expect(seed('--items', '30')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--force') });
      const forced = await seed('--items', '40', '--force');
      expect(forced.stdout).toContain('Wiped every table');
      expect(forced.stdout).toMatch(/items\s+40\b/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
