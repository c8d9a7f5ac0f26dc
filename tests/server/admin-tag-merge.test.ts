/** Merging a tag into another (issue 19 §3): access, the preview, the merge, refusals, and /tag/{old label}'s redirect. */
import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { TAG_MERGE_MESSAGES, type TagMergePreview } from '../../shared/tag-merge';
import { changeHistory, follows, items, itemTags, tagLabelRedirects, tags, taxonomies, users } from '../../server/db/schema';
import { expectInertia } from '../../server/inertia/testing';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, nextPage, send, visit } from '../support/http';
import { REFS, itemIdOf, seedItemLibrary, signedInJars } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);
const AGE = 'taxage000001';
const CURATION = 'taxcuration1';
const TYPE = 'taxtype00001';

async function admin(): Promise<CookieJar> {
  return (await jarOf('admin'))!;
}

async function taxonomyId(ref: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: taxonomies.id }).from(taxonomies).where(eq(taxonomies.ref, ref));
  return row!.id;
}

let made = 0;
/** A tag of the taxonomy (under `parent`), carried by the items named. */
async function makeTag(taxonomyRef: string, label: string, options: { parent?: number; position?: number; items?: string[] } = {}) {
  made += 1;
  const [tag] = await ctx.database.db
    .insert(tags)
    .values({
      ref: `mergetag${String(made).padStart(4, '0')}`,
      taxonomyId: await taxonomyId(taxonomyRef),
      label,
      parentId: options.parent ?? null,
      position: options.position ?? 100 + made,
    })
    .returning();
  for (const ref of options.items ?? []) await ctx.database.db.insert(itemTags).values({ itemId: await itemIdOf(ctx.database, ref), tagId: tag!.id });
  return tag!;
}

async function itemRefsOf(tagId: number): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ ref: items.ref })
    .from(itemTags)
    .innerJoin(items, eq(items.id, itemTags.itemId))
    .where(eq(itemTags.tagId, tagId))
    .orderBy(asc(items.ref));
  return rows.map((row) => row.ref);
}

async function tagSnapshot(taxonomyRef: string) {
  const rows = await ctx.database.db
    .select()
    .from(tags)
    .where(eq(tags.taxonomyId, await taxonomyId(taxonomyRef)))
    .orderBy(asc(tags.id));
  const links = await ctx.database.db
    .select()
    .from(itemTags)
    .where(
      inArray(
        itemTags.tagId,
        rows.map((row) => row.id),
      ),
    );
  return { rows, links: links.length, redirects: await ctx.database.db.select().from(tagLabelRedirects) };
}

const mergePath = (ref: string) => `/admin/tag/${ref}/merge`;

describe('access', () => {
  it('refuses the merge page and the merge to visitors, members and staff, changing nothing', async () => {
    const source = await makeTag(AGE, 'Access Source', { items: [REFS.public] });
    const target = await makeTag(AGE, 'Access Target');
    const before = await tagSnapshot(AGE);
    expect((await visit(ctx.app, `${mergePath(source.ref)}?into=${target.ref}`)).response.statusCode).toBe(403);
    for (const who of ['member', 'staff', 'leader'] as const) {
      expect((await visit(ctx.app, `${mergePath(source.ref)}?into=${target.ref}`, await jarOf(who))).response.statusCode).toBe(403);
      expect((await send(ctx.app, (await jarOf(who))!, 'POST', mergePath(source.ref), { into: target.ref })).statusCode).toBe(403);
    }
    expect((await send(ctx.app, await csrfJar(ctx.app), 'POST', mergePath(source.ref), { into: target.ref })).statusCode).toBe(403);
    expect(await tagSnapshot(AGE)).toEqual(before);
  });

  it('answers 404 to an admin for an unknown or malformed tag ref', async () => {
    expect((await visit(ctx.app, mergePath('nosuchtag000'), await admin())).response.statusCode).toBe(404);
    expect((await visit(ctx.app, mergePath('bad ref!'), await admin())).response.statusCode).toBe(404);
    expect((await send(ctx.app, await admin(), 'POST', mergePath('nosuchtag000'), { into: 'tagchildren1' })).statusCode).toBe(404);
  });
});

describe('the merge page and its preview', () => {
  it('offers the taxonomy’s other tags except the tag’s own descendants, and previews the chosen one', async () => {
    const source = await makeTag(AGE, 'Preview Source', { items: [REFS.public, REFS.related, REFS.draft] });
    const child = await makeTag(AGE, 'Preview Child', { parent: source.id });
    await makeTag(AGE, 'Preview Grandchild', { parent: child.id });
    const target = await makeTag(AGE, 'Preview Target', { items: [REFS.related] });
    const { page } = await visit(ctx.app, mergePath(source.ref), await admin());
    expectInertia(page).component('admin/taxonomy/Merge').prop('into', null).prop('preview', null);
    const offered = page.props.targets.map((row: { fullLabel: string }) => row.fullLabel);
    expect(offered).toContain('Preview Target');
    expect(offered).toContain('Children > Primary');
    expect(offered.filter((label: string) => label.includes('Preview Source') || label.includes('Preview Child') || label.includes('Grandchild'))).toEqual([]);

    const chosen = await visit(ctx.app, `${mergePath(source.ref)}?into=${target.ref}`, await admin());
    expectInertia(chosen.page).prop('into', target.ref);
    expect(chosen.page.props.preview).toEqual({
      targetRef: target.ref,
      targetLabel: 'Preview Target',
      items: 3,
      alreadyTagged: 1,
      childTags: 1,
      oldPath: '/tag/preview%20source',
      newPath: '/tag/preview%20target',
    } satisfies TagMergePreview);
  });

  it('shows no preview for a target it may not merge into (below it, itself, another taxonomy, junk)', async () => {
    const source = await makeTag(AGE, 'No Preview Source');
    const child = await makeTag(AGE, 'No Preview Child', { parent: source.id });
    for (const into of [child.ref, source.ref, 'tagresource1', 'junk!!', '']) {
      const { page, response } = await visit(ctx.app, `${mergePath(source.ref)}?into=${encodeURIComponent(into)}`, await admin());
      expect(response.statusCode).toBe(200);
      expectInertia(page).prop('into', null).prop('preview', null);
    }
  });
});

describe('merging', () => {
  it('re-tags every item once, moves the child tags under the target, removes the source and closes its gap', async () => {
    const parent = await makeTag(AGE, 'Merge Parent');
    const first = await makeTag(AGE, 'Merge First', { parent: parent.id, position: 0 });
    const source = await makeTag(AGE, 'Merge Source', { parent: parent.id, position: 1, items: [REFS.public, REFS.related, REFS.hidden] });
    const last = await makeTag(AGE, 'Merge Last', { parent: parent.id, position: 2 });
    const childA = await makeTag(AGE, 'Merge Child A', { parent: source.id, position: 0 });
    const childB = await makeTag(AGE, 'Merge Child B', { parent: source.id, position: 1 });
    const target = await makeTag(AGE, 'Merge Target', { items: [REFS.related] });
    const targetChild = await makeTag(AGE, 'Merge Target Child', { parent: target.id, position: 0 });

    const jar = await admin();
    const response = await send(ctx.app, jar, 'POST', mergePath(source.ref), { into: target.ref });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/admin/taxonomy/${AGE}`);
    expect((await nextPage(ctx.app, jar)).notices).toContain(TAG_MERGE_MESSAGES.merged('Merge Source', 'Merge Target'));

    expect(await itemRefsOf(target.id)).toEqual([REFS.hidden, REFS.public, REFS.related].sort());
    expect(await ctx.database.db.select().from(tags).where(eq(tags.id, source.id))).toEqual([]);
    const under = await ctx.database.db
      .select({ id: tags.id, position: tags.position })
      .from(tags)
      .where(eq(tags.parentId, target.id))
      .orderBy(asc(tags.position));
    expect(under).toEqual([
      { id: targetChild.id, position: 0 },
      { id: childA.id, position: 1 },
      { id: childB.id, position: 2 },
    ]);
    const siblings = await ctx.database.db
      .select({ id: tags.id, position: tags.position })
      .from(tags)
      .where(eq(tags.parentId, parent.id))
      .orderBy(asc(tags.position));
    expect(siblings).toEqual([
      { id: first.id, position: 0 },
      { id: last.id, position: 1 },
    ]);
    expect(
      await ctx.database.db.select({ label: tagLabelRedirects.label }).from(tagLabelRedirects).where(eq(tagLabelRedirects.targetTagId, target.id)),
    ).toEqual([{ label: 'merge source' }]);
  });

  it('records each item’s tag change in the history, naming both tags', async () => {
    const source = await makeTag(AGE, 'History Source', { items: [REFS.public, REFS.counted] });
    const target = await makeTag(AGE, 'History Target', { items: [REFS.counted] });
    await send(ctx.app, await admin(), 'POST', mergePath(source.ref), { into: target.ref });
    const rows = await ctx.database.db.select().from(changeHistory).where(eq(changeHistory.kind, 'item_tag'));
    const publicId = await itemIdOf(ctx.database, REFS.public);
    const countedId = await itemIdOf(ctx.database, REFS.counted);
    const ofMerge = rows
      .filter((row) => ['History Source', 'History Target'].includes((row.changes as { tag?: string }).tag ?? ''))
      .map((row) => ({ item: row.itemId, operation: row.operation, tag: (row.changes as { tag: string }).tag }));
    expect(ofMerge).toEqual(
      expect.arrayContaining([
        { item: publicId, operation: 'insert', tag: 'History Target' },
        { item: publicId, operation: 'delete', tag: 'History Source' },
        { item: countedId, operation: 'delete', tag: 'History Source' },
      ]),
    );
    expect(ofMerge.filter((row) => row.operation === 'insert' && row.tag === 'History Target')).toHaveLength(2);
  });

  it('refuses no target, the tag itself, another taxonomy’s tag and a tag below it, changing nothing', async () => {
    const source = await makeTag(AGE, 'Refused Source', { items: [REFS.public] });
    const child = await makeTag(AGE, 'Refused Child', { parent: source.id });
    const cases: [unknown, string][] = [
      [{ into: '' }, TAG_MERGE_MESSAGES.targetRequired],
      [{}, TAG_MERGE_MESSAGES.targetRequired],
      [{ into: source.ref }, TAG_MERGE_MESSAGES.targetUnknown],
      [{ into: 'tagresource1' }, TAG_MERGE_MESSAGES.targetUnknown],
      [{ into: 'no such ref' }, TAG_MERGE_MESSAGES.targetUnknown],
      [{ into: child.ref }, TAG_MERGE_MESSAGES.targetBelow],
      [{ into: ['tagchildren1', 'tagprimary01'] }, TAG_MERGE_MESSAGES.targetRequired],
    ];
    const before = { age: await tagSnapshot(AGE), type: await tagSnapshot(TYPE) };
    const jar = await admin();
    for (const [body, message] of cases) {
      const response = await send(ctx.app, jar, 'POST', mergePath(source.ref), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(303);
      expect((await nextPage(ctx.app, jar)).errors, JSON.stringify(body)).toEqual({ into: message });
    }
    expect({ age: await tagSnapshot(AGE), type: await tagSnapshot(TYPE) }).toEqual(before);
  });

  it('lets the library cache see the merge: the target’s page lists the source’s items at once', async () => {
    const source = await makeTag(AGE, 'Cached Source', { items: [REFS.counted] });
    const target = await makeTag(AGE, 'Cached Target');
    const titles = async () => (await visit(ctx.app, '/tag/cached%20target')).page.props.items.data.map((item: { ref: string }) => item.ref);
    expect(await titles()).toEqual([]);
    await send(ctx.app, await admin(), 'POST', mergePath(source.ref), { into: target.ref });
    expect(await titles()).toEqual([REFS.counted]);
  });
});

describe('/tag/{old label} after a merge', () => {
  it('redirects a visitor permanently to the target’s page, keeping the query, and lands there', async () => {
    const source = await makeTag(AGE, 'Old Label', { items: [REFS.public] });
    const target = await makeTag(AGE, 'New Label');
    await send(ctx.app, await admin(), 'POST', mergePath(source.ref), { into: target.ref });
    const plain = await ctx.app.inject({ method: 'GET', url: '/tag/old%20label' });
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('/tag/new%20label');
    expect(plain.headers['cache-control']).toBe('private, no-store');
    const withQuery = await ctx.app.inject({ method: 'GET', url: '/tag/OLD%20LABEL?search=sheep&page=1' });
    expect(withQuery.statusCode).toBe(301);
    expect(withQuery.headers.location).toBe('/tag/new%20label?search=sheep&page=1');
    const landed = await visit(ctx.app, '/tag/new%20label');
    expect(landed.response.statusCode).toBe(200);
    expect(landed.page.props.items.data.map((item: { ref: string }) => item.ref)).toEqual([REFS.public]);
  });

  it('follows a chain of merges to the last target, and stops at a deleted one (404)', async () => {
    const a = await makeTag(AGE, 'Chain A');
    const b = await makeTag(AGE, 'Chain B');
    const c = await makeTag(AGE, 'Chain C');
    await send(ctx.app, await admin(), 'POST', mergePath(a.ref), { into: b.ref });
    await send(ctx.app, await admin(), 'POST', mergePath(b.ref), { into: c.ref });
    for (const label of ['chain%20a', 'chain%20b']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/tag/${label}` });
      expect(response.headers.location, label).toBe('/tag/chain%20c');
    }
    await send(ctx.app, await admin(), 'DELETE', `/admin/tag/${c.ref}`);
    expect((await ctx.app.inject({ method: 'GET', url: '/tag/chain%20a' })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(tagLabelRedirects).where(eq(tagLabelRedirects.label, 'chain a'))).toEqual([]);
  });

  it('reveals nothing: a tag of a taxonomy the visitor cannot see stays a 404 for them, while an admin is redirected', async () => {
    const source = await makeTag(CURATION, 'Secret Old');
    const target = await makeTag(CURATION, 'Secret New');
    await send(ctx.app, await admin(), 'POST', mergePath(source.ref), { into: target.ref });
    expect((await ctx.app.inject({ method: 'GET', url: '/tag/secret%20old' })).statusCode).toBe(404);
    expect((await visit(ctx.app, '/tag/secret%20old', await jarOf('member'))).response.statusCode).toBe(404);
    const asAdmin = await visit(ctx.app, '/tag/secret%20old', await admin());
    expect(asAdmin.response.statusCode).toBe(301);
    expect(asAdmin.response.headers.location).toBe('/tag/secret%20new');
  });

  it('gives way to a real tag that takes the old label later', async () => {
    const source = await makeTag(AGE, 'Reused');
    const target = await makeTag(AGE, 'Reused Target');
    await send(ctx.app, await admin(), 'POST', mergePath(source.ref), { into: target.ref });
    expect((await ctx.app.inject({ method: 'GET', url: '/tag/reused' })).statusCode).toBe(301);
    const jar = await admin();
    await send(ctx.app, jar, 'POST', `/admin/taxonomy/${TYPE}/tag`, { label: 'Reused' });
    const [created] = await ctx.database.db
      .select()
      .from(tags)
      .where(and(eq(tags.label, 'Reused'), eq(tags.taxonomyId, await taxonomyId(TYPE))));
    expect(created).toBeDefined();
    const real = await visit(ctx.app, '/tag/reused');
    expect(real.response.statusCode).toBe(200);
    expectInertia(real.page).component('items/Index');
  });
});

describe('/tag/{old label} after a rename (issue 34 §5)', () => {
  it('leads to the renamed tag, through every label it had; a change of case keeps the address', async () => {
    const tag = await makeTag(AGE, 'First Name', { items: [REFS.public] });
    const jar = await admin();
    expect((await send(ctx.app, jar, 'PATCH', `/admin/tag/${tag.ref}`, { label: 'Second Name' })).statusCode).toBe(303);
    expect((await send(ctx.app, jar, 'PATCH', `/admin/tag/${tag.ref}`, { label: 'Third Name' })).statusCode).toBe(303);
    for (const label of ['first%20name', 'second%20name']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/tag/${label}?page=1` });
      expect(response.statusCode, label).toBe(301);
      expect(response.headers.location, label).toBe('/tag/third%20name?page=1');
    }
    expect((await send(ctx.app, jar, 'PATCH', `/admin/tag/${tag.ref}`, { label: 'THIRD NAME' })).statusCode).toBe(303);
    expect(await ctx.database.db.select().from(tagLabelRedirects).where(eq(tagLabelRedirects.label, 'third name'))).toEqual([]);
    const landed = await visit(ctx.app, '/tag/third%20name');
    expect(landed.page.props.items.data.map((item: { ref: string }) => item.ref)).toEqual([REFS.public]);
  });
});

describe('taking a merge back (issue 34 §5)', () => {
  async function userIdOf(email: string): Promise<number> {
    const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }
  const followed = async (userId: number) =>
    (await ctx.database.db.select({ tagId: follows.tagId }).from(follows).where(eq(follows.userId, userId))).map((row) => row.tagId).sort();

  it('restoring the merged tag from the trash splits it back: its items, children, follows and old labels', async () => {
    const jar = await admin();
    const source = await makeTag(AGE, 'Split Source', { items: [REFS.public, REFS.related] });
    const target = await makeTag(AGE, 'Split Target', { items: [REFS.related, REFS.draft] });
    const [first, second] = [
      await makeTag(AGE, 'Split Child 1', { parent: source.id, position: 0 }),
      await makeTag(AGE, 'Split Child 2', { parent: source.id, position: 1 }),
    ];
    const own = await makeTag(AGE, 'Split Target Child', { parent: target.id, position: 0 });
    const older = await makeTag(AGE, 'Split Older');
    await send(ctx.app, jar, 'POST', mergePath(older.ref), { into: source.ref });
    const [onlySource, both] = [await userIdOf('member@example.org'), await userIdOf('staff@example.org')];
    await ctx.database.db.insert(follows).values([
      { userId: onlySource, tagId: source.id },
      { userId: both, tagId: source.id },
      { userId: both, tagId: target.id },
    ]);
    const before = { source: await itemRefsOf(source.id), target: await itemRefsOf(target.id) };

    const merged = await send(ctx.app, jar, 'POST', mergePath(source.ref), { into: target.ref });
    expect(merged.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toContain(TAG_MERGE_MESSAGES.merged('Split Source', 'Split Target'));
    expect(await itemRefsOf(target.id)).toEqual([REFS.draft, REFS.public, REFS.related].sort());
    const trash = (await visit(ctx.app, '/admin/trash?kind=tag', jar)).page.props.entries.data as { ref: string; title: string; context: string }[];
    const entry = trash.find((each) => each.title === 'Split Source')!;
    expect(entry.context).toBe('Merged into Split Target');

    expect((await send(ctx.app, jar, 'POST', `/admin/trash/${entry.ref}/restore`)).statusCode).toBe(303);
    expect(await itemRefsOf(source.id)).toEqual(before.source);
    expect(await itemRefsOf(target.id)).toEqual(before.target);
    const tree = await ctx.database.db
      .select({ id: tags.id, parentId: tags.parentId, position: tags.position })
      .from(tags)
      .where(inArray(tags.id, [first!.id, second!.id, own.id]))
      .orderBy(asc(tags.id));
    expect(tree).toEqual([
      { id: first!.id, parentId: source.id, position: 0 },
      { id: second!.id, parentId: source.id, position: 1 },
      { id: own.id, parentId: target.id, position: 0 },
    ]);
    expect(await followed(onlySource)).toEqual([source.id]);
    expect(await followed(both)).toEqual([source.id, target.id].sort());
    const redirects = await ctx.database.db
      .select()
      .from(tagLabelRedirects)
      .where(inArray(tagLabelRedirects.label, ['split older', 'split source']));
    expect(redirects.map((row) => [row.label, row.targetTagId])).toEqual([['split older', source.id]]);
    expect((await visit(ctx.app, '/tag/split%20source')).response.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/tag/split%20older' })).headers.location).toBe('/tag/split%20source');
  });

  it('leaves what changed since as it is: an item that lost the target meanwhile is not touched again', async () => {
    const jar = await admin();
    const source = await makeTag(AGE, 'Later Source', { items: [REFS.public, REFS.related] });
    const target = await makeTag(AGE, 'Later Target', { items: [REFS.draft] });
    await send(ctx.app, jar, 'POST', mergePath(source.ref), { into: target.ref });
    // Someone takes the target off one of the merged items, and tags a new item with it.
    await ctx.database.db.delete(itemTags).where(and(eq(itemTags.tagId, target.id), eq(itemTags.itemId, await itemIdOf(ctx.database, REFS.public))));
    await ctx.database.db.insert(itemTags).values({ tagId: target.id, itemId: await itemIdOf(ctx.database, REFS.members) });
    const trash = (await visit(ctx.app, '/admin/trash?kind=tag', jar)).page.props.entries.data as { ref: string; title: string }[];
    await send(ctx.app, jar, 'POST', `/admin/trash/${trash.find((each) => each.title === 'Later Source')!.ref}/restore`);
    expect(await itemRefsOf(source.id)).toEqual([REFS.public, REFS.related].sort());
    expect(await itemRefsOf(target.id)).toEqual([REFS.draft, REFS.members].sort());
  });
});
