import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { LEVEL } from '../../shared/levels';
import { items, itemTags, tags, taxonomies } from '../../server/db/schema';
import { createItem } from '../../server/features/discovery/create-item';
import { NEW_ITEM_MESSAGES } from '../../server/features/discovery/schemas';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, inertiaHeaders, signInAs, visit, xsrfHeader } from '../support/http';
import { seedDiscoveryFixture, tagRefs, userIdOf } from './discovery-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedDiscoveryFixture });
let refs: Record<string, string>;
let typeField: string;

beforeAll(async () => {
  refs = await tagRefs(ctx.database);
  const [type] = await ctx.database.db.select({ ref: taxonomies.ref }).from(taxonomies).where(eq(taxonomies.title, 'Type'));
  typeField = `taxonomy-${type.ref}`;
});

async function postNewItem(jar: CookieJar, form: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/i',
    headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar), 'content-type': 'application/json', referer: 'http://localhost:80/item' },
    payload: form,
  });
}

const itemCount = async () => (await ctx.database.db.select({ id: items.id }).from(items)).length;

describe('POST /i (New Item)', () => {
  it('refuses anonymous visitors and members below affiliate level', async () => {
    const before = await itemCount();
    expect((await postNewItem(await csrfJar(ctx.app), { title: 'Sneaky', [typeField]: refs.Resource })).statusCode).toBe(403);
    expect((await postNewItem(await signInAs(ctx.app, 'member@example.org'), { title: 'Sneaky', [typeField]: refs.Resource })).statusCode).toBe(403);
    expect(await itemCount()).toBe(before);
  });

  it('creates a draft maintained by the affiliate, with the next code and its type tag, and opens it', async () => {
    const jar = await signInAs(ctx.app, 'affiliate@example.org');
    const response = await postNewItem(jar, { title: '  Holiday Club in a Box ', topic: 'Summer', [typeField]: refs.Equipment });
    expect(response.statusCode).toBe(303);
    const [created] = await ctx.database.db.select().from(items).orderBy(desc(items.id)).limit(1);
    expect(response.headers.location).toBe(`/i/${created.ref}`);
    expect(created).toMatchObject({
      title: 'Holiday Club in a Box',
      topic: 'Summer',
      visibility: VISIBILITY.DRAFT,
      minimumAccessLevel: LEVEL.LOGGED_IN,
      createdByUserId: await userIdOf(ctx.database, 'affiliate@example.org'),
      code: 'EQ-00043',
      showAsUserContributed: true,
    });
    const tagged = await ctx.database.db
      .select({ label: tags.label })
      .from(itemTags)
      .innerJoin(tags, eq(tags.id, itemTags.tagId))
      .where(eq(itemTags.itemId, created.id));
    expect(tagged).toEqual([{ label: 'Equipment' }]);

    jar.store(response);
    const { page } = await visit(ctx.app, '/draft', jar);
    expect(page.flash.notifications).toContainEqual(expect.objectContaining({ message: NEW_ITEM_MESSAGES.created, type: 'success' }));
    expect(page.props.items.data.map((item: { title: string }) => item.title)).toContain('Holiday Club in a Box');
  });

  it('redirects back with an error under each missing field and writes nothing', async () => {
    const jar = await signInAs(ctx.app, 'staff@example.org');
    const before = await itemCount();
    const response = await postNewItem(jar, { title: '   ', topic: 'x' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/item');
    jar.store(response);
    const { page } = await visit(ctx.app, '/item', jar);
    expectInertia(page).errors({ title: NEW_ITEM_MESSAGES.titleRequired, [typeField]: NEW_ITEM_MESSAGES.choose('Type') });
    expect(await itemCount()).toBe(before);
  });

  it('refuses a tag of another taxonomy as the type', async () => {
    const jar = await signInAs(ctx.app, 'staff@example.org');
    const response = await postNewItem(jar, { title: 'Wrong type', [typeField]: refs.Youth });
    jar.store(response);
    const { page } = await visit(ctx.app, '/item', jar);
    expectInertia(page).errors({ [typeField]: NEW_ITEM_MESSAGES.choose('Type') });
  });

  it('offers the required taxonomies only to viewers who may create', async () => {
    const affiliate = await visit(ctx.app, '/item', await signInAs(ctx.app, 'affiliate@example.org'));
    expect(affiliate.page.props.requiredTaxonomies.map((taxonomy: { title: string }) => taxonomy.title)).toEqual(['Type']);
    expectInertia(affiliate.page).prop('can.create', true);
    const anonymous = await visit(ctx.app, '/item');
    expectInertia(anonymous.page).prop('requiredTaxonomies', []);
  });

  it('gives items created at the same moment different codes', async () => {
    const viewerId = await userIdOf(ctx.database, 'staff@example.org');
    const viewer = {
      id: viewerId,
      ref: 'x',
      name: 'Staff',
      email: null,
      emailVerified: true,
      level: 4 as const,
      userTypeId: null,
      admin: false,
      superadmin: false,
      manager: false,
      manageUsers: false,
    };
    const created = await Promise.all(
      Array.from({ length: 4 }, (_, index) => createItem(ctx.database.db, viewer, { title: `Parallel ${index}`, topic: '', tagIds: [] })),
    );
    const codes = await ctx.database.db.select({ code: items.code, ref: items.ref }).from(items);
    const newCodes = codes.filter((row) => created.includes(row.ref)).map((row) => row.code);
    expect(new Set(newCodes).size).toBe(4);
  });
});
