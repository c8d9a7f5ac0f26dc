/**
 * Issue 14 §2: an expired item answers 410 on every path that reads or copies it, not only on its page, and paths
 * that name items (history, a user's page, the local drive's folder view) never name one the viewer may not open.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { ANONYMOUS, itemOpening, type ItemAccessFacts, type Viewer } from '../../server/access/policy';
import type { DatabaseHandle } from '../../server/db/client';
import { comments, items, itemTags, itemViews, tags, taxonomies, users } from '../../server/db/schema';
import { CookieJar, useTestApp } from '../support/app';
import { csrfJar, send, signInAs, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';

const DAY_MS = 24 * 3600 * 1000;
const MAINTAINER = 'affiliate@example.org';
const OPENER = 'leader@example.org';

const TITLES = {
  expired: 'Expired Camp Flyer',
  current: 'Current Camp Flyer',
  draft: 'Unfinished Trail',
} as const;

async function seedExpiryLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, MAINTAINER));
  const [leader] = await db.select({ id: users.id }).from(users).where(eq(users.email, OPENER));
  const [type] = await db.insert(taxonomies).values({ title: 'Type', required: true, position: 0 }).returning();
  const [resource] = await db.insert(tags).values({ taxonomyId: type!.id, label: 'Resource', position: 0 }).returning();
  const now = Date.now();
  const rows = await db
    .insert(items)
    .values([
      {
        code: 'EQ-00001',
        title: TITLES.expired,
        blurb: 'Last summer’s dates.',
        visibility: VISIBILITY.DISCOVERABLE,
        createdByUserId: member!.id,
        expiresAt: new Date(now - DAY_MS),
      },
      { code: 'EQ-00002', title: TITLES.current, visibility: VISIBILITY.DISCOVERABLE, createdByUserId: member!.id },
      { code: 'EQ-00003', title: TITLES.draft, visibility: VISIBILITY.DRAFT, createdByUserId: member!.id },
    ])
    .returning();
  await db.insert(itemTags).values(rows.map((row) => ({ itemId: row.id, tagId: resource!.id })));
  const viewedAt = new Date(now - 60_000);
  await db.insert(itemViews).values(rows.flatMap((row) => [member!.id, leader!.id].map((userId) => ({ itemId: row.id, userId, viewedAt }))));
  await db.insert(comments).values(rows.map((row) => ({ itemId: row.id, userId: member!.id, comment: `A note on ${row.title}` })));
}

const ctx = useTestApp({ seed: seedExpiryLibrary });

async function itemRef(title: string): Promise<string> {
  const [row] = await ctx.database.db.select({ ref: items.ref }).from(items).where(eq(items.title, title));
  return row!.ref;
}

async function rowCounts() {
  const db = ctx.database.db;
  const [[itemCount], [tagCount]] = await Promise.all([db.select({ n: count() }).from(items), db.select({ n: count() }).from(itemTags)]);
  return { items: itemCount!.n, itemTags: tagCount!.n };
}

async function historyTitles(jar: CookieJar) {
  const response = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
  expect(response.statusCode).toBe(200);
  const history = response.json();
  const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title).sort();
  return { recent: titles(history.recentlyViewedItems), frequent: titles(history.frequentlyViewedItems) };
}

describe('the policy decides 403 before 410', () => {
  const member: Viewer = { ...ANONYMOUS, id: 7, ref: 'u7', name: 'Maya', email: 'maya@example.org', emailVerified: true, level: 1, userTypeId: 1 };
  const expired = (facts: Partial<ItemAccessFacts>): ItemAccessFacts => ({
    visibility: VISIBILITY.DISCOVERABLE,
    minimumAccessLevel: 0,
    createdByUserId: 99,
    expiresAt: new Date(Date.now() - DAY_MS),
    ...facts,
  });

  it('an expired item someone could not open anyway is forbidden to them, so its expiry note never reaches them', () => {
    expect(itemOpening(member, expired({ minimumAccessLevel: 4 }))).toBe('forbidden');
    expect(itemOpening(member, expired({ visibility: VISIBILITY.DRAFT }))).toBe('forbidden');
  });

  it('an expired item is gone for those who could open it, even through a valid share, and open for its maintainer', () => {
    expect(itemOpening(member, expired({}))).toBe('gone');
    expect(itemOpening(member, expired({ minimumAccessLevel: 4 }), 4)).toBe('gone');
    expect(itemOpening(member, expired({ createdByUserId: 7 }))).toBe('open');
  });

  it('judges expiry at the time it is given', () => {
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    expect(itemOpening(member, expired({ expiresAt }), null, new Date('2029-12-31T23:59:59Z'))).toBe('open');
    expect(itemOpening(member, expired({ expiresAt }), null, expiresAt)).toBe('gone');
  });
});

describe('POST /i/{ref} (duplicate) answers as the item page does', () => {
  it('answers 410 for an expired item to someone who could otherwise copy it, and copies nothing', async () => {
    const ref = await itemRef(TITLES.expired);
    const jar = await signInAs(ctx.app, OPENER);
    expect((await visit(ctx.app, `/i/${ref}`, jar)).response.statusCode).toBe(410);
    const before = await rowCounts();

    const response = await send(ctx.app, jar, 'POST', `/i/${ref}`);

    expect(response.statusCode).toBe(410);
    expect(response.body).not.toContain(TITLES.expired);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 403 before 410: an anonymous visitor learns nothing about the expiry', async () => {
    const ref = await itemRef(TITLES.draft);
    const before = await rowCounts();
    expect((await send(ctx.app, await csrfJar(ctx.app), 'POST', `/i/${ref}`)).statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets the maintainer, who still opens their expired item, copy it', async () => {
    const response = await send(ctx.app, await signInAs(ctx.app, MAINTAINER), 'POST', `/i/${await itemRef(TITLES.expired)}`);
    expect(response.statusCode).toBe(303);
    await ctx.database.db.delete(items).where(eq(items.ref, String(response.headers.location).replace('/i/', '')));
  });
});

describe('navigation history', () => {
  it('leaves out an expired item the viewer viewed before, and a draft they cannot open', async () => {
    const history = await historyTitles(await signInAs(ctx.app, OPENER));
    expect(history).toEqual({ recent: [TITLES.current], frequent: [TITLES.current] });
  });

  it('keeps the maintainer’s own expired item and draft, which they still open', async () => {
    const everything = [TITLES.current, TITLES.expired, TITLES.draft].sort();
    expect(await historyTitles(await signInAs(ctx.app, MAINTAINER))).toEqual({ recent: everything, frequent: everything });
  });
});

describe('a user’s page', () => {
  it('names none of their items, nor comments on items, that the viewing user manager would get 410 or 403 for', async () => {
    const [maintainer] = await ctx.database.db.select({ ref: users.ref }).from(users).where(eq(users.email, MAINTAINER));
    const { response, page } = await visit(ctx.app, `/user/${maintainer!.ref}`, await signInAs(ctx.app, 'usermanager@example.org'));
    expect(response.statusCode).toBe(200);
    expect(page.props.user.items_created.map((item: { title: string }) => item.title)).toEqual([TITLES.current]);
    expect(page.props.user.comments.map((comment: { item_title: string }) => comment.item_title)).toEqual([TITLES.current]);
    expect(response.body).not.toContain(await itemRef(TITLES.expired));
  });
});

describe('GET /drive/local/{folderId}: an item’s folder on the local drive', () => {
  async function folderOf(title: string): Promise<string> {
    const folder = await ctx.drive.createFolder(`Folder of ${title}`, await ctx.drive.rootFolderId());
    await ctx.database.db.update(items).set({ googleDriveFolderId: folder.id }).where(eq(items.title, title));
    return folder.id;
  }

  it('sends someone who may open the item to its folder page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/drive/local/${await folderOf(TITLES.current)}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/i/${await itemRef(TITLES.current)}/folder`);
  });

  it('reveals no item ref to someone who may not open the item (403) or would be told it is gone (410)', async () => {
    const cases = [
      { title: TITLES.draft, jar: new CookieJar(), status: 403 },
      { title: TITLES.expired, jar: await signInAs(ctx.app, OPENER), status: 410 },
    ];
    for (const { title, jar, status } of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: `/drive/local/${await folderOf(title)}`, headers: { cookie: jar.header() } });
      expect(response.statusCode, title).toBe(status);
      expect(response.headers.location, title).toBeUndefined();
      expect(response.body, title).not.toContain(await itemRef(title));
    }
  });
});
