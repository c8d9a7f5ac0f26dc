import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_EDIT_MODE_FLASH,
  COLLECTION_MESSAGES,
  CREATED_COLLECTION_FLASH,
  type CollectionSection,
  type CollectionSummary,
  type OwnCollectionSummary,
} from '../../shared/collections';
import { ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import { collectionItems, collections, shares } from '../../server/db/schema';
import type { CookieJar } from '../support/app';
import { inertiaHeaders, nextPage, send, visit, xsrfHeader } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import {
  ADMIN,
  AFFILIATE,
  COLLECTIONS,
  ENTRIES,
  ITEMS,
  LEADER,
  LOCKED_NOTE,
  MEMBER,
  seedCollectionLibrary,
  STAFF,
  storedCollection,
  userIdOf,
} from './collections-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useSessionTestApp({ seed: seedCollectionLibrary });

const privateUrl = `/collection/${COLLECTIONS.private.ref}`;
const publicUrl = `/collection/${COLLECTIONS.public.ref}`;

async function collectionCount(): Promise<number> {
  const [row] = await ctx
    .db()
    .select({ count: sql<number>`count(*)::int` })
    .from(collections);
  return row!.count;
}

async function showAs(email: string | null, url: string) {
  return visit(ctx.app, url, await ctx.as(email));
}

/** A first (HTML) visit, as someone following a link would make. */
async function firstVisit(jar: CookieJar | null, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: jar?.header() ?? '' } });
}

describe('GET /collection (My Collections)', () => {
  it('refuses anonymous visitors with the sign-in hint', async () => {
    const { response, page } = await showAs(null, '/collection');
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', SIGN_IN_HINT);
  });

  it('lists only the viewer’s own collections, with the public flag, and offers Create New', async () => {
    const { response, page } = await showAs(AFFILIATE, '/collection');
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('collection/Index')
      .prop('collections', [
        { ref: COLLECTIONS.private.ref, title: COLLECTIONS.private.title, description: COLLECTIONS.private.description, public: false, itemCount: 2 },
      ])
      .prop('can.create', true)
      .prop('title', 'My Collections');
    const staff = (await showAs(STAFF, '/collection')).page.props.collections as CollectionSummary[];
    expect(staff.map((collection) => [collection.ref, collection.public])).toEqual([[COLLECTIONS.public.ref, true]]);
  });

  it('counts on each card only the items its owner may open now: never the entry that shows them locked (issue 36 §6)', async () => {
    // The staff member's public collection holds four entries: an open item, a staff-level one, an unlisted one (opened by
    // its link, as the collection page shows it) and someone else's draft, which the staff member may not open.
    const staff = (await showAs(STAFF, '/collection')).page.props.collections as OwnCollectionSummary[];
    expect(staff.map((collection) => [collection.ref, collection.itemCount])).toEqual([[COLLECTIONS.public.ref, 3]]);
    const [entries] = await ctx
      .db()
      .select({ count: sql<number>`count(*)::int` })
      .from(collectionItems)
      .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
      .where(eq(collections.ref, COLLECTIONS.public.ref));
    expect(entries!.count).toBe(4);
  });

  it('is empty for a member without collections, even an admin sees only their own', async () => {
    expectInertia((await showAs(MEMBER, '/collection')).page).prop('collections', []);
    expectInertia((await showAs(ADMIN, '/collection')).page).prop('collections', []);
  });
});

describe('POST /collection', () => {
  it('refuses anonymous visitors and writes nothing', async () => {
    const before = await collectionCount();
    const response = await send(ctx.app, await ctx.as(null), 'POST', '/collection', { title: 'Sneaky', description: '', public: true });
    expect(response.statusCode).toBe(403);
    expect(await collectionCount()).toBe(before);
  });

  it('needs a title: the error comes back under title and nothing is written', async () => {
    const jar = await ctx.as(MEMBER);
    const before = await collectionCount();
    // From My Collections, whose address the Inertia client sends along.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/collection',
      headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar), referer: 'http://localhost/collection' },
      payload: { title: '   ', description: 'No title here', public: false },
    });
    jar.store(response);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/collection');
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ title: COLLECTION_MESSAGES.titleRequired });
    expect(await collectionCount()).toBe(before);
  });

  it('creates the collection for the viewer and opens it in edit mode through the flash', async () => {
    const jar = await ctx.as(MEMBER);
    const response = await send(ctx.app, jar, 'POST', '/collection', { title: ' Holiday Club ', description: 'Five days of fun', public: true });
    expect(response.statusCode).toBe(303);
    const url = response.headers.location as string;
    expect(url).toMatch(/^\/collection\/[0-9a-z]{12}$/);
    const stored = await storedCollection(ctx.db(), url.split('/')[2]!);
    expect(stored).toMatchObject({ title: 'Holiday Club', description: 'Five days of fun', public: true, userId: await userIdOf(ctx.db(), MEMBER) });

    const { page } = await visit(ctx.app, url, jar);
    expect(page.flash[COLLECTION_EDIT_MODE_FLASH]).toBe(true);
    expect(page.flash.notifications.map((notice: { message: string }) => notice.message)).toContain(COLLECTION_MESSAGES.created('Holiday Club'));
    expectInertia(page)
      .props({ collection: { title: 'Holiday Club', ownerDisplayName: 'Maya Thompson', public: true } })
      .props({ can: { create: true, update: true, delete: true } });
    // The flash opens edit mode once; the next visit is in read mode.
    expect((await visit(ctx.app, url, jar)).page.flash?.[COLLECTION_EDIT_MODE_FLASH]).toBeUndefined();
    // The sidebar's Collections group lists it.
    const history = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
    expect(history.json().myCollections).toContainEqual({ title: 'Holiday Club', href: url, icon: 'bi-collection' });
  });
});

describe('POST /collection with stay (Add to Collection’s “+ New collection”)', () => {
  const itemUrl = `/i/${ITEMS.games.ref}`;
  const partial = { 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': 'collectionChoices' };

  /** The post as the dialog sends it: from the item page, naming the choices it wants on the way back. */
  async function createFromItemPage(jar: CookieJar, payload: Record<string, unknown>) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/collection',
      headers: {
        ...(await inertiaHeaders(ctx.app)),
        ...xsrfHeader(jar),
        ...partial,
        referer: `http://localhost${itemUrl}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(payload),
    });
    jar.store(response);
    return response;
  }

  it('creates the collection and answers back on the item page, with its ref in the flash and the choices holding it', async () => {
    const jar = await ctx.as(MEMBER);
    const response = await createFromItemPage(jar, { title: ' Summer Camp ', stay: true });
    expect([response.statusCode, response.headers.location]).toEqual([303, itemUrl]);

    const { page } = await visit(ctx.app, itemUrl, jar, partial);
    const ref = page.flash[CREATED_COLLECTION_FLASH] as string;
    expect(await storedCollection(ctx.db(), ref)).toMatchObject({
      title: 'Summer Camp',
      description: '',
      public: false,
      userId: await userIdOf(ctx.db(), MEMBER),
    });
    expect(page.props.collectionChoices).toContainEqual({ ref, title: 'Summer Camp', sections: [], holdsItem: false });
    expect(page.flash).not.toHaveProperty(COLLECTION_EDIT_MODE_FLASH);
    expect(page.flash.notifications.map((notice: { message: string }) => notice.message)).toContain(COLLECTION_MESSAGES.created('Summer Camp'));
  });

  it('keeps POST /collection’s validation: an empty title comes back under title, with the choices, and nothing is written', async () => {
    const jar = await ctx.as(MEMBER);
    const before = await collectionCount();
    const response = await createFromItemPage(jar, { title: '  ', stay: true });
    expect([response.statusCode, response.headers.location]).toEqual([303, itemUrl]);
    const { page } = await visit(ctx.app, itemUrl, jar, partial);
    expectInertia(page).errors({ title: COLLECTION_MESSAGES.titleRequired });
    expect(page.props).toHaveProperty('collectionChoices');
    expect(page.flash ?? {}).not.toHaveProperty(CREATED_COLLECTION_FLASH);
    expect(await collectionCount()).toBe(before);
  });

  it('opens the new collection as before for anything but a true stay', async () => {
    const jar = await ctx.as(MEMBER);
    for (const stay of [false, 'nonsense', ['true']]) {
      const response = await createFromItemPage(jar, { title: 'Opened', stay });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/collection\/[0-9a-z]{12}$/);
      expect((await visit(ctx.app, response.headers.location as string, jar)).page.flash[COLLECTION_EDIT_MODE_FLASH]).toBe(true);
    }
  });
});

describe('GET /collection/{ref}', () => {
  it('shows a private collection to its owner, with its sections in order', async () => {
    const { response, page } = await showAs(AFFILIATE, privateUrl);
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('collection/Show')
      .prop('collection', { ...COLLECTIONS.private, public: false, ownerDisplayName: 'Daniel Mensah' });
    const sections = page.props.sections as CollectionSection[];
    expect(sections.map((section) => [section.section, section.idx, section.refs])).toEqual([
      ['Week 1', 0, [ENTRIES.privateOpen]],
      ['Week 2', 1, [ENTRIES.privateGames]],
    ]);
    expect(sections[0]!.items[0]).toEqual({
      ref: ENTRIES.privateOpen,
      note: 'Start with this',
      section: 'Week 1',
      position: 0,
      item: { ref: ITEMS.open.ref, title: ITEMS.open.title, blurb: ITEMS.open.blurb, image: null },
    });
    expectInertia(page).props({ can: { update: true, delete: true, share: true } });
  });

  it('refuses a private collection to other members (403) without its title', async () => {
    for (const email of [MEMBER, LEADER, STAFF]) {
      const { response } = await showAs(email, privateUrl);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(COLLECTIONS.private.title);
      expect(response.body).not.toContain(ITEMS.open.title);
    }
  });

  it('refuses a private collection to anonymous visitors with the 403 page and the sign-in hint', async () => {
    const response = await firstVisit(null, privateUrl);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(ERROR_PAGES[403].title);
    expect(response.body).toContain(SIGN_IN_HINT);
    expect(response.body).not.toContain(COLLECTIONS.private.title);
  });

  it('lets an admin open any collection, but only the owner edit it', async () => {
    const { response, page } = await showAs(ADMIN, privateUrl);
    expect(response.statusCode).toBe(200);
    expectInertia(page).props({ can: { update: false, delete: true, share: false } });
  });

  it('opens a public collection for anyone with the link, anonymous visitors included', async () => {
    const response = await firstVisit(null, publicUrl);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(COLLECTIONS.public.title);
    const { page } = await showAs(MEMBER, publicUrl);
    expectInertia(page)
      .props({ can: { update: false, delete: false, share: false } })
      .prop('breadcrumbs', [{ label: COLLECTIONS.public.title }]);
  });

  it('answers 404 for an unknown or malformed ref', async () => {
    expect((await showAs(AFFILIATE, '/collection/nosuchcoll01')).response.statusCode).toBe(404);
    expect((await showAs(AFFILIATE, '/collection/NOT-A-REF')).response.statusCode).toBe(404);
  });

  it('shows a level-2 viewer a locked placeholder for a staff-level item and for someone else’s draft, never their content', async () => {
    const { response, page } = await showAs(AFFILIATE, publicUrl);
    expect(response.statusCode).toBe(200);
    const entries = (page.props.sections as CollectionSection[]).flatMap((section) => section.items);
    const byRef = new Map(entries.map((entry) => [entry.ref, entry]));
    expect(byRef.get(ENTRIES.publicStaff)).toEqual({ ref: ENTRIES.publicStaff, note: '', section: '', position: 1, item: null });
    expect(byRef.get(ENTRIES.publicDraft)).toEqual({ ref: ENTRIES.publicDraft, note: '', section: 'Extras', position: 1, item: null });
    // Unlisted items open by link, so those who may open them see them in a collection.
    expect(byRef.get(ENTRIES.publicUnlisted)!.item).toMatchObject({ ref: ITEMS.unlisted.ref, title: ITEMS.unlisted.title });
    expect(byRef.get(ENTRIES.publicOpen)!.item).toMatchObject({ title: ITEMS.open.title });
    for (const hidden of [
      ITEMS.staff.title,
      ITEMS.staff.blurb,
      ITEMS.staff.ref,
      ITEMS.draft.title,
      ITEMS.draft.blurb,
      ITEMS.draft.ref,
      LOCKED_NOTE,
      'Read before camp',
    ]) {
      expect(response.body).not.toContain(hidden);
    }
    const anonymous = await firstVisit(null, publicUrl);
    expect(anonymous.body).not.toContain(ITEMS.staff.title);
    expect(anonymous.body).not.toContain(ITEMS.staff.blurb);
  });

  it('shows staff the staff-level item, and the owner the note on an entry they cannot open', async () => {
    const { response, page } = await showAs(STAFF, publicUrl);
    const entries = (page.props.sections as CollectionSection[]).flatMap((section) => section.items);
    expect(entries.find((entry) => entry.ref === ENTRIES.publicStaff)!.item).toMatchObject({ title: ITEMS.staff.title, blurb: ITEMS.staff.blurb });
    expect(entries.find((entry) => entry.ref === ENTRIES.publicDraft)).toMatchObject({ item: null, note: LOCKED_NOTE });
    expect(response.body).not.toContain(ITEMS.draft.title);
    // The draft's maintainer and admins open it.
    const leaderEntries = ((await showAs(LEADER, publicUrl)).page.props.sections as CollectionSection[]).flatMap((section) => section.items);
    expect(leaderEntries.find((entry) => entry.ref === ENTRIES.publicDraft)!.item).toMatchObject({ title: ITEMS.draft.title });
    const adminEntries = ((await showAs(ADMIN, publicUrl)).page.props.sections as CollectionSection[]).flatMap((section) => section.items);
    expect(adminEntries.every((entry) => entry.item !== null)).toBe(true);
  });
});

describe('sharing a collection (POST /collection/{ref}/share)', () => {
  const shareUrl = `${privateUrl}/share`;

  it('refuses anonymous visitors, other members and admins; only the owner grants', async () => {
    const body = { level: 2, email: MEMBER, daysValidity: 90 };
    expect((await send(ctx.app, await ctx.as(null), 'POST', shareUrl, body)).statusCode).toBe(403);
    expect((await send(ctx.app, await ctx.as(LEADER), 'POST', shareUrl, body)).statusCode).toBe(403);
    expect((await send(ctx.app, await ctx.as(ADMIN), 'POST', shareUrl, body)).statusCode).toBe(403);
    expect((await send(ctx.app, await ctx.as(AFFILIATE), 'POST', '/collection/nosuchcoll01/share', body)).statusCode).toBe(404);
    expect(await ctx.db().select().from(shares).where(eq(shares.sharedType, 'collection'))).toHaveLength(0);
  });

  it('opens the private collection for its recipient while the share is valid, and its expired link answers 410', async () => {
    expect((await showAs(MEMBER, privateUrl)).response.statusCode).toBe(403);
    const owner = await ctx.as(AFFILIATE);
    const response = await send(ctx.app, owner, 'POST', shareUrl, { level: 2, email: MEMBER, daysValidity: 7 });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(privateUrl);
    const [share] = await ctx.db().select().from(shares).where(eq(shares.sharedType, 'collection'));
    expect(share).toMatchObject({ toEmail: MEMBER, level: 2, itemId: null });

    const { response: opened, page } = await showAs(MEMBER, `${privateUrl}?share=${share!.ref}`);
    expect(opened.statusCode).toBe(200);
    expectInertia(page)
      .prop('collection.title', COLLECTIONS.private.title)
      .props({ can: { update: false, delete: false, share: false } });
    // Others still may not.
    expect((await showAs(LEADER, privateUrl)).response.statusCode).toBe(403);

    await ctx
      .db()
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, share!.id));
    expect((await showAs(MEMBER, privateUrl)).response.statusCode).toBe(403);
    expect((await showAs(MEMBER, `${privateUrl}?share=${share!.ref}`)).response.statusCode).toBe(410);
  });
});

describe('PATCH /collection/{ref} (one field)', () => {
  it('saves the title, description and public flag for the owner', async () => {
    const jar = await ctx.as(AFFILIATE);
    expect((await send(ctx.app, jar, 'PATCH', privateUrl, { title: 'Spring Term Plans' })).statusCode).toBe(303);
    await send(ctx.app, jar, 'PATCH', privateUrl, { description: 'Updated plans' });
    await send(ctx.app, jar, 'PATCH', privateUrl, { public: 'true' });
    expect(await storedCollection(ctx.db(), COLLECTIONS.private.ref)).toMatchObject({ title: 'Spring Term Plans', description: 'Updated plans', public: true });
    const history = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
    expect(history.json().myCollections.map((entry: { title: string }) => entry.title)).toContain('Spring Term Plans');
    await send(ctx.app, jar, 'PATCH', privateUrl, { public: false });
    await send(ctx.app, jar, 'PATCH', privateUrl, { title: COLLECTIONS.private.title });
    expect(await storedCollection(ctx.db(), COLLECTIONS.private.ref)).toMatchObject({ title: COLLECTIONS.private.title, public: false });
  });

  it('refuses an empty title under its field and changes nothing; a malformed body is a 400', async () => {
    const jar = await ctx.as(AFFILIATE);
    await send(ctx.app, jar, 'PATCH', privateUrl, { title: '' });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ title: COLLECTION_MESSAGES.titleRequired });
    await send(ctx.app, jar, 'PATCH', privateUrl, { public: 'perhaps' });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ public: COLLECTION_MESSAGES.publicInvalid });
    expect((await send(ctx.app, jar, 'PATCH', privateUrl, { title: 'A', description: 'B' })).statusCode).toBe(400);
    expect((await send(ctx.app, jar, 'PATCH', privateUrl, { owner: 'me' })).statusCode).toBe(400);
    expect(await storedCollection(ctx.db(), COLLECTIONS.private.ref)).toMatchObject({ title: COLLECTIONS.private.title, public: false });
  });

  it('refuses everyone but the owner: other members, admins and anonymous visitors', async () => {
    for (const email of [MEMBER, ADMIN, null]) {
      expect((await send(ctx.app, await ctx.as(email), 'PATCH', publicUrl, { title: 'Taken over' })).statusCode).toBe(403);
    }
    expect((await send(ctx.app, await ctx.as(LEADER), 'PATCH', privateUrl, { title: 'Taken over' })).statusCode).toBe(403);
    expect(await storedCollection(ctx.db(), COLLECTIONS.public.ref)).toMatchObject({ title: COLLECTIONS.public.title });
  });
});

describe('DELETE /collection/{ref}', () => {
  it('refuses other members and anonymous visitors', async () => {
    for (const email of [MEMBER, AFFILIATE, null]) {
      expect((await send(ctx.app, await ctx.as(email), 'DELETE', publicUrl)).statusCode).toBe(403);
    }
    expect(await storedCollection(ctx.db(), COLLECTIONS.public.ref)).not.toBeNull();
  });

  it('deletes the owner’s collection with its entries and shares, back to My Collections with a notice', async () => {
    const jar = await ctx.as(LEADER);
    const created = await send(ctx.app, jar, 'POST', '/collection', { title: 'Short Lived', description: '', public: false });
    const url = created.headers.location as string;
    await send(ctx.app, jar, 'POST', `${url}/item/${ITEMS.open.ref}`, { note: '', section: '' });
    await send(ctx.app, jar, 'POST', `${url}/share`, { level: 2, email: MEMBER, daysValidity: 7 });
    const collectionId = (await storedCollection(ctx.db(), url.split('/')[2]!))!.id;
    expect(await ctx.db().select().from(collectionItems).where(eq(collectionItems.collectionId, collectionId))).toHaveLength(1);

    const response = await send(ctx.app, jar, 'DELETE', url);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/collection');
    expect((await nextPage(ctx.app, jar)).notices).toContain(COLLECTION_MESSAGES.deleted('Short Lived'));
    expect(await storedCollection(ctx.db(), url.split('/')[2]!)).toBeNull();
    expect(await ctx.db().select().from(collectionItems).where(eq(collectionItems.collectionId, collectionId))).toHaveLength(0);
    expect(await ctx.db().select().from(shares).where(eq(shares.collectionId, collectionId))).toHaveLength(0);
    const history = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
    expect(history.json().myCollections).toEqual([]);
  });

  it('lets an admin take down someone else’s collection', async () => {
    const owner = await ctx.as(MEMBER);
    const created = await send(ctx.app, owner, 'POST', '/collection', { title: 'Unsuitable', description: '', public: true });
    const url = created.headers.location as string;
    expect((await send(ctx.app, await ctx.as(ADMIN), 'DELETE', url)).statusCode).toBe(303);
    expect(await storedCollection(ctx.db(), url.split('/')[2]!)).toBeNull();
  });
});
