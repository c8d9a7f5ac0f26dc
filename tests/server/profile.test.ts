import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import { PERSON_TAG_LABEL, PROFILE_MESSAGES, TYPE_TAXONOMY_TITLE } from '../../shared/profile';
import { AUTH_NOTICES } from '../../server/auth/messages';
import type { DatabaseHandle } from '../../server/db/client';
import { itemTags, items, mailOutbox, tags, taxonomies, users } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { csrfJar, nextPage, send, signInAs, visit, xsrfHeader } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { decodedBody, useSmtpServer } from '../support/smtp';
import { expectInertia } from '../../server/inertia/testing';

async function seed(handle: DatabaseHandle) {
  await seedDemoAccounts(handle);
  const [type] = await handle.db.insert(taxonomies).values({ title: TYPE_TAXONOMY_TITLE, required: true }).returning({ id: taxonomies.id });
  await handle.db.insert(tags).values(['Resource', PERSON_TAG_LABEL].map((label, position) => ({ taxonomyId: type.id, label, position })));
}

const env: Record<string, string> = { APP_URL: 'http://localhost:3000', MAIL_FROM: 'Equip <no-reply@equip.test>' };
const smtp = useSmtpServer(env);
const ctx = useTestApp({ env, seed });

const userByEmail = async (email: string) => (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0];

function verificationPath(raw: string): string {
  const match = /http:\/\/localhost:3000(\/profile\/verify\/[A-Za-z0-9_-]{43})/.exec(decodedBody(raw));
  if (!match) throw new Error(`no verification link in:\n${raw}`);
  return match[1];
}

describe('the profile for anonymous visitors', () => {
  it('GET /profile gives the 403 page with the sign-in hint', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/profile' });
    expect(response.statusCode).toBe(403);
    expectInertia(response).props({ status: 403, title: ERROR_PAGES[403].title, detail: SIGN_IN_HINT });
  });

  it('POST /profile/email and /profile/create_own_person_page are refused', async () => {
    const jar = await csrfJar(ctx.app);
    const email = await ctx.app.inject({ method: 'POST', url: '/profile/email', headers: xsrfHeader(jar), payload: { email: 'someone@example.org' } });
    expect(email.statusCode).toBe(403);
    const person = await ctx.app.inject({ method: 'POST', url: '/profile/create_own_person_page', headers: xsrfHeader(jar) });
    expect(person.statusCode).toBe(403);
    expect(await ctx.app.db.select().from(mailOutbox)).toEqual([]);
    expect(await ctx.app.db.select().from(items)).toEqual([]);
  });
});

describe('the profile page', () => {
  it('shows name, e-mail with its state, login provider and user type', async () => {
    await ctx.app.db.update(users).set({ loginUsing: 'google' }).where(eq(users.email, 'leader@example.org'));
    const jar = await signInAs(ctx.app, 'leader@example.org');
    const { response, page } = await visit(ctx.app, '/profile', jar);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expectInertia(page)
      .component('profile/Show')
      .props({
        user: { name: 'Sarah Okafor', email: 'leader@example.org', email_verified: true, login_using: 'google', user_type: { title: 'Leader', level: 3 } },
      })
      .prop('personItem', null)
      .prop('can.create_self_item', true)
      .prop('emailPromptOpen', false);

    const prompted = await visit(ctx.app, '/profile?email=1', jar);
    expectInertia(prompted.page).prop('emailPromptOpen', true);
    const unverified = await visit(ctx.app, '/profile', await signInAs(ctx.app, 'unverified@example.org'));
    expectInertia(unverified.page).props({ user: { email: 'unverified@example.org', email_verified: false, login_using: null } });
  });

  it('opens the e-mail prompt when the address is missing', async () => {
    const jar = await signInAs(ctx.app, 'staff@example.org');
    await ctx.app.db.update(users).set({ email: null, emailVerifiedAt: null }).where(eq(users.email, 'staff@example.org'));
    const { page } = await visit(ctx.app, '/profile', jar);
    expectInertia(page)
      .props({ user: { email: null, email_verified: false } })
      .prop('emailPromptOpen', true)
      .props({ auth: { email_missing: true } });
  });
});

describe('POST /profile/email', () => {
  it('refuses an address that is not one', async () => {
    const jar = await signInAs(ctx.app, 'affiliate@example.org');
    const response = await send(ctx.app, jar, 'POST', '/profile/email', { email: 'not an address' });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ email: PROFILE_MESSAGES.emailInvalid });
    expect((await userByEmail('affiliate@example.org')).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('answers an address another account holds verified as any other, keeps it theirs, and mails them nothing', async () => {
    const [affiliateType] = await ctx.app.db.select({ id: users.userTypeId }).from(users).where(eq(users.email, 'affiliate@example.org'));
    await ctx.app.db.insert(users).values({ name: 'Holder', email: 'holder@example.net', emailVerifiedAt: new Date(), userTypeId: affiliateType!.id });
    const jar = await signInAs(ctx.app, 'affiliate@example.org');
    const response = await send(ctx.app, jar, 'POST', '/profile/email', { email: '  Holder@Example.NET ' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profile');
    const { errors, notices } = await nextPage(ctx.app, jar);
    expect(errors).toEqual({});
    expect(notices).toContain(PROFILE_MESSAGES.emailSaved('holder@example.net'));

    const holders = await ctx.app.db.select({ name: users.name, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, 'holder@example.net'));
    expect(holders).toEqual(
      expect.arrayContaining([
        { name: 'Holder', verifiedAt: expect.any(Date) },
        { name: 'Daniel Mensah', verifiedAt: null },
      ]),
    );
    expect(holders).toHaveLength(2);
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'holder@example.net'))).toEqual([]);
  });

  it('sets the address unverified, e-mails a link that verifies it, and the banner goes', async () => {
    const jar = await signInAs(ctx.app, 'team@example.org');
    const seen = smtp.server.received.length;
    const response = await send(ctx.app, jar, 'POST', '/profile/email', { email: 'Priya.New@Example.org' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profile');
    const after = await visit(ctx.app, '/profile', jar);
    expect(after.page.flash.notifications.map((n: { message: string }) => n.message)).toContain(PROFILE_MESSAGES.emailSaved('priya.new@example.org'));
    expectInertia(after.page)
      .props({ user: { email: 'priya.new@example.org', email_verified: false } })
      .props({ auth: { email: 'priya.new@example.org', email_unverified: true, email_missing: false } });

    // Queued with the change, sent by the outbox, never by the request.
    expect(smtp.server.received).toHaveLength(seen);
    expect(await ctx.app.mailOutbox.flush()).toBe(1);
    const mail = await smtp.server.nextMessage(seen);
    expect(mail.to).toEqual(['priya.new@example.org']);
    expect(mail.raw).toMatch(/Subject: Please verify your email address for Equip/);

    const verify = await ctx.app.inject({ method: 'GET', url: verificationPath(mail.raw), headers: { cookie: jar.header() } });
    expect(verify.statusCode).toBe(302);
    jar.store(verify);
    const verified = await visit(ctx.app, '/profile', jar);
    expect(verified.page.flash.notifications.map((n: { message: string }) => n.message)).toContain(AUTH_NOTICES.emailVerified);
    expectInertia(verified.page)
      .props({ auth: { email: 'priya.new@example.org', email_unverified: false } })
      .prop('user.email_verified', true);
  });

  it('gives a user without an address one, and a second change at once still sends to the new address', async () => {
    const jar = await signInAs(ctx.app, 'manager@example.org');
    await ctx.app.db.update(users).set({ email: null, emailVerifiedAt: null }).where(eq(users.email, 'manager@example.org'));
    await send(ctx.app, jar, 'POST', '/profile/email', { email: 'rachel@example.org' });
    await send(ctx.app, jar, 'POST', '/profile/email', { email: 'rachel.hughes@example.org' });
    const queued = await ctx.app.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null`);
    expect(queued.map((m) => m.to)).toEqual(['rachel@example.org', 'rachel.hughes@example.org']);
    const seen = smtp.server.received.length;
    expect(await ctx.app.mailOutbox.flush()).toBe(2);
    await smtp.server.nextMessage(seen + 1);
    // Only the latest link verifies: the first address's token was replaced.
    const first = smtp.server.received[seen];
    const second = smtp.server.received[seen + 1];
    expect((await ctx.app.inject({ method: 'GET', url: verificationPath(first.raw) })).statusCode).toBe(410);
    expect((await ctx.app.inject({ method: 'GET', url: verificationPath(second.raw) })).statusCode).toBe(302);
    expect((await userByEmail('rachel.hughes@example.org')).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('saving the same address again changes nothing and sends nothing', async () => {
    const jar = await signInAs(ctx.app, 'usermanager@example.org');
    const before = await ctx.app.db.select().from(mailOutbox);
    await send(ctx.app, jar, 'POST', '/profile/email', { email: 'UserManager@example.org' });
    expect((await nextPage(ctx.app, jar)).notices).toContain(PROFILE_MESSAGES.emailUnchanged);
    expect(await ctx.app.db.select().from(mailOutbox)).toHaveLength(before.length);
    expect((await userByEmail('usermanager@example.org')).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('the e-mail address while a superadmin acts as someone', () => {
  it('cannot be changed: no prompt, can.change_email false, and the post is refused with 403 and changes nothing', async () => {
    const jar = await signInAs(ctx.app, 'superadmin@example.org');
    const member = await userByEmail('member@example.org');
    expect((await send(ctx.app, jar, 'POST', `/user/${member!.ref}/impersonate`)).statusCode).toBe(303);

    const { page } = await visit(ctx.app, '/profile?email=1', jar);
    expectInertia(page).prop('user.email', 'member@example.org').prop('can.change_email', false).prop('emailPromptOpen', false);
    const refused = await send(ctx.app, jar, 'POST', '/profile/email', { email: 'taken-over@example.net' });
    expect(refused.statusCode).toBe(403);
    expect((await userByEmail('member@example.org'))?.id).toBe(member!.id);
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'taken-over@example.net'))).toEqual([]);

    expect((await send(ctx.app, jar, 'POST', '/user/stop_impersonating')).statusCode).toBe(303);
    expectInertia((await visit(ctx.app, '/profile', jar)).page).prop('can.change_email', true);
  });
});

describe('POST /profile/create_own_person_page', () => {
  it('creates a DRAFT Person page once, maintained by the user, and the profile links to it', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await send(ctx.app, jar, 'POST', '/profile/create_own_person_page');
    expect(response.statusCode).toBe(303);
    const ref = /^\/i\/([^/]+)$/.exec(String(response.headers.location))?.[1];
    expect(ref).toBeDefined();

    const member = await userByEmail('member@example.org');
    const [item] = await ctx.app.db.select().from(items).where(eq(items.ref, ref!));
    expect(item).toMatchObject({ title: 'Maya Thompson', visibility: VISIBILITY.DRAFT, createdByUserId: member.id });
    expect(member.personItemId).toBe(item.id);
    const itemTagLabels = await ctx.app.db
      .select({ label: tags.label, taxonomy: taxonomies.title })
      .from(itemTags)
      .innerJoin(tags, eq(tags.id, itemTags.tagId))
      .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
      .where(eq(itemTags.itemId, item.id));
    expect(itemTagLabels).toEqual([{ label: PERSON_TAG_LABEL, taxonomy: TYPE_TAXONOMY_TITLE }]);

    const itemPage = await visit(ctx.app, `/i/${ref}`, jar);
    expect(itemPage.page.flash.notifications.map((n: { message: string }) => n.message)).toContain(PROFILE_MESSAGES.personPageCreated);

    const profile = await visit(ctx.app, '/profile', jar);
    expectInertia(profile.page).prop('personItem', { ref, title: 'Maya Thompson' }).prop('can.create_self_item', false);

    const again = await send(ctx.app, jar, 'POST', '/profile/create_own_person_page');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/i/${ref}`);
    const mine = await ctx.app.db.select({ id: items.id }).from(items).where(eq(items.createdByUserId, member.id));
    expect(mine).toHaveLength(1);
  });

  it('two clicks at once still make one page', async () => {
    const jar = await signInAs(ctx.app, 'admin@example.org');
    const responses = await Promise.all([1, 2, 3].map(() => send(ctx.app, jar, 'POST', '/profile/create_own_person_page')));
    expect(new Set(responses.map((r) => r.headers.location)).size).toBe(1);
    const admin = await userByEmail('admin@example.org');
    expect(
      await ctx.app.db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.createdByUserId, admin.id))),
    ).toHaveLength(1);
  });

  it('a deleted Person page can be made again', async () => {
    const jar = await signInAs(ctx.app, 'superadmin@example.org');
    const first = await send(ctx.app, jar, 'POST', '/profile/create_own_person_page');
    const firstRef = String(first.headers.location).slice(3);
    await ctx.app.db.delete(items).where(eq(items.ref, firstRef));
    expectInertia((await visit(ctx.app, '/profile', jar)).page).prop('personItem', null);
    const second = await send(ctx.app, jar, 'POST', '/profile/create_own_person_page');
    expect(second.headers.location).not.toBe(first.headers.location);
    expect(String(second.headers.location)).toMatch(/^\/i\//);
  });
});
