import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { EMPTY_STATES } from '../../shared/messages';
import { PAGINATION_LABELS, type PaginationLink } from '../../shared/pagination';
import { USER_LIST_PAGE_SIZE, USER_NOTICES } from '../../shared/users';
import type { DatabaseHandle } from '../../server/db/client';
import { changeHistory, comments, items, users, userTypes } from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/auth/session';
import { lockEmailAddress, verifyCurrentEmail } from '../../server/auth/verification';
import type { CookieJar } from '../support/app';
import { nextPage, send, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import { expectInertia } from '../../server/inertia/testing';

const MEMBER = 'member@example.org';
const AFFILIATE = 'affiliate@example.org';
const LEADER = 'leader@example.org';
const STAFF = 'staff@example.org';
const TEAM = 'team@example.org';
const ADMIN = 'admin@example.org';
const SUPERADMIN = 'superadmin@example.org';
const MANAGER = 'manager@example.org';
/** A user manager at level 4 (Staff) with the manage_users flag (the seed below raises the demo one). */
const USER_MANAGER = 'usermanager@example.org';
const SECOND_SUPERADMIN = 'second.super@example.net';

const OTHERS_MESSAGE = "To manage users or change someone's access, please contact your regional field contact and the Equip team.";
const MANAGERS_MESSAGE = "To manage users or change someone's access, please contact the Equip team.";

async function seed(handle: DatabaseHandle) {
  await seedDemoAccounts(handle);
  const types = await handle.db.select().from(userTypes);
  const typeId = (title: string) => types.find((type) => type.title === title)!.id;
  await handle.db
    .update(users)
    .set({ userTypeId: typeId('Staff') })
    .where(eq(users.email, USER_MANAGER));
  await handle.db.insert(users).values([
    { name: 'Second Super', email: SECOND_SUPERADMIN, userTypeId: typeId('Admin'), admin: true, superadmin: true },
    { name: 'Leader With Admin Flag', email: 'leader.admin@example.net', userTypeId: typeId('Leader'), admin: true },
    ...Array.from({ length: 30 }, (_, i) => ({
      name: `Crowd Person ${String(i).padStart(2, '0')}`,
      email: `crowd${i}@example.net`,
      userTypeId: typeId('Affiliate'),
    })),
  ]);
}

const context = useSessionTestApp({ seed });
const { db, as } = context;

async function userRow(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function userRowById(id: number) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function typeIdOf(title: string) {
  const [row] = await db().select().from(userTypes).where(eq(userTypes.title, title));
  return row!.id;
}

let itemNumber = 0;
async function createItem(ownerEmail: string, overrides: Partial<typeof items.$inferInsert> = {}) {
  const owner = await userRow(ownerEmail);
  itemNumber += 1;
  const [item] = await db()
    .insert(items)
    .values({
      code: `UT-${String(itemNumber).padStart(5, '0')}`,
      title: `User test item ${itemNumber}`,
      visibility: VISIBILITY.DISCOVERABLE,
      createdByUserId: owner.id,
      ...overrides,
    })
    .returning();
  return item!;
}

async function createComment(authorEmail: string, itemId: number, values: { approved?: boolean; flagged?: boolean; comment?: string } = {}) {
  const author = await userRow(authorEmail);
  const [comment] = await db()
    .insert(comments)
    .values({ itemId, userId: author.id, comment: values.comment ?? 'A helpful comment', ...values })
    .returning();
  return comment!;
}

/** A member of the crowd for tests that change or delete someone. */
let crowdIndex = 29;
async function crowdMember() {
  const row = await userRow(`crowd${crowdIndex}@example.net`);
  crowdIndex -= 1;
  return row;
}

async function listAs(jar: CookieJar, query = '') {
  return visit(context.app, `/user${query}`, jar);
}

describe('GET /user access', () => {
  it('refuses anonymous visitors with the plain 403 page', async () => {
    const { response, page } = await listAs(await as(null));
    expect(response.statusCode).toBe(403);
    expectInertia(page).component('errors/Error').prop('detail', null);
  });

  it('tells other signed-in users to contact their regional field contact and the provider’s team', async () => {
    for (const email of [MEMBER, LEADER, STAFF, TEAM]) {
      const { response, page } = await listAs(await as(email));
      expect(response.statusCode).toBe(403);
      expectInertia(page).prop('detail', OTHERS_MESSAGE);
      expect(JSON.stringify(page.props)).not.toContain('crowd0@example.net');
    }
  });

  it('tells managers to contact the provider’s team', async () => {
    const { response, page } = await listAs(await as(MANAGER));
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', MANAGERS_MESSAGE);
  });

  it('lists users for user managers, admins and superadmins', async () => {
    for (const email of [USER_MANAGER, ADMIN, SUPERADMIN]) {
      const { response, page } = await listAs(await as(email));
      expect(response.statusCode).toBe(200);
      expectInertia(page).component('user/Index').prop('total', 42);
      expect(page.props.users.data).toHaveLength(USER_LIST_PAGE_SIZE);
    }
  });
});

describe('GET /user search, level groups and paging', () => {
  const names = (page: { props: { users: { data: { name: string }[] } } }) => page.props.users.data.map((user) => user.name);
  const linkUrls = (page: { props: { users: { links: PaginationLink[] } } }) => page.props.users.links.map((link) => link.url);

  it('searches names and e-mails case-insensitively', async () => {
    const jar = await as(USER_MANAGER);
    expect(names((await listAs(jar, '?search=MAYA')).page)).toEqual(['Maya Thompson']);
    expect(names((await listAs(jar, '?search=Leader%40EXAMPLE')).page)).toEqual(['Sarah Okafor']);
    expectInertia((await listAs(jar, '?search=crowd')).page).prop('total', 30);
  });

  it('filters by the level groups of §9, admins counting at level 6', async () => {
    const jar = await as(ADMIN);
    const affiliates = (await listAs(jar, '?level=2')).page;
    expectInertia(affiliates).prop('filters', { search: '', level: '2' }).prop('total', 31);
    expect(affiliates.props.users.data.every((user: { level: number }) => user.level === 2)).toBe(true);

    expect(names((await listAs(jar, '?level=3')).page)).toEqual(['Sarah Okafor']);
    expect(names((await listAs(jar, '?level=4')).page).sort()).toEqual(['James Whitfield', 'Kwame Boateng', 'Rachel Hughes']);
    expect(names((await listAs(jar, '?level=5-6')).page).sort()).toEqual([
      'Grace Adeyemi',
      'Leader With Admin Flag',
      'Priya Patel',
      'Second Super',
      'Tom Fraser',
    ]);
  });

  it('combines search and level', async () => {
    const { page } = await listAs(await as(ADMIN), '?level=5-6&search=tom');
    expect(names(page)).toEqual(['Tom Fraser']);
  });

  it('reads an unknown level as All and a bad page as the first, and leaves the junk out of the page links', async () => {
    const { page } = await listAs(await as(ADMIN), '?level=7&page=abc&utm_source=mail');
    expectInertia(page).prop('filters.level', null).prop('total', 42);
    expect(page.props.users.links.find((link: PaginationLink) => link.active)?.label).toBe('1');
    expect(linkUrls(page)).toEqual(['', '/user', '/user?page=2', '/user?page=2']);
  });

  it('pages in name order, with Previous, the page numbers and Next as links', async () => {
    const jar = await as(ADMIN);
    const first = (await listAs(jar, '?page=1')).page;
    expect(first.props.users.data).toHaveLength(USER_LIST_PAGE_SIZE);
    expectInertia(first).prop('users.links', [
      { url: '', label: PAGINATION_LABELS.previous, active: false },
      { url: '/user', label: '1', active: true },
      { url: '/user?page=2', label: '2', active: false },
      { url: '/user?page=2', label: PAGINATION_LABELS.next, active: false },
    ]);
    const second = (await listAs(jar, '?page=2')).page;
    expectInertia(second).prop('total', 42);
    expect(second.props.users.data).toHaveLength(42 - USER_LIST_PAGE_SIZE);
    expectInertia(second).prop('users.links', [
      { url: '/user', label: PAGINATION_LABELS.previous, active: false },
      { url: '/user', label: '1', active: false },
      { url: '/user?page=2', label: '2', active: true },
      { url: '', label: PAGINATION_LABELS.next, active: false },
    ]);
    expect(second.props.users).not.toHaveProperty('pastLastPage');
    const all = [...names(first), ...names(second)];
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('keeps the search and level in every page link, and following Next shows the rest of the same filtered list', async () => {
    const jar = await as(ADMIN);
    const first = (await listAs(jar, '?search=Crowd%20Person&level=2')).page;
    expectInertia(first).prop('total', 30);
    expect(linkUrls(first)).toEqual([
      '',
      '/user?search=Crowd+Person&level=2',
      '/user?search=Crowd+Person&level=2&page=2',
      '/user?search=Crowd+Person&level=2&page=2',
    ]);
    const next = (await visit(context.app, first.props.users.links.at(-1).url, jar)).page;
    expectInertia(next).prop('filters', { search: 'Crowd Person', level: '2' });
    expect(names(next)).toEqual(['Crowd Person 25', 'Crowd Person 26', 'Crowd Person 27', 'Crowd Person 28', 'Crowd Person 29']);
    expect(next.props.users.links[0].url).toBe('/user?search=Crowd+Person&level=2');
  });

  it('says where the last page is when asked for one past the end, keeping the search and level in its address', async () => {
    const { response, page } = await listAs(await as(ADMIN), '?search=Crowd%20Person&level=2&page=9');
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .prop('users.data', [])
      .prop('total', 30)
      .prop('users.pastLastPage', { page: 9, lastPage: 2, lastPageUrl: '/user?search=Crowd+Person&level=2&page=2' });
  });

  it('answers an empty list when nothing matches (the page shows the empty-state text)', async () => {
    const { page } = await listAs(await as(ADMIN), '?search=nobody-by-this-name');
    expectInertia(page).prop('users.data', []).prop('total', 0);
    expect(linkUrls(page)).toEqual(['', '/user?search=nobody-by-this-name', '']);
    expect(page.props.users).not.toHaveProperty('pastLastPage');
    // Empty on any page: no page of it is past an end, so its empty state stays.
    expect((await listAs(await as(ADMIN), '?search=nobody-by-this-name&page=3')).page.props.users).not.toHaveProperty('pastLastPage');
    expect(EMPTY_STATES.users).toBe('No users matched your request. Try removing some filters');
  });

  it('marks users above the viewer’s level as not openable', async () => {
    const { page } = await listAs(await as(USER_MANAGER), '?level=5-6');
    expect(page.props.users.data.every((user: { openable: boolean }) => !user.openable)).toBe(true);
    const staff = (await listAs(await as(USER_MANAGER), '?level=4')).page;
    expect(staff.props.users.data.every((user: { openable: boolean }) => user.openable)).toBe(true);
  });
});

describe('GET /user/{ref}', () => {
  it('shows name, e-mail, phone, user type, login provider, items created and comments', async () => {
    const member = await userRow(MEMBER);
    await db().update(users).set({ phone: '+44 1234 567890', loginUsing: 'google' }).where(eq(users.id, member.id));
    const published = await createItem(MEMBER, { title: 'Published by Maya' });
    await createItem(MEMBER, { title: 'Maya draft', visibility: VISIBILITY.DRAFT });
    const comment = await createComment(MEMBER, published.id, { comment: 'Lovely resource' });

    const { response, page } = await visit(context.app, `/user/${member.ref}`, await as(ADMIN));
    expect(response.statusCode).toBe(200);
    expectInertia(page).component('user/Show');
    const user = page.props.user;
    expect(user).toMatchObject({
      ref: member.ref,
      name: 'Maya Thompson',
      email: MEMBER,
      phone: '+44 1234 567890',
      login_using: 'google',
      user_type: { id: member.userTypeId, level: 1, title: 'Member', description: expect.stringContaining('signed up') },
    });
    expect(user.items_created.map((item: { title: string }) => item.title)).toEqual(['Maya draft', 'Published by Maya']);
    expect(user.comments).toEqual([
      { ref: comment.ref, comment: 'Lovely resource', item_ref: published.ref, item_title: 'Published by Maya', flagged: false, approved: false },
    ]);
    // Delete's dialog says what deleting them changes, counted whole; only those who may delete are told.
    expect(page.props.deletion).toEqual({
      impact: expect.objectContaining({ comments: 1, itemsMaintained: 2, collections: 0, personPage: false }),
      retentionDays: 30,
    });
    const own = await visit(context.app, `/user/${(await userRow(USER_MANAGER)).ref}`, await as(USER_MANAGER));
    expect(own.page.props.can.delete).toBe(false);
    expect(own.page.props.deletion).toBeNull();
  });

  it('lists only the items created that the viewer may open', async () => {
    const leader = await userRow(LEADER);
    await createItem(LEADER, { title: 'Leader public item' });
    await createItem(LEADER, { title: 'Leader draft item', visibility: VISIBILITY.DRAFT });
    await createItem(LEADER, { title: 'Leader team item', minimumAccessLevel: 5 });
    const { page } = await visit(context.app, `/user/${leader.ref}`, await as(USER_MANAGER));
    expect(page.props.user.items_created.map((item: { title: string }) => item.title)).toEqual(['Leader public item']);
  });

  it('refuses a user manager a user above their level, with the provider-team message', async () => {
    const jar = await as(USER_MANAGER);
    for (const email of [TEAM, ADMIN, 'leader.admin@example.net']) {
      const { response, page } = await visit(context.app, `/user/${(await userRow(email)).ref}`, jar);
      expect(response.statusCode).toBe(403);
      expectInertia(page).prop('detail', MANAGERS_MESSAGE);
      expect(JSON.stringify(page.props)).not.toContain(email);
    }
  });

  it('refuses an admin a superadmin, but not a superadmin', async () => {
    const superRef = (await userRow(SUPERADMIN)).ref;
    expect((await visit(context.app, `/user/${superRef}`, await as(ADMIN))).response.statusCode).toBe(403);
    expect((await visit(context.app, `/user/${(await userRow(SECOND_SUPERADMIN)).ref}`, await as(SUPERADMIN))).response.statusCode).toBe(200);
  });

  it('refuses members with the contact message and answers 404 for an unknown user', async () => {
    const { response, page } = await visit(context.app, `/user/${(await userRow(AFFILIATE)).ref}`, await as(MEMBER));
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', OTHERS_MESSAGE);
    expect((await visit(context.app, '/user/unknownref42', await as(ADMIN))).response.statusCode).toBe(404);
  });

  it('gives a user manager the user types up to their own level and no admin flags', async () => {
    const { page } = await visit(context.app, `/user/${(await userRow(AFFILIATE)).ref}`, await as(USER_MANAGER));
    expect(page.props.userTypeChoices.map((type: { level: number }) => type.level)).toEqual([1, 2, 3, 4]);
    expectInertia(page).prop('permissions', {
      changeUserType: true,
      flags: { admin: false, superadmin: false, manager: false, manage_users: false },
    });
  });

  it('lets a superadmin set every flag, and keeps one’s own type and flags fixed', async () => {
    const affiliate = await visit(context.app, `/user/${(await userRow(AFFILIATE)).ref}`, await as(SUPERADMIN));
    expectInertia(affiliate.page).prop('permissions.flags', { admin: true, superadmin: true, manager: true, manage_users: true });
    const self = await visit(context.app, `/user/${(await userRow(SUPERADMIN)).ref}`, await as(SUPERADMIN));
    expectInertia(self.page)
      .props({ permissions: { changeUserType: false } })
      .prop('permissions.flags.admin', false);
  });

  const ACTIONS = ['update', 'delete', 'flag_comments', 'impersonate'] as const;
  it.each([
    ['a user manager, another user', USER_MANAGER, AFFILIATE, { update: true, delete: true, flag_comments: true, impersonate: false }],
    ['a user manager, themself', USER_MANAGER, USER_MANAGER, { update: true, delete: false, flag_comments: true, impersonate: false }],
    ['an admin, another user', ADMIN, LEADER, { update: true, delete: true, flag_comments: true, impersonate: false }],
    ['an admin, another admin', ADMIN, 'leader.admin@example.net', { update: true, delete: true, flag_comments: true, impersonate: false }],
    ['a superadmin, another user', SUPERADMIN, AFFILIATE, { update: true, delete: true, flag_comments: true, impersonate: true }],
    ['a superadmin, another superadmin', SUPERADMIN, SECOND_SUPERADMIN, { update: true, delete: true, flag_comments: true, impersonate: true }],
    ['a superadmin, themself', SUPERADMIN, SUPERADMIN, { update: true, delete: false, flag_comments: true, impersonate: false }],
  ] as const)('sends can flags that say what %s may do, as the calls answer', async (_, viewer, subject, expected) => {
    const { page } = await visit(context.app, `/user/${(await userRow(subject)).ref}`, await as(viewer));
    expect(Object.fromEntries(ACTIONS.map((action) => [action, page.props.can[action]]))).toEqual(expected);
  });

  it('refuses the calls the can flags leave out, and allows the ones they offer', async () => {
    const manager = await as(USER_MANAGER);
    const self = await userRow(USER_MANAGER);
    const { page } = await visit(context.app, `/user/${self.ref}`, manager);
    expectInertia(page).props({ can: { delete: false, impersonate: false, update: true } });
    expect((await send(context.app, manager, 'DELETE', `/user/${self.ref}`)).statusCode).toBe(403);
    expect((await send(context.app, manager, 'POST', `/user/${self.ref}/impersonate`)).statusCode).toBe(403);
    expect((await send(context.app, manager, 'PATCH', `/user/${self.ref}`, { phone: '+44 20 0000 0000' })).statusCode).toBe(303);
    expect((await userRow(USER_MANAGER)).phone).toBe('+44 20 0000 0000');
  });
});

describe('PATCH /user/{ref}', () => {
  async function patch(email: string, ref: string, body: unknown) {
    const jar = await as(email);
    const response = await send(context.app, jar, 'PATCH', `/user/${ref}`, body);
    return { response, jar };
  }

  it('saves one field with a Saved notice', async () => {
    const target = await crowdMember();
    const { response, jar } = await patch(USER_MANAGER, target.ref, { name: '  Renamed Person  ' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/user/${target.ref}`);
    expect((await userRow(target.email!)).name).toBe('Renamed Person');
    expect((await nextPage(context.app, jar)).notices).toEqual(['Saved']);
  });

  it('refuses to raise a user above the editor’s own level, with an error under user_type_id', async () => {
    const target = await crowdMember();
    const { response, jar } = await patch(USER_MANAGER, target.ref, { user_type_id: await typeIdOf('Equip Team') });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(context.app, jar)).errors).toEqual({ user_type_id: 'You cannot give a user type above your own level.' });
    expect((await userRow(target.email!)).userTypeId).toBe(target.userTypeId);
  });

  it('lets a user manager give a type up to their own level', async () => {
    const target = await crowdMember();
    await patch(USER_MANAGER, target.ref, { user_type_id: String(await typeIdOf('Staff')) });
    expect((await userRow(target.email!)).userTypeId).toBe(await typeIdOf('Staff'));
  });

  it('refuses changing one’s own user type and an unknown type, under the field', async () => {
    const self = await userRow(USER_MANAGER);
    const own = await patch(USER_MANAGER, self.ref, { user_type_id: await typeIdOf('Leader') });
    expect((await nextPage(context.app, own.jar)).errors).toEqual({ user_type_id: 'You cannot change your own user type.' });
    const target = await crowdMember();
    const unknown = await patch(ADMIN, target.ref, { user_type_id: 99999 });
    expect((await nextPage(context.app, unknown.jar)).errors).toEqual({ user_type_id: 'Choose one of the user types.' });
    expect((await userRow(USER_MANAGER)).userTypeId).toBe(self.userTypeId);
  });

  it('refuses a user type id beyond any integer column under the field, changing nothing', async () => {
    const target = await crowdMember();
    for (const userTypeId of [2_147_483_648, '2147483648']) {
      const { response, jar } = await patch(ADMIN, target.ref, { user_type_id: userTypeId });
      expect(response.statusCode).toBe(303);
      expect((await nextPage(context.app, jar)).errors).toEqual({ user_type_id: 'Choose one of the user types.' });
    }
    expect((await userRow(target.email!)).userTypeId).toBe(target.userTypeId);
  });

  it('refuses editing a user above one’s level with 403, changing nothing', async () => {
    const team = await userRow(TEAM);
    const { response } = await patch(USER_MANAGER, team.ref, { name: 'Taken over' });
    expect(response.statusCode).toBe(403);
    expect((await userRow(TEAM)).name).toBe(team.name);
  });

  it('keeps permission flags for admins, and the superadmin flag for superadmins', async () => {
    const target = await crowdMember();
    expect((await patch(USER_MANAGER, target.ref, { manage_users: true })).response.statusCode).toBe(403);
    expect((await patch(ADMIN, target.ref, { superadmin: true })).response.statusCode).toBe(403);
    expect((await patch(ADMIN, target.ref, { manage_users: 'true' })).response.statusCode).toBe(303);
    expect((await patch(SUPERADMIN, target.ref, { superadmin: true })).response.statusCode).toBe(303);
    const row = await userRow(target.email!);
    expect(row.manageUsers).toBe(true);
    expect(row.superadmin).toBe(true);
    expect((await patch(ADMIN, (await userRow(ADMIN)).ref, { admin: false })).response.statusCode).toBe(403);
  });

  it('keeps e-mails unique case-insensitively and resets verification on a new address', async () => {
    const target = await crowdMember();
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, target.id));
    const taken = await patch(ADMIN, target.ref, { email: 'MEMBER@example.org' });
    expect((await nextPage(context.app, taken.jar)).errors).toEqual({ email: 'Another user already has this e-mail address.' });
    const invalid = await patch(ADMIN, target.ref, { email: 'not an address' });
    expect((await nextPage(context.app, invalid.jar)).errors).toEqual({ email: 'Enter a valid e-mail address.' });
    await patch(ADMIN, target.ref, { email: 'fresh.address@example.net' });
    const row = await userRow('fresh.address@example.net');
    expect(row.id).toBe(target.id);
    expect(row.emailVerifiedAt).toBeNull();
  });

  it('gives an address another account merely typed, answering as for any free address, and leaves the claims to the proof', async () => {
    const target = await crowdMember();
    const claimant = await crowdMember();
    await db().update(users).set({ email: 'typed.elsewhere@example.net', emailVerifiedAt: null }).where(eq(users.id, claimant.id));

    const given = await patch(USER_MANAGER, target.ref, { email: 'Typed.Elsewhere@example.net' });
    expect(given.response.statusCode).toBe(303);
    const answer = await nextPage(context.app, given.jar);
    expect(answer.errors).toEqual({});
    expect(answer.notices).toEqual(['Saved']);
    // Set by someone else, so not proven: both claims stand, neither verified.
    const [targetRow, claimantRow] = [await userRowById(target.id), await userRowById(claimant.id)];
    expect(targetRow).toMatchObject({ email: 'Typed.Elsewhere@example.net', emailVerifiedAt: null });
    expect(claimantRow).toMatchObject({ email: 'typed.elsewhere@example.net', emailVerifiedAt: null });

    // The owner proves it (the verification link's step): the other claim is dropped.
    await db().transaction(async (tx) => {
      await lockEmailAddress(tx, 'typed.elsewhere@example.net');
      expect(await verifyCurrentEmail(tx, target.id, 'typed.elsewhere@example.net', new Date())).toBe(true);
    });
    expect((await userRowById(claimant.id)).email).toBeNull();
    // Now held verified, it is taken for everyone else.
    const taken = await patch(USER_MANAGER, claimant.ref, { email: 'typed.elsewhere@example.net' });
    expect((await nextPage(context.app, taken.jar)).errors).toEqual({ email: 'Another user already has this e-mail address.' });
    expect((await userRowById(claimant.id)).email).toBeNull();
  });

  it('validates the name and phone under their fields', async () => {
    const target = await crowdMember();
    const blank = await patch(ADMIN, target.ref, { name: '   ' });
    expect((await nextPage(context.app, blank.jar)).errors).toEqual({ name: 'The name is required.' });
    const long = await patch(ADMIN, target.ref, { phone: '1'.repeat(41) });
    expect((await nextPage(context.app, long.jar)).errors).toEqual({ phone: 'This may be at most 40 characters.' });
    await patch(ADMIN, target.ref, { phone: '' });
    expect((await userRow(target.email!)).phone).toBeNull();
  });

  it('answers 400 for a body without exactly one known field', async () => {
    const target = await crowdMember();
    for (const body of [{}, { name: 'A', phone: '1' }, { id: 5 }, { ref: 'x' }]) {
      expect((await patch(ADMIN, target.ref, body)).response.statusCode).toBe(400);
    }
  });
});

describe('DELETE /user/{ref}', () => {
  it('deletes a user; their items stay without a maintainer and their comments without an author', async () => {
    const target = await crowdMember();
    const item = await createItem(target.email!);
    const comment = await createComment(target.email!, item.id);
    const jar = await as(USER_MANAGER);
    const response = await send(context.app, jar, 'DELETE', `/user/${target.ref}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/user');
    expect(await db().select().from(users).where(eq(users.id, target.id))).toEqual([]);
    expect((await db().select().from(items).where(eq(items.id, item.id)))[0]?.createdByUserId).toBeNull();
    expect((await db().select().from(comments).where(eq(comments.id, comment.id)))[0]?.userId).toBeNull();
    expect((await nextPage(context.app, jar)).notices).toEqual([`Deleted ${target.name}`]);
    const [audit] = await db().select().from(changeHistory).where(eq(changeHistory.kind, 'delete_user'));
    expect(audit).toMatchObject({ actorUserId: (await userRow(USER_MANAGER)).id, changes: { ref: target.ref, name: target.name } });
  });

  it('refuses deleting oneself and anyone above one’s level', async () => {
    const jar = await as(USER_MANAGER);
    for (const email of [USER_MANAGER, TEAM, ADMIN]) {
      const response = await send(context.app, jar, 'DELETE', `/user/${(await userRow(email)).ref}`);
      expect(response.statusCode).toBe(403);
      await userRow(email);
    }
  });

  it('refuses members and requires the CSRF token', async () => {
    const target = await crowdMember();
    expect((await send(context.app, await as(MEMBER), 'DELETE', `/user/${target.ref}`)).statusCode).toBe(403);
    const jar = await as(ADMIN);
    const withoutToken = await context.app.inject({ method: 'DELETE', url: `/user/${target.ref}`, headers: { cookie: jar.header() } });
    expect(withoutToken.statusCode).toBe(403);
    await userRow(target.email!);
  });
});

describe('POST /user/{ref}/flag_all_unapproved_comments', () => {
  it('flags every unapproved comment of the user and tells how many', async () => {
    const author = await crowdMember();
    const item = await createItem(ADMIN);
    const first = await createComment(author.email!, item.id);
    const second = await createComment(author.email!, item.id, { flagged: true });
    const approved = await createComment(author.email!, item.id, { approved: true });
    const someoneElse = await createComment(MEMBER, item.id);

    const jar = await as(USER_MANAGER);
    const response = await send(context.app, jar, 'POST', `/user/${author.ref}/flag_all_unapproved_comments`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/user/${author.ref}`);
    expect((await nextPage(context.app, jar)).notices).toEqual(['Flagged 2 unapproved comments']);
    const flagged = async (id: number) => (await db().select().from(comments).where(eq(comments.id, id)))[0]!.flagged;
    expect(await flagged(first.id)).toBe(true);
    expect(await flagged(second.id)).toBe(true);
    expect(await flagged(approved.id)).toBe(false);
    expect(await flagged(someoneElse.id)).toBe(false);
  });

  it('says so for a single comment, and refuses members and users above the viewer', async () => {
    const author = await crowdMember();
    await createComment(author.email!, (await createItem(ADMIN)).id);
    const jar = await as(ADMIN);
    await send(context.app, jar, 'POST', `/user/${author.ref}/flag_all_unapproved_comments`);
    expect((await nextPage(context.app, jar)).notices).toEqual(['Flagged 1 unapproved comment']);
    expect((await send(context.app, await as(MEMBER), 'POST', `/user/${author.ref}/flag_all_unapproved_comments`)).statusCode).toBe(403);
    expect((await send(context.app, await as(USER_MANAGER), 'POST', `/user/${(await userRow(TEAM)).ref}/flag_all_unapproved_comments`)).statusCode).toBe(403);
  });
});

describe('impersonation', () => {
  async function auditRows(action: string, actorEmail: string) {
    const actor = await userRow(actorEmail);
    return db()
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.kind, action), eq(changeHistory.actorUserId, actor.id)));
  }

  it('lets a superadmin act as a user: new session id, audit row, the banner prop, and a way back', async () => {
    const jar = await as(SUPERADMIN);
    const before = jar.get(SESSION_COOKIE);
    const member = await userRow(MEMBER);
    const response = await send(context.app, jar, 'POST', `/user/${member.ref}/impersonate`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(jar.get(SESSION_COOKIE)).not.toBe(before);

    const acting = await visit(context.app, '/', jar);
    expectInertia(acting.page)
      .prop('auth.user', { ref: member.ref, name: 'Maya Thompson' })
      .prop('auth.impersonating', { name: 'Tom Fraser' })
      .prop('auth.admin', false);
    expect(acting.page.flash.notifications.map((n: { message: string }) => n.message)).toEqual(['You are now acting as Maya Thompson']);
    const [audit] = await auditRows('impersonate', SUPERADMIN);
    expect(audit).toMatchObject({ subjectUserId: member.id });

    const back = await send(context.app, jar, 'POST', '/user/stop_impersonating');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/user/${member.ref}`);
    const restored = await visit(context.app, '/', jar);
    expectInertia(restored.page).prop('auth.user.name', 'Tom Fraser').prop('auth.impersonating', null).prop('auth.admin', true);
    const [stopped] = await auditRows('stop_impersonating', SUPERADMIN);
    expect(stopped).toMatchObject({ subjectUserId: member.id });
  });

  it('sends impersonating: null when not acting as anyone', async () => {
    expectInertia((await visit(context.app, '/', await as(ADMIN))).page).prop('auth.impersonating', null);
  });

  it('refuses admins who are not superadmins, and user managers', async () => {
    const member = await userRow(AFFILIATE);
    for (const email of [ADMIN, USER_MANAGER]) {
      const jar = await as(email);
      expect((await send(context.app, jar, 'POST', `/user/${member.ref}/impersonate`)).statusCode).toBe(403);
      expect((await visit(context.app, '/', jar)).page.props.auth.user.name).not.toBe('Daniel Mensah');
    }
  });

  it('refuses acting as oneself, and acting again while acting as someone', async () => {
    const jar = await as(SUPERADMIN);
    expect((await send(context.app, jar, 'POST', `/user/${(await userRow(SUPERADMIN)).ref}/impersonate`)).statusCode).toBe(403);
    expect((await send(context.app, jar, 'POST', `/user/${(await userRow(SECOND_SUPERADMIN)).ref}/impersonate`)).statusCode).toBe(303);
    const again = await send(context.app, jar, 'POST', `/user/${(await userRow(AFFILIATE)).ref}/impersonate`);
    expect(again.statusCode).toBe(403);
    const page = (await visit(context.app, '/', jar)).page;
    expectInertia(page).prop('auth.user.name', 'Second Super').prop('auth.impersonating', { name: 'Tom Fraser' });
  });

  it('requires the CSRF token and writes nothing without it', async () => {
    const jar = await as(SUPERADMIN);
    const member = await userRow(LEADER);
    const before = (await auditRows('impersonate', SUPERADMIN)).length;
    const response = await context.app.inject({ method: 'POST', url: `/user/${member.ref}/impersonate`, headers: { cookie: jar.header() } });
    expect(response.statusCode).toBe(403);
    expect(await auditRows('impersonate', SUPERADMIN)).toHaveLength(before);
    expectInertia((await visit(context.app, '/', jar)).page).prop('auth.user.name', 'Tom Fraser');
  });

  it('returns a superadmin to their own account when the person they act as is deleted, with a notice and an audit row', async () => {
    const target = await crowdMember();
    // Two browsers of the same superadmin, both acting as the target.
    const browsers = [await as(SUPERADMIN), await as(SUPERADMIN)];
    for (const jar of browsers) expect((await send(context.app, jar, 'POST', `/user/${target.ref}/impersonate`)).statusCode).toBe(303);
    expectInertia((await visit(context.app, '/', browsers[0]!)).page).prop('auth.user.name', target.name);

    expect((await send(context.app, await as(ADMIN), 'DELETE', `/user/${target.ref}`)).statusCode).toBe(303);

    for (const jar of browsers) {
      const back = await visit(context.app, '/', jar);
      expectInertia(back.page).prop('auth.user.name', 'Tom Fraser').prop('auth.impersonating', null).prop('auth.admin', true);
      expect(back.page.flash.notifications.map((n: { message: string }) => n.message)).toEqual([USER_NOTICES.actedAsDeleted(target.name)]);
      // The same session goes on: a state-changing call with its CSRF token is accepted.
      expect((await send(context.app, jar, 'POST', `/user/${(await userRow(MEMBER)).ref}/flag_all_unapproved_comments`)).statusCode).toBe(303);
    }
    const stopped = (await auditRows('stop_impersonating', SUPERADMIN)).filter((row) => (row.changes as { ref?: string }).ref === target.ref);
    expect(stopped).toHaveLength(2);
    for (const row of stopped) expect(row).toMatchObject({ subjectUserId: null, changes: { ref: target.ref, reason: 'user deleted' } });
  });

  it('answers 400 to stop_impersonating when not acting as anyone', async () => {
    const response = await send(context.app, await as(ADMIN), 'POST', '/user/stop_impersonating');
    expect(response.statusCode).toBe(400);
  });
});
