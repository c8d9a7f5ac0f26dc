import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import type { ItemDetail } from '../../shared/items';
import { items, itemViews, users } from '../../server/db/schema';
import { refreshRecentViewCounts } from '../../server/features/items/views';
import { useTestApp } from '../support/app';
import { inertiaHeaders, visit } from '../support/http';
import { EXPIRED_NOTE, REFS, TITLES, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia, pageProps, partialReloadHeaders } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary });

const jarOf = signedInJars(ctx);

async function open(who: Who, ref: string, headers: Record<string, string> = {}) {
  return visit(ctx.app, `/i/${ref}`, await jarOf(who), headers);
}

async function itemAs(who: Who, ref: string): Promise<ItemDetail> {
  const { response } = await open(who, ref);
  expectInertia(response).status(200);
  return pageProps(response, 'items/Show').item;
}

describe('who may open which item', () => {
  const cases: [Who, keyof typeof REFS, number][] = [
    ['anonymous', 'public', 200],
    ['anonymous', 'unlisted', 200],
    ['anonymous', 'members', 403],
    ['anonymous', 'staff', 403],
    ['anonymous', 'draft', 403],
    ['anonymous', 'shared', 403],
    ['anonymous', 'expired', 410],
    ['member', 'members', 200],
    ['member', 'staff', 403],
    ['member', 'draft', 200],
    ['member', 'pending', 403],
    ['member', 'hidden', 403],
    ['member', 'shared', 200],
    ['member', 'expired', 410],
    ['affiliate', 'pending', 200],
    ['affiliate', 'shared', 200],
    ['affiliate', 'staff', 403],
    ['leader', 'shared', 403],
    ['leader', 'expired', 200],
    ['staff', 'staff', 200],
    ['staff', 'shared', 403],
    ['staff', 'draft', 403],
    ['admin', 'draft', 200],
    ['admin', 'pending', 200],
    ['admin', 'hidden', 200],
    ['admin', 'shared', 200],
    ['admin', 'expired', 200],
  ];

  it.each(cases)('%s opening the %s item gets %i', async (who, item, status) => {
    const { response } = await open(who, REFS[item]);
    expectInertia(response)
      .status(status)
      .component(status === 200 ? 'items/Show' : 'errors/Error');
    if (status !== 200) expect(response.body).not.toContain(TITLES[item]);
  });

  it('answers 404 for an unknown or malformed ref', async () => {
    for (const ref of ['nosuchitem99', 'NOT-A-REF', 'x']) {
      expectInertia((await open('anonymous', ref)).response)
        .status(404)
        .prop('title', ERROR_PAGES[404].title);
    }
  });

  it('tells an anonymous visitor of a hidden item to sign in, in the HTML document too, without the title', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/i/${REFS.staff}` });
    expect(response.body).not.toContain(TITLES.staff);
    expectInertia(response).status(403).props({ status: 403, title: ERROR_PAGES[403].title, detail: SIGN_IN_HINT });
  });

  it('gives a signed-in viewer of a hidden item the plain 403 page', async () => {
    expectInertia((await open('member', REFS.staff)).page).props({ status: 403, detail: null });
  });

  it('tells others that an expired item is gone, with its note', async () => {
    expectInertia((await open('member', REFS.expired)).page).props({ status: 410, title: ERROR_PAGES[410].title, detail: EXPIRED_NOTE });
  });

  it('still opens an expired item for its maintainer, marked expired', async () => {
    const item = await itemAs('leader', REFS.expired);
    expect(item).toMatchObject({ expired: true, expiring: false, expires_note: EXPIRED_NOTE });
  });

  it('marks an item that expires within 30 days as expiring', async () => {
    expect(await itemAs('anonymous', REFS.expiring)).toMatchObject({ expired: false, expiring: true });
    expect(await itemAs('anonymous', REFS.public)).toMatchObject({ expired: false, expiring: false, expires_at: null });
  });

  it('ignores an expired share and a share below the item’s level', async () => {
    expect((await open('leader', REFS.shared)).response.statusCode).toBe(403);
    expect((await open('staff', REFS.shared)).response.statusCode).toBe(403);
  });
});

describe('the item page props', () => {
  it('renders items/Show with the title, breadcrumbs and the item’s fields', async () => {
    const { page } = await open('anonymous', REFS.public);
    expectInertia(page)
      .component('items/Show')
      .prop('title', TITLES.public)
      .prop('breadcrumbs', [{ label: 'All Items', href: '/item' }, { label: TITLES.public }])
      .prop('item.all_images', [
        { ref: 'imagesheep01', extension: 'jpg', url: '/image/imagesheep01', public_thumbnail_large_url: '/image/imagesheep01/large' },
        { ref: 'imagesheep02', extension: 'png', url: '/image/imagesheep02', public_thumbnail_large_url: '/image/imagesheep02/large' },
      ])
      .props({
        item: {
          ref: REFS.public,
          title: TITLES.public,
          topic: 'Schools work',
          blurb: 'A ten-minute assembly.',
          authors: ['Ruth Ellis'],
          visibility: 50,
          visibility_name: 'DISCOVERABLE',
          visibility_label: 'Discoverable',
          badge: null,
          minimum_access_level: 0,
          available_external_link: 'https://example.com/lost-sheep',
          initial_publication_year_month: '2021-09',
          last_updated_year_month: '2024-02',
          google_drive_folder_id: 'drive-folder-1',
          code: null,
          image: '/image/imagesheep01/large',
        },
      });
  });

  it('shows the DRAFT badge to the maintainer of a draft', async () => {
    expect(await itemAs('member', REFS.draft)).toMatchObject({ visibility_name: 'DRAFT', badge: 'danger' });
  });

  it('shows only public characteristics with a value to visitors', async () => {
    const item = await itemAs('anonymous', REFS.public);
    expect(item.characteristics.map((c) => [c.title, c.value])).toEqual([['Session length (minutes)', '10']]);
  });

  it('shows admins every characteristic, unset ones as null so they can fill them in', async () => {
    const item = await itemAs('admin', REFS.public);
    expect(item.characteristics.map((c) => [c.title, c.value])).toEqual([
      ['Session length (minutes)', '10'],
      ['Replacement value (£)', '250'],
      ['Group size', null],
    ]);
  });

  it('gives the maintainer the public characteristics to fill in, never the admins-only ones', async () => {
    const item = await itemAs('team', REFS.public);
    expect(item.characteristics.map((c) => c.title)).toEqual(['Session length (minutes)', 'Group size']);
  });

  it('groups tags by taxonomy with full labels, leaving out non-public taxonomies for non-admins', async () => {
    const item = await itemAs('member', REFS.public);
    expect(item.tag_groups.map((group) => [group.taxonomy.title, group.tags.map((tag) => tag.fullLabel)])).toEqual([
      ['Type', ['Resource']],
      ['Age Group', ['Children > Primary']],
    ]);
    expect(item.tags.map((tag) => tag.label)).toEqual(['Resource', 'Primary']);
    expect(item.tags[1]).toMatchObject({ parentLabel: 'Children', parentRef: 'tagchildren1' });
    expect((await itemAs('admin', REFS.public)).tag_groups.map((group) => group.taxonomy.title)).toContain('Curation Status');
  });

  it('lists relations only to items the viewer may open, each related item once', async () => {
    const titles = async (who: Who) => (await itemAs(who, REFS.public)).relations.map((relation) => relation.item.title);
    expect(await titles('anonymous')).toEqual([TITLES.related]);
    expect(await titles('member')).toEqual([TITLES.related, TITLES.draft]);
    expect(await titles('admin')).toEqual([TITLES.expired, TITLES.related, TITLES.staff, TITLES.draft]);
    const { response } = await open('anonymous', REFS.public);
    for (const hidden of [TITLES.staff, TITLES.draft, TITLES.expired]) expect(response.body).not.toContain(hidden);
  });

  it('shows a relation on both of its items', async () => {
    const related = await itemAs('anonymous', REFS.related);
    expect(related.relations.map((relation) => relation.item.ref)).toEqual([REFS.public]);
  });

  it('lets the creator of an unapproved relation remove it, and admins any', async () => {
    const member = await itemAs('member', REFS.public);
    expect(member.relations.map((relation) => [relation.ref, relation.admin_approved, relation.can_delete])).toEqual([
      ['relrelated01', true, false],
      ['reldraft0001', false, true],
    ]);
    const admin = await itemAs('admin', REFS.public);
    expect(admin.relations.every((relation) => relation.can_delete)).toBe(true);
  });

  it('gives tasks to the maintainer and admins only, open and most urgent first', async () => {
    expect((await itemAs('anonymous', REFS.public)).tasks).toEqual([]);
    expect((await itemAs('staff', REFS.public)).tasks).toEqual([]);
    const tasks = (await itemAs('team', REFS.public)).tasks;
    expect(tasks.map((task) => [task.task, task.priority, task.due, task.due_soon, task.completed])).toEqual([
      ['Check the film clip links', 3, true, false, false],
      ['Add a Welsh translation', 1, false, true, false],
      ['Proofread the script', 2, false, false, true],
    ]);
    expect(tasks[0]).toMatchObject({ forUserName: 'Priya Patel', byUserName: 'Grace Adeyemi', item_ref: REFS.public, item_title: TITLES.public });
    expect((await itemAs('admin', REFS.public)).tasks).toHaveLength(3);
  });

  it('sends the item code, view counts and visibility explanation to the item’s editors only, never to members or visitors (issue 36 §6)', async () => {
    const recordKeeping = (item: ItemDetail) => ({
      code: item.code,
      view_count: item.view_count,
      recent_view_count: item.recent_view_count,
      visibility_explanation: item.visibility_explanation,
    });
    const none = { code: null, view_count: null, recent_view_count: null, visibility_explanation: null };
    for (const who of ['anonymous', 'member', 'staff'] as const) expect(recordKeeping(await itemAs(who, REFS.public)), who).toEqual(none);
    for (const who of ['team', 'admin'] as const) {
      expect(recordKeeping(await itemAs(who, REFS.public)), who).toEqual({
        code: 'EQ-00001',
        view_count: expect.any(Number),
        recent_view_count: expect.any(Number),
        visibility_explanation: expect.stringMatching(/^Published/),
      });
    }
    // Nor does the HTML document of a visitor's first visit carry them.
    const document = (await ctx.app.inject({ method: 'GET', url: `/i/${REFS.public}` })).body;
    expect(document).toContain(TITLES.public);
    expect(document).not.toContain('EQ-00001');
    expect(document).not.toContain('Published: listed and searchable');
  });

  it('names the maintainer only when the item says so or to editors, and never gives visitors an e-mail', async () => {
    expect(await itemAs('anonymous', REFS.public)).toMatchObject({ created_by_user_ref: null, created_by_user_name: null, created_by_user_email: null });
    expect(await itemAs('team', REFS.public)).toMatchObject({ created_by_user_name: 'Priya Patel', created_by_user_email: 'team@example.org' });
    expect(await itemAs('admin', REFS.public)).toMatchObject({ created_by_user_name: 'Priya Patel' });
    expect(await itemAs('anonymous', REFS.related)).toMatchObject({ created_by_user_name: 'James Whitfield', created_by_user_email: null });
    expect(await itemAs('member', REFS.related)).toMatchObject({ created_by_user_email: 'staff@example.org' });
  });

  it('gives the maintainer’s address only while it is verified, to editors too', async () => {
    const staffAddress = eq(users.email, 'staff@example.org');
    const [{ verifiedAt }] = await ctx.database.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(staffAddress);
    await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(staffAddress);
    try {
      for (const who of ['member', 'admin'] as const) {
        expect(await itemAs(who, REFS.related)).toMatchObject({ created_by_user_name: 'James Whitfield', created_by_user_email: null });
      }
    } finally {
      await ctx.database.db.update(users).set({ emailVerifiedAt: verifiedAt }).where(staffAddress);
    }
    expect(await itemAs('member', REFS.related)).toMatchObject({ created_by_user_email: 'staff@example.org' });
  });

  it('keeps review notes for editors', async () => {
    expect(await itemAs('anonymous', REFS.public)).toMatchObject({ review: null });
    expect(await itemAs('team', REFS.public)).toMatchObject({ review: 'Check the film clip licence.' });
  });

  it('summarises affirmations for everyone', async () => {
    expect(await itemAs('anonymous', REFS.public)).toMatchObject({
      affirmations: 3,
      affirmation_stars: 1,
      affirmation_text: '2 affirmations (1 strong), 1 disapproval',
    });
    expect(await itemAs('anonymous', REFS.related)).toMatchObject({
      affirmations: 0,
      affirmation_stars: 0,
      affirmation_text: 'No affirmations yet',
    });
  });

  it('gives the viewer their own affirmations, and counts to admins only', async () => {
    const options = async (who: Who) => pageProps((await open(who, REFS.public)).response, 'items/Show').affirmationOptions;
    expect(await options('anonymous')).toEqual([
      { ref: 'optionhelpful', title: 'Helpful', is_negative: false, item_affirmations: 0, count: null },
      { ref: 'optionoutdated', title: 'Outdated', is_negative: true, item_affirmations: 0, count: null },
    ]);
    expect((await options('leader')).map((option) => [option.item_affirmations, option.count])).toEqual([
      [2, null],
      [0, null],
    ]);
    expect((await options('admin')).map((option) => option.count)).toEqual([2, 1]);
  });

  it('sets the item’s permission flags and editable flags from the policy', async () => {
    const props = async (who: Who, ref: string) => pageProps((await open(who, ref)).response, 'items/Show');
    expect((await props('anonymous', REFS.public)).can).toMatchObject({ update: false, delete: false, duplicate: false, share: false });
    expect((await props('staff', REFS.public)).can).toMatchObject({ update: false, delete: false, duplicate: true, share: true });
    const maintainer = await props('team', REFS.public);
    expect(maintainer.can).toMatchObject({ update: true, delete: false });
    expect(maintainer.editable).toEqual({ fields: true, visibility: false, maintainer: false, submitForPublishing: false, revertToDraft: false });
    expect((await props('member', REFS.draft)).editable).toMatchObject({ fields: true, submitForPublishing: true, revertToDraft: false });
    expect((await props('affiliate', REFS.pending)).editable).toMatchObject({ revertToDraft: true });
    const admin = await props('admin', REFS.public);
    expect(admin.can).toMatchObject({ update: true, delete: true, admin: true });
    expect(admin.editable).toEqual({ fields: true, visibility: true, maintainer: true, submitForPublishing: false, revertToDraft: false });
  });

  it('gives editors the taxonomies they may pick tags from, and nobody else', async () => {
    const taxonomies = async (who: Who) => pageProps((await open(who, REFS.public)).response, 'items/Show').taxonomies.map((t) => t.title);
    expect(await taxonomies('anonymous')).toEqual([]);
    expect(await taxonomies('staff')).toEqual([]);
    expect(await taxonomies('team')).toEqual(['Type', 'Age Group']);
    expect(await taxonomies('admin')).toEqual(['Type', 'Age Group', 'Curation Status']);
  });
});

describe('view counting', () => {
  /** The counts once the queued views are written. */
  async function counts() {
    await ctx.app.itemViews.flush();
    const id = await itemIdOf(ctx.database, REFS.counted);
    const [row] = await ctx.database.db.select({ views: items.viewCount, recent: items.recentViewCount }).from(items).where(eq(items.id, id));
    const [logged] = await ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(itemViews)
      .where(eq(itemViews.itemId, id));
    return { ...row, logged: logged.n };
  }

  it('counts a first visit and an Inertia visit, and records who viewed', async () => {
    const before = await counts();
    await ctx.app.inject({ method: 'GET', url: `/i/${REFS.counted}` });
    await ctx.app.itemViews.flush();
    // The count reaches the item's editors only (`canSeeItemRecordKeeping`): an admin's visit shows it.
    expectInertia((await open('admin', REFS.counted)).response).prop('item.view_count', before.views + 2);
    expect(await counts()).toEqual({ views: before.views + 2, recent: before.recent + 2, logged: before.logged + 2 });
    await ctx.app.itemViews.flush();
    const viewers = await ctx.database.db
      .select({ email: users.email })
      .from(itemViews)
      .leftJoin(users, eq(users.id, itemViews.userId))
      .where(eq(itemViews.itemId, await itemIdOf(ctx.database, REFS.counted)));
    expect(viewers.map((viewer) => viewer.email).sort()).toEqual(['admin@example.org', null].sort());
  });

  it('does not count partial reloads, prefetches or refused visits', async () => {
    const before = await counts();
    await open('anonymous', REFS.counted, partialReloadHeaders('items/Show', { only: ['item', 'affirmationOptions'] }));
    await open('anonymous', REFS.counted, { purpose: 'prefetch' });
    await ctx.app.inject({ method: 'HEAD', url: `/i/${REFS.counted}` });
    await open('anonymous', REFS.staff);
    expect(await counts()).toEqual(before);
  });

  it('answers a partial reload with only the props it asks for', async () => {
    const { page } = await open('anonymous', REFS.counted, partialReloadHeaders('items/Show', { only: ['affirmationOptions'] }));
    expect(pageProps(page).affirmationOptions).toHaveLength(2);
    expectInertia(page).missingProp('item');
  });

  it('lets views older than the recent window drop out of the recent count', async () => {
    const id = await itemIdOf(ctx.database, REFS.counted);
    await open('anonymous', REFS.counted);
    await ctx.app.itemViews.flush();
    await ctx.database.db
      .update(itemViews)
      .set({ viewedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
      .where(eq(itemViews.itemId, id));
    // A view is added at once; views leaving the window are taken off by the periodic recount.
    expect((await counts()).recent).toBeGreaterThan(0);
    await refreshRecentViewCounts(ctx.database.db);
    expect((await counts()).recent).toBe(0);
    await open('anonymous', REFS.counted);
    expect((await counts()).recent).toBe(1);
    await refreshRecentViewCounts(ctx.database.db, new Date(Date.now() + 31 * 24 * 3600 * 1000));
    expect((await counts()).recent).toBe(0);
  });

  it('does not touch the item’s updated_at', async () => {
    const id = await itemIdOf(ctx.database, REFS.counted);
    const updatedAt = async () => (await ctx.database.db.select({ at: items.updatedAt }).from(items).where(eq(items.id, id)))[0].at.getTime();
    const before = await updatedAt();
    await open('anonymous', REFS.counted);
    expect(await ctx.app.itemViews.flush()).toBe(1);
    expect(await updatedAt()).toBe(before);
  });

  it('is sent as private, never cached by shared caches', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/i/${REFS.public}`, headers: await inertiaHeaders(ctx.app) });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
