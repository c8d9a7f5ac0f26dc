/**
 * The library cache (server/features/discovery/library-cache.ts) answers lists, searches and type-ahead
 * from memory; these tests prove it never answers with something the database no longer says, and never
 * lets one viewer's results reach another who may not see them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { ItemSummary, SearchResult } from '../../shared/items';
import { commentFlags, comments, contents, items, itemTags, libraryState, shares, tags, taxonomies, users } from '../../server/db/schema';
import { LibraryCache } from '../../server/features/discovery/library-cache';
import { typeAheadJson } from '../../server/features/discovery/queries';
import { openItemPage } from '../../server/features/items/detail';
import { levelOnlyViewer } from '../../server/access/policy';
import { loadViewer } from '../../server/auth/viewer';
import { useTestApp, type CookieJar } from '../support/app';
import { signInAs, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { editBlurbUnseen } from '../support/unseen-edits';

const HOUR_MS = 3600 * 1000;
let code = 0;

const ctx = useTestApp({ seed: seedDemoAccounts });
const jars: Record<string, CookieJar> = {};

async function userId(email: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

async function addItem(title: string, values: Partial<typeof items.$inferInsert> = {}): Promise<number> {
  code += 1;
  const [row] = await ctx.database.db
    .insert(items)
    .values({ code: `LC-${code}`, title, blurb: `${title} for the cache tests`, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, ...values })
    .returning({ id: items.id });
  return row.id;
}

async function typeAhead(text: string, who?: string): Promise<string[]> {
  const response = await ctx.app.inject({
    url: `/item?${new URLSearchParams({ search: text, simplejson: 'true' })}`,
    headers: { accept: 'application/json', ...(who ? { cookie: jars[who].header() } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: SearchResult[] }).data.map((result) => result.title);
}

async function indexCards(url: string, who?: string): Promise<ItemSummary[]> {
  const { response, page } = await visit(ctx.app, url, who ? jars[who] : undefined);
  expect(response.statusCode).toBe(200);
  return (page.props.items as { data: ItemSummary[] }).data;
}

async function indexTitles(url: string, who?: string): Promise<string[]> {
  return (await indexCards(url, who)).map((item) => item.title);
}

async function indexBlurbs(url: string, who?: string): Promise<string[]> {
  return (await indexCards(url, who)).map((item) => item.blurb);
}

beforeAll(async () => {
  for (const who of ['member', 'unverified', 'leader', 'usermanager', 'staff', 'manager', 'admin']) jars[who] = await signInAs(ctx.app, `${who}@example.org`);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('answers from the cache follow every committed change', () => {
  it('drops an item from type-ahead and search as soon as it is hidden, and shows a new title at once', async () => {
    const id = await addItem('Lantern Walk');
    expect(await typeAhead('lantern')).toEqual(['Lantern Walk']);
    expect(await indexTitles('/item?search=lantern')).toEqual(['Lantern Walk']);

    await ctx.database.db.update(items).set({ title: 'Lantern Parade' }).where(eq(items.id, id));
    expect(await typeAhead('lantern')).toEqual(['Lantern Parade']);
    expect(await indexTitles('/item?search=lantern')).toEqual(['Lantern Parade']);

    await ctx.database.db.update(items).set({ visibility: VISIBILITY.HIDDEN }).where(eq(items.id, id));
    expect(await typeAhead('lantern')).toEqual([]);
    expect(await indexTitles('/item?search=lantern')).toEqual([]);
  });

  it('follows tag changes in filtered lists and in the filter menus', async () => {
    const [taxonomy] = await ctx.database.db.insert(taxonomies).values({ title: 'Setting', public: true, showInFiltering: true }).returning();
    const [outdoor] = await ctx.database.db.insert(tags).values({ taxonomyId: taxonomy.id, label: 'Outdoor' }).returning();
    const id = await addItem('Kite Festival');
    const url = `/item?tags=${outdoor.ref}`;
    expect(await indexTitles(url)).toEqual([]);

    await ctx.database.db.insert(itemTags).values({ itemId: id, tagId: outdoor.id });
    expect(await indexTitles(url)).toEqual(['Kite Festival']);
    const { page } = await visit(ctx.app, '/item');
    const menus = page.props.filterTaxonomies as { title: string; tags: { label: string }[] }[];
    expect(menus.find((menu) => menu.title === 'Setting')?.tags.map((tag) => tag.label)).toEqual(['Outdoor']);
  });

  it('stops listing an item when it expires, with no write in between', async () => {
    const now = Date.now();
    await addItem('Candle Vigil', { expiresAt: new Date(now + HOUR_MS) });
    expect(await typeAhead('candle')).toEqual(['Candle Vigil']);
    expect(await indexTitles('/item?search=candle')).toEqual(['Candle Vigil']);

    vi.useFakeTimers({ toFake: ['Date'], now: now + 2 * HOUR_MS });
    expect(await typeAhead('candle')).toEqual([]);
    expect(await indexTitles('/item?search=candle')).toEqual([]);
  });
});

describe('viewers never share answers they should not', () => {
  it('keeps each level’s answers to that level', async () => {
    await addItem('Beacon Staff Notes', { minimumAccessLevel: 4 });
    await addItem('Beacon Public Notes');
    expect(await typeAhead('beacon', 'staff')).toEqual(['Beacon Public Notes', 'Beacon Staff Notes']);
    expect(await typeAhead('beacon', 'leader')).toEqual(['Beacon Public Notes']);
    expect(await typeAhead('beacon')).toEqual(['Beacon Public Notes']);
    expect(await indexTitles('/item?search=beacon', 'staff')).toEqual(['Beacon Public Notes', 'Beacon Staff Notes']);
    expect(await indexTitles('/item?search=beacon')).toEqual(['Beacon Public Notes']);
  });

  it('gives a maintainer their own drafts, and nobody else of their level', async () => {
    await addItem('Harbour Draft', { visibility: VISIBILITY.DRAFT, createdByUserId: await userId('leader@example.org') });
    await addItem('Harbour Guide');
    expect(await typeAhead('harbour', 'leader')).toEqual(['Harbour Guide', 'Harbour Draft']);
    expect(await typeAhead('harbour', 'usermanager')).toEqual(['Harbour Guide']);
    expect(await indexTitles('/item?search=harbour', 'usermanager')).toEqual(['Harbour Guide']);
  });

  it('shows a shared item to its recipient only, from the moment of the share until it expires', async () => {
    const now = Date.now();
    const itemId = await addItem('Compass Team Course', { minimumAccessLevel: 5 });
    expect(await typeAhead('compass', 'staff')).toEqual([]);

    await ctx.database.db.insert(shares).values({
      sharedType: 'item',
      itemId,
      toEmail: 'staff@example.org',
      toUserId: await userId('staff@example.org'),
      fromUserId: await userId('admin@example.org'),
      level: 5,
      expiresAt: new Date(now + HOUR_MS),
    });
    expect(await typeAhead('compass', 'staff')).toEqual(['Compass Team Course']);
    expect(await indexTitles('/item?search=compass', 'staff')).toEqual(['Compass Team Course']);
    // The manager has the staff member's level, and no share.
    expect(await typeAhead('compass', 'manager')).toEqual([]);
    expect(await indexTitles('/item?search=compass', 'manager')).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'], now: now + 2 * HOUR_MS });
    expect(await typeAhead('compass', 'staff')).toEqual([]);
  });
});

describe('a level’s shared entries', () => {
  it('never hold what one member of the level got of their own after their snapshot was read', async () => {
    const db = ctx.database.db;
    const cache = ctx.app.libraryCache;
    const affiliate = (await loadViewer(db, await userId('affiliate@example.org')))!;
    // The affiliate's request read its snapshot (no item of their own: the level's class)...
    const snapshot = await cache.snapshot(db, affiliate);
    expect(snapshot?.accessKey).toBe('level:2');
    // ...then, before its list was computed, they created a draft (which raises no level's version).
    await addItem('Tamarind Draft Notes', { visibility: VISIBILITY.DRAFT, createdByUserId: affiliate.id });
    const answered = JSON.parse(await typeAheadJson(db, affiliate, 'tamarind', { cache, snapshot })).data;
    expect(answered).toEqual([]);
    // Anyone else of level 2 is answered from that entry: it holds nothing of the affiliate's.
    const other = levelOnlyViewer(2);
    expect(JSON.parse(await typeAheadJson(db, other, 'tamarind', { cache, snapshot: await cache.snapshot(db, other) })).data).toEqual([]);
    // Their next request reads a snapshot that makes their lists their own, with their draft.
    expect(
      JSON.parse(await typeAheadJson(db, affiliate, 'tamarind', { cache, snapshot: await cache.snapshot(db, affiliate) })).data.map(
        (result: SearchResult) => result.title,
      ),
    ).toEqual(['Tamarind Draft Notes']);
  });
});

describe('a level’s shared item pages', () => {
  it('never hold the contents a share gave one member of the level after their snapshot was read', async () => {
    const db = ctx.database.db;
    const cache = ctx.app.libraryCache;
    const itemId = await addItem('Saffron Leaders Kit', { minimumAccessLevel: 2 });
    const [item] = await db.select({ ref: items.ref }).from(items).where(eq(items.id, itemId));
    await db.insert(contents).values([
      { itemId, label: 'Saffron overview', minimumAccessLevel: 2 },
      { itemId, label: 'Saffron staff notes', minimumAccessLevel: 4 },
    ]);
    // A new affiliate: nothing of their own yet.
    const [{ userTypeId }] = await db.select({ userTypeId: users.userTypeId }).from(users).where(eq(users.email, 'affiliate@example.org'));
    const [{ id: affiliateId }] = await db
      .insert(users)
      .values({ name: 'Saffron Reader', email: 'saffron@example.org', emailVerifiedAt: new Date(), userTypeId })
      .returning({ id: users.id });
    const affiliate = (await loadViewer(db, affiliateId))!;
    // Their request read its snapshot (the level's class)...
    const snapshot = await cache.snapshot(db, affiliate);
    expect(snapshot?.accessKey).toBe('level:2');
    // ...then, before the page's parts were computed, someone shared the item with them at level 4.
    await db
      .insert(shares)
      .values({ sharedType: 'item', itemId, toUserId: affiliate.id, toEmail: 'saffron@example.org', fromUserId: await userId('admin@example.org'), level: 4 });
    const labels = async (viewer: typeof affiliate) =>
      (await openItemPage(db, viewer, item.ref, new Date(), { cache, snapshot })).parts.item.contents.map((content) => content.label);
    expect(await labels(affiliate)).toEqual(['Saffron overview']);
    // Another request of level 2 that read the same snapshot is answered from that entry: the share is not in it.
    expect(await labels(levelOnlyViewer(2))).toEqual(['Saffron overview']);
    // Their next request reads a snapshot that makes their pages their own, with the shared level.
    const theirs = await openItemPage(db, affiliate, item.ref, new Date(), { cache, snapshot: await cache.snapshot(db, affiliate) });
    expect(theirs.parts.item.contents.map((content) => content.label)).toEqual(['Saffron overview', 'Saffron staff notes']);
  });
});

describe('shares by e-mail', () => {
  it('count as the recipient’s own, read with their session, so others of their level never get them', async () => {
    const itemId = await addItem('Atlas Leaders Pack', { minimumAccessLevel: 2 });
    await ctx.database.db.insert(shares).values({
      sharedType: 'item',
      itemId,
      toEmail: 'member@example.org',
      fromUserId: await userId('staff@example.org'),
      level: 2,
    });
    expect(await typeAhead('atlas', 'member')).toEqual(['Atlas Leaders Pack']);
    expect(await indexTitles('/item?search=atlas', 'member')).toEqual(['Atlas Leaders Pack']);
    // Also level 1, with no share.
    expect(await typeAhead('atlas', 'unverified')).toEqual([]);
    expect(await indexTitles('/item?search=atlas', 'unverified')).toEqual([]);
  });
});

describe('the versions', () => {
  async function versions() {
    const [row] = await ctx.database.db
      .select({ version: libraryState.version, lists: libraryState.listsVersion, levels: libraryState.levelListsVersions })
      .from(libraryState);
    return row!;
  }

  /** Which levels' lists versions a write raised (a statement's own triggers may raise one more than once). */
  const levelsRaised = (before: number[], after: number[]) => after.flatMap((version, level) => (version > before[level] ? [level] : []));
  const levelsFrom = (lowest: number | null) => (lowest === null ? [] : [0, 1, 2, 3, 4, 5, 6].filter((level) => level >= lowest));

  it('raises a level’s lists version only for writes to items that level may list, and every level’s for tags', async () => {
    const db = ctx.database.db;
    const draftId = await addItem('Tiered Draft', { visibility: VISIBILITY.DRAFT });
    const teamItemId = await addItem('Tiered Team Notes', { minimumAccessLevel: 5 });
    let before = await versions();
    expect(before.levels).toHaveLength(7);

    const expectWrite = async (write: () => Promise<unknown>, lowest: number | null) => {
      await write();
      const after = await versions();
      expect(after.lists, 'every list-relevant write raises the lists version').toBeGreaterThan(before.lists);
      expect(levelsRaised(before.levels, after.levels)).toEqual(levelsFrom(lowest));
      expect(after.levels.every((version, level) => version >= before.levels[level])).toBe(true);
      before = after;
    };
    await expectWrite(() => db.update(items).set({ title: 'Tiered Draft 2' }).where(eq(items.id, draftId)), null);
    await expectWrite(() => db.update(items).set({ title: 'Tiered Team Notes 2' }).where(eq(items.id, teamItemId)), 5);
    // Published at level 2, then hidden: levels 2 and up gain it, then lose it.
    await expectWrite(() => db.update(items).set({ visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 2 }).where(eq(items.id, draftId)), 2);
    await expectWrite(() => db.update(items).set({ visibility: VISIBILITY.HIDDEN }).where(eq(items.id, draftId)), 2);
    // Lowered from 5 to 3: levels 3 and 4 gain it.
    await expectWrite(() => db.update(items).set({ minimumAccessLevel: 3 }).where(eq(items.id, teamItemId)), 3);
    // Shares make the recipient's lists their own, which follow `lists_version` only.
    await expectWrite(() => db.insert(shares).values({ sharedType: 'item', itemId: teamItemId, toEmail: 'nobody-yet@example.org', level: 3 }), null);
    const [tag] = await db
      .insert(tags)
      .values({ taxonomyId: (await db.select({ id: taxonomies.id }).from(taxonomies).limit(1))[0].id, label: 'Tiered' })
      .returning({ id: tags.id });
    before = await versions();
    await expectWrite(() => db.insert(itemTags).values({ itemId: teamItemId, tagId: tag.id }), 3);
    await expectWrite(() => db.delete(itemTags).where(eq(itemTags.tagId, tag.id)), 3);
    await expectWrite(() => db.update(tags).set({ label: 'Tiered 2' }).where(eq(tags.id, tag.id)), 0);

    // A view count is no list-relevant write.
    await db.update(items).set({ viewCount: 9 }).where(eq(items.id, teamItemId));
    expect(await versions()).toEqual(before);
  });

  it('keeps a level’s cached lists through an edit to an item above that level, and follows one it lists at once', async () => {
    const db = ctx.database.db;
    const publicId = await addItem('Quillon Public Guide');
    const staffId = await addItem('Quillon Staff Guide', { minimumAccessLevel: 4 });
    expect(await indexTitles('/item?search=quillon')).toEqual(['Quillon Public Guide']);
    expect(await indexTitles('/item?search=quillon', 'admin')).toEqual(['Quillon Staff Guide', 'Quillon Public Guide']);

    await editBlurbUnseen(ctx.database.db, publicId, 'Quillon, edited unseen');
    await db.update(items).set({ title: 'Quillon Staff Guide 2' }).where(eq(items.id, staffId));
    // The visitor's list is still the cached one; the admin's followed the edit (and so reads the unseen blurb too).
    expect(await indexBlurbs('/item?search=quillon')).toEqual(['Quillon Public Guide for the cache tests']);
    expect(await indexBlurbs('/item?search=quillon', 'admin')).toEqual(['Quillon Staff Guide for the cache tests', 'Quillon, edited unseen']);
    expect(await indexTitles('/item?search=quillon', 'admin')).toEqual(['Quillon Staff Guide 2', 'Quillon Public Guide']);

    await db.update(items).set({ minimumAccessLevel: 0 }).where(eq(items.id, staffId));
    expect(await indexTitles('/item?search=quillon')).toEqual(['Quillon Staff Guide 2', 'Quillon Public Guide']);
    expect(await indexBlurbs('/item?search=quillon')).toEqual(['Quillon Staff Guide for the cache tests', 'Quillon, edited unseen']);
  });

  it('raises only the library version for a comment, an affirmation or a task; both for what lists read', async () => {
    const itemId = await addItem('Versioned Kit');
    const staff = await userId('staff@example.org');
    const before = await versions();
    const [comment] = await ctx.database.db.insert(comments).values({ itemId, userId: staff, comment: 'Used it last week' }).returning({ id: comments.id });
    const afterComment = await versions();
    expect(afterComment.version).toBeGreaterThan(before.version);
    expect(afterComment.lists).toBe(before.lists);
    // A flag changes who may flag the comment, which the item page's cached comments part carries (migration 0026).
    await ctx.database.db.insert(commentFlags).values({ commentId: comment.id, userId: await userId('member@example.org'), reason: 'spam' });
    const afterFlag = await versions();
    expect(afterFlag.version).toBeGreaterThan(afterComment.version);
    expect(afterFlag.lists).toBe(afterComment.lists);
    await ctx.database.db.update(items).set({ viewCount: 5 }).where(eq(items.id, itemId));
    expect(await versions()).toEqual(afterFlag);
    await ctx.database.db.update(items).set({ title: 'Versioned Kit 2' }).where(eq(items.id, itemId));
    const afterTitle = await versions();
    expect(afterTitle.lists).toBeGreaterThan(afterFlag.lists);
    expect(afterTitle.version).toBeGreaterThan(afterFlag.version);
  });

  it('answers lists from the cache after a comment, and follows a list-relevant edit at once', async () => {
    const db = ctx.database.db;
    const itemId = await addItem('Zephyrine Quiz');
    expect(await indexTitles('/item?search=zephyrine')).toEqual(['Zephyrine Quiz']);
    await editBlurbUnseen(ctx.database.db, itemId, 'Zephyrine Quiz, edited unseen');
    await db.insert(comments).values({ itemId, userId: await userId('staff@example.org'), comment: 'Great quiz' });
    expect(await indexBlurbs('/item?search=zephyrine')).toEqual(['Zephyrine Quiz for the cache tests']);
    await db.update(items).set({ visibility: VISIBILITY.HIDDEN }).where(eq(items.id, itemId));
    expect(await indexTitles('/item?search=zephyrine')).toEqual([]);
  });
});

describe('LibraryCache', () => {
  const snapshot = {
    generation: 'test',
    version: 1,
    listsVersion: 1,
    validUntil: Date.now() + HOUR_MS,
    accessKey: 'level:0',
    personal: false,
    listsViewer: levelOnlyViewer(0),
  };

  it('keeps a list entry across writes that only item pages show, and drops it with a list-relevant one', async () => {
    const cache = new LibraryCache(10);
    const list = vi.fn(async () => ['list']);
    const page = vi.fn(async () => 'page');
    await cache.remember(snapshot, 'k', list, 'lists');
    await cache.remember(snapshot, 'k', page);
    const afterComment = { ...snapshot, version: 2 };
    await cache.remember(afterComment, 'k', list, 'lists');
    await cache.remember(afterComment, 'k', page);
    expect([list.mock.calls.length, page.mock.calls.length]).toEqual([1, 2]);
    await cache.remember({ ...afterComment, version: 3, listsVersion: 2 }, 'k', list, 'lists');
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('computes a value once for callers who ask at the same time, and again for a newer version', async () => {
    const cache = new LibraryCache(10);
    const compute = vi.fn(async () => ['result']);
    await Promise.all([cache.remember(snapshot, 'k', compute), cache.remember(snapshot, 'k', compute)]);
    await cache.remember(snapshot, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.remember({ ...snapshot, version: 2 }, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure, and keeps nothing at all when turned off', async () => {
    const cache = new LibraryCache(10);
    await expect(cache.remember(snapshot, 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.remember(snapshot, 'k', async () => 'recovered')).toBe('recovered');

    const off = new LibraryCache(0);
    const compute = vi.fn(async () => 'fresh');
    await off.remember(snapshot, 'k', compute);
    await off.remember(snapshot, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('ends an entry at its snapshot’s end of validity', async () => {
    const cache = new LibraryCache(10);
    const compute = vi.fn(async () => 'value');
    const shortLived = { ...snapshot, validUntil: Date.now() + 1000 };
    await cache.remember(shortLived, 'k', compute);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2000 });
    await cache.remember(shortLived, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
