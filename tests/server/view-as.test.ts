/**
 * "View as level N" (issue 19 §6): who may preview, that a preview changes nothing, that it never reads or fills another
 * class's cache entries, and that its pages carry exactly the props a real member of that level with nothing of their
 * own gets (the same policy path), on the demo library.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import type { AccessLevel } from '../../shared/levels';
import { ROUTES } from '../../shared/routes';
import { END_VIEW_AS_URL, VIEW_AS_TEXT, VIEW_AS_URL, viewAsLabel } from '../../shared/view-as';
import { seedDemoLibrary } from '../../server/db/seed';
import { collections, comments, items, tags, users, userTypes } from '../../server/db/schema';
import { expectInertia } from '../../server/inertia/testing';
import type { CookieJar } from '../support/app';
import { nextPage, send, visit, xsrfHeader } from '../support/http';
import { useSessionTestApp } from '../support/sessions';

const ctx = useSessionTestApp({
  seed: (handle) => seedDemoLibrary(handle.db, { items: 24, referenceDate: new Date('2026-11-01T00:00:00Z') }).then(() => undefined),
});

/**
 * The demo accounts of levels 2 and 4 become members with nothing of their own: the seeded person keeps their things
 * under another address, and a new user of the same type takes the demo address (which the demo sign-in finds).
 */
const FRESH = { 2: 'affiliate@example.org', 4: 'staff@example.org' } as const;

beforeAll(async () => {
  const db = ctx.db();
  for (const email of Object.values(FRESH)) {
    const [seeded] = await db.select({ id: users.id, userTypeId: users.userTypeId }).from(users).where(eq(users.email, email));
    await db
      .update(users)
      .set({ email: `kept.${email}` })
      .where(eq(users.id, seeded.id));
    await db.insert(users).values({ name: `Fresh ${email}`, email, emailVerifiedAt: new Date(), userTypeId: seeded.userTypeId });
  }
});

async function startPreview(jar: CookieJar, as: string, returnTo?: string) {
  return send(ctx.app, jar, 'POST', VIEW_AS_URL, { as, ...(returnTo ? { return_to: returnTo } : {}) });
}

async function previewing(email: string, as: string): Promise<CookieJar> {
  const jar = await ctx.as(email);
  const response = await startPreview(jar, as);
  expect(response.statusCode).toBe(303);
  expect((await nextPage(ctx.app, jar)).notices).toEqual([VIEW_AS_TEXT.started(viewAsLabel(as === 'visitor' ? 'visitor' : (Number(as) as AccessLevel)))]);
  return jar;
}

/** A discoverable, unexpired item of exactly this minimum level. */
async function itemOfLevel(level: number): Promise<string> {
  const [row] = await ctx
    .db()
    .select({ ref: items.ref })
    .from(items)
    .where(
      and(
        eq(items.visibility, VISIBILITY.DISCOVERABLE),
        eq(items.minimumAccessLevel, level),
        or(isNull(items.expiresAt), gt(items.expiresAt, sql`now() + interval '1 day'`)),
      ),
    )
    .orderBy(asc(items.id))
    .limit(1);
  return row.ref;
}

describe('who may preview', () => {
  it('lets admins preview every level and as a visitor', async () => {
    const jar = await previewing('admin@example.org', '6');
    const { page } = await visit(ctx.app, '/item', jar);
    expectInertia(page).prop('auth.viewingAs', { target: 6, label: viewAsLabel(6) });
    await send(ctx.app, jar, 'POST', END_VIEW_AS_URL);
    await previewing('admin@example.org', 'visitor');
  });

  it('lets a maintainer preview up to their own level, never above it', async () => {
    const db = ctx.db();
    const [leader] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'leader@example.org'));
    const [maintained] = await db.select({ id: items.id }).from(items).where(eq(items.createdByUserId, leader.id)).limit(1);
    expect(maintained).toBeDefined();
    const jar = await ctx.as('leader@example.org');
    expect((await startPreview(jar, '4')).statusCode).toBe(403);
    expect((await startPreview(jar, '6')).statusCode).toBe(403);
    expect((await visit(ctx.app, '/item', jar)).page.props.auth.viewingAs).toBeNull();
    expect((await startPreview(jar, '3')).statusCode).toBe(303);
    expect((await visit(ctx.app, '/item', jar)).page.props.auth.viewingAs.target).toBe(3);
  });

  it('refuses members who maintain nothing, and visitors', async () => {
    const fresh = await ctx.as(FRESH[2]);
    expect((await startPreview(fresh, '1')).statusCode).toBe(403);
    expect((await startPreview(fresh, 'visitor')).statusCode).toBe(403);
    const visitor = await ctx.as(null);
    expect((await startPreview(visitor, '0')).statusCode).toBe(403);
    expect((await visit(ctx.app, '/item', visitor)).page.props.auth.viewingAs).toBeNull();
  });

  it('answers an unknown target with a field error', async () => {
    const jar = await ctx.as('admin@example.org');
    expect((await startPreview(jar, '7')).statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ as: VIEW_AS_TEXT.invalidTarget });
  });

  it('ends when the previewer may no longer preview that level', async () => {
    const db = ctx.db();
    const [team] = await db.select({ id: users.id, userTypeId: users.userTypeId }).from(users).where(eq(users.email, 'team@example.org'));
    const [leaderType] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.level, 3));
    const [maintained] = await db.select({ id: items.id }).from(items).where(eq(items.createdByUserId, team.id)).limit(1);
    expect(maintained).toBeDefined();
    const jar = await previewing('team@example.org', '5');
    await db.update(users).set({ userTypeId: leaderType.id }).where(eq(users.id, team.id));
    try {
      const { page } = await visit(ctx.app, '/item', jar);
      expect(page.props.auth.viewingAs).toBeNull();
      expect(page.props.auth.user.name).toBe('Priya Patel');
    } finally {
      await db.update(users).set({ userTypeId: team.userTypeId }).where(eq(users.id, team.id));
    }
  });

  it('is chosen from the item page by admins and the item’s maintainer only', async () => {
    const admin = await ctx.as('admin@example.org');
    const ref = await itemOfLevel(0);
    expect((await visit(ctx.app, ROUTES.item.path({ ref }), admin)).page.props.can.viewAs).toEqual(['visitor', 0, 1, 2, 3, 4, 5, 6]);
    const [own] = await ctx
      .db()
      .select({ ref: items.ref })
      .from(items)
      .innerJoin(users, eq(users.id, items.createdByUserId))
      .where(and(eq(users.email, 'leader@example.org'), lte(items.minimumAccessLevel, 3)))
      .limit(1);
    const leader = await ctx.as('leader@example.org');
    expect((await visit(ctx.app, ROUTES.item.path({ ref: own.ref }), leader)).page.props.can.viewAs).toEqual(['visitor', 0, 1, 2, 3]);
    expect((await visit(ctx.app, '/item', leader)).page.props.can.viewAs).toEqual([]);
    expect((await visit(ctx.app, ROUTES.item.path({ ref }), await ctx.as(FRESH[2]))).page.props.can.viewAs).toEqual([]);
  });
});

describe('while previewing', () => {
  it('refuses every write with a clear message and changes nothing', async () => {
    const jar = await previewing('admin@example.org', '2');
    const ref = await itemOfLevel(0);
    const [before] = await ctx
      .db()
      .select({ count: sql<number>`count(*)::int` })
      .from(comments);
    const inertia = await send(ctx.app, jar, 'POST', ROUTES.itemComment.path({ ref }), { comment: 'Written while previewing' });
    expect(inertia.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toEqual([VIEW_AS_TEXT.refusedWrite]);
    const post = (accept: string) =>
      ctx.app.inject({
        method: 'POST',
        url: ROUTES.itemComment.path({ ref }),
        headers: { ...xsrfHeader(jar), 'content-type': 'application/json', accept },
        payload: JSON.stringify({ comment: 'Written while previewing' }),
      });
    const json = await post('application/json');
    expect(json.statusCode).toBe(403);
    const html = await post('text/html');
    expect(html.statusCode).toBe(403);
    expect(html.body).toContain(VIEW_AS_TEXT.refusedWrite);
    const [after] = await ctx
      .db()
      .select({ count: sql<number>`count(*)::int` })
      .from(comments);
    expect(after.count).toBe(before.count);
    // The admin's own powers are the preview's to refuse too.
    expect((await send(ctx.app, jar, 'PATCH', ROUTES.item.path({ ref }), { title: 'Renamed while previewing' })).statusCode).toBe(303);
    const [item] = await ctx.db().select({ title: items.title }).from(items).where(eq(items.ref, ref));
    expect(item.title).not.toBe('Renamed while previewing');
  });

  it('keeps the admin area shut until the preview ends', async () => {
    const jar = await previewing('admin@example.org', '5');
    const { response } = await visit(ctx.app, '/admin', jar);
    expect(response.statusCode).toBe(403);
    const ended = await send(ctx.app, jar, 'POST', END_VIEW_AS_URL);
    expect(ended.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toEqual([VIEW_AS_TEXT.ended]);
    expect((await visit(ctx.app, '/admin', jar)).response.statusCode).toBe(200);
  });

  it('lets a visitor preview sign out, and signing out ends it', async () => {
    const jar = await previewing('admin@example.org', 'visitor');
    expect((await visit(ctx.app, '/item', jar)).page.props.auth.authenticated).toBe(false);
    expect((await send(ctx.app, jar, 'POST', '/logout')).statusCode).toBe(303);
    const { page } = await visit(ctx.app, '/item', jar);
    expect(page.props.auth.viewingAs).toBeNull();
    expect(page.props.auth.authenticated).toBe(false);
    expect((await startPreview(jar, 'visitor')).statusCode).toBe(403);
  });

  it('shows a member with nothing of their own on personal pages, and no profile', async () => {
    const jar = await previewing('admin@example.org', '3');
    for (const url of ['/task', '/share', '/sent', '/collection', '/affirmation', '/draft']) {
      expect((await visit(ctx.app, url, jar)).response.statusCode, url).toBe(200);
    }
    expect((await visit(ctx.app, '/collection', jar)).page.props.collections).toEqual([]);
    const profile = await ctx.app.inject({ method: 'GET', url: '/profile', headers: { cookie: jar.header() } });
    expect(profile.statusCode).toBe(403);
    expect(profile.body).toContain(VIEW_AS_TEXT.noProfile);
  });

  it('answers every page without parameters with no server error, as a member and as a visitor', async () => {
    const pages = ctx.app.routeTable
      .filter((route) => route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*'))
      .map((route) => route.url);
    expect(pages.length).toBeGreaterThan(20);
    for (const as of ['2', 'visitor']) {
      const jar = await previewing('admin@example.org', as);
      for (const url of pages) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
        expect(response.statusCode, `${as} ${url}`).toBeLessThan(500);
      }
    }
  });

  it('may change to another level the previewer may see, never above it', async () => {
    const jar = await previewing('leader@example.org', '1');
    expect((await startPreview(jar, '2')).statusCode).toBe(303);
    expect((await visit(ctx.app, '/item', jar)).page.props.auth.viewingAs.target).toBe(2);
    expect((await startPreview(jar, '4')).statusCode).toBe(403);
    expect((await visit(ctx.app, '/item', jar)).page.props.auth.viewingAs.target).toBe(2);
  });

  it('counts no item view', async () => {
    const ref = await itemOfLevel(0);
    const jar = await previewing('admin@example.org', '2');
    const viewsOf = async () => (await ctx.db().select({ viewCount: items.viewCount }).from(items).where(eq(items.ref, ref)))[0].viewCount;
    await ctx.app.itemViews.flush();
    const before = await viewsOf();
    expect((await visit(ctx.app, ROUTES.item.path({ ref }), jar)).response.statusCode).toBe(200);
    await ctx.app.itemViews.flush();
    expect(await viewsOf()).toBe(before);
  });
});

describe('the library cache', () => {
  it('serves a preview its level’s entries, never the previewer’s, and fills none but its level’s', async () => {
    const db = ctx.db();
    const aboveTwoRef = await itemOfLevel(3);
    const [aboveTwo] = await db.select({ title: items.title }).from(items).where(eq(items.ref, aboveTwoRef));
    const titlesOn = async (jar: CookieJar) =>
      ((await visit(ctx.app, `/item?search=${encodeURIComponent(aboveTwo.title)}`, jar)).page.props.items.data as { title: string }[]).map(
        (card) => card.title,
      );
    // The admin's list is cached first, then a preview as level 2 asks for the same list, then the admin again.
    const admin = await ctx.as('admin@example.org');
    expect(await titlesOn(admin)).toContain(aboveTwo.title);
    const jar = await previewing('admin@example.org', '2');
    expect(await titlesOn(jar)).not.toContain(aboveTwo.title);
    expect(await titlesOn(admin)).toContain(aboveTwo.title);
    // A real level-2 member then reads what the preview cached: still without the level-3 item.
    expect(await titlesOn(await ctx.as(FRESH[2]))).not.toContain(aboveTwo.title);
  });
});

/** What a page's props say about the person, which a preview's synthetic member and a real member differ in. */
function withoutPerson(props: Record<string, unknown>) {
  const auth = { ...(props.auth as Record<string, unknown>) };
  for (const personal of ['user', 'email', 'email_missing', 'viewingAs']) delete auth[personal];
  const rest: Record<string, unknown> = { ...props, auth };
  delete rest.errors;
  // An item's view counts move with every counted visit, from either side, and are written in batches a second apart
  // (server/features/items/view-recorder.ts): which visits they include depends on timing, not on who looks.
  if (typeof rest.item === 'object' && rest.item !== null) {
    const { view_count: _views, recent_view_count: _recentViews, ...item } = rest.item as Record<string, unknown>;
    rest.item = item;
  }
  return rest;
}

describe('a preview’s props are a real member’s', () => {
  async function samplePages(): Promise<string[]> {
    const db = ctx.db();
    const [collection] = await db.select({ ref: collections.ref }).from(collections).where(eq(collections.public, true)).orderBy(asc(collections.id)).limit(1);
    const [tag] = await db.select({ label: tags.label }).from(tags).orderBy(asc(tags.id)).limit(1);
    return [
      ROUTES.item.path({ ref: await itemOfLevel(0) }),
      ROUTES.item.path({ ref: await itemOfLevel(2) }),
      ROUTES.item.path({ ref: await itemOfLevel(3) }),
      '/item',
      '/item?search=assembly',
      ROUTES.collection.path({ ref: collection.ref }),
      ROUTES.tag.path({ label: tag.label }),
    ];
  }

  async function propsOf(jar: CookieJar, url: string) {
    const { response, page } = await visit(ctx.app, url, jar);
    return { status: response.statusCode, component: page.component, props: withoutPerson(page.props) };
  }

  it.each([
    ['level 2', '2', FRESH[2]],
    ['level 4', '4', FRESH[4]],
    ['a visitor', 'visitor', null],
  ] as const)('as %s, page for page', async (_name, as, realEmail) => {
    const urls = await samplePages();
    const preview = await previewing('admin@example.org', as);
    const real = await ctx.as(realEmail);
    for (const url of urls) {
      // Each side twice in turn, so a cached answer is compared with a computed one as well.
      const first = await propsOf(preview, url);
      expect(await propsOf(real, url), url).toEqual(first);
      expect(await propsOf(preview, url), url).toEqual(first);
    }
    const bannerPage = await visit(ctx.app, urls[0], preview);
    expectInertia(bannerPage.page).prop('auth.viewingAs', { target: as === 'visitor' ? 'visitor' : Number(as), label: expect.any(String) });
  });

  it('and a maintainer’s preview is the same', async () => {
    const urls = await samplePages();
    const preview = await previewing('leader@example.org', '2');
    const real = await ctx.as(FRESH[2]);
    for (const url of urls) expect(await propsOf(preview, url), url).toEqual(await propsOf(real, url));
  });
});
