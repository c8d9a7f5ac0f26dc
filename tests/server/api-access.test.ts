/**
 * The JSON API reads with exactly the pages' access: for every level, its item list (plain, searched, filtered by tags)
 * is the item index's list in the index's order; one item answers as its page does (403, 404, 410); collections list
 * and open as their pages do, and nothing of a collection the reader may not open leaks. Bad input is a 422 problem.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_SIGN_IN_HINT } from '../../shared/api';
import { collectionItems, collections, items, shares } from '../../server/db/schema';
import { createPersonalAccessToken } from '../../server/features/access-tokens/tokens';
import { useTestApp, type CookieJar } from '../support/app';
import { firstAnswer, signInAs } from '../support/http';
import { seedDiscoveryFixture, tagRefs, userIdOf } from './discovery-fixture';

const ctx = useTestApp({ seed: seedDiscoveryFixture, env: { RATE_LIMIT_MAX: '100000' } });

/** Every level, from a visitor to an admin; `team` maintains the fixture's items (drafts apart). */
const PEOPLE = ['anonymous', 'member', 'affiliate', 'leader', 'staff', 'team', 'admin'] as const;
type Person = (typeof PEOPLE)[number];

const jars = {} as Record<Person, CookieJar | undefined>;
let refs: Record<string, string>;
let itemRef: (title: string) => string;
let publicCollection: { id: number; ref: string };
let privateCollection: { id: number; ref: string };
let sharedCollection: { id: number; ref: string };
const PRIVATE_TITLE = 'Maya’s private camp notes';

beforeAll(async () => {
  for (const person of PEOPLE) jars[person] = person === 'anonymous' ? undefined : await signInAs(ctx.app, `${person}@example.org`);
  refs = await tagRefs(ctx.database);
  const db = ctx.database.db;
  const rows = await db.select({ id: items.id, ref: items.ref, title: items.title }).from(items);
  itemRef = (title) => rows.find((row) => row.title === title)!.ref;
  const idOf = (title: string) => rows.find((row) => row.title === title)!.id;
  const member = await userIdOf(ctx.database, 'member@example.org');
  const team = await userIdOf(ctx.database, 'team@example.org');
  const affiliate = await userIdOf(ctx.database, 'affiliate@example.org');
  [publicCollection] = await db
    .insert(collections)
    .values({ userId: team, title: 'Camp favourites', public: true })
    .returning({ id: collections.id, ref: collections.ref });
  [privateCollection] = await db
    .insert(collections)
    .values({ userId: member, title: PRIVATE_TITLE, description: 'Only for Maya', public: false })
    .returning({ id: collections.id, ref: collections.ref });
  [sharedCollection] = await db
    .insert(collections)
    .values({ userId: team, title: 'Team picks', public: false })
    .returning({ id: collections.id, ref: collections.ref });
  const entries = (collectionId: number, titles: string[]) =>
    titles.map((title, position) => ({ collectionId, itemId: idOf(title), position, note: `Note on ${title}` }));
  await db
    .insert(collectionItems)
    .values([
      ...entries(publicCollection.id, ['Camp Songbook', 'Staff Handbook', 'Member Draft Idea', 'Children Prayer Cards']),
      ...entries(privateCollection.id, ['Camp Songbook', 'Secret Unlisted Link']),
      ...entries(sharedCollection.id, ['Primary Assembly Plans']),
    ]);
  await db
    .insert(shares)
    .values({ sharedType: 'collection', collectionId: sharedCollection.id, toUserId: affiliate, toEmail: 'affiliate@example.org', level: 2 });
});

async function api(url: string, who: Person = 'anonymous', headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: jars[who]?.header() ?? '', ...headers } });
}

async function apiJson(url: string, who: Person = 'anonymous') {
  const response = await api(url, who);
  expect(response.statusCode, `${url} as ${who}: ${response.body}`).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

/** Every page of an API list, following next_cursor. */
async function allOfList(url: string, who: Person, limit = 7): Promise<string[]> {
  const refsListed: string[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page: { data: { ref: string }[]; next_cursor: string | null } = await apiJson(
      `${url}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      who,
    );
    expect(page.data.length).toBeLessThanOrEqual(limit);
    refsListed.push(...page.data.map((item) => item.ref));
    cursor = page.next_cursor;
  } while (cursor !== null);
  return refsListed;
}

/** Every page of the item index as its page shows it to this person, following its infinite scroll. */
async function allOfIndex(path: string, who: Person): Promise<string[]> {
  const listed: string[] = [];
  let next: string | null = path;
  while (next !== null) {
    const { response, page } = await firstAnswer(ctx.app, next, jars[who]);
    expect(response.statusCode, next).toBe(200);
    listed.push(...page.props.items.data.map((item: { ref: string }) => item.ref));
    const key: string | null = page.scrollProps.items.nextPage;
    next = key === null ? null : `${path}${path.includes('?') ? '&' : '?'}page=${encodeURIComponent(key)}`;
  }
  return listed;
}

function expectProblem(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  return body;
}

describe('GET /api/v1/items lists what the item index lists, for every level', () => {
  it.each(PEOPLE)('as %s: all items, a search and a tag filter, in the index’s order', async (who) => {
    expect(await allOfList('/api/v1/items', who)).toEqual(await allOfIndex('/item', who));
    expect(await allOfList('/api/v1/items?search=camp', who, 2)).toEqual(await allOfIndex('/item?search=camp', who));
    expect(await allOfList(`/api/v1/items?tags=${refs.Resource}`, who, 3)).toEqual(await allOfIndex(`/item?tags=${refs.Resource}`, who));
    const twoTaxonomies = `${refs.Resource},${refs.Youth}`;
    expect(await allOfList(`/api/v1/items?tags=${twoTaxonomies}`, who)).toEqual(await allOfIndex(`/item?tags=${refs.Resource}-${refs.Youth}`, who));
  });

  it('answers the same list whatever the page size, each item once', async () => {
    const whole = (await apiJson('/api/v1/items?limit=100', 'staff')).data.map((item: { ref: string }) => item.ref);
    expect(whole.length).toBeGreaterThan(30);
    expect(new Set(whole).size).toBe(whole.length);
    expect(await allOfList('/api/v1/items', 'staff', 4)).toEqual(whole);
    expect(await allOfList('/api/v1/items?search=equipment', 'staff', 7)).toEqual(
      (await apiJson('/api/v1/items?search=equipment&limit=100', 'staff')).data.map((item: { ref: string }) => item.ref),
    );
  });

  it('pages 25 at a time unless asked', async () => {
    const first = await apiJson('/api/v1/items', 'admin');
    expect(first.data).toHaveLength(25);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('answers as a personal access token’s owner, cookies or not', async () => {
    const { token } = await createPersonalAccessToken(ctx.app.db, await userIdOf(ctx.database, 'staff@example.org'), { name: 'API test', expiresAt: null });
    const asToken = await api('/api/v1/items?limit=100', 'anonymous', { authorization: `Bearer ${token}` });
    expect(asToken.statusCode).toBe(200);
    expect(asToken.json().data.map((item: { ref: string }) => item.ref)).toEqual(await allOfIndex('/item', 'staff'));
    expect((await api(`/api/v1/items/${itemRef('Staff Handbook')}`, 'anonymous', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/items/{ref} opens an item as its page does', () => {
  it('answers the item with its tags, as ISO dates and absolute addresses', async () => {
    const item = await apiJson(`/api/v1/items/${itemRef('Camp Songbook')}`);
    expect(item).toMatchObject({
      ref: itemRef('Camp Songbook'),
      title: 'Camp Songbook',
      visibility: 'discoverable',
      html_url: `${ctx.config.APP_URL}/i/${itemRef('Camp Songbook')}`,
      tags: [
        { label: 'Resource', taxonomy: { title: 'Type' } },
        { label: 'Youth', taxonomy: { title: 'Age Group' } },
      ],
      contents: [],
    });
    expect(new Date(item.updated_at).toISOString()).toBe(item.updated_at);
  });

  it('hides a tag of a taxonomy only admins see', async () => {
    const labels = async (who: Person) =>
      (await apiJson(`/api/v1/items/${itemRef('International Partners')}`, who)).tags.map((tag: { label: string }) => tag.label);
    expect(await labels('anonymous')).toEqual(['Resource', 'International']);
    expect(await labels('admin')).toEqual(['Resource', 'International', 'Staff Pick']);
  });

  it.each([
    ['Staff Handbook', 'anonymous', 403],
    ['Staff Handbook', 'member', 403],
    ['Staff Handbook', 'staff', 200],
    ['Member Draft Idea', 'anonymous', 403],
    ['Member Draft Idea', 'affiliate', 403],
    ['Member Draft Idea', 'member', 200],
    ['Expired Camp Flyer', 'anonymous', 410],
    ['Expired Camp Flyer', 'team', 200],
    ['Secret Unlisted Link', 'anonymous', 200],
  ] as const)('%s as %s: %i, as its page answers', async (title, who, status) => {
    const response = await api(`/api/v1/items/${itemRef(title)}`, who);
    const pageStatus = (await firstAnswer(ctx.app, `/i/${itemRef(title)}`, jars[who])).response.statusCode;
    expect([response.statusCode, pageStatus]).toEqual([status, status]);
    if (status === 200) return;
    const problem = expectProblem(response, status);
    expect(response.body).not.toContain(title);
    if (status === 403 && who === 'anonymous') expect(problem.detail).toBe(API_SIGN_IN_HINT);
  });

  it('answers 404 for a ref that names nothing or is no ref at all', async () => {
    expectProblem(await api('/api/v1/items/zzzzzzzzzzzz'), 404);
    expectProblem(await api('/api/v1/items/NOT-A-REF'), 404);
  });
});

describe('collections', () => {
  const listed = async (who: Person) => (await apiJson('/api/v1/collections?limit=100', who)).data.map((collection: { title: string }) => collection.title);

  it('lists the public ones, one’s own and those shared with one', async () => {
    expect(await listed('anonymous')).toEqual(['Camp favourites']);
    expect(await listed('member')).toEqual(['Camp favourites', PRIVATE_TITLE]);
    expect(await listed('affiliate')).toEqual(['Camp favourites', 'Team picks']);
    expect(await listed('team')).toEqual(['Camp favourites', 'Team picks']);
    const mine = (await apiJson('/api/v1/collections', 'member')).data.find((collection: { title: string }) => collection.title === PRIVATE_TITLE);
    expect(mine).toMatchObject({ owned_by_you: true, public: false, item_count: 2, owner_name: 'Maya Thompson' });
  });

  it('pages them by title with an opaque cursor', async () => {
    const first = await apiJson('/api/v1/collections?limit=1', 'affiliate');
    expect(first.data.map((collection: { title: string }) => collection.title)).toEqual(['Camp favourites']);
    const second = await apiJson(`/api/v1/collections?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`, 'affiliate');
    expect(second).toMatchObject({ data: [{ title: 'Team picks' }], next_cursor: null });
  });

  it.each([
    ['anonymous', ['Camp Songbook']],
    ['member', ['Camp Songbook', 'Member Draft Idea']],
    ['affiliate', ['Camp Songbook', 'Children Prayer Cards']],
    ['staff', ['Camp Songbook', 'Staff Handbook', 'Children Prayer Cards']],
  ] as const)('opens a public one as %s with only the items they may open', async (who, titles) => {
    const collection = await apiJson(`/api/v1/collections/${publicCollection.ref}`, who);
    expect(collection.entries.map((entry: { item: { title: string } }) => entry.item.title)).toEqual(titles);
    expect(collection.item_count).toBe(titles.length);
    // Nothing of an entry the reader may not open: not its item, not its note.
    for (const hidden of ['Camp Songbook', 'Staff Handbook', 'Member Draft Idea', 'Children Prayer Cards'].filter(
      (title) => !titles.includes(title as never),
    )) {
      expect(JSON.stringify(collection)).not.toContain(hidden);
    }
  });

  it('refuses a private one to anyone who may not open it, naming nothing of it', async () => {
    for (const who of ['anonymous', 'affiliate', 'staff'] as const) {
      const response = await api(`/api/v1/collections/${privateCollection.ref}`, who);
      expectProblem(response, 403);
      expect(response.body).not.toContain('Maya');
      expect(JSON.stringify((await apiJson('/api/v1/collections?limit=100', who)).data)).not.toContain('Maya');
    }
    expect((await apiJson(`/api/v1/collections/${privateCollection.ref}`, 'member')).title).toBe(PRIVATE_TITLE);
    expect((await apiJson(`/api/v1/collections/${privateCollection.ref}`, 'admin')).title).toBe(PRIVATE_TITLE);
    expectProblem(await api(`/api/v1/collections/${sharedCollection.ref}`, 'member'), 403);
    expect((await apiJson(`/api/v1/collections/${sharedCollection.ref}`, 'affiliate')).entries).toHaveLength(1);
  });
});

describe('tags and taxonomies', () => {
  it('answers only the taxonomies the reader may see, with their tags', async () => {
    const titles = async (who: Person) => (await apiJson('/api/v1/taxonomies', who)).data.map((taxonomy: { title: string }) => taxonomy.title);
    expect(await titles('anonymous')).toEqual(['Type', 'Age Group', 'Theme', 'Region']);
    expect(await titles('admin')).toEqual(['Type', 'Age Group', 'Theme', 'Region', 'Curation Status']);
    const ageGroup = (await apiJson('/api/v1/taxonomies')).data[1];
    expect(ageGroup.tags.map((tag: { full_label: string }) => tag.full_label)).toEqual(['Children', 'Children > Primary', 'Youth', 'All Ages']);
    const tags = (await apiJson('/api/v1/tags')).data;
    expect(tags.map((tag: { label: string }) => tag.label)).not.toContain('Staff Pick');
    expect(tags.find((tag: { label: string }) => tag.label === 'Primary')).toMatchObject({
      ref: refs.Primary,
      parent_ref: refs.Children,
      taxonomy: { title: 'Age Group' },
    });
  });
});

describe('bad input is a 422 problem naming the parameter', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2&limit=3', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['cursor=2~', 'cursor'],
    [`cursor=${encodeURIComponent(Buffer.from('["a",1]').toString('base64url'))}`, 'cursor'],
    [`search=${'a'.repeat(201)}`, 'search'],
    ['tags=NOT_A_REF', 'tags'],
    ['tags=zzzzzzzzzzzz', 'tags'],
  ])('/api/v1/items?%s', async (query, field) => {
    const problem = expectProblem(await api(`/api/v1/items?${query}`), 422);
    expect(Object.keys(problem.errors)).toEqual([field]);
  });

  it('refuses a tag the reader may not see as it refuses one that does not exist', async () => {
    expectProblem(await api(`/api/v1/items?tags=${refs['Staff Pick']}`), 422);
    expect((await api(`/api/v1/items?tags=${refs['Staff Pick']}`, 'admin')).statusCode).toBe(200);
  });

  it('refuses a cursor of another list: a search’s for the plain list, the plain list’s for a search', async () => {
    const searched = await apiJson('/api/v1/items?search=equipment&limit=2');
    const plain = await apiJson('/api/v1/items?limit=2');
    expectProblem(await api(`/api/v1/items?limit=2&cursor=${encodeURIComponent(searched.next_cursor)}`), 422);
    expectProblem(await api(`/api/v1/items?search=equipment&limit=2&cursor=${encodeURIComponent(plain.next_cursor)}`), 422);
    expectProblem(await api(`/api/v1/collections?cursor=${encodeURIComponent(plain.next_cursor)}`), 422);
  });

  it('answers 404 problems under /api/, never a page nor Fastify’s JSON', async () => {
    for (const url of ['/api/', '/api/v1', '/api/v2/items', '/api/v1/item', '/api/v1/items/abcdefgh/contents']) {
      const response = await api(url, 'anonymous', { accept: 'text/html' });
      expectProblem(response, 404);
      expect(response.body).not.toMatch(/<html|"statusCode"/);
    }
    const posted = await ctx.app.inject({ method: 'POST', url: '/api/v1/items', payload: {} });
    expect(posted.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
