/** Taxonomies and tags admin (admin-curation §2 "Taxonomies and tags", §3, §4, §5, §7) and the quick-tag matrix. */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { POSITION_INVALID, SIGN_IN_HINT } from '../../shared/messages';
import type { Paginated } from '../../shared/pagination';
import { QUICK_TAG_PER_PAGE, TAXONOMY_MESSAGES, type AdminTag, type QuickTagRow } from '../../shared/taxonomies-admin';
import { itemImages, items, itemTags, tags, taxonomies } from '../../server/db/schema';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, inertiaHeaders, nextPage, send, visit, xsrfHeader } from '../support/http';
import { REFS, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

const TYPE = 'taxtype00001';
const AGE = 'taxage000001';

async function jarFor(who: Who): Promise<CookieJar> {
  return (await jarOf(who)) ?? (await csrfJar(ctx.app));
}

async function taxonomyRows() {
  return ctx.database.db.select().from(taxonomies).orderBy(asc(taxonomies.id));
}

async function tagRowsOf(taxonomyRef: string) {
  const [taxonomy] = await ctx.database.db.select().from(taxonomies).where(eq(taxonomies.ref, taxonomyRef));
  return ctx.database.db.select().from(tags).where(eq(tags.taxonomyId, taxonomy!.id)).orderBy(asc(tags.position), asc(tags.id));
}

async function showTags(taxonomyRef: string): Promise<AdminTag[]> {
  const { page } = await visit(ctx.app, `/admin/taxonomy/${taxonomyRef}`, await jarOf('admin'));
  return page.props.taxonomy.tags;
}

describe('access to every admin taxonomy route', () => {
  const gets = ['/admin/taxonomy', `/admin/taxonomy/${TYPE}`, `/admin/taxonomy/${TYPE}/item`, `/admin/taxonomy/${TYPE}/item/all`];
  const writes: ['POST' | 'PATCH' | 'DELETE', string, unknown][] = [
    ['POST', '/admin/taxonomy', { title: 'Nope' }],
    ['PATCH', `/admin/taxonomy/${AGE}`, { title: 'Nope' }],
    ['DELETE', `/admin/taxonomy/${AGE}`, undefined],
    ['POST', `/admin/taxonomy/${AGE}/tag`, { label: 'Nope' }],
    ['PATCH', '/admin/tag/tagchildren1', { label: 'Nope' }],
    ['DELETE', '/admin/tag/tagchildren1', undefined],
    ['POST', '/admin/tag/tagchildren1/reposition', { position: 0 }],
  ];

  it.each(gets)('GET %s: anonymous gets 403 with the sign-in hint, a member, a leader and staff 403, an admin the page', async (url) => {
    const anonymous = await visit(ctx.app, url);
    expect(anonymous.response.statusCode).toBe(403);
    expectInertia(anonymous.page).prop('detail', SIGN_IN_HINT);
    const member = await visit(ctx.app, url, await jarOf('member'));
    expect(member.response.statusCode).toBe(403);
    expectInertia(member.page).prop('detail', null);
    const leader = await visit(ctx.app, url, await jarOf('leader'));
    expect(leader.response.statusCode).toBe(403);
    const staff = await visit(ctx.app, url, await jarOf('staff'));
    expect(staff.response.statusCode).toBe(403);
    expectInertia(staff.page).prop('detail', null);
    const admin = await visit(ctx.app, url, await jarOf('admin'));
    expect(admin.response.statusCode).toBe(200);
    expect(admin.page.component).toMatch(/^admin\/taxonomy\//);
  });

  it.each(writes)('%s %s is refused to anonymous visitors, members and staff and changes nothing', async (method, url, payload) => {
    const before = { taxonomies: await taxonomyRows(), tags: await tagRowsOf(AGE) };
    for (const who of ['anonymous', 'member', 'staff'] as const) {
      const response = await send(ctx.app, await jarFor(who), method, url, payload);
      expect(response.statusCode).toBe(403);
    }
    expect({ taxonomies: await taxonomyRows(), tags: await tagRowsOf(AGE) }).toEqual(before);
  });

  it('answers 404 to an admin for unknown refs', async () => {
    const admin = await jarFor('admin');
    expect((await visit(ctx.app, '/admin/taxonomy/nosuchtaxonomy', admin)).response.statusCode).toBe(404);
    expect((await visit(ctx.app, '/admin/taxonomy/nosuchtaxonomy/item', admin)).response.statusCode).toBe(404);
    expect((await send(ctx.app, admin, 'PATCH', '/admin/tag/nosuchtag', { label: 'x' })).statusCode).toBe(404);
    expect((await send(ctx.app, admin, 'DELETE', '/admin/tag/nosuchtag')).statusCode).toBe(404);
  });
});

describe('taxonomy list and create', () => {
  it('lists the taxonomies with their flags and tag counts under Admin', async () => {
    const { page } = await visit(ctx.app, '/admin/taxonomy', await jarOf('admin'));
    expectInertia(page).prop('breadcrumbs', [{ label: 'Admin', href: '/admin' }, { label: 'Taxonomies' }]);
    expect(page.props.taxonomies.map((taxonomy: { title: string }) => taxonomy.title)).toEqual(['Type', 'Age Group', 'Curation Status']);
    expect(page.props.taxonomies[1]).toMatchObject({ ref: AGE, required: false, multiselect: true, public: true, show_in_filtering: true, tag_count: 2 });
  });

  it('refuses an empty title or a taken one, writing nothing', async () => {
    const admin = await jarFor('admin');
    const before = await taxonomyRows();
    const empty = await send(ctx.app, admin, 'POST', '/admin/taxonomy', { title: '   ', required: true });
    expect(empty.statusCode).toBe(303);
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ title: TAXONOMY_MESSAGES.titleRequired });
    await send(ctx.app, admin, 'POST', '/admin/taxonomy', { title: 'age group' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ title: TAXONOMY_MESSAGES.titleTaken });
    await send(ctx.app, admin, 'POST', '/admin/taxonomy', { title: 'Fine', required: 'maybe' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ required: TAXONOMY_MESSAGES.flagInvalid });
    expect(await taxonomyRows()).toEqual(before);
  });

  it('creates a taxonomy with its flags and opens it', async () => {
    const admin = await jarFor('admin');
    const response = await send(ctx.app, admin, 'POST', '/admin/taxonomy', {
      title: ' Format ',
      usage_note: 'What kind of file',
      required: false,
      multiselect: true,
      public: true,
      show_in_filtering: true,
    });
    expect(response.statusCode).toBe(303);
    const [created] = (await taxonomyRows()).filter((row) => row.title === 'Format');
    expect(created).toMatchObject({ usageNote: 'What kind of file', required: false, multiselect: true, public: true, showInFiltering: true, position: 3 });
    expect(response.headers.location).toBe(`/admin/taxonomy/${created!.ref}`);
    expect((await nextPage(ctx.app, admin)).notices).toContain(TAXONOMY_MESSAGES.created('Format'));
  });
});

describe('taxonomy detail, inline edit and delete', () => {
  it('shows the fields and the tags as a tree with full labels', async () => {
    const { page } = await visit(ctx.app, `/admin/taxonomy/${AGE}`, await jarOf('admin'));
    expectInertia(page)
      .prop('breadcrumbs', [{ label: 'Admin', href: '/admin' }, { label: 'Taxonomies', href: '/admin/taxonomy' }, { label: 'Age Group' }])
      .props({ taxonomy: { ref: AGE, title: 'Age Group', multiselect: true } })
      .prop('taxonomy.tags', [
        {
          ref: 'tagchildren1',
          label: 'Children',
          parentLabel: null,
          parentRef: null,
          fullLabel: 'Children',
          force_show_in_filtering: false,
          position: 0,
          itemCount: 0,
        },
        {
          ref: 'tagprimary01',
          label: 'Primary',
          parentLabel: 'Children',
          parentRef: 'tagchildren1',
          fullLabel: 'Children > Primary',
          force_show_in_filtering: false,
          position: 0,
          itemCount: 1,
        },
      ]);
  });

  it('gives each tag of the tree the number of items carrying it, drafts and expired items included', async () => {
    const db = ctx.database.db;
    const [taxonomy] = await db.insert(taxonomies).values({ ref: 'taxcounted01', title: 'Counted' }).returning();
    const [none, one, several] = await db
      .insert(tags)
      .values([
        { ref: 'tagnone00001', taxonomyId: taxonomy!.id, label: 'On none', position: 0 },
        { ref: 'tagone000001', taxonomyId: taxonomy!.id, label: 'On one', position: 1 },
        { ref: 'tagseveral01', taxonomyId: taxonomy!.id, label: 'On several', position: 2 },
      ])
      .returning();
    await db
      .insert(itemTags)
      .values([
        { itemId: await itemIdOf(ctx.database, REFS.public), tagId: one!.id },
        ...(await Promise.all(
          [REFS.public, REFS.draft, REFS.expired, REFS.staff].map(async (ref) => ({ itemId: await itemIdOf(ctx.database, ref), tagId: several!.id })),
        )),
      ]);
    const { page } = await visit(ctx.app, '/admin/taxonomy/taxcounted01', await jarOf('admin'));
    const counts = (page.props.taxonomy.tags as AdminTag[]).map((tag) => [tag.ref, tag.itemCount]);
    expect(counts).toEqual([
      [none!.ref, 0],
      [one!.ref, 1],
      [several!.ref, 4],
    ]);
    expectInertia(page).prop('usage', { taggedItems: 4, untaggedItems: (await db.select({ id: items.id }).from(items)).length - 4 });
  });

  it('counts the items each change would touch: per tag, with any tag of the taxonomy, with none', async () => {
    const itemCount = (await ctx.database.db.select({ id: items.id }).from(items)).length;
    for (const taxonomyRef of [TYPE, AGE]) {
      const { page } = await visit(ctx.app, `/admin/taxonomy/${taxonomyRef}`, await jarOf('admin'));
      const links = await ctx.database.db
        .select({ tagRef: tags.ref, itemId: itemTags.itemId })
        .from(itemTags)
        .innerJoin(tags, eq(tags.id, itemTags.tagId))
        .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
        .where(eq(taxonomies.ref, taxonomyRef));
      const perTag: Record<string, number> = {};
      for (const link of links) perTag[link.tagRef] = (perTag[link.tagRef] ?? 0) + 1;
      const tagged = new Set(links.map((link) => link.itemId)).size;
      expectInertia(page).prop('usage', { taggedItems: tagged, untaggedItems: itemCount - tagged });
      expect(Object.fromEntries((page.props.taxonomy.tags as AdminTag[]).map((tag) => [tag.ref, tag.itemCount]))).toEqual(
        Object.fromEntries((await tagRowsOf(taxonomyRef)).map((tag) => [tag.ref, perTag[tag.ref] ?? 0])),
      );
    }
    const typeUsage = (await visit(ctx.app, `/admin/taxonomy/${TYPE}`, await jarOf('admin'))).page.props.usage as { taggedItems: number };
    expect(typeUsage.taggedItems).toBeGreaterThan(0);
  });

  it('saves one field at a time and refuses bad values and bad bodies', async () => {
    const admin = await jarFor('admin');
    expect((await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${AGE}`, { usage_note: 'Who it is for' })).statusCode).toBe(303);
    expect((await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${AGE}`, { show_in_filtering: 'false' })).statusCode).toBe(303);
    const [row] = (await taxonomyRows()).filter((taxonomy) => taxonomy.ref === AGE);
    expect(row).toMatchObject({ usageNote: 'Who it is for', showInFiltering: false });
    await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${AGE}`, { title: '' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ title: TAXONOMY_MESSAGES.titleRequired });
    await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${AGE}`, { title: 'TYPE' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ title: TAXONOMY_MESSAGES.titleTaken });
    expect((await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${AGE}`, { title: 'A', public: true })).statusCode).toBe(400);
    expect((await send(ctx.app, admin, 'PATCH', `/admin/taxonomy/${AGE}`, { colour: 'red' })).statusCode).toBe(400);
    expect((await taxonomyRows()).find((taxonomy) => taxonomy.ref === AGE)?.title).toBe('Age Group');
  });

  it('deletes a taxonomy with its tags and their item links', async () => {
    const admin = await jarFor('admin');
    const [created] = await ctx.database.db.insert(taxonomies).values({ ref: 'taxdoomed001', title: 'Doomed' }).returning();
    const [tag] = await ctx.database.db.insert(tags).values({ ref: 'tagdoomed001', taxonomyId: created!.id, label: 'Soon gone' }).returning();
    await ctx.database.db.insert(itemTags).values({ itemId: await itemIdOf(ctx.database, REFS.related), tagId: tag!.id });
    const response = await send(ctx.app, admin, 'DELETE', '/admin/taxonomy/taxdoomed001');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/taxonomy');
    expect(await ctx.database.db.select().from(tags).where(eq(tags.id, tag!.id))).toEqual([]);
    expect(await ctx.database.db.select().from(itemTags).where(eq(itemTags.tagId, tag!.id))).toEqual([]);
  });
});

describe('tags: create, edit, re-order, delete', () => {
  it('refuses an empty label, a duplicate label and an unknown parent, writing nothing', async () => {
    const admin = await jarFor('admin');
    const before = await tagRowsOf(AGE);
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: '' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ label: TAXONOMY_MESSAGES.labelRequired });
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: 'children' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ label: TAXONOMY_MESSAGES.labelTaken });
    // A tag of another taxonomy is no parent here.
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: 'Teens', parent_ref: 'tagresource1' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ parent_ref: TAXONOMY_MESSAGES.parentUnknown });
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: 'Teens', parent_ref: 'nosuchtag' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ parent_ref: TAXONOMY_MESSAGES.parentUnknown });
    expect(await tagRowsOf(AGE)).toEqual(before);
  });

  it('creates tags last among their siblings, top level or under a parent', async () => {
    const admin = await jarFor('admin');
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: 'Youth' });
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: 'Adults' });
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${AGE}/tag`, { label: 'Infants', parent_ref: 'tagchildren1' });
    expect((await nextPage(ctx.app, admin)).notices).toContain(TAXONOMY_MESSAGES.tagCreated('Infants'));
    const tree = await showTags(AGE);
    expect(tree.map((tag) => [tag.fullLabel, tag.position])).toEqual([
      ['Children', 0],
      ['Children > Primary', 0],
      ['Children > Infants', 1],
      ['Youth', 1],
      ['Adults', 2],
    ]);
  });

  it('renames, moves and forces a tag to show; refuses a duplicate label, an unknown parent and a cycle', async () => {
    const admin = await jarFor('admin');
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagprimary01', { label: 'Primary School' });
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagprimary01', { force_show_in_filtering: true });
    let primary = (await showTags(AGE)).find((tag) => tag.ref === 'tagprimary01');
    expect(primary).toMatchObject({ label: 'Primary School', force_show_in_filtering: true });
    const before = await tagRowsOf(AGE);
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagprimary01', { label: 'YOUTH' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ label: TAXONOMY_MESSAGES.labelTaken });
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagchildren1', { parent_ref: 'tagprimary01' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ parent_ref: TAXONOMY_MESSAGES.parentCycle });
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagchildren1', { parent_ref: 'tagchildren1' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ parent_ref: TAXONOMY_MESSAGES.parentCycle });
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagchildren1', { parent_ref: 'tagresource1' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ parent_ref: TAXONOMY_MESSAGES.parentUnknown });
    expect(await tagRowsOf(AGE)).toEqual(before);
    // Moved to the top level it goes last there.
    await send(ctx.app, admin, 'PATCH', '/admin/tag/tagprimary01', { parent_ref: '' });
    primary = (await showTags(AGE)).find((tag) => tag.ref === 'tagprimary01');
    expect(primary).toMatchObject({ parentRef: null, fullLabel: 'Primary School', position: 3 });
  });

  it('re-orders a tag among its siblings, renumbering them 0..n-1', async () => {
    const admin = await jarFor('admin');
    const topLevel = async () => (await tagRowsOf(AGE)).filter((tag) => tag.parentId === null).map((tag) => [tag.label, tag.position]);
    expect(await topLevel()).toEqual([
      ['Children', 0],
      ['Youth', 1],
      ['Adults', 2],
      ['Primary School', 3],
    ]);
    const adults = (await tagRowsOf(AGE)).find((tag) => tag.label === 'Adults')!;
    expect((await send(ctx.app, admin, 'POST', `/admin/tag/${adults.ref}/reposition`, { position: 0 })).statusCode).toBe(303);
    expect(await topLevel()).toEqual([
      ['Adults', 0],
      ['Children', 1],
      ['Youth', 2],
      ['Primary School', 3],
    ]);
    await send(ctx.app, admin, 'POST', `/admin/tag/${adults.ref}/reposition`, { position: 99 });
    expect(await topLevel()).toEqual([
      ['Children', 0],
      ['Youth', 1],
      ['Primary School', 2],
      ['Adults', 3],
    ]);
    await send(ctx.app, admin, 'POST', `/admin/tag/${adults.ref}/reposition`, { position: -1 });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ position: POSITION_INVALID });
    expect(await topLevel()).toEqual([
      ['Children', 0],
      ['Youth', 1],
      ['Primary School', 2],
      ['Adults', 3],
    ]);
  });

  it('deletes a tag: its item links go, its children become top-level tags', async () => {
    const admin = await jarFor('admin');
    const infants = (await tagRowsOf(AGE)).find((tag) => tag.label === 'Infants')!;
    const children = (await tagRowsOf(AGE)).find((tag) => tag.label === 'Children')!;
    await ctx.database.db.insert(itemTags).values({ itemId: await itemIdOf(ctx.database, REFS.related), tagId: children.id });
    expect((await send(ctx.app, admin, 'DELETE', '/admin/tag/tagchildren1')).statusCode).toBe(303);
    expect(await ctx.database.db.select().from(itemTags).where(eq(itemTags.tagId, children.id))).toEqual([]);
    const tree = await showTags(AGE);
    expect(tree.find((tag) => tag.ref === infants.ref)).toMatchObject({ parentRef: null, fullLabel: 'Infants' });
    expect((await tagRowsOf(AGE)).filter((tag) => tag.parentId === null).map((tag) => tag.position)).toEqual([0, 1, 2, 3]);
  });

  it("refuses deleting a required taxonomy's tag while an item has no other tag there", async () => {
    const admin = await jarFor('admin');
    await send(ctx.app, admin, 'DELETE', '/admin/tag/tagresource1');
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ tag: TAXONOMY_MESSAGES.lastRequiredTag('Type') });
    expect((await tagRowsOf(TYPE)).map((tag) => tag.ref)).toEqual(['tagresource1']);
    // With another Type tag on the item it may go.
    await send(ctx.app, admin, 'POST', `/admin/taxonomy/${TYPE}/tag`, { label: 'Guide' });
    const guide = (await tagRowsOf(TYPE)).find((tag) => tag.label === 'Guide')!;
    await ctx.database.db.insert(itemTags).values({ itemId: await itemIdOf(ctx.database, REFS.public), tagId: guide.id });
    expect((await send(ctx.app, admin, 'DELETE', '/admin/tag/tagresource1')).statusCode).toBe(303);
    expect((await tagRowsOf(TYPE)).map((tag) => tag.label)).toEqual(['Guide']);
  });
});

describe('quick-tag matrix', () => {
  async function matrix(url: string) {
    const { response, page } = await visit(ctx.app, url, await jarOf('admin'));
    expect(response.statusCode).toBe(200);
    return page.props as { matrix: Paginated<QuickTagRow>; total: number; all: boolean; taxonomy: { tags: AdminTag[] } };
  }

  it('lists only items without a tag in the taxonomy on /item, and every item on /item/all', async () => {
    const itemCount = (await ctx.database.db.select({ id: items.id }).from(items)).length;
    const untagged = await matrix(`/admin/taxonomy/${TYPE}/item`);
    expect(untagged.all).toBe(false);
    expect(untagged.total).toBe(itemCount - 1);
    expect(untagged.matrix.data.map((row) => row.ref)).not.toContain(REFS.public);
    expect(untagged.matrix.data.every((row) => row.tagRefs.length === 0)).toBe(true);
    const all = await matrix(`/admin/taxonomy/${TYPE}/item/all`);
    expect(all.total).toBe(itemCount);
    expect(all.matrix.data.find((row) => row.ref === REFS.public)?.tagRefs).toHaveLength(1);
    const searched = await matrix(`/admin/taxonomy/${TYPE}/item/all?search=sheep`);
    expect(searched.matrix.data.map((row) => row.ref)).toEqual([REFS.public]);
  });

  it('pages the matrix QUICK_TAG_PER_PAGE items at a time, keeping the search in the links', async () => {
    const extra = QUICK_TAG_PER_PAGE + 3;
    await ctx.database.db.insert(items).values(
      Array.from({ length: extra }, (_, index) => ({
        ref: `itembulk${String(index).padStart(4, '0')}`,
        code: `EQ-9${String(index).padStart(4, '0')}`,
        title: `Bulk item ${String(index).padStart(3, '0')}`,
      })),
    );
    const first = await matrix(`/admin/taxonomy/${TYPE}/item?search=bulk`);
    expect(first.total).toBe(extra);
    expect(first.matrix.data).toHaveLength(QUICK_TAG_PER_PAGE);
    expect(first.matrix.data[0]!.title).toBe('Bulk item 000');
    expect(first.matrix.links.map((link) => link.url)).toContain(`/admin/taxonomy/${TYPE}/item?search=bulk&page=2`);
    const second = await matrix(`/admin/taxonomy/${TYPE}/item?search=bulk&page=2`);
    expect(second.matrix.data.map((row) => row.title)).toEqual(['Bulk item 050', 'Bulk item 051', 'Bulk item 052']);
    expect(second.matrix).not.toHaveProperty('pastLastPage');
    // A page past the end says where the last one is, keeping the search, so the page does not claim there are no items.
    for (const list of ['item', 'item/all']) {
      const past = await matrix(`/admin/taxonomy/${TYPE}/${list}?search=bulk&page=6`);
      expect(past.matrix.data).toEqual([]);
      expect(past.matrix.pastLastPage).toEqual({ page: 6, lastPage: 2, lastPageUrl: `/admin/taxonomy/${TYPE}/${list}?search=bulk&page=2` });
    }
    const nothing = await matrix(`/admin/taxonomy/${TYPE}/item/all?search=no-such-title&page=3`);
    expect(nothing.total).toBe(0);
    expect(nothing.matrix).not.toHaveProperty('pastLastPage');
  });

  it('a cell click tags through POST/DELETE /i/{ref}/tag/{tagRef}; the untagged list follows, the last required tag stays', async () => {
    const admin = await jarFor('admin');
    const guide = (await tagRowsOf(TYPE)).find((tag) => tag.label === 'Guide')!;
    const back = `/admin/taxonomy/${TYPE}/item`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/i/${REFS.related}/tag/${guide.ref}`,
      headers: { ...(await sendHeaders(admin)), referer: `http://localhost${back}` },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(back);
    expect((await matrix(back)).matrix.data.map((row) => row.ref)).not.toContain(REFS.related);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/i/${REFS.related}/tag/${guide.ref}`,
      headers: { ...(await sendHeaders(admin)), referer: `http://localhost${back}` },
    });
    expect(refused.statusCode).toBe(303);
    expect(Object.values((await nextPage(ctx.app, admin)).errors)).toEqual(['Type needs at least one tag.']);
  });

  it('gives each row the item code and first picture, so that two items with the same title can be told apart', async () => {
    await ctx.database.db.insert(items).values([
      { ref: 'itemtwin0001', code: 'EQ-98001', title: 'Twin title' },
      { ref: 'itemtwin0002', code: 'EQ-98002', title: 'Twin title' },
    ]);
    await ctx.database.db
      .insert(itemImages)
      .values({ ref: 'imgtwin00001', itemId: await itemIdOf(ctx.database, 'itemtwin0002'), storageKey: 'twin.jpg', extension: 'jpg', position: 0 });
    const twins = (await matrix(`/admin/taxonomy/${TYPE}/item?search=twin`)).matrix.data;
    expect(twins.map((row) => [row.ref, row.code, row.thumbnailUrl])).toEqual([
      ['itemtwin0001', 'EQ-98001', null],
      ['itemtwin0002', 'EQ-98002', '/image/imgtwin00001/large'],
    ]);
  });

  it("answers the cell click's reload with only the matrix props", async () => {
    const { page } = await visit(ctx.app, `/admin/taxonomy/${TYPE}/item/all`, await jarOf('admin'), {
      'x-inertia-partial-component': 'admin/taxonomy/Items',
      'x-inertia-partial-data': 'matrix,total',
    });
    expect(Object.keys(page.props).sort()).toEqual(expect.arrayContaining(['errors', 'matrix', 'total']));
    expectInertia(page).missingProp('taxonomy');
    expect(page.props.matrix.data.length).toBeGreaterThan(0);
  });
});

async function sendHeaders(jar: CookieJar): Promise<Record<string, string>> {
  return { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar) };
}
