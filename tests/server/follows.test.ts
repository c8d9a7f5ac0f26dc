/** Following a tag, a search or a collection, the digest of what is new there, unfollow links and Atom feeds (issue 20 §4). */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { DIGEST_ITEMS_PER_FOLLOW, FOLLOW_MESSAGES, FOLLOW_TEXT, UNFOLLOWED_FLASH, type FollowOffer, type FollowSummary } from '../../shared/follows';
import type { DatabaseHandle } from '../../server/db/client';
import { collectionItems, collections, follows, items, itemTags, mailOutbox, tags, taxonomies, users } from '../../server/db/schema';
import { sendDueDigests, type DigestRun } from '../../server/features/follows/digest';
import { unfollowLinkKey, unfollowToken } from '../../server/features/follows/tokens';
import { mergeTag } from '../../server/features/admin-taxonomies/merge';
import { redactUrl, REDACTED } from '../../server/lib/redact';
import { expectInertia, pageProps } from '../../server/inertia/testing';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, nextPage, send, signInAs, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';

const DAY_MS = 24 * 60 * 60 * 1000;

const TAGS = { children: 'tagchildren1', primary: 'tagprimary01', youth: 'tagyouth0001', staffPick: 'tagstaffpick' } as const;
const COLLECTIONS = { open: 'collopen0001', closed: 'collclosed01' } as const;
const ITEMS = {
  songs: 'itemsongs001',
  games: 'itemgames001',
  staffOnly: 'itemstaff001',
  draft: 'itemdraft001',
  youth: 'itemyouth001',
  oldNews: 'itemoldnews1',
} as const;

async function seedFollowLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const [age] = await db.insert(taxonomies).values({ title: 'Age Group', position: 0 }).returning({ id: taxonomies.id });
  const [curation] = await db.insert(taxonomies).values({ title: 'Curation', public: false, position: 1 }).returning({ id: taxonomies.id });
  const [children] = await db.insert(tags).values({ ref: TAGS.children, taxonomyId: age.id, label: 'Children' }).returning({ id: tags.id });
  const tagRows = await db
    .insert(tags)
    .values([
      { ref: TAGS.primary, taxonomyId: age.id, label: 'Primary', parentId: children.id },
      { ref: TAGS.youth, taxonomyId: age.id, label: 'Youth' },
      { ref: TAGS.staffPick, taxonomyId: curation.id, label: 'Staff Pick' },
    ])
    .returning({ id: tags.id, ref: tags.ref });
  const tagId: Record<string, number> = { [TAGS.children]: children.id, ...Object.fromEntries(tagRows.map((row) => [row.ref, row.id])) };
  const published = { visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 };
  const itemRows = await db
    .insert(items)
    .values([
      { ref: ITEMS.songs, code: 'EQ-1', title: 'Easter Songs for Primary', blurb: 'Songs for the youngest.', ...published },
      { ref: ITEMS.games, code: 'EQ-2', title: 'Parachute Games', ...published },
      { ref: ITEMS.staffOnly, code: 'EQ-3', title: 'Staff Safeguarding Review', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      { ref: ITEMS.draft, code: 'EQ-4', title: 'Unfinished Easter Trail', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0 },
      { ref: ITEMS.youth, code: 'EQ-5', title: 'Youth Easter Weekend', ...published },
      { ref: ITEMS.oldNews, code: 'EQ-6', title: 'Christmas Easter Crossover', ...published },
    ])
    .returning({ id: items.id, ref: items.ref });
  const itemId = Object.fromEntries(itemRows.map((row) => [row.ref, row.id]));
  await db.insert(itemTags).values([
    { itemId: itemId[ITEMS.songs], tagId: tagId[TAGS.primary] },
    { itemId: itemId[ITEMS.games], tagId: tagId[TAGS.children] },
    { itemId: itemId[ITEMS.staffOnly], tagId: tagId[TAGS.children] },
    { itemId: itemId[ITEMS.draft], tagId: tagId[TAGS.children] },
    { itemId: itemId[ITEMS.youth], tagId: tagId[TAGS.youth] },
    { itemId: itemId[ITEMS.oldNews], tagId: tagId[TAGS.children] },
  ]);
  const [leader] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'leader@example.org'));
  const collectionRows = await db
    .insert(collections)
    .values([
      { ref: COLLECTIONS.open, userId: leader.id, title: 'Easter Club', description: 'A week of Easter.', public: true },
      { ref: COLLECTIONS.closed, userId: leader.id, title: 'Leaders Planning', public: false },
    ])
    .returning({ id: collections.id, ref: collections.ref });
  const collectionId = Object.fromEntries(collectionRows.map((row) => [row.ref, row.id]));
  await db.insert(collectionItems).values([
    { collectionId: collectionId[COLLECTIONS.open], itemId: itemId[ITEMS.games] },
    { collectionId: collectionId[COLLECTIONS.open], itemId: itemId[ITEMS.staffOnly] },
    { collectionId: collectionId[COLLECTIONS.closed], itemId: itemId[ITEMS.youth] },
  ]);
}

const ctx = useTestApp({ seed: seedFollowLibrary });

async function userId(email: string): Promise<number> {
  const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

async function followsOf(email: string) {
  return ctx.app.db
    .select()
    .from(follows)
    .where(eq(follows.userId, await userId(email)));
}

async function clearFollows(): Promise<void> {
  await ctx.app.db.delete(follows);
  await ctx.app.db.update(users).set({ digestSentAt: null, digestFrequency: 'weekly' });
  await ctx.app.db.delete(mailOutbox);
}

/** Every follow made a while ago, so a digest is due; every item changed before that, unless `changed` says otherwise. */
async function ageFollows(followedDaysAgo: number, changed: { ref: string; daysAgo: number; created?: number }[]): Promise<void> {
  const db = ctx.app.db;
  const now = Date.now();
  await db.update(follows).set({ createdAt: new Date(now - followedDaysAgo * DAY_MS) });
  await db.execute(sql`update items set updated_at = now() - interval '400 days', created_at = now() - interval '400 days'`);
  await db.execute(sql`update collection_items set created_at = now() - interval '400 days'`);
  for (const item of changed) {
    await db
      .update(items)
      .set({
        updatedAt: new Date(now - item.daysAgo * DAY_MS),
        createdAt: new Date(now - (item.created ?? 400) * DAY_MS),
      })
      .where(eq(items.ref, item.ref));
  }
}

function digestRun(now = new Date()): DigestRun {
  return {
    db: ctx.app.db,
    appUrl: ctx.config.APP_URL,
    appName: ctx.config.APP_NAME,
    timeZone: ctx.config.TIME_ZONE,
    linkKey: unfollowLinkKey(ctx.config.sessionSecret),
    now,
    settleMs: 0,
  };
}

async function mailTo(email: string) {
  return ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

/** Each person signs in once per file: demo sign-in is rate limited. */
const jars = new Map<string, CookieJar>();
async function jarFor(email: string): Promise<CookieJar> {
  if (!jars.has(email)) jars.set(email, await signInAs(ctx.app, email));
  return jars.get(email)!;
}

async function followAs(email: string, body: object) {
  const jar = await jarFor(email);
  const response = await send(ctx.app, jar, 'POST', '/follow', body);
  return { jar, response };
}

describe('POST /follow', () => {
  it('follows a tag once, however often it is asked, and the tag page and profile show it', async () => {
    await clearFollows();
    const { jar, response } = await followAs('member@example.org', { tag: TAGS.children });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.followed('Children'));
    expect((await send(ctx.app, jar, 'POST', '/follow', { tag: TAGS.children })).statusCode).toBe(303);
    const rows = await followsOf('member@example.org');
    expect(rows).toHaveLength(1);

    const tagPage = pageProps((await visit(ctx.app, '/tag/children', jar)).page, 'items/Index');
    expect(tagPage.follow).toEqual<FollowOffer>({ target: { tag: TAGS.children }, following: rows[0].ref, canFollow: true, feedUrl: '/tag/Children/feed' });
    const profile = pageProps((await visit(ctx.app, '/profile', jar)).page, 'profile/Show');
    expect(profile.digests).toEqual({
      frequency: 'weekly',
      follows: [{ ref: rows[0].ref, kind: 'tag', label: 'Children', url: '/tag/Children' } satisfies FollowSummary],
    });
  });

  it('follows a search and a public collection; a visitor sees the feed but no Follow', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { search: '  easter songs ' });
    expect((await send(ctx.app, jar, 'POST', '/follow', { collection: COLLECTIONS.open })).statusCode).toBe(303);
    const labels = (await followsOf('member@example.org')).map((row) => row.searchText ?? row.collectionId);
    expect(labels).toEqual(expect.arrayContaining(['easter songs', expect.any(Number)]));

    const search = pageProps((await visit(ctx.app, '/item?search=easter%20songs', jar)).page, 'items/Index');
    expect(search.follow).toMatchObject({ target: { search: 'easter songs' }, following: expect.any(String), feedUrl: null });
    const visitor = pageProps((await visit(ctx.app, `/collection/${COLLECTIONS.open}`)).page, 'collection/Show');
    expect(visitor.follow).toEqual({
      target: { collection: COLLECTIONS.open },
      following: null,
      canFollow: false,
      feedUrl: `/collection/${COLLECTIONS.open}/feed`,
    });
    // A tag's page keeps its address, its tag and its Follow button with other filters chosen there (issue 36 §6);
    // a listing of one's own offers nothing to follow.
    const filteredTagPage = pageProps((await visit(ctx.app, `/tag/children?search=easter&tags=${TAGS.youth}`, jar)).page, 'items/Index');
    expect(filteredTagPage.follow).toMatchObject({ target: { tag: TAGS.children }, canFollow: true, feedUrl: '/tag/Children/feed' });
    expect(filteredTagPage.tagPage).toEqual({ ref: TAGS.children, path: '/tag/children' });
    expect(filteredTagPage.filters).toEqual({ search: 'easter', tags: [TAGS.children, TAGS.youth] });
    expect(pageProps((await visit(ctx.app, `/item?tags=${TAGS.children}`, jar)).page, 'items/Index').tagPage).toBeNull();
    expect(pageProps((await visit(ctx.app, '/popular', jar)).page, 'items/Index').follow).toBeNull();
  });

  it('refuses what the member may not see, without saying whether it exists, and changes nothing', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { tag: TAGS.staffPick });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ tag: FOLLOW_MESSAGES.tagMissing });
    await send(ctx.app, jar, 'POST', '/follow', { collection: COLLECTIONS.closed });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ collection: FOLLOW_MESSAGES.collectionMissing });
    await send(ctx.app, jar, 'POST', '/follow', { collection: 'nosuchcoll01' });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ collection: FOLLOW_MESSAGES.collectionMissing });
    await send(ctx.app, jar, 'POST', '/follow', { search: '"&!' });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ search: FOLLOW_MESSAGES.searchMissing });
    expect((await send(ctx.app, jar, 'POST', '/follow', { tag: TAGS.children, search: 'x' })).statusCode).toBe(400);
    expect(await followsOf('member@example.org')).toEqual([]);

    // An admin sees the non-public taxonomy, so may follow its tag.
    const admin = await followAs('admin@example.org', { tag: TAGS.staffPick });
    expect((await nextPage(ctx.app, admin.jar)).errors).toEqual({});
    expect(await followsOf('admin@example.org')).toHaveLength(1);
  });

  it('is for signed-in members only', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/follow', payload: { tag: TAGS.children } });
    expect([403, 419]).toContain(response.statusCode);
    expect(
      await ctx.app.db
        .select()
        .from(follows)
        .where(eq(follows.tagId, sql`(select id from tags where ref = ${TAGS.children})`)),
    ).toHaveLength(0);
  });
});

describe('DELETE /follow/{ref} and the profile', () => {
  it('unfollows one’s own follow; someone else’s ref reads as missing and stays', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { tag: TAGS.children });
    const [own] = await followsOf('member@example.org');
    const other = await jarFor('affiliate@example.org');
    expect((await send(ctx.app, other, 'DELETE', `/follow/${own.ref}`)).statusCode).toBe(404);
    expect(await followsOf('member@example.org')).toHaveLength(1);

    expect((await send(ctx.app, jar, 'DELETE', `/follow/${own.ref}`)).statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.unfollowed('Children'));
    expect(await followsOf('member@example.org')).toEqual([]);
  });

  it('saves how often the digest comes, and refuses anything else', async () => {
    await clearFollows();
    const jar = await jarFor('member@example.org');
    expect((await send(ctx.app, jar, 'POST', '/profile/digests', { frequency: 'none' })).statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.frequencySaved('none'));
    await send(ctx.app, jar, 'POST', '/profile/digests', { frequency: 'hourly' });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ frequency: 'Choose how often your digest comes.' });
    const [row] = await ctx.app.db.select({ frequency: users.digestFrequency }).from(users).where(eq(users.email, 'member@example.org'));
    expect(row.frequency).toBe('none');
  });
});

describe('the digest', () => {
  it('lists what is new and updated that the member may list, never an item above their level, and is sent once', async () => {
    await clearFollows();
    await followAs('member@example.org', { tag: TAGS.children });
    await ageFollows(8, [
      { ref: ITEMS.songs, daysAgo: 1, created: 2 },
      { ref: ITEMS.games, daysAgo: 2 },
      { ref: ITEMS.staffOnly, daysAgo: 1 },
      { ref: ITEMS.draft, daysAgo: 1 },
      { ref: ITEMS.oldNews, daysAgo: 9 },
    ]);
    const [first, second] = await Promise.all([sendDueDigests(digestRun()), sendDueDigests(digestRun())]);
    expect(first.sent + second.sent).toBe(1);
    const mails = await mailTo('member@example.org');
    expect(mails).toHaveLength(1);
    const text = mails[0].textBody;
    expect(mails[0].subject).toBe('Equip digest: 2 new and updated items');
    expect(text).toContain('Tag “Children”:');
    expect(text).toContain('Easter Songs for Primary (new)');
    expect(text).toContain('Parachute Games (updated)');
    for (const hidden of ['Staff Safeguarding Review', 'Unfinished Easter Trail', 'Christmas Easter Crossover']) expect(text).not.toContain(hidden);
    expect(mails[0].htmlBody).not.toContain('Staff Safeguarding Review');

    // The window moved on: nothing is due until a week after this one.
    expect(await sendDueDigests(digestRun())).toEqual({ sent: 0, empty: 0 });
    expect(await sendDueDigests(digestRun(new Date(Date.now() + 6 * DAY_MS)))).toEqual({ sent: 0, empty: 0 });
    expect((await sendDueDigests(digestRun(new Date(Date.now() + 7 * DAY_MS + 60_000)))).empty).toBe(1);
    expect(await mailTo('member@example.org')).toHaveLength(1);
  });

  it('lists a staff member’s higher items, and comes daily when asked', async () => {
    await clearFollows();
    await followAs('staff@example.org', { tag: TAGS.children });
    await ctx.app.db.update(users).set({ digestFrequency: 'daily' }).where(eq(users.email, 'staff@example.org'));
    await ageFollows(1.5, [{ ref: ITEMS.staffOnly, daysAgo: 0.5 }]);
    expect((await sendDueDigests(digestRun())).sent).toBe(1);
    const [mail] = await mailTo('staff@example.org');
    expect(mail.textBody).toContain('Staff Safeguarding Review (updated)');
  });

  it('sends nothing with no digests, to an unverified address, or before a period has passed', async () => {
    await clearFollows();
    await followAs('member@example.org', { tag: TAGS.children });
    await followAs('unverified@example.org', { tag: TAGS.children });
    await followAs('affiliate@example.org', { tag: TAGS.children });
    await ctx.app.db.update(users).set({ digestFrequency: 'none' }).where(eq(users.email, 'member@example.org'));
    await ageFollows(8, [{ ref: ITEMS.games, daysAgo: 1 }]);
    await ctx.app.db
      .update(follows)
      .set({ createdAt: new Date(Date.now() - 3 * DAY_MS) })
      .where(eq(follows.userId, await userId('affiliate@example.org')));
    expect(await sendDueDigests(digestRun())).toEqual({ sent: 0, empty: 0 });
    expect(await ctx.app.db.select().from(mailOutbox)).toEqual([]);
  });

  it('leaves out a collection the member may no longer open, and follows searches and collections', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { collection: COLLECTIONS.open });
    await send(ctx.app, jar, 'POST', '/follow', { search: 'easter' });
    await ageFollows(8, [
      { ref: ITEMS.games, daysAgo: 1 },
      { ref: ITEMS.youth, daysAgo: 1 },
    ]);
    await ctx.app.db.update(collections).set({ public: false }).where(eq(collections.ref, COLLECTIONS.open));
    try {
      await sendDueDigests(digestRun());
    } finally {
      await ctx.app.db.update(collections).set({ public: true }).where(eq(collections.ref, COLLECTIONS.open));
    }
    const [mail] = await mailTo('member@example.org');
    expect(mail.textBody).toContain('Search “easter”:');
    expect(mail.textBody).toContain('Youth Easter Weekend (updated)');
    expect(mail.textBody).not.toContain('Easter Club');
    expect(mail.textBody).not.toContain('Parachute Games');
  });

  it('lists at most a page per follow, with a link to the rest', async () => {
    await clearFollows();
    await followAs('member@example.org', { search: 'extra' });
    const rows = Array.from({ length: DIGEST_ITEMS_PER_FOLLOW + 2 }, (_, index) => ({
      ref: `itemextra${String(index).padStart(3, '0')}`,
      code: `EX-${index}`,
      title: `Extra Activity ${index}`,
      visibility: VISIBILITY.DISCOVERABLE,
      minimumAccessLevel: 0,
    }));
    await ctx.app.db.insert(items).values(rows);
    try {
      await ageFollows(
        8,
        rows.map((row) => ({ ref: row.ref, daysAgo: 1 })),
      );
      await sendDueDigests(digestRun());
      const [mail] = await mailTo('member@example.org');
      expect(mail.textBody.match(/Extra Activity \d+ \(updated\)/g)).toHaveLength(DIGEST_ITEMS_PER_FOLLOW);
      expect(mail.textBody).toContain('See all of them:\nhttp://localhost:3000/item?search=extra');
    } finally {
      await ctx.app.db.delete(items).where(
        inArray(
          items.ref,
          rows.map((row) => row.ref),
        ),
      );
    }
  });

  it('carries an unfollow link that asks first, works without signing in, and then names nothing', async () => {
    await clearFollows();
    await followAs('member@example.org', { tag: TAGS.children });
    await ageFollows(8, [{ ref: ITEMS.games, daysAgo: 1 }]);
    await sendDueDigests(digestRun());
    const [mail] = await mailTo('member@example.org');
    const link = /Unfollow “Children”:\n(\S+)/.exec(mail.textBody)![1];
    const path = new URL(link).pathname;
    expect(redactUrl(link)).toBe(`${ctx.config.APP_URL.replace(/\/$/, '')}/unfollow/${REDACTED}`);

    const asked = await visit(ctx.app, path);
    expectInertia(asked.page).component('follow/Unfollow').prop('follow', { kind: 'tag', label: 'Children', url: '/tag/Children' });
    expect(await followsOf('member@example.org')).toHaveLength(1);

    const jar = await csrfJar(ctx.app);
    const response = await send(ctx.app, jar, 'POST', path);
    expect(response.statusCode).toBe(303);
    // The link's own page confirms it, linking the public tag's page.
    expect(response.headers.location).toBe(path);
    expect(await followsOf('member@example.org')).toEqual([]);
    const confirmed = await visit(ctx.app, path, jar);
    expect(confirmed.response.statusCode).toBe(200);
    expectInertia(confirmed.page)
      .component('follow/Unfollow')
      .flash({ [UNFOLLOWED_FLASH]: { kind: 'tag', label: 'Children', url: '/tag/Children' } });
    // Pressing again (a replay) stops nothing more and says the link is spent.
    expect((await send(ctx.app, jar, 'POST', path)).headers.location).toBe(path);
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.linkGone);
    expectInertia((await visit(ctx.app, path)).page).prop('follow', null);
    expect((await visit(ctx.app, '/unfollow/not-a-token')).response.statusCode).toBe(404);
  });
});

describe('the digest, after changes', () => {
  it('still goes when its last window was stamped by SQL, to the microsecond', async () => {
    await clearFollows();
    await followAs('member@example.org', { tag: TAGS.children });
    await ageFollows(20, [{ ref: ITEMS.games, daysAgo: 1 }]);
    await ctx.app.db.execute(sql`update users set digest_sent_at = now() - interval '8 days' + interval '123 microseconds' where email = 'member@example.org'`);
    expect((await sendDueDigests(digestRun())).sent).toBe(1);
  });

  it('lists an old item newly added to a followed collection as new', async () => {
    await clearFollows();
    await followAs('member@example.org', { collection: COLLECTIONS.open });
    await ageFollows(8, []);
    const [collection] = await ctx.app.db.select({ id: collections.id }).from(collections).where(eq(collections.ref, COLLECTIONS.open));
    const [youth] = await ctx.app.db.select({ id: items.id }).from(items).where(eq(items.ref, ITEMS.youth));
    await ctx.app.db.insert(collectionItems).values({ collectionId: collection.id, itemId: youth.id, createdAt: new Date(Date.now() - DAY_MS) });
    try {
      await sendDueDigests(digestRun());
      const [mail] = await mailTo('member@example.org');
      expect(mail.textBody).toContain('Youth Easter Weekend (new)');
      expect(mail.textBody).not.toContain('Parachute Games');
    } finally {
      await ctx.app.db.delete(collectionItems).where(and(eq(collectionItems.collectionId, collection.id), eq(collectionItems.itemId, youth.id)));
    }
  });

  it('names a follow the member can no longer see by its kind alone, and keeps it out of the digest', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { collection: COLLECTIONS.open });
    await ageFollows(8, [{ ref: ITEMS.games, daysAgo: 1 }]);
    await ctx.app.db.update(collections).set({ public: false, title: 'Renamed Secret Plan' }).where(eq(collections.ref, COLLECTIONS.open));
    try {
      const profile = pageProps((await visit(ctx.app, '/profile', jar)).page, 'profile/Show');
      expect(profile.digests.follows).toEqual([expect.objectContaining({ kind: 'collection', label: FOLLOW_TEXT.noLongerVisible.collection, url: null })]);
      expect(JSON.stringify(profile)).not.toContain('Renamed Secret Plan');
      await sendDueDigests(digestRun());
      expect(await mailTo('member@example.org')).toEqual([]);
      const [row] = await followsOf('member@example.org');
      const token = unfollowToken(unfollowLinkKey(ctx.config.sessionSecret), row.ref);
      const page = (await visit(ctx.app, `/unfollow/${token}`)).page;
      expectInertia(page).prop('follow', { kind: 'collection', label: FOLLOW_TEXT.noLongerVisible.collection, url: null });
      expect(JSON.stringify(page)).not.toContain('Renamed Secret Plan');
      // Unfollowing it still works, and the notice does not name it either.
      expect((await send(ctx.app, jar, 'DELETE', `/follow/${row.ref}`)).statusCode).toBe(303);
      expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.unfollowed(FOLLOW_TEXT.noLongerVisible.collection));
    } finally {
      await ctx.app.db.update(collections).set({ public: true, title: 'Easter Club' }).where(eq(collections.ref, COLLECTIONS.open));
    }
  });

  it('confirms unfollowing a private collection on the link’s page for someone signed out, never a Forbidden page', async () => {
    await clearFollows();
    const { jar: leader } = await followAs('leader@example.org', { collection: COLLECTIONS.closed });
    const [row] = await followsOf('leader@example.org');
    const path = `/unfollow/${unfollowToken(unfollowLinkKey(ctx.config.sessionSecret), row.ref)}`;
    // Signed out, the question does not link the collection only its owner opens.
    expectInertia((await visit(ctx.app, path)).page).prop('follow', { kind: 'collection', label: 'Leaders Planning', url: null });
    const visitor = await csrfJar(ctx.app);
    const response = await send(ctx.app, visitor, 'POST', path);
    expect(response.headers.location).toBe(path);
    expect(await followsOf('leader@example.org')).toEqual([]);
    const confirmed = await visit(ctx.app, path, visitor);
    expect(confirmed.response.statusCode).toBe(200);
    expectInertia(confirmed.page).flash({ [UNFOLLOWED_FLASH]: { kind: 'collection', label: 'Leaders Planning', url: null } });

    // Its follower, signed in, is offered the way back to it.
    await send(ctx.app, leader, 'POST', '/follow', { collection: COLLECTIONS.closed });
    const [again] = await followsOf('leader@example.org');
    const own = `/unfollow/${unfollowToken(unfollowLinkKey(ctx.config.sessionSecret), again.ref)}`;
    await send(ctx.app, leader, 'POST', own);
    expect((await visit(ctx.app, own, leader)).page.flash[UNFOLLOWED_FLASH]).toEqual({
      kind: 'collection',
      label: 'Leaders Planning',
      url: `/collection/${COLLECTIONS.closed}`,
    });
  });

  it('refuses an unfollow link signed with another key, and one whose follow is gone', async () => {
    await clearFollows();
    await followAs('member@example.org', { tag: TAGS.children });
    const [row] = await followsOf('member@example.org');
    const forged = unfollowToken(unfollowLinkKey('another secret that is long enough to be one'), row.ref);
    expectInertia((await visit(ctx.app, `/unfollow/${forged}`)).page).prop('follow', null);
    const visitor = await csrfJar(ctx.app);
    expect((await send(ctx.app, visitor, 'POST', `/unfollow/${forged}`)).statusCode).toBe(303);
    expect(await followsOf('member@example.org')).toHaveLength(1);
    expectInertia((await visit(ctx.app, `/unfollow/${forged}`, visitor)).page).flash({
      notifications: [expect.objectContaining({ message: FOLLOW_MESSAGES.linkGone })],
    });
  });

  it('follows a search once whatever its spacing, and moves a merged tag’s followers to the tag it was merged into', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { search: 'easter   songs' });
    await send(ctx.app, jar, 'POST', '/follow', { search: ' easter songs' });
    expect((await followsOf('member@example.org')).map((row) => row.searchText)).toEqual(['easter songs']);
    await send(ctx.app, jar, 'POST', '/follow', { search: 'x'.repeat(201) });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ search: FOLLOW_MESSAGES.searchTooLong });

    const [age] = await ctx.app.db.select({ id: taxonomies.id }).from(taxonomies).where(eq(taxonomies.title, 'Age Group'));
    const [source, target] = await ctx.app.db
      .insert(tags)
      .values([
        { ref: 'tagmergesrc1', taxonomyId: age.id, label: 'Tots', position: 8 },
        { ref: 'tagmergedst1', taxonomyId: age.id, label: 'Toddlers', position: 9 },
      ])
      .returning({ id: tags.id });
    await send(ctx.app, jar, 'POST', '/follow', { tag: 'tagmergesrc1' });
    const both = await followAs('affiliate@example.org', { tag: 'tagmergesrc1' });
    await send(ctx.app, both.jar, 'POST', '/follow', { tag: 'tagmergedst1' });
    expect(await mergeTag(ctx.app.db, source.id, target.id)).toBe('merged');
    expect((await followsOf('member@example.org')).filter((row) => row.tagId !== null).map((row) => row.tagId)).toEqual([target.id]);
    expect((await followsOf('affiliate@example.org')).map((row) => row.tagId)).toEqual([target.id]);
    await ctx.app.db.delete(tags).where(eq(tags.id, target.id));
  });
});

describe('Send my digest now', () => {
  it('before any digest, says nothing is new yet, not "since your last digest"', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { tag: TAGS.children });
    await ageFollows(2, []);
    await send(ctx.app, jar, 'POST', '/profile/digests/send');
    const notices = (await nextPage(ctx.app, jar)).notices;
    expect(notices).toContain(FOLLOW_MESSAGES.digestEmptyFirst);
    expect(notices.join(' ')).not.toContain('since your last digest');
    // Once one went, the next empty one speaks of it.
    await send(ctx.app, jar, 'POST', '/profile/digests/send');
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.digestEmpty);
  });

  it('sends the window since the last digest at once, then has nothing new, and needs a follow and a verified address', async () => {
    await clearFollows();
    const { jar } = await followAs('member@example.org', { tag: TAGS.children });
    await ageFollows(2, [{ ref: ITEMS.games, daysAgo: 1 }]);
    expect((await send(ctx.app, jar, 'POST', '/profile/digests/send')).statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.digestSent('member@example.org'));
    const mails = await mailTo('member@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Parachute Games (updated)');

    await send(ctx.app, jar, 'POST', '/profile/digests/send');
    expect((await nextPage(ctx.app, jar)).notices).toContain(FOLLOW_MESSAGES.digestEmpty);
    expect(await mailTo('member@example.org')).toHaveLength(1);
    // The scheduled digest starts where this one ended.
    expect(await sendDueDigests(digestRun(new Date(Date.now() + 6 * DAY_MS)))).toEqual({ sent: 0, empty: 0 });

    const unverified = await followAs('unverified@example.org', { tag: TAGS.children });
    await send(ctx.app, unverified.jar, 'POST', '/profile/digests/send');
    expect((await nextPage(ctx.app, unverified.jar)).notices).toContain(FOLLOW_MESSAGES.nothingToSend);
    const nobody = await jarFor('leader@example.org');
    await send(ctx.app, nobody, 'POST', '/profile/digests/send');
    expect((await nextPage(ctx.app, nobody)).notices).toContain(FOLLOW_MESSAGES.nothingToSend);
    expect(await ctx.app.db.select().from(mailOutbox)).toHaveLength(1);
  });
});

describe('Atom feeds', () => {
  it('a tag’s feed holds the public items under it and its children, newest first', async () => {
    await ageFollows(0, [
      { ref: ITEMS.songs, daysAgo: 1 },
      { ref: ITEMS.games, daysAgo: 2 },
    ]);
    const response = await ctx.app.inject({ method: 'GET', url: '/tag/children/feed' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    const body = response.body;
    expect(body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(body.indexOf('Easter Songs for Primary')).toBeLessThan(body.indexOf('Parachute Games'));
    expect(body).toContain(`http://localhost:3000/i/${ITEMS.songs}`);
    for (const hidden of ['Staff Safeguarding Review', 'Unfinished Easter Trail']) expect(body).not.toContain(hidden);
  });

  it('has none for a tag only admins see, a private collection or one that does not exist', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/tag/staff%20pick/feed' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/collection/${COLLECTIONS.closed}/feed` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/collection/nosuchcoll01/feed' })).statusCode).toBe(404);
  });

  it('writes titles as text, and leaves out what XML forbids, so one odd title never breaks the feed', async () => {
    await ctx.app.db.update(items).set({ title: 'Ages <5 & up\u0001\u000B <img src=x>' }).where(eq(items.ref, ITEMS.games));
    try {
      const body = (await ctx.app.inject({ method: 'GET', url: '/tag/children/feed' })).body;
      expect(body).toContain('Ages &#60;5 &#38; up &#60;img src=x&#62;');
      expect(body.includes('\u0001') || body.includes('\u000B')).toBe(false);
      expect(body).not.toContain('<img');
    } finally {
      await ctx.app.db.update(items).set({ title: 'Parachute Games' }).where(eq(items.ref, ITEMS.games));
    }
  });

  it("escapes the feed's own title once, as a reader shows it: 'Songs & Prayers', never 'Songs &#38; Prayers'", async () => {
    const [before] = await ctx.app.db.select({ title: collections.title }).from(collections).where(eq(collections.ref, COLLECTIONS.open));
    await ctx.app.db.update(collections).set({ title: 'Songs & Prayers' }).where(eq(collections.ref, COLLECTIONS.open));
    try {
      const body = (await ctx.app.inject({ method: 'GET', url: `/collection/${COLLECTIONS.open}/feed` })).body;
      const title = /<feed[^>]*>[\s\S]*?<title>([^<]*)<\/title>/.exec(body)?.[1];
      expect(title).toMatch(/: Songs &amp; Prayers$/);
      expect(body).not.toContain('&amp;#');
    } finally {
      await ctx.app.db.update(collections).set({ title: before!.title }).where(eq(collections.ref, COLLECTIONS.open));
    }
  });

  it('a public collection’s feed holds only the entries a visitor may open, and its page names the feed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/collection/${COLLECTIONS.open}/feed` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Parachute Games');
    expect(response.body).not.toContain('Staff Safeguarding Review');
    const page = await ctx.app.inject({ method: 'GET', url: `/collection/${COLLECTIONS.open}` });
    expect(page.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Easter Club" href="http://localhost:3000/collection/${COLLECTIONS.open}/feed">`,
    );
    const tagPage = await ctx.app.inject({ method: 'GET', url: '/tag/children' });
    expect(tagPage.body).toContain('<link rel="alternate" type="application/atom+xml" title="Children" href="http://localhost:3000/tag/Children/feed">');
    const privatePage = await ctx.app.inject({
      method: 'GET',
      url: '/tag/staff%20pick',
      headers: { cookie: (await jarFor('admin@example.org')).header() },
    });
    expect(privatePage.body).not.toContain('application/atom+xml');
  });
});

describe('deleting what is followed', () => {
  it('takes the follow with it', async () => {
    await clearFollows();
    await followAs('member@example.org', { tag: TAGS.youth });
    await ctx.app.db.delete(itemTags).where(and(eq(itemTags.tagId, sql`(select id from tags where ref = ${TAGS.youth})`)));
    await ctx.app.db.delete(tags).where(eq(tags.ref, TAGS.youth));
    expect(await followsOf('member@example.org')).toEqual([]);
  });
});
