/**
 * Re-ordering taxonomies, characteristics and affirmation options, and moving a tag to another parent or taxonomy
 * (issue 19 §3): who may, bad input changing nothing, positions kept 0..n-1 (also under concurrent moves), the
 * order members see, and the moves a tree or an item's tags cannot take (cycles, labels, required and single-tag
 * taxonomies).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { POSITION_INVALID } from '../../shared/messages';
import { TAXONOMY_MESSAGES } from '../../shared/taxonomies-admin';
import { affirmationOptions, characteristics, itemTags, tags, taxonomies } from '../../server/db/schema';
import { treeOrder } from '../../server/lib/tree-order';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, nextPage, send, visit, xsrfHeader } from '../support/http';
import { OPTION_REFS, REFS, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

const TYPE = 'taxtype00001';
const AGE = 'taxage000001';
const CURATION = 'taxcuration1';

async function jarFor(who: Who): Promise<CookieJar> {
  return (await jarOf(who)) ?? (await csrfJar(ctx.app));
}

interface OrderedTable {
  table: PgTable;
  ref: PgColumn;
  position: PgColumn;
  id: PgColumn;
}

const LISTS = {
  taxonomy: { table: taxonomies, ref: taxonomies.ref, position: taxonomies.position, id: taxonomies.id, url: (ref: string) => `/admin/taxonomy/${ref}` },
  characteristic: {
    table: characteristics,
    ref: characteristics.ref,
    position: characteristics.position,
    id: characteristics.id,
    url: (ref: string) => `/admin/characteristic/${ref}`,
  },
  affirmation: {
    table: affirmationOptions,
    ref: affirmationOptions.ref,
    position: affirmationOptions.position,
    id: affirmationOptions.id,
    url: (ref: string) => `/admin/affirmation/${ref}`,
  },
} satisfies Record<string, OrderedTable & { url: (ref: string) => string }>;

/** [ref, position] of every row, in list order. */
async function orderOf(list: OrderedTable): Promise<[string, number][]> {
  const rows = (await ctx.database.db.select({ ref: list.ref, position: list.position }).from(list.table).orderBy(asc(list.position), asc(list.id))) as {
    ref: string;
    position: number;
  }[];
  return rows.map((row) => [row.ref, row.position]);
}

const refsOf = async (list: OrderedTable) => (await orderOf(list)).map(([ref]) => ref);

function expectDense(order: [string, number][]) {
  expect(order.map(([, position]) => position)).toEqual(order.map((_, index) => index));
}

/** Each tag of a taxonomy as 'Label: parent label or -, position', in tree order. */
async function treeOf(taxonomyRef: string): Promise<string[]> {
  const [taxonomy] = await ctx.database.db.select().from(taxonomies).where(eq(taxonomies.ref, taxonomyRef));
  const rows = await ctx.database.db.select().from(tags).where(eq(tags.taxonomyId, taxonomy!.id)).orderBy(asc(tags.position), asc(tags.id));
  return treeOrder(rows).map(({ row, parent }) => `${row.label}: ${parent?.label ?? '-'}, ${row.position}`);
}

async function allTags() {
  return ctx.database.db.select().from(tags).orderBy(asc(tags.id));
}

async function tagRef(label: string): Promise<string> {
  const [row] = await ctx.database.db.select({ ref: tags.ref }).from(tags).where(eq(tags.label, label));
  return row!.ref;
}

async function createTag(admin: CookieJar, taxonomyRef: string, label: string, parentRef = ''): Promise<string> {
  expect((await send(ctx.app, admin, 'POST', `/admin/taxonomy/${taxonomyRef}/tag`, { label, parent_ref: parentRef })).statusCode).toBe(303);
  return tagRef(label);
}

beforeAll(async () => {
  // A third option, so that every list has a first, a middle and a last row.
  expect((await send(ctx.app, await jarFor('admin'), 'POST', '/admin/affirmation', { title: 'Inspiring' })).statusCode).toBe(303);
});

describe('access', () => {
  const writes: [string, unknown][] = [
    [`/admin/taxonomy/${AGE}/reposition`, { position: 0 }],
    ['/admin/characteristic/chargroup001/reposition', { position: 0 }],
    [`/admin/affirmation/${OPTION_REFS.outdated}/reposition`, { position: 0 }],
    ['/admin/tag/tagprimary01/move', { taxonomy_ref: AGE, parent_ref: '' }],
  ];

  it.each(writes)('POST %s is refused to anonymous visitors, members, leaders and staff, changing nothing', async (url, payload) => {
    const before = { taxonomies: await orderOf(LISTS.taxonomy), characteristics: await orderOf(LISTS.characteristic), tags: await allTags() };
    for (const who of ['anonymous', 'member', 'leader', 'staff'] as const) {
      expect((await send(ctx.app, await jarFor(who), 'POST', url, payload)).statusCode, who).toBe(403);
    }
    expect({ taxonomies: await orderOf(LISTS.taxonomy), characteristics: await orderOf(LISTS.characteristic), tags: await allTags() }).toEqual(before);
  });

  it('answers 404 to an admin for unknown refs', async () => {
    const admin = await jarFor('admin');
    for (const url of [
      '/admin/taxonomy/nosuchthing1/reposition',
      '/admin/characteristic/nosuchthing1/reposition',
      '/admin/affirmation/nosuchthing1/reposition',
    ])
      expect((await send(ctx.app, admin, 'POST', url, { position: 0 })).statusCode, url).toBe(404);
    expect((await send(ctx.app, admin, 'POST', '/admin/tag/nosuchthing1/move', { taxonomy_ref: AGE })).statusCode).toBe(404);
  });
});

describe.each(Object.entries(LISTS))('re-ordering the %s list', (_, list) => {
  it('moves a row to a place, past the end means last, keeping positions 0..n-1', async () => {
    const admin = await jarFor('admin');
    const [first, second, third] = await refsOf(list);
    expect((await send(ctx.app, admin, 'POST', `${list.url(third!)}/reposition`, { position: 0 })).statusCode).toBe(303);
    expect(await orderOf(list)).toEqual([
      [third, 0],
      [first, 1],
      [second, 2],
    ]);
    await send(ctx.app, admin, 'POST', `${list.url(third!)}/reposition`, { position: '1' });
    expect(await refsOf(list)).toEqual([first, third, second]);
    await send(ctx.app, admin, 'POST', `${list.url(first!)}/reposition`, { position: 99 });
    expect(await orderOf(list)).toEqual([
      [third, 0],
      [second, 1],
      [first, 2],
    ]);
    // Back as the other tests expect it.
    await send(ctx.app, admin, 'POST', `${list.url(first!)}/reposition`, { position: 0 });
    await send(ctx.app, admin, 'POST', `${list.url(second!)}/reposition`, { position: 1 });
    expect(await refsOf(list)).toEqual([first, second, third]);
  });

  it.each([[-1], ['x'], [1.5], [null], [100_001]])('refuses position %j with the error under position, changing nothing', async (position) => {
    const admin = await jarFor('admin');
    const before = await orderOf(list);
    const [, , last] = before.map(([ref]) => ref);
    const response = await send(ctx.app, admin, 'POST', `${list.url(last!)}/reposition`, { position });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ position: POSITION_INVALID });
    expect(await orderOf(list)).toEqual(before);
  });

  it('answers a JSON request without a position with 422, changing nothing', async () => {
    const admin = await jarFor('admin');
    const before = await orderOf(list);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${list.url(before[0]![0])}/reposition`,
      headers: { ...xsrfHeader(admin), cookie: admin.header(), accept: 'application/json', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(422);
    expect(await orderOf(list)).toEqual(before);
  });

  it('keeps positions 0..n-1 when many moves arrive at once', async () => {
    const admin = await jarFor('admin');
    const before = await refsOf(list);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(ctx.app, admin, 'POST', `${list.url(before[i % before.length]!)}/reposition`, { position: (i * 7) % 4 })),
    );
    const after = await orderOf(list);
    expectDense(after);
    expect(after.map(([ref]) => ref).sort()).toEqual([...before].sort());
    for (const [index, ref] of before.entries()) await send(ctx.app, admin, 'POST', `${list.url(ref)}/reposition`, { position: index });
    expect(await refsOf(list)).toEqual(before);
  });
});

describe('the order members see', () => {
  it('affirmation options on the item page follow the admin order', async () => {
    const admin = await jarFor('admin');
    const member = await jarFor('member');
    const titles = async () =>
      (await visit(ctx.app, `/i/${REFS.public}`, member)).page.props.affirmationOptions.map((option: { title: string }) => option.title);
    expect(await titles()).toEqual(['Helpful', 'Outdated', 'Inspiring']);
    await send(ctx.app, admin, 'POST', `/admin/affirmation/${OPTION_REFS.outdated}/reposition`, { position: 0 });
    expect(await titles()).toEqual(['Outdated', 'Helpful', 'Inspiring']);
    await send(ctx.app, admin, 'POST', `/admin/affirmation/${OPTION_REFS.outdated}/reposition`, { position: 1 });
  });

  it("characteristics on the item page and the item's tags (by taxonomy) follow the admin order", async () => {
    const admin = await jarFor('admin');
    const member = await jarFor('member');
    const characteristicTitles = async () =>
      (await visit(ctx.app, `/i/${REFS.public}`, admin)).page.props.item.characteristics.map((row: { title: string }) => row.title);
    const tagLabels = async () => (await visit(ctx.app, `/i/${REFS.public}`, member)).page.props.item.tags.map((tag: { label: string }) => tag.label);
    expect(await characteristicTitles()).toEqual(['Session length (minutes)', 'Replacement value (£)', 'Group size']);
    expect(await tagLabels()).toEqual(['Resource', 'Primary']);
    await send(ctx.app, admin, 'POST', '/admin/characteristic/chargroup001/reposition', { position: 0 });
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/reposition`, { position: 0 });
    expect(await characteristicTitles()).toEqual(['Group size', 'Session length (minutes)', 'Replacement value (£)']);
    expect(await tagLabels()).toEqual(['Primary', 'Resource']);
    await send(ctx.app, admin, 'POST', '/admin/characteristic/chargroup001/reposition', { position: 2 });
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/reposition`, { position: 1 });
  });

  it('the admin lists page through the same order and say where the page sits in it', async () => {
    const admin = await jarFor('admin');
    const { page } = await visit(ctx.app, '/admin/characteristic', admin);
    expect(page.props.characteristics.data.map((row: { ref: string }) => row.ref)).toEqual(await refsOf(LISTS.characteristic));
    expect(page.props.order).toEqual({ offset: 0, total: 3 });
    expect((await visit(ctx.app, '/admin/affirmation?page=2', admin)).page.props.order).toEqual({ offset: 24, total: 3 });
    const taxonomyList = (await visit(ctx.app, '/admin/taxonomy', admin)).page.props.taxonomies.map((row: { ref: string }) => row.ref);
    expect(taxonomyList).toEqual(await refsOf(LISTS.taxonomy));
  });
});

describe('moving a tag', () => {
  it('moves a tag with its child tags under another parent at a place; both lists keep positions 0..n-1', async () => {
    const admin = await jarFor('admin');
    const youth = await createTag(admin, AGE, 'Youth');
    const teens = await createTag(admin, AGE, 'Teens', youth);
    await createTag(admin, AGE, 'Older teens', teens);
    await createTag(admin, AGE, 'Infants', 'tagchildren1');
    expect(await treeOf(AGE)).toEqual([
      'Children: -, 0',
      'Primary: Children, 0',
      'Infants: Children, 1',
      'Youth: -, 1',
      'Teens: Youth, 0',
      'Older teens: Teens, 0',
    ]);

    expect((await send(ctx.app, admin, 'POST', `/admin/tag/${teens}/move`, { taxonomy_ref: AGE, parent_ref: 'tagchildren1', position: 1 })).statusCode).toBe(
      303,
    );
    expect((await nextPage(ctx.app, admin)).notices.at(-1)).toBe(TAXONOMY_MESSAGES.tagMoved('Teens', 'Age Group'));
    expect(await treeOf(AGE)).toEqual([
      'Children: -, 0',
      'Primary: Children, 0',
      'Teens: Children, 1',
      'Older teens: Teens, 0',
      'Infants: Children, 2',
      'Youth: -, 1',
    ]);

    // To the top level, last when no position is sent; Children's remaining children close the gap.
    await send(ctx.app, admin, 'POST', `/admin/tag/${teens}/move`, { taxonomy_ref: AGE, parent_ref: '' });
    expect(await treeOf(AGE)).toEqual([
      'Children: -, 0',
      'Primary: Children, 0',
      'Infants: Children, 1',
      'Youth: -, 1',
      'Teens: -, 2',
      'Older teens: Teens, 0',
    ]);
  });

  it('refuses a cycle, a parent of another taxonomy and an unknown taxonomy, changing nothing', async () => {
    const admin = await jarFor('admin');
    const before = await allTags();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ taxonomy_ref: AGE, parent_ref: 'tagprimary01' }, { parent_ref: TAXONOMY_MESSAGES.parentCycle }],
      [{ taxonomy_ref: AGE, parent_ref: 'tagchildren1' }, { parent_ref: TAXONOMY_MESSAGES.parentCycle }],
      [{ taxonomy_ref: AGE, parent_ref: 'tagresource1' }, { parent_ref: TAXONOMY_MESSAGES.parentUnknown }],
      [{ taxonomy_ref: 'nosuchthing1', parent_ref: '' }, { taxonomy_ref: TAXONOMY_MESSAGES.taxonomyUnknown }],
      [{ taxonomy_ref: AGE, position: -3 }, { position: POSITION_INVALID }],
      [{ parent_ref: '' }, { taxonomy_ref: TAXONOMY_MESSAGES.taxonomyUnknown }],
    ];
    for (const [payload, errors] of cases) {
      expect((await send(ctx.app, admin, 'POST', '/admin/tag/tagchildren1/move', payload)).statusCode).toBe(303);
      expect((await nextPage(ctx.app, admin)).errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await allTags()).toEqual(before);
  });

  it('moves a tag and its child tags into another taxonomy; their items keep them', async () => {
    const admin = await jarFor('admin');
    const [curation] = await ctx.database.db.select().from(taxonomies).where(eq(taxonomies.ref, CURATION));
    const linksBefore = await ctx.database.db.select().from(itemTags).orderBy(asc(itemTags.itemId), asc(itemTags.tagId));
    await createTag(admin, CURATION, 'Reviewed');
    // Curation Status takes one tag an item, and the public item has Staff Pick there and Primary in Age Group.
    await send(ctx.app, admin, 'POST', '/admin/tag/tagchildren1/move', { taxonomy_ref: CURATION, parent_ref: '' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ taxonomy_ref: TAXONOMY_MESSAGES.moveOneTagOnly('Curation Status', 1) });
    await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${CURATION}`, { multiselect: true });
    expect((await send(ctx.app, admin, 'POST', '/admin/tag/tagchildren1/move', { taxonomy_ref: CURATION, parent_ref: '', position: 0 })).statusCode).toBe(303);
    expect((await nextPage(ctx.app, admin)).errors).toEqual({});
    expect(await treeOf(CURATION)).toEqual(['Children: -, 0', 'Primary: Children, 0', 'Infants: Children, 1', 'Staff Pick: -, 1', 'Reviewed: -, 2']);
    expect(await treeOf(AGE)).toEqual(['Youth: -, 0', 'Teens: -, 1', 'Older teens: Teens, 0']);
    const moved = await ctx.database.db.select({ taxonomyId: tags.taxonomyId }).from(tags).where(eq(tags.ref, 'tagprimary01'));
    expect(moved).toEqual([{ taxonomyId: curation!.id }]);
    expect(await ctx.database.db.select().from(itemTags).orderBy(asc(itemTags.itemId), asc(itemTags.tagId))).toEqual(linksBefore);

    // And back, under Youth.
    await send(ctx.app, admin, 'POST', '/admin/tag/tagchildren1/move', { taxonomy_ref: AGE, parent_ref: await tagRef('Youth') });
    expect(await treeOf(CURATION)).toEqual(['Staff Pick: -, 0', 'Reviewed: -, 1']);
    expect(await treeOf(AGE)).toEqual([
      'Youth: -, 0',
      'Children: Youth, 0',
      'Primary: Children, 0',
      'Infants: Children, 1',
      'Teens: -, 1',
      'Older teens: Teens, 0',
    ]);
  });

  it('refuses a label the other taxonomy has, a required taxonomy left without a tag, and two tags where one is allowed', async () => {
    const admin = await jarFor('admin');
    await createTag(admin, TYPE, 'Spare');
    const refusals: [string, string, string][] = [
      // Age Group has 'Children' already: 'children' in Curation would clash once moved there.
      [await createTag(admin, CURATION, 'children'), AGE, TAXONOMY_MESSAGES.moveLabelTaken('children', 'Age Group')],
      // The public item's only Type tag is Resource, and Type is required.
      ['tagresource1', CURATION, TAXONOMY_MESSAGES.lastRequiredTag('Type')],
      // Type allows one tag per item; the public item has Resource and Staff Pick.
      ['tagstaffpick', TYPE, TAXONOMY_MESSAGES.moveOneTagOnly('Type', 1)],
    ];
    const current = await allTags();
    for (const [ref, taxonomyRef, message] of refusals) {
      expect((await send(ctx.app, admin, 'POST', `/admin/tag/${ref}/move`, { taxonomy_ref: taxonomyRef, parent_ref: '' })).statusCode).toBe(303);
      expect((await nextPage(ctx.app, admin)).errors, ref).toEqual({ taxonomy_ref: message });
    }
    expect(await allTags()).toEqual(current);
  });

  it('PATCH parent_ref with the same parent leaves the tag where it is, a new parent puts it last', async () => {
    const admin = await jarFor('admin');
    const before = await treeOf(AGE);
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagchildren1', { parent_ref: await tagRef('Youth') });
    expect(await treeOf(AGE)).toEqual(before);
    await send(ctx.app, admin, 'PATCH', `/admin/tag/${await tagRef('Older teens')}`, { parent_ref: await tagRef('Youth') });
    expect(await treeOf(AGE)).toEqual([
      'Youth: -, 0',
      'Children: Youth, 0',
      'Primary: Children, 0',
      'Infants: Children, 1',
      'Older teens: Youth, 1',
      'Teens: -, 1',
    ]);
  });
});
