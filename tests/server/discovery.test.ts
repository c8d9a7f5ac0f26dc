import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../shared/constants';
import type { ItemSummary, SearchResult, Taxonomy } from '../../shared/items';
import { INPUT_REFUSED, SIGN_IN_HINT } from '../../shared/messages';
import { useTestApp, type CookieJar } from '../support/app';
import { anItemSummary } from '../support/item-fixtures';
import { inertiaHeaders, signInAs, visit } from '../support/http';
import { seedDiscoveryFixture, tagRefs } from './discovery-fixture';
import { expectInertia } from '../../server/inertia/testing';
import { eq } from 'drizzle-orm';
import { items } from '../../server/db/schema';
import { indexQuery } from '../../server/features/discovery/schemas';

const ctx = useTestApp({ seed: seedDiscoveryFixture });
let refs: Record<string, string>;
const jars: Record<string, CookieJar> = {};

beforeAll(async () => {
  refs = await tagRefs(ctx.database);
  for (const who of ['member', 'affiliate', 'staff', 'admin']) jars[who] = await signInAs(ctx.app, `${who}@example.org`);
});

async function indexPage(url: string, who?: string) {
  const { response, page } = await visit(ctx.app, url, who ? jars[who] : undefined);
  expect(response.statusCode, `${url} as ${who ?? 'anonymous'}`).toBe(200);
  expectInertia(page).component('items/Index');
  return page;
}

const titlesOf = (page: { props: { items: { data: ItemSummary[] } } }) => page.props.items.data.map((item) => item.title);
const tagsParam = (...labels: string[]) => labels.map((label) => refs[label]).join('-');

describe('GET /item', () => {
  it('lists, by title, only the items an anonymous visitor may open', async () => {
    const page = await indexPage('/item');
    expectInertia(page).prop('heading', 'All Items').prop('listing', 'all');
    expect(titlesOf(page).slice(0, 4)).toEqual(['Camp Songbook', 'Equipment Kit 01', 'Equipment Kit 02', 'Equipment Kit 03']);
    expectInertia(page).prop('matchCount', 33);
    const body = JSON.stringify(page);
    for (const hidden of ['Camping Safety', 'Children Prayer', 'Staff Handbook', 'Draft', 'Pending', 'Withdrawn', 'Secret Unlisted', 'Expired Camp']) {
      expect(body).not.toContain(hidden);
    }
  });

  it('lists staff-level items for staff, and a member’s own drafts with their badge', async () => {
    expect(titlesOf(await indexPage('/item?tags=' + tagsParam('Training'), 'staff'))).toEqual(['Camping Safety Training', 'Staff Handbook']);
    const mine = await indexPage('/item?tags=' + tagsParam('Resource'), 'member');
    const draft = mine.props.items.data.find((item: ItemSummary) => item.title === 'Member Draft Idea');
    expect(draft).toMatchObject({ badge: 'danger', visibility_name: 'DRAFT', visibility_label: 'Draft' });
    expect(mine.props.items.data.find((item: ItemSummary) => item.title === 'Camp Songbook').badge).toBeNull();
    expect(titlesOf(mine)).not.toContain('Affiliate Draft');
  });

  it('shapes every card with the first image, expiry, access level and chips', async () => {
    const page = await indexPage('/item');
    expect(page.props.items.data[0]).toEqual(
      anItemSummary({
        // Its Type and Age Group tags, in the taxonomies' order.
        chips: ['Resource', 'Youth'],
        ref: expect.stringMatching(/^[0-9a-z]+$/),
        title: 'Camp Songbook',
        topic: 'Music',
        blurb: expect.stringContaining('week of camp'),
        image: null,
        minimum_access_level: 0,
        expired: false,
      }),
    );
  });

  it('never answers 500 for a malformed query, and reads what it can', async () => {
    const page = await indexPage('/item?page=abc&tags=%21%21-zz-&search=%20%20&search=x&simplejson=nope');
    expectInertia(page).prop('itemsPagination.currentPage', 1).prop('filters', { search: '', tags: [] });
    const far = await indexPage('/item?page=999999');
    expectInertia(far).prop('itemsPagination.currentPage', 1);
  });
});

describe('tag filters', () => {
  it('tags of different taxonomies narrow the list (AND)', async () => {
    const page = await indexPage(`/item?tags=${tagsParam('Youth', 'Bible')}`, 'member');
    expect(titlesOf(page)).toEqual(['Camping Safety Training']);
    expectInertia(page).prop('heading', 'Youth, Bible').prop('matchCount', 1);
  });

  it('a parent tag also finds items tagged with its children', async () => {
    expect(titlesOf(await indexPage(`/item?tags=${tagsParam('Children')}`, 'affiliate'))).toEqual(['Children Prayer Cards', 'Primary Assembly Plans']);
    expect(titlesOf(await indexPage(`/item?tags=${tagsParam('Children')}`))).toEqual(['Primary Assembly Plans']);
  });

  it('several tags of one taxonomy, single-select too, give their union (OR)', async () => {
    const page = await indexPage(`/item?tags=${tagsParam('Resource', 'Training')}`, 'staff');
    expectInertia(page).prop('filters.tags', [refs.Resource, refs.Training]).prop('heading', 'Resource, Training');
    expect(titlesOf(page)).toEqual([
      'Camp Songbook',
      'Camping Safety Training',
      'Children Prayer Cards',
      'International Partners',
      'Primary Assembly Plans',
      'Staff Handbook',
    ]);
  });

  it('offers the filter taxonomies with tags that lead to listable items, forced tags and selected ones', async () => {
    const page = await indexPage('/item');
    const offered = Object.fromEntries(page.props.filterTaxonomies.map((taxonomy: Taxonomy) => [taxonomy.title, taxonomy.tags.map((tag) => tag.fullLabel)]));
    expect(offered).toEqual({
      Type: ['Resource', 'Equipment'],
      'Age Group': ['Children', 'Children > Primary', 'Youth', 'All Ages'],
      Theme: ['Bible'],
    });
    const staff = await indexPage('/item', 'staff');
    const staffTypes = staff.props.filterTaxonomies.find((taxonomy: Taxonomy) => taxonomy.title === 'Type');
    expect(staffTypes.tags.map((tag: { label: string }) => tag.label)).toEqual(['Resource', 'Training', 'Equipment']);
  });

  it('applies a tag of a taxonomy not offered as a filter, and lists it among the selected tags', async () => {
    const page = await indexPage(`/item?tags=${tagsParam('International')}`);
    expect(titlesOf(page)).toEqual(['International Partners']);
    expectInertia(page).prop('selectedTags', [expect.objectContaining({ label: 'International', fullLabel: 'International' })]);
  });

  it('ignores tags of a non-public taxonomy for everyone but admins', async () => {
    const anonymous = await indexPage(`/item?tags=${tagsParam('Staff Pick')}`);
    expectInertia(anonymous).prop('filters.tags', []).prop('heading', 'All Items');
    const admin = await indexPage(`/item?tags=${tagsParam('Staff Pick')}`, 'admin');
    expect(titlesOf(admin)).toEqual(['International Partners']);
  });
});

describe('tags as repeated parameters (the filters without JavaScript: tags=a&tags=b)', () => {
  /** The redirect a full visit to `url` answers (no Inertia headers, as a form without JavaScript asks). */
  async function redirectOf(url: string, who?: string) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: who ? jars[who]!.header() : '' } });
    expect(response.statusCode, url).toBe(302);
    return response.headers.location as string;
  }
  const repeated = (...labels: string[]) => labels.map((label) => `tags=${refs[label]}`).join('&');

  it('leads to the address that joins them, which lists what the joined form lists', async () => {
    const location = await redirectOf(`/item?search=camp&${repeated('Youth', 'Bible')}`, 'member');
    expect(location).toBe(`/item?search=camp&tags=${tagsParam('Youth', 'Bible')}`);
    expect(titlesOf(await indexPage(location, 'member'))).toEqual(titlesOf(await indexPage(`/item?search=camp&tags=${tagsParam('Youth', 'Bible')}`, 'member')));
    const union = await indexPage(await redirectOf(`/item?${repeated('Resource', 'Training')}`, 'staff'), 'staff');
    expectInertia(union).prop('filters.tags', [refs.Resource, refs.Training]).prop('heading', 'Resource, Training');
    expect(titlesOf(union)).toEqual(titlesOf(await indexPage(`/item?tags=${tagsParam('Resource', 'Training')}`, 'staff')));
  });

  it('keeps a tag page and a special listing on their path, with the search and the page', async () => {
    expect(await redirectOf(`/tag/All%20AGES?${repeated('Youth', 'Bible')}&search=songs`)).toBe(
      `/tag/All%20AGES?tags=${tagsParam('Youth', 'Bible')}&search=songs`,
    );
    expect(await redirectOf(`/popular?page=2&${repeated('Resource', 'Equipment')}`)).toBe(`/popular?page=2&tags=${tagsParam('Resource', 'Equipment')}`);
    const page = await indexPage(`/tag/All%20AGES?tags=${tagsParam('Youth')}`);
    expect(titlesOf(await indexPage(await redirectOf(`/tag/All%20AGES?${repeated('Youth', 'Youth')}`)))).toEqual(titlesOf(page));
  });

  it('reads junk as leniently as the joined form: unreadable parts dropped, repeats once, never a 500', async () => {
    expect(await redirectOf(`/item?tags=%21%21&tags=&tags=${refs.Resource}-ZZ&tags=${refs.Resource}`)).toBe(`/item?tags=${refs.Resource}`);
    expect(await redirectOf('/item?tags=%21%21&tags=&search=x')).toBe('/item?search=x');
    expect(await redirectOf('/item?tags=&tags=')).toBe('/item');
    const many = Array.from({ length: 30 }, (_, index) => `tags=t${index}`).join('&');
    expect(await redirectOf(`/item?${many}`)).toBe(`/item?tags=${Array.from({ length: 12 }, (_, index) => `t${index}`).join('-')}`);
    // The query's schema joins the repeated parameters as the hyphens would, and reads what else is there as before.
    expect(indexQuery.parse({ tags: ['ab', 'cd-!!', 7, 'ab', ''] }).tags).toEqual(['ab', 'cd']);
    expect(indexQuery.parse({ tags: [{ x: 1 }] }).tags).toEqual([]);
    const page = await indexPage(`/item?tags=t1-zz&page=abc&search=%20%20&search=x`);
    expectInertia(page).prop('filters', { search: '', tags: [] }).prop('itemsPagination.currentPage', 1);
    // The type-ahead reads no tags: its answer is as without them.
    const typeAhead = await ctx.app.inject({ method: 'GET', url: `/item?search=camp&simplejson=true&${repeated('Youth', 'Bible')}` });
    expect(typeAhead.statusCode).toBe(200);
    expect(typeAhead.json().data.map((result: SearchResult) => result.title)).toEqual(['Camp Songbook']);
  });
});

describe('GET /tag/{label}', () => {
  it('preselects the tag and uses its label as the heading', async () => {
    const page = await indexPage('/tag/resource');
    expectInertia(page).prop('listing', 'tag').prop('heading', 'Resource').prop('filters.tags', [refs.Resource]).prop('matchCount', titlesOf(page).length);
    expect(titlesOf(page)).toEqual(['Camp Songbook', 'International Partners', 'Primary Assembly Plans']);
  });

  it('matches labels with spaces and any case, and combines with more tags', async () => {
    const page = await indexPage(`/tag/All%20AGES?tags=${tagsParam('Youth')}`);
    expectInertia(page).prop('heading', 'All Ages, Youth');
    // The page stays the tag's: its own tag and address, where the other filters are query parameters (issue 36 §6).
    expectInertia(page).prop('tagPage', { ref: refs['All Ages'], path: '/tag/all%20ages' });
    expect(titlesOf(page)).toEqual(['Camp Songbook']);
    const narrowed = await indexPage(`/tag/All%20AGES?tags=${tagsParam('Bible')}`);
    expectInertia(narrowed).prop('heading', 'All Ages, Bible').prop('matchCount', 0);
  });

  it('answers 404 for an unknown label, and for a tag of a non-public taxonomy unless admin', async () => {
    expect((await visit(ctx.app, '/tag/no-such-tag')).response.statusCode).toBe(404);
    expect((await visit(ctx.app, '/tag/staff%20pick', jars.staff)).response.statusCode).toBe(404);
    expect((await visit(ctx.app, '/tag/staff%20pick', jars.admin)).response.statusCode).toBe(200);
  });
});

describe('search', () => {
  it('finds words in titles and blurbs, title matches first, the last word as a prefix', async () => {
    const page = await indexPage('/item?search=assem', 'affiliate');
    expectInertia(page).prop('heading', 'Search: "assem"');
    expect(titlesOf(page)).toEqual(['Primary Assembly Plans', 'Children Prayer Cards']);
    expectInertia(page).prop('matchCount', 2);
  });

  it('matches every word, stemmed', async () => {
    expect(titlesOf(await indexPage('/item?search=camping%20songs'))).toEqual(['Camp Songbook']);
  });

  it('combines with tag filters and keeps hidden items out', async () => {
    const page = await indexPage(`/item?search=camp&tags=${tagsParam('Resource')}`);
    expect(titlesOf(page)).toEqual(['Camp Songbook']);
  });

  it('reads tsquery operators and quotes as plain text, and a search with no words matches nothing', async () => {
    const tricky = await indexPage(`/item?search=${encodeURIComponent("camp & | ! :* ( ' \\ <-> songbook")}`);
    expect(titlesOf(tricky)).toEqual(['Camp Songbook']);
    const nothing = await indexPage('/item?search=%21%21%21');
    expectInertia(nothing).prop('heading', 'Search: "!!!"').prop('matchCount', 0);
  });
});

describe('infinite scroll paging', () => {
  it('sends a page of items with scroll metadata, and the next slice on page 2', async () => {
    const first = await indexPage('/tag/equipment');
    expect(first.props.items.data).toHaveLength(PAGE_SIZE);
    expectInertia(first).prop('itemsPagination', { currentPage: 1, nextPage: 2, previousPage: null, perPage: PAGE_SIZE }).prop('matchCount', 30);
    expect(first.scrollProps.items).toMatchObject({ pageName: 'page', currentPage: 1, nextPage: expect.stringMatching(/^2~/), previousPage: null });
    expect(first.mergeProps).toContain('items.data');
    // A card that a write moved into the next page is matched by ref, not shown twice.
    expect(first.matchPropsOn).toEqual(['items.data.ref']);

    const second = await indexPage('/tag/equipment?page=2');
    expect(titlesOf(second)).toEqual(['Equipment Kit 25', 'Equipment Kit 26', 'Equipment Kit 27', 'Equipment Kit 28', 'Equipment Kit 29', 'Equipment Kit 30']);
    expectInertia(second).props({ itemsPagination: { currentPage: 2, nextPage: null, previousPage: 1 } });
  });

  it('asks for the next page after the last card’s key, and a page number or a garbled key still reads the page (issue 35 §3)', async () => {
    const first = await indexPage('/tag/equipment');
    const byKey = await indexPage(`/tag/equipment?page=${encodeURIComponent(first.scrollProps.items.nextPage)}`);
    const byNumber = await indexPage('/tag/equipment?page=2');
    expect(titlesOf(byKey)).toEqual(titlesOf(byNumber));
    expect(titlesOf(byKey)[0]).toBe('Equipment Kit 25');
    expectInertia(byKey).props({ itemsPagination: { currentPage: 2, nextPage: null, previousPage: 1 } });
    const otherOrder = Buffer.from(JSON.stringify([1, 2, 3])).toString('base64url');
    for (const garbled of ['2~bm90IGpzb24', `2~${otherOrder}`, '2~', '2~!!', `2~${Buffer.from('{"a":1}').toString('base64url')}`]) {
      expect(titlesOf(await indexPage(`/tag/equipment?page=${encodeURIComponent(garbled)}`)), garbled).toEqual(titlesOf(byNumber));
    }
    // The same key on another listing's order (most viewed) is not one of its keys: read as page 2 there too.
    expect((await indexPage(`/popular?page=${encodeURIComponent(first.scrollProps.items.nextPage)}`)).props.itemsPagination.currentPage).toBe(2);
  });

  it('answers the client’s partial reload with only the items', async () => {
    const headers = { 'x-inertia-partial-component': 'items/Index', 'x-inertia-partial-data': 'items' };
    const { page } = await visit(ctx.app, '/tag/equipment?page=2', undefined, headers);
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'items']);
    expect(page.props.items.data).toHaveLength(6);
  });
});

describe('GET /item?search=…&simplejson=true (type-ahead)', () => {
  async function typeAhead(query: string, jar?: CookieJar, remoteAddress = '127.0.0.1') {
    return ctx.app.inject({ method: 'GET', url: `/item?${query}`, remoteAddress, headers: { accept: 'application/json', cookie: jar?.header() ?? '' } });
  }

  it('answers plain JSON with ref, title, topic and a shortened blurb', async () => {
    const response = await typeAhead('search=camp&simplejson=true');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const { data } = response.json() as { data: SearchResult[] };
    expect(data.map((result) => result.title)).toEqual(['Camp Songbook']);
    expect(Object.keys(data[0]).sort()).toEqual(['blurb', 'ref', 'title', 'topic']);
    expect(data[0].blurb.length).toBeLessThanOrEqual(140);
    expect(data[0].blurb.endsWith('…')).toBe(true);
  });

  it('includes what the signed-in viewer may list, and nothing else', async () => {
    const response = await typeAhead('search=camp&simplejson=true', jars.member);
    expect(response.json().data.map((result: SearchResult) => result.title)).toEqual(['Camp Songbook', 'Camping Safety Training']);
    const admin = await typeAhead('search=camp&simplejson=true', jars.admin);
    expect(admin.json().data.map((result: SearchResult) => result.title)).toContain('Secret Unlisted Link');
  });

  it('offers the closest titles when nothing matches a typo, and only what the viewer may list (issue 35 §2)', async () => {
    const typo = await typeAhead('search=asembly&simplejson=true');
    expect(typo.json().data.map((result: SearchResult) => result.title)).toContain('Primary Assembly Plans');
    expect((await typeAhead('search=secrit%20unlisted%20lnk&simplejson=true')).json().data).toEqual([]);
    const admin = await typeAhead('search=secrit%20unlisted%20lnk&simplejson=true', jars.admin);
    expect(admin.json().data.map((result: SearchResult) => result.title)).toContain('Secret Unlisted Link');
    // Far from every title: nothing rather than noise.
    expect((await typeAhead('search=qqxxzz&simplejson=true')).json().data).toEqual([]);
  });

  it('corrects a typo against the words of titles as they are now, and offers only what the viewer may list', async () => {
    const retitle = (from: string, to: string) => ctx.database.db.update(items).set({ title: to }).where(eq(items.title, from));
    // A URL in a title puts words with a quote and a backslash among the words a typo is corrected to.
    await retitle('Camp Songbook', "Camp Songbook Zephyrine http://ex.com/zephyrin'e\\x");
    await retitle('Staff Handbook', 'Staff Handbook Quillfeather');
    try {
      expect((await typeAhead('search=zephyrne&simplejson=true')).json().data.map((result: SearchResult) => result.title)).toEqual([
        "Camp Songbook Zephyrine http://ex.com/zephyrin'e\\x",
      ]);
      expect((await typeAhead('search=quilfeather&simplejson=true')).json().data).toEqual([]);
      const staff = await typeAhead('search=quilfeather&simplejson=true', jars.staff);
      expect(staff.json().data.map((result: SearchResult) => result.title)).toEqual(['Staff Handbook Quillfeather']);
    } finally {
      await retitle("Camp Songbook Zephyrine http://ex.com/zephyrin'e\\x", 'Camp Songbook');
      await retitle('Staff Handbook Quillfeather', 'Staff Handbook');
    }
  });

  it('answers at most 8 results', async () => {
    expect((await typeAhead('search=kit&simplejson=true')).json().data).toHaveLength(8);
  });

  it('answers 422 with errors for a missing, empty or too long search', async () => {
    for (const query of ['simplejson=true', 'search=%20&simplejson=true', `search=${'a'.repeat(201)}&simplejson=true`]) {
      const response = await typeAhead(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toEqual({ message: INPUT_REFUSED.invalid, errors: { search: expect.any(String) } });
    }
  });

  it('is rate-limited per address, without limiting the item pages of that address', async () => {
    const address = '10.9.8.7';
    for (let request = 0; request < ctx.app.config.RATE_LIMIT_TYPEAHEAD_MAX; request += 1)
      expect((await typeAhead('search=kit&simplejson=true', undefined, address)).statusCode).toBe(200);
    expect((await typeAhead('search=kit&simplejson=true', undefined, address)).statusCode).toBe(429);
    const page = await ctx.app.inject({ method: 'GET', url: '/item', remoteAddress: address, headers: await inertiaHeaders(ctx.app) });
    expect(page.statusCode).toBe(200);
  });
});

describe('GET /popular', () => {
  it('lists by recent views for anyone, without items the viewer may not open', async () => {
    const anonymous = await indexPage('/popular');
    expectInertia(anonymous).prop('heading', 'Popular');
    expect(titlesOf(anonymous).slice(0, 2)).toEqual(['Primary Assembly Plans', 'Camp Songbook']);
    expect(titlesOf(await indexPage('/popular', 'staff'))[0]).toBe('Staff Handbook');
  });

  it('pages on after the last card’s key: the newest first among equally viewed, each item once (issue 35 §3)', async () => {
    const first = await indexPage('/popular');
    const second = await indexPage(`/popular?page=${encodeURIComponent(first.scrollProps.items.nextPage)}`);
    expect(titlesOf(second)).toEqual(titlesOf(await indexPage('/popular?page=2')));
    const all = [...titlesOf(first), ...titlesOf(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(33);
    // Never viewed, the equipment kits come newest first.
    const kits = all.filter((title) => title.startsWith('Equipment Kit'));
    expect(kits).toEqual([...kits].sort().reverse());
  });
});

describe('GET /draft', () => {
  it('answers 403 with a sign-in hint for anonymous visitors', async () => {
    const { response, page } = await visit(ctx.app, '/draft');
    expect(response.statusCode).toBe(403);
    expectInertia(page).component('errors/Error').prop('detail', SIGN_IN_HINT);
  });

  it('lists a user’s own drafts and pending items, and every draft for admins', async () => {
    const member = await indexPage('/draft', 'member');
    expectInertia(member).prop('heading', 'Drafts');
    expect(titlesOf(member).sort()).toEqual(['Member Draft Idea', 'Member Pending Idea']);
    expect(titlesOf(await indexPage('/draft', 'affiliate'))).toEqual(['Affiliate Draft']);
    expect(titlesOf(await indexPage('/draft', 'admin')).sort()).toEqual(['Affiliate Draft', 'Member Draft Idea', 'Member Pending Idea']);
  });
});

describe('GET /unpublished and /unlisted', () => {
  it('answer 403 for anyone but admins', async () => {
    for (const who of [undefined, 'member', 'staff']) {
      for (const url of ['/unpublished', '/unlisted']) {
        const { response } = await visit(ctx.app, url, who ? jars[who] : undefined);
        expect(response.statusCode, `${url} as ${who ?? 'anonymous'}`).toBe(403);
      }
    }
  });

  it('list unpublished (draft, pending, withdrawn) and unlisted items for admins', async () => {
    const unpublished = await indexPage('/unpublished', 'admin');
    expectInertia(unpublished).prop('heading', 'Unpublished');
    expect(titlesOf(unpublished).sort()).toEqual(['Affiliate Draft', 'Member Draft Idea', 'Member Pending Idea', 'Withdrawn Guide']);
    const withdrawn = unpublished.props.items.data.find((item: ItemSummary) => item.title === 'Withdrawn Guide');
    expect(withdrawn).toMatchObject({ badge: 'secondary', visibility_label: 'Unpublished' });
    const unlisted = await indexPage('/unlisted', 'admin');
    expect(titlesOf(unlisted)).toEqual(['Secret Unlisted Link']);
    expect(unlisted.props.items.data[0]).toMatchObject({ badge: 'secondary', visibility_label: 'Unlisted' });
  });
});
