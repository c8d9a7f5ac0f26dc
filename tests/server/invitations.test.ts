import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type UserInvitation } from '../../shared/invitations';
import { invitations, users, userTypes } from '../../server/db/schema';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, send, visit, xsrfHeader, nextPage } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { sessionAs, SIGN_IN_OFTEN } from '../support/sessions';
import { decodedBody, useSmtpServer } from '../support/smtp';
import { expectInertia } from '../../server/inertia/testing';

// One object: useSmtpServer adds SMTP_URL to it before the app is built.
const env: Record<string, string> = { APP_URL: 'http://localhost:3000', ...SIGN_IN_OFTEN };
const smtp = useSmtpServer(env);
const app = useTestApp({ env, seed: seedDemoAccounts });
const ctx = {
  get app() {
    return app.app;
  },
  db: () => app.app.db,
  as: (email: string | null) => sessionAs(app.app, email),
};

const ADMIN = 'admin@example.org';
const USER_MANAGER = 'usermanager@example.org';

async function userTypeId(title: string): Promise<number> {
  const [row] = await ctx.db().select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, title));
  return row.id;
}

async function userTypeOf(email: string): Promise<string> {
  const [row] = await ctx
    .db()
    .select({ title: userTypes.title })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.email, email));
  return row.title;
}

/** Creates an invitation through the route and answers it as its detail page shows it. */
async function createInvitation(jar: CookieJar, typeTitle: string, note = 'test'): Promise<UserInvitation> {
  const response = await send(ctx.app, jar, 'POST', '/user_invitation', { user_type_id: await userTypeId(typeTitle), note_to_self: note });
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/user_invitation\/[0-9a-z]{12}$/);
  const { page } = await visit(ctx.app, location, jar);
  expectInertia(page).component('user_invitation/Show');
  return page.props.invitation as UserInvitation;
}

/** The path of an accept link (`/invite/{token}`). */
function acceptPath(invitation: UserInvitation): string {
  expect(invitation.accept_link).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
  return new URL(invitation.accept_link!).pathname;
}

async function rowOf(ref: string) {
  const [row] = await ctx.db().select().from(invitations).where(eq(invitations.ref, ref));
  return row;
}

function statusOf(app: FastifyInstance, jar: CookieJar, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string) {
  if (method === 'GET') return visit(app, url, jar).then(({ response }) => response.statusCode);
  return send(app, jar, method, url).then((response) => response.statusCode);
}

describe('the invitation list', () => {
  it('is for admins and user managers only', async () => {
    for (const email of [null, 'member@example.org', 'staff@example.org', 'manager@example.org']) {
      const jar = await ctx.as(email);
      expect(await statusOf(ctx.app, jar, 'GET', '/user_invitation'), String(email)).toBe(403);
      expect(await statusOf(ctx.app, jar, 'GET', '/user_invitation/create'), String(email)).toBe(403);
    }
    for (const email of [ADMIN, USER_MANAGER]) {
      const { page } = await visit(ctx.app, '/user_invitation', await ctx.as(email));
      expectInertia(page).component('user_invitation/Index').prop('can.invite', true);
    }
  });

  it('starts empty, and /user_invitation/create opens the dialog with the types at or below the viewer level', async () => {
    const manager = await ctx.as(USER_MANAGER);
    const list = await visit(ctx.app, '/user_invitation', manager);
    expectInertia(list.page).props({ invitations: [], createOpen: false });
    const create = await visit(ctx.app, '/user_invitation/create', manager);
    expectInertia(create.page).prop('createOpen', true);
    expect(create.page.props.userTypes.map((t: { title: string }) => t.title)).toEqual(['Member', 'Affiliate', 'Leader']);
    const admin = await visit(ctx.app, '/user_invitation/create', await ctx.as(ADMIN));
    expect(admin.page.props.userTypes.map((t: { level: number }) => t.level)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('user managers see their own invitations, admins everyone’s', async () => {
    const manager = await ctx.as(USER_MANAGER);
    const admin = await ctx.as(ADMIN);
    const mine = await createInvitation(manager, 'Affiliate', 'from the user manager');
    const admins = await createInvitation(admin, 'Staff', 'from the admin');
    const managerList = (await visit(ctx.app, '/user_invitation', manager)).page.props.invitations as UserInvitation[];
    expect(managerList.map((i) => i.ref)).toContain(mine.ref);
    expect(managerList.map((i) => i.ref)).not.toContain(admins.ref);
    const adminList = (await visit(ctx.app, '/user_invitation', admin)).page.props.invitations as UserInvitation[];
    expect(adminList.map((i) => i.ref)).toEqual(expect.arrayContaining([mine.ref, admins.ref]));
    expect(await statusOf(ctx.app, manager, 'GET', `/user_invitation/${admins.ref}`)).toBe(403);
    expect(await statusOf(ctx.app, manager, 'DELETE', `/user_invitation/${admins.ref}`)).toBe(403);
    expectInertia((await visit(ctx.app, `/user_invitation/${mine.ref}`, admin)).page).prop('invitation.created_by', 'Kwame Boateng');
    expect(await statusOf(ctx.app, admin, 'GET', '/user_invitation/nosuchref000')).toBe(404);
  });
});

describe('creating an invitation', () => {
  it('makes an active invitation with a link and expiry from the server', async () => {
    const before = Date.now();
    const invitation = await createInvitation(await ctx.as(ADMIN), 'Leader', 'New chaplain');
    expect(invitation).toMatchObject({ state: 'active', expired: false, note_to_self: 'New chaplain', sent_to: [], accepted_by: null });
    expect(invitation.user_type).toMatchObject({ title: 'Leader', level: 3 });
    expect(invitation.link).toBe(`/user_invitation/${invitation.ref}`);
    const days = (Date.parse(invitation.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    expect(invitation.expires_in).toBe('in 14 days');
    const row = await rowOf(invitation.ref);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation.accept_link).not.toContain(row.tokenHash);
  });

  it('refuses a user type above the viewer level, and members altogether', async () => {
    const manager = await ctx.as(USER_MANAGER);
    const count = (await ctx.db().select().from(invitations)).length;
    const staff = await send(ctx.app, manager, 'POST', '/user_invitation', { user_type_id: await userTypeId('Staff'), note_to_self: '' });
    expect(staff.statusCode).toBe(403);
    const member = await send(ctx.app, await ctx.as('member@example.org'), 'POST', '/user_invitation', { user_type_id: await userTypeId('Member') });
    expect(member.statusCode).toBe(403);
    const anonymous = await send(ctx.app, await ctx.as(null), 'POST', '/user_invitation', { user_type_id: await userTypeId('Member') });
    expect(anonymous.statusCode).toBe(403);
    expect(await ctx.db().select().from(invitations)).toHaveLength(count);
  });

  it('reports a missing user type under user_type_id', async () => {
    const admin = await ctx.as(ADMIN);
    const response = await send(ctx.app, admin, 'POST', '/user_invitation', { note_to_self: 'no type' });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(ctx.app, admin)).errors.user_type_id).toBe(INVITATION_MESSAGES.userTypeRequired);
    await send(ctx.app, admin, 'POST', '/user_invitation', { user_type_id: 999_999 });
    expect((await nextPage(ctx.app, admin)).errors.user_type_id).toBe(INVITATION_MESSAGES.userTypeRequired);
  });

  it('refuses a user type id beyond any integer column under user_type_id, creating nothing', async () => {
    const admin = await ctx.as(ADMIN);
    const count = (await ctx.db().select().from(invitations)).length;
    const response = await send(ctx.app, admin, 'POST', '/user_invitation', { user_type_id: 2_147_483_648, note_to_self: 'too far' });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ user_type_id: INVITATION_MESSAGES.userTypeRequired });
    expect(await ctx.db().select().from(invitations)).toHaveLength(count);
  });
});

describe('sending an invitation to addresses', () => {
  it('sends nothing while any line is not an address, naming those lines under addresses', async () => {
    const admin = await ctx.as(ADMIN);
    const invitation = await createInvitation(admin, 'Affiliate');
    const response = await send(ctx.app, admin, 'POST', `/user_invitation/${invitation.ref}`, {
      addresses: 'first@example.com\nnot an address\n\n  Second@Example.com  \nbad@\nfirst@example.com',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/user_invitation/${invitation.ref}`);
    const { errors, notices } = await nextPage(ctx.app, admin);
    expect(errors).toEqual({ addresses: INVITATION_MESSAGES.invalidAddresses(['not an address', 'bad@']) });
    expect(errors.addresses).toBe('These lines are not an e-mail address: not an address, bad@. Nothing was sent: correct or remove them and send again.');
    expect(notices).not.toContain(INVITATION_MESSAGES.sent(2));
    expect(await ctx.app.mailOutbox.flush()).toBe(0);
    expect((await rowOf(invitation.ref)).sentTo).toEqual([]);
  });

  it('mails each address once when the corrected list is sent again, and records who it was sent to', async () => {
    const admin = await ctx.as(ADMIN);
    const invitation = await createInvitation(admin, 'Affiliate');
    const url = `/user_invitation/${invitation.ref}`;
    const seen = smtp.server.received.length;
    await send(ctx.app, admin, 'POST', url, { addresses: 'first@example.com\nsecond@example\nthird@example.com' });
    expect((await nextPage(ctx.app, admin)).errors).toEqual({ addresses: INVITATION_MESSAGES.invalidAddresses(['second@example']) });
    // The page keeps the text; the person corrects the one line and sends it all again.
    await send(ctx.app, admin, 'POST', url, { addresses: 'first@example.com\n  Second@Example.com  \nthird@example.com\nfirst@example.com' });
    const { errors, notices } = await nextPage(ctx.app, admin);
    expect(errors).toEqual({});
    expect(notices).toContain(INVITATION_MESSAGES.sent(3));

    expect(await ctx.app.mailOutbox.flush()).toBe(3);
    const mails = await Promise.all([0, 1, 2].map((index) => smtp.server.nextMessage(seen + index)));
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
    for (const mail of mails) {
      expect(mail.raw).toMatch(/Subject: Grace Adeyemi invites you to Equip as Affiliate/);
      expect(decodedBody(mail.raw)).toContain(invitation.accept_link);
    }
    expect(smtp.server.received.length).toBe(seen + 3);
    expect((await rowOf(invitation.ref)).sentTo).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
  });

  it('refuses an empty list, and an invitation that is no longer active', async () => {
    const admin = await ctx.as(ADMIN);
    const invitation = await createInvitation(admin, 'Affiliate');
    await send(ctx.app, admin, 'POST', `/user_invitation/${invitation.ref}`, { addresses: ' \n ' });
    expect((await nextPage(ctx.app, admin)).errors.addresses).toBe(INVITATION_MESSAGES.noAddresses);
    await ctx
      .db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.ref, invitation.ref));
    await send(ctx.app, admin, 'POST', `/user_invitation/${invitation.ref}`, { addresses: 'late@example.com' });
    expect((await nextPage(ctx.app, admin)).errors.addresses).toBe(INVITATION_MESSAGES.notSendable);
    expect(await ctx.app.mailOutbox.flush()).toBe(0);
    expect((await rowOf(invitation.ref)).sentTo).toEqual([]);
  });
});

describe('accepting an invitation', () => {
  it('raises the user type once; a second accept, by anyone, is refused', async () => {
    const invitation = await createInvitation(await ctx.as(ADMIN), 'Leader');
    const path = acceptPath(invitation);
    const member = await ctx.as('member@example.org');
    const { page } = await visit(ctx.app, path, member);
    expectInertia(page)
      .component('invite/Show')
      .props({ accept_link: path, current_user_type: 'Member', invitation: { from: 'Grace Adeyemi', user_type: { title: 'Leader' } } });

    const accepted = await send(ctx.app, member, 'POST', path);
    expect(accepted.statusCode).toBe(303);
    expect((await nextPage(ctx.app, member)).notices).toContain(INVITATION_MESSAGES.accepted('Leader'));
    expect(await userTypeOf('member@example.org')).toBe('Leader');
    const row = await rowOf(invitation.ref);
    expect(row.acceptedAt).not.toBeNull();

    expect((await send(ctx.app, member, 'POST', path)).statusCode).toBe(410);
    const affiliate = await ctx.as('affiliate@example.org');
    expect((await send(ctx.app, affiliate, 'POST', path)).statusCode).toBe(410);
    expect(await statusOf(ctx.app, affiliate, 'GET', path)).toBe(410);
    expect(await userTypeOf('affiliate@example.org')).toBe('Affiliate');
    const detail = await visit(ctx.app, `/user_invitation/${invitation.ref}`, await ctx.as(ADMIN));
    expectInertia(detail.page).props({ invitation: { state: 'accepted', accepted_by: 'Maya Thompson', accept_link: null } });
    await ctx
      .db()
      .update(users)
      .set({ userTypeId: await userTypeId('Member') })
      .where(eq(users.email, 'member@example.org'));
  });

  it('refuses an expired invitation with 410, which only then can be regenerated with a new link', async () => {
    const admin = await ctx.as(ADMIN);
    const invitation = await createInvitation(admin, 'Affiliate');
    const oldPath = acceptPath(invitation);
    expect((await send(ctx.app, admin, 'PATCH', `/user_invitation/${invitation.ref}`)).statusCode).toBe(409);

    await ctx
      .db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.ref, invitation.ref));
    const member = await ctx.as('member@example.org');
    const expired = await visit(ctx.app, oldPath, member);
    expect(expired.response.statusCode).toBe(410);
    expectInertia(expired.page).props({ status: 410, detail: INVITATION_MESSAGES.expired });
    expect((await send(ctx.app, member, 'POST', oldPath)).statusCode).toBe(410);
    expect(await userTypeOf('member@example.org')).toBe('Member');
    const shown = (await visit(ctx.app, `/user_invitation/${invitation.ref}`, admin)).page.props;
    expect(shown).toMatchObject({ canRegenerate: true, canSend: false, invitation: { state: 'expired', expired: true, accept_link: null } });

    const before = await rowOf(invitation.ref);
    expect((await send(ctx.app, admin, 'PATCH', `/user_invitation/${invitation.ref}`)).statusCode).toBe(303);
    const after = await rowOf(invitation.ref);
    expect(after.tokenHash).not.toBe(before.tokenHash);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const regenerated = (await visit(ctx.app, `/user_invitation/${invitation.ref}`, admin)).page.props.invitation as UserInvitation;
    expect(regenerated.state).toBe('active');
    const newPath = acceptPath(regenerated);
    expect(newPath).not.toBe(oldPath);
    expect(await statusOf(ctx.app, member, 'GET', oldPath)).toBe(410);
    expectInertia((await visit(ctx.app, newPath, member)).page).component('invite/Show');
  });

  it('shows the redundant page, with the exact text, when it grants no higher level, and refuses to accept it', async () => {
    const invitation = await createInvitation(await ctx.as(ADMIN), 'Affiliate');
    const path = acceptPath(invitation);
    const leader = await ctx.as('leader@example.org');
    const { page } = await visit(ctx.app, path, leader);
    expectInertia(page)
      .component('invite/Redundant')
      .prop('message', 'The invitation from Grace Adeyemi will not grant you a higher level of access than you already have, so cannot be accepted.');
    expect((await send(ctx.app, leader, 'POST', path)).statusCode).toBe(403);
    expect(await userTypeOf('leader@example.org')).toBe('Leader');
    expect((await rowOf(invitation.ref)).acceptedAt).toBeNull();
    // Admins act at level 6, so nothing raises them.
    expectInertia((await visit(ctx.app, path, await ctx.as(ADMIN))).page).component('invite/Redundant');
  });

  it('shows the invitation at /invite, and DELETE /invite declines it for good', async () => {
    const invitation = await createInvitation(await ctx.as(USER_MANAGER), 'Leader');
    const path = acceptPath(invitation);
    const member = await ctx.as('member@example.org');
    expect(await statusOf(ctx.app, member, 'GET', '/invite')).toBe(404);
    await visit(ctx.app, path, member);
    const shown = await visit(ctx.app, '/invite', member);
    expectInertia(shown.page)
      .component('invite/Show')
      .props({ accept_link: null, invitation: { from: 'Kwame Boateng' } });

    expect((await send(ctx.app, member, 'DELETE', '/invite')).statusCode).toBe(303);
    expect((await nextPage(ctx.app, member)).notices).toContain(INVITATION_MESSAGES.declined);
    const row = await rowOf(invitation.ref);
    expect(row.declinedAt).not.toBeNull();
    const [memberRow] = await ctx.db().select({ id: users.id }).from(users).where(eq(users.email, 'member@example.org'));
    expect(row.declinedByUserId).toBe(memberRow.id);
    expect((await send(ctx.app, member, 'POST', path)).statusCode).toBe(410);
    expect(await statusOf(ctx.app, await ctx.as('affiliate@example.org'), 'GET', path)).toBe(410);
    expect(await statusOf(ctx.app, member, 'DELETE', '/invite')).toBe(404);
    expect(await userTypeOf('member@example.org')).toBe('Member');
  });

  it('sends a visitor to sign in first, saying who invites and to what, and brings them back to the link', async () => {
    const invitation = await createInvitation(await ctx.as(ADMIN), 'Affiliate', 'Holiday club helpers');
    const path = acceptPath(invitation);
    const jar = await csrfJar(ctx.app);
    const first = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: jar.header(), accept: 'text/html' } });
    // The link is its own sign-in page: the providers come back to it, and it names the inviter and the user type.
    expect(first.statusCode).toBe(200);
    expectInertia(first)
      .component('auth/Login')
      .props({
        returnTo: path,
        invitation: { from: 'Grace Adeyemi', user_type: { title: 'Affiliate', level: 2, description: expect.any(String) } },
      });
    const props = expectInertia(first).page.props as Record<string, unknown>;
    expect(Object.keys(props.invitation as object).sort()).toEqual(['from', 'user_type']);
    expect(JSON.stringify(props)).not.toContain('Holiday club helpers');
    expect((props.providers as { href: string }[]).every((provider) => provider.href.endsWith(`?return_to=${encodeURIComponent(path)}`))).toBe(true);
    jar.store(first);
    expect((await send(ctx.app, jar, 'POST', path)).statusCode).toBe(403);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...xsrfHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'member@example.org' }).toString(),
    });
    jar.store(signIn);
    const home = await ctx.app.inject({ method: 'GET', url: String(signIn.headers.location), headers: { cookie: jar.header(), accept: 'text/html' } });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe(path);
    jar.store(home);
    const back = await visit(ctx.app, path, jar);
    expectInertia(back.page).component('invite/Show');
    // Only once: the next page is the page asked for.
    expectInertia((await visit(ctx.app, '/', jar)).page).component('Home');
  });

  it('says nothing of an invitation to a visitor whose link is unknown, expired or used: the plain sign-in', async () => {
    const expired = await createInvitation(await ctx.as(ADMIN), 'Leader');
    await ctx
      .db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.ref, expired.ref));
    for (const path of [acceptPath(expired), `/invite/${'A'.repeat(43)}`]) {
      const jar = await csrfJar(ctx.app);
      const response = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: jar.header(), accept: 'text/html' } });
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location).toBe(`/login?return_to=${encodeURIComponent(path)}`);
      expect(response.body).not.toContain('Grace Adeyemi');
    }
  });

  it('an unknown link answers 410', async () => {
    const member = await ctx.as('member@example.org');
    expect(await statusOf(ctx.app, member, 'GET', `/invite/${'A'.repeat(43)}`)).toBe(410);
    expect((await send(ctx.app, member, 'POST', `/invite/${'A'.repeat(43)}`)).statusCode).toBe(410);
  });
});

describe('deleting an invitation', () => {
  it('removes it, and its link stops working', async () => {
    const manager = await ctx.as(USER_MANAGER);
    const invitation = await createInvitation(manager, 'Member');
    const path = acceptPath(invitation);
    const response = await send(ctx.app, manager, 'DELETE', `/user_invitation/${invitation.ref}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/user_invitation');
    expect(await rowOf(invitation.ref)).toBeUndefined();
    expect(await statusOf(ctx.app, await ctx.as('member@example.org'), 'GET', path)).toBe(410);
  });
});
