import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SIGN_IN_HINT } from '../../shared/messages';
import { MY_AFFIRMATIONS_TEXTS, type AffirmedItem } from '../../shared/my-affirmations';
import { VISIBILITY } from '../../shared/enums';
import { affirmationOptions, itemAffirmations, items, users } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { OPTION_REFS, REFS, TITLES, callFromItemPage, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);
const MINUTE_MS = 60_000;

async function affirm(who: Who, ref: string, affirmation: string, value: number) {
  const response = await callFromItemPage(ctx, await jarOf(who), 'POST', `/i/${ref}/affirmation`, ref, { affirmation, value });
  expect(response.statusCode).toBe(303);
}

async function myAffirmations(who: Who, query = '') {
  return visit(ctx.app, `/affirmation${query}`, await jarOf(who));
}

async function listedRefs(who: Who, query = ''): Promise<string[]> {
  return ((await myAffirmations(who, query)).page.props.items.data as AffirmedItem[]).map((entry) => entry.item.ref);
}

async function idOf(table: typeof users | typeof affirmationOptions, column: 'email' | 'ref', value: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(column === 'email' ? (table as typeof users).email : (table as typeof affirmationOptions).ref, value));
  return row.id;
}

/** An affirmation stored as if given `minutesAgo`, so the order of the list is known. */
async function storeAffirmation(email: string, ref: string, optionRef: string, value: number, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * MINUTE_MS);
  await ctx.database.db.insert(itemAffirmations).values({
    itemId: await itemIdOf(ctx.database, ref),
    affirmationOptionId: await idOf(affirmationOptions, 'ref', optionRef),
    userId: await idOf(users, 'email', email),
    value,
    createdAt: at,
    updatedAt: at,
  });
}

describe('GET /affirmation (My Affirmations)', () => {
  it('refuses anonymous visitors with a hint to sign in', async () => {
    const { response, page } = await visit(ctx.app, '/affirmation');
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', SIGN_IN_HINT);
  });

  it('shows the empty state to someone who affirmed nothing', async () => {
    const { response, page } = await myAffirmations('affiliate');
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('affirmation/Index')
      .props({ items: { data: [] }, emptyText: MY_AFFIRMATIONS_TEXTS.empty, title: MY_AFFIRMATIONS_TEXTS.title });
    expect(page.props.items.links).toHaveLength(3);
    // Empty on any page: its empty state is true, so no page is past an end.
    expect((await myAffirmations('affiliate', '?page=3')).page.props.items).not.toHaveProperty('pastLastPage');
  });

  it('lists the items the viewer affirmed, newest first, with what they gave and the counts', async () => {
    await storeAffirmation('member@example.org', REFS.members, OPTION_REFS.helpful, 1, 30);
    await storeAffirmation('member@example.org', REFS.public, OPTION_REFS.outdated, 1, 20);
    await affirm('member', REFS.public, OPTION_REFS.helpful, 2);
    await affirm('member', REFS.unlisted, OPTION_REFS.helpful, 1);
    await affirm('member', REFS.unlisted, OPTION_REFS.helpful, 0);

    const { page } = await myAffirmations('member');
    const entries = page.props.items.data as AffirmedItem[];
    expect(entries.map((entry) => entry.item.ref)).toEqual([REFS.public, REFS.members]);
    const [onPublic, onMembers] = entries;
    expect(onPublic.item).toMatchObject({ title: TITLES.public, topic: 'Schools work' });
    expect(onPublic.mine).toEqual([
      { ref: OPTION_REFS.helpful, title: 'Helpful', is_negative: false, value: 2 },
      { ref: OPTION_REFS.outdated, title: 'Outdated', is_negative: true, value: 1 },
    ]);
    // The leader (strong), staff and the member approve; the manager and the member disapprove.
    expect(onPublic).toMatchObject({ affirmations: 5, affirmation_stars: 2, affirmation_text: '3 affirmations (2 strong), 2 disapprovals' });
    expect(onMembers.mine).toEqual([{ ref: OPTION_REFS.helpful, title: 'Helpful', is_negative: false, value: 1 }]);
    expect(onMembers.affirmation_text).toBe('1 affirmation');
  });

  it('keeps UNLISTED items the viewer affirmed, since they open by link', async () => {
    await affirm('affiliate', REFS.unlisted, OPTION_REFS.helpful, 1);
    expect(await listedRefs('affiliate')).toEqual([REFS.unlisted]);
  });

  it('drops an item once the viewer may no longer open it', async () => {
    await storeAffirmation('leader@example.org', REFS.members, OPTION_REFS.helpful, 1, 5);
    expect(await listedRefs('leader')).toContain(REFS.members);
    await ctx.database.db.update(items).set({ minimumAccessLevel: 4 }).where(eq(items.ref, REFS.members));
    const { response, page } = await myAffirmations('leader');
    expect(page.props.items.data.map((entry: AffirmedItem) => entry.item.ref)).not.toContain(REFS.members);
    expect(response.body).not.toContain(TITLES.members);
    expect(await listedRefs('member')).toEqual([REFS.public]);
    // Admins open every item, so it stays on theirs.
    await storeAffirmation('admin@example.org', REFS.members, OPTION_REFS.helpful, 1, 5);
    expect(await listedRefs('admin')).toContain(REFS.members);
    await ctx.database.db.update(items).set({ minimumAccessLevel: 1 }).where(eq(items.ref, REFS.members));
  });

  it('leaves out hidden items and items expired for the viewer, but keeps the expired item its maintainer affirmed', async () => {
    await storeAffirmation('staff@example.org', REFS.hidden, OPTION_REFS.helpful, 1, 3);
    await storeAffirmation('staff@example.org', REFS.expired, OPTION_REFS.helpful, 1, 2);
    const staff = await listedRefs('staff');
    expect(staff).not.toContain(REFS.hidden);
    expect(staff).not.toContain(REFS.expired);
    await storeAffirmation('leader@example.org', REFS.expired, OPTION_REFS.helpful, 1, 1);
    expect(await listedRefs('leader')).toContain(REFS.expired);
  });

  it('pages the grid, keeping the newest first', async () => {
    const team = await idOf(users, 'email', 'team@example.org');
    const helpful = await idOf(affirmationOptions, 'ref', OPTION_REFS.helpful);
    const created = await ctx.database.db
      .insert(items)
      .values(
        Array.from({ length: 26 }, (_, index) => ({
          ref: `itempaged${String(index).padStart(3, '0')}`,
          code: `EQ-1${String(index).padStart(4, '0')}`,
          title: `Paged item ${index}`,
          visibility: VISIBILITY.DISCOVERABLE,
          minimumAccessLevel: 0,
        })),
      )
      .returning({ id: items.id, ref: items.ref });
    await ctx.database.db.insert(itemAffirmations).values(
      created.map((item, index) => ({
        itemId: item.id,
        affirmationOptionId: helpful,
        userId: team,
        value: 1,
        updatedAt: new Date(Date.now() - (index + 1) * MINUTE_MS),
      })),
    );
    const first = (await myAffirmations('team')).page.props.items;
    expect(first.data).toHaveLength(24);
    expect(first.data[0].item.ref).toBe('itempaged000');
    expect(first.links.map((link: { label: string }) => link.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
    expect(first.links[3].url).toBe('/affirmation?page=2');
    const second = (await myAffirmations('team', '?page=2')).page.props.items;
    expect(second.data.map((entry: AffirmedItem) => entry.item.ref)).toEqual(['itempaged024', 'itempaged025']);
    expect(second).not.toHaveProperty('pastLastPage');
    // A page past the end says where the last one is, so the page does not claim the viewer affirmed nothing.
    expectInertia((await myAffirmations('team', '?page=5')).page)
      .prop('items.data', [])
      .prop('items.pastLastPage', { page: 5, lastPage: 2, lastPageUrl: '/affirmation?page=2' });
  });
});
