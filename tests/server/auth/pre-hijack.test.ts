/**
 * Account pre-hijack (issue 14 §1): an address typed on one account must never capture the sign-in, level, shares or
 * verification of the person who owns it. Sign-in goes through the local OpenID Connect provider, mail through the
 * outbox, the database is PGlite or PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LoginProvider } from '../../../shared/enums';
import { PROFILE_MESSAGES } from '../../../shared/profile';
import type { Share } from '../../../shared/sharing';
import { AUTH_NOTICES } from '../../../server/auth/messages';
import { issueVerificationToken } from '../../../server/auth/verification';
import { identities, mailOutbox, users, userTypes } from '../../../server/db/schema';
import type { CookieJar } from '../../support/app';
import { useTestApp } from '../../support/app';
import { csrfJar, nextPage, send, visit } from '../../support/http';
import type { OidcAccount } from '../../support/oidc';
import { useOidcProvider } from '../../support/oidc';
import { sessionAs, SIGN_IN_OFTEN } from '../../support/sessions';
import { ITEMS, seedSharingLibrary, STAFF } from '../sharing-fixture';
import { providerSignIn } from './helpers';
import { expectInertia } from '../../../server/inertia/testing';

const oidc = useOidcProvider({ ...SIGN_IN_OFTEN, ORGANISATION_GOOGLE_DOMAINS: 'chaplains.example.org', ORGANISATION_USER_TYPE: 'Leader' });
const ctx = useTestApp({ env: oidc.env, seed: seedSharingLibrary });
const signInThroughProvider = providerSignIn(ctx, oidc);

/** Signed in through the provider, with the welcome notice shown and a CSRF token, ready to post. */
async function signedInThrough(provider: LoginProvider, account: OidcAccount): Promise<CookieJar> {
  const { response, jar } = await signInThroughProvider(provider, account);
  expect(response.statusCode).toBe(302);
  await visit(ctx.app, '/', jar);
  return csrfJar(ctx.app, jar);
}

/** The account a provider identity signs in as, with its address and level. */
async function accountOf(provider: LoginProvider, subject: string) {
  const [row] = await ctx.app.db
    .select({ id: users.id, ref: users.ref, email: users.email, emailVerifiedAt: users.emailVerifiedAt, level: userTypes.level, type: userTypes.title })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
  return row;
}

async function userRow(id: number) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function changeEmail(jar: CookieJar, email: string) {
  const response = await send(ctx.app, jar, 'POST', '/profile/email', { email });
  return { status: response.statusCode, location: response.headers.location, ...(await nextPage(ctx.app, jar)) };
}

async function receivedShares(jar: CookieJar): Promise<Share[]> {
  return (await visit(ctx.app, '/share', jar)).page.props.shares.data as Share[];
}

async function itemStatus(jar: CookieJar, ref: string): Promise<number> {
  return (await visit(ctx.app, `/i/${ref}`, jar)).response.statusCode;
}

/** The verification links queued for an address, oldest first. */
async function verificationLinksTo(address: string): Promise<string[]> {
  const mails = await ctx.app.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.id);
  return mails.flatMap((mail) => /\/profile\/verify\/[A-Za-z0-9_-]{43}/.exec(mail.text) ?? []);
}

async function latestVerificationLinkTo(address: string): Promise<string> {
  const links = await verificationLinksTo(address);
  expect(links.length).toBeGreaterThan(0);
  return links.at(-1)!;
}

const MALLORY: OidcAccount = { sub: 'm-mallory', email: 'mallory@example.net', email_verified: true, name: 'Mallory' };
const VICTIM_ADDRESS = 'victoria@chaplains.example.org';
const VICTORIA: OidcAccount = { sub: 'g-victoria', email: 'Victoria@Chaplains.example.org', email_verified: true, name: 'Victoria' };

describe('an address typed on another account', () => {
  it('never captures its owner’s first Google sign-in: two accounts, the attacker stays level 1 and sees nothing addressed to the victim', async () => {
    const attacker = await signedInThrough('microsoft', MALLORY);
    expect((await changeEmail(attacker, VICTIM_ADDRESS)).notices).toContain(PROFILE_MESSAGES.emailSaved(VICTIM_ADDRESS));
    const shared = await send(ctx.app, await sessionAs(ctx.app, STAFF), 'POST', `/i/${ITEMS.staff}/share`, {
      level: 4,
      email: VICTIM_ADDRESS,
      daysValidity: 90,
    });
    expect(shared.statusCode).toBe(303);
    // An unverified claim reaches nothing addressed to the address.
    expect(await receivedShares(attacker)).toEqual([]);
    expect(await itemStatus(attacker, ITEMS.staff)).toBe(403);

    const { response, jar: victim } = await signInThroughProvider('google', VICTORIA);
    expect(response.statusCode).toBe(302);

    const victimAccount = await accountOf('google', VICTORIA.sub);
    const attackerAccount = await accountOf('microsoft', MALLORY.sub);
    expect(victimAccount.id).not.toBe(attackerAccount.id);
    expect(victimAccount).toMatchObject({ email: VICTIM_ADDRESS, type: 'Leader', level: 3 });
    expect(victimAccount.emailVerifiedAt).toBeInstanceOf(Date);
    // The typed claim is dropped, with its pending link, now that the owner has proven the address.
    expect(attackerAccount).toMatchObject({ email: null, emailVerifiedAt: null, type: 'Member', level: 1 });
    expect((await userRow(attackerAccount.id)).emailVerificationTokenHash).toBeNull();
    const attackerIdentities = await ctx.app.db.select({ provider: identities.provider }).from(identities).where(eq(identities.userId, attackerAccount.id));
    expect(attackerIdentities).toEqual([{ provider: 'microsoft' }]);

    const attackerAgain = await signedInThrough('microsoft', MALLORY);
    const { page } = await visit(ctx.app, '/', attackerAgain);
    expectInertia(page).props({ auth: { email: null, email_missing: true, user: { ref: attackerAccount.ref } } });
    expect(await accountOf('microsoft', MALLORY.sub)).toMatchObject({ level: 1 });
    expect(await receivedShares(attackerAgain)).toEqual([]);
    expect(await itemStatus(attackerAgain, ITEMS.staff)).toBe(403);

    expect((await receivedShares(victim)).map((share) => share.to_user)).toEqual([VICTIM_ADDRESS]);
    expect(await itemStatus(victim, ITEMS.staff)).toBe(200);
  });

  it('cannot be verified with the link mailed before its owner proved it', async () => {
    const attacker = await signedInThrough('microsoft', { sub: 'm-early', email: 'early@example.net', email_verified: true, name: 'Early Claimant' });
    await changeEmail(attacker, 'owner.late@example.net');
    const link = await latestVerificationLinkTo('owner.late@example.net');
    await signInThroughProvider('google', { sub: 'g-owner-late', email: 'owner.late@example.net', email_verified: true, name: 'Late Owner' });

    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(410);
    expect(await accountOf('microsoft', 'm-early')).toMatchObject({ email: null, emailVerifiedAt: null });
    expect((await accountOf('google', 'g-owner-late')).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('POST /profile/email', () => {
  it('answers an address another account holds verified exactly as a free one, and mails its owner nothing', async () => {
    await signInThroughProvider('google', { sub: 'g-holder', email: 'holder@example.net', email_verified: true, name: 'Holder' });
    const holder = await accountOf('google', 'g-holder');
    const claimant = await signedInThrough('microsoft', { sub: 'm-claimant', email: 'claimant@example.net', email_verified: true, name: 'Claimant' });
    const bystander = await signedInThrough('microsoft', { sub: 'm-bystander', email: 'bystander@example.net', email_verified: true, name: 'Bystander' });

    const taken = await changeEmail(claimant, 'Holder@Example.net');
    const free = await changeEmail(bystander, 'nobody.yet@example.net');
    expect(taken).toEqual({ ...free, notices: [PROFILE_MESSAGES.emailSaved('holder@example.net')] });
    expect(free.notices).toEqual([PROFILE_MESSAGES.emailSaved('nobody.yet@example.net')]);
    expect(taken).toMatchObject({ status: 303, location: '/profile', errors: {} });

    // Resending (past the cooldown) answers alike too; only the free address is ever mailed.
    const claimantIds = await Promise.all(['m-claimant', 'm-bystander'].map(async (sub) => (await accountOf('microsoft', sub)).id));
    await ctx.app.db.update(users).set({ emailVerificationSentAt: null }).where(inArray(users.id, claimantIds));
    for (const jar of [claimant, bystander]) {
      await send(ctx.app, jar, 'POST', '/profile/verify');
      expect((await nextPage(ctx.app, jar)).notices).toEqual([AUTH_NOTICES.verificationSent]);
    }
    expect(await verificationLinksTo('holder@example.net')).toEqual([]);
    expect(await verificationLinksTo('nobody.yet@example.net')).toHaveLength(2);

    expect(await userRow(holder.id)).toMatchObject({ email: 'holder@example.net', emailVerifiedAt: expect.any(Date) });
    expect(await accountOf('microsoft', 'm-claimant')).toMatchObject({ email: 'holder@example.net', emailVerifiedAt: null });
    // The typed claim never signs anyone in: the holder's provider still reaches the holder.
    await signInThroughProvider('microsoft', { sub: 'm-holder', email: 'holder@example.net', email_verified: true, name: 'Holder' });
    expect((await accountOf('microsoft', 'm-holder')).id).toBe(holder.id);
  });

  it('a token for an address another account holds verified never verifies it', async () => {
    await signInThroughProvider('google', { sub: 'g-keeper', email: 'keeper@example.net', email_verified: true, name: 'Keeper' });
    const claimant = await signedInThrough('microsoft', { sub: 'm-second', email: 'second@example.net', email_verified: true, name: 'Second' });
    await changeEmail(claimant, 'keeper@example.net');
    const claimantId = (await accountOf('microsoft', 'm-second')).id;
    // No link was mailed; even one obtained some other way is refused.
    const token = await ctx.app.db.transaction((tx) => issueVerificationToken(tx, claimantId, new Date(), true));

    expect((await ctx.app.inject({ method: 'GET', url: `/profile/verify/${token}` })).statusCode).toBe(410);
    expect(await userRow(claimantId)).toMatchObject({ email: 'keeper@example.net', emailVerifiedAt: null });
    expect((await accountOf('google', 'g-keeper')).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('verifying an address by link', () => {
  it('drops every other account’s unverified claim on it, whose link then fails', async () => {
    const first = await signedInThrough('microsoft', { sub: 'm-first', email: 'first@example.net', email_verified: true, name: 'First' });
    const rival = await signedInThrough('microsoft', { sub: 'm-rival', email: 'rival@example.net', email_verified: true, name: 'Rival' });
    await changeEmail(first, 'Shared.Inbox@example.net');
    const [firstLink] = await verificationLinksTo('shared.inbox@example.net');
    await changeEmail(rival, 'shared.inbox@example.net');
    const rivalLink = await latestVerificationLinkTo('shared.inbox@example.net');

    const verified = await ctx.app.inject({ method: 'GET', url: firstLink!, headers: { cookie: first.header() } });
    expect(verified.statusCode).toBe(302);
    expect(await accountOf('microsoft', 'm-first')).toMatchObject({ email: 'shared.inbox@example.net', emailVerifiedAt: expect.any(Date) });
    expect(await accountOf('microsoft', 'm-rival')).toMatchObject({ email: null, emailVerifiedAt: null });
    expect((await ctx.app.inject({ method: 'GET', url: rivalLink })).statusCode).toBe(410);
  });

  it('two accounts following their links to one address at once: one holds it, the other claim is dropped', async () => {
    const accounts = ['m-race-a', 'm-race-b'];
    for (const sub of accounts) {
      const jar = await signedInThrough('microsoft', { sub, email: `${sub}@example.net`, email_verified: true, name: sub });
      await changeEmail(jar, 'race@example.net');
    }
    const links = await verificationLinksTo('race@example.net');
    expect(links).toHaveLength(2);

    const statuses = (await Promise.all(links.map((url) => ctx.app.inject({ method: 'GET', url })))).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([302, 410]);
    const [holder] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'race@example.net'));
    const [winner, loser] = await Promise.all(accounts.map((sub) => accountOf('microsoft', sub)));
    expect(holder).toBeDefined();
    expect([winner.id, loser.id]).toContain(holder!.id);
    const [kept, dropped] = winner.id === holder!.id ? [winner, loser] : [loser, winner];
    expect(kept.emailVerifiedAt).toBeInstanceOf(Date);
    expect(dropped).toMatchObject({ email: null, emailVerifiedAt: null });
  });
});

describe('legitimate sign-ins by the owner of an address', () => {
  it('a first Google sign-in links to the account that verified the address by link, and raises it to the organisation type', async () => {
    const jar = await signedInThrough('microsoft', { sub: 'm-own', email: 'own.ms@example.net', email_verified: false, name: 'Owner' });
    await changeEmail(jar, 'owner@chaplains.example.org');
    expect((await ctx.app.inject({ method: 'GET', url: await latestVerificationLinkTo('owner@chaplains.example.org') })).statusCode).toBe(302);
    const before = await accountOf('microsoft', 'm-own');
    expect(before).toMatchObject({ level: 1, emailVerifiedAt: expect.any(Date) });

    await signInThroughProvider('google', { sub: 'g-own', email: 'owner@chaplains.example.org', email_verified: true, name: 'Owner' });
    expect(await accountOf('google', 'g-own')).toMatchObject({ id: before.id, type: 'Leader', level: 3 });
  });

  it('a provider already linked to the account proves the address the user typed, and drops another account’s claim on it', async () => {
    const user = await signedInThrough('google', { sub: 'g-mover', email: 'mover.old@example.net', email_verified: true, name: 'Mover' });
    const other = await signedInThrough('microsoft', { sub: 'm-other', email: 'other@example.net', email_verified: true, name: 'Other' });
    await changeEmail(other, 'mover.new@example.net');
    await changeEmail(user, 'mover.new@example.net');

    await signInThroughProvider('google', { sub: 'g-mover', email: 'mover.new@example.net', email_verified: true, name: 'Mover' });
    expect(await accountOf('google', 'g-mover')).toMatchObject({ email: 'mover.new@example.net', emailVerifiedAt: expect.any(Date) });
    expect(await accountOf('microsoft', 'm-other')).toMatchObject({ email: null });
  });

  it('an organisation address typed by a Member is no organisation account: their own sign-ins leave them at level 1', async () => {
    const typist = await signedInThrough('microsoft', { sub: 'm-typist', email: 'typist@example.net', email_verified: true, name: 'Typist' });
    await changeEmail(typist, 'director@chaplains.example.org');
    await signInThroughProvider('microsoft', { sub: 'm-typist', email: 'typist@example.net', email_verified: true, name: 'Typist' });
    expect(await accountOf('microsoft', 'm-typist')).toMatchObject({ email: 'director@chaplains.example.org', emailVerifiedAt: null, level: 1 });
  });
});

describe('Facebook addresses', () => {
  // Facebook's Graph API has no email_verified claim, so even a claim of one (here from the local provider standing in
  // for Facebook) never counts.
  it('never link the sign-in to the account holding the address verified: it gets its own account, without the address', async () => {
    await signInThroughProvider('google', { sub: 'g-fb-holder', email: 'fb.holder@chaplains.example.org', email_verified: true, name: 'Holder' });
    const holder = await accountOf('google', 'g-fb-holder');
    expect(holder).toMatchObject({ type: 'Leader', emailVerifiedAt: expect.any(Date) });

    const { response } = await signInThroughProvider('facebook', {
      sub: 'f-intruder',
      email: 'FB.Holder@chaplains.example.org',
      email_verified: true,
      name: 'Intruder',
    });
    expect(response.statusCode).toBe(302);
    const intruder = await accountOf('facebook', 'f-intruder');
    expect(intruder.id).not.toBe(holder.id);
    expect(intruder).toMatchObject({ email: null, emailVerifiedAt: null, type: 'Member', level: 1 });
    expect(await accountOf('google', 'g-fb-holder')).toEqual(holder);
    const holderIdentities = await ctx.app.db.select({ provider: identities.provider }).from(identities).where(eq(identities.userId, holder.id));
    expect(holderIdentities).toEqual([{ provider: 'google' }]);
  });

  it('give a free address to the new account unverified, dropping no other claim, until the mailed link proves it', async () => {
    const typist = await signedInThrough('microsoft', { sub: 'm-fb-typist', email: 'fb.typist@example.net', email_verified: true, name: 'Typist' });
    await changeEmail(typist, 'fb.newcomer@chaplains.example.org');
    const facebook = await signedInThrough('facebook', {
      sub: 'f-newcomer',
      email: 'fb.newcomer@chaplains.example.org',
      email_verified: true,
      name: 'Newcomer',
    });

    const newcomer = await accountOf('facebook', 'f-newcomer');
    expect(newcomer).toMatchObject({ email: 'fb.newcomer@chaplains.example.org', emailVerifiedAt: null, level: 1 });
    const [identity] = await ctx.app.db.select({ emailVerified: identities.emailVerified }).from(identities).where(eq(identities.subject, 'f-newcomer'));
    expect(identity).toEqual({ emailVerified: false });
    expect(await accountOf('microsoft', 'm-fb-typist')).toMatchObject({ email: 'fb.newcomer@chaplains.example.org' });

    await send(ctx.app, facebook, 'POST', '/profile/verify');
    expect((await nextPage(ctx.app, facebook)).notices).toEqual([AUTH_NOTICES.verificationSent]);
    expect((await ctx.app.inject({ method: 'GET', url: await latestVerificationLinkTo('fb.newcomer@chaplains.example.org') })).statusCode).toBe(302);
    expect(await accountOf('facebook', 'f-newcomer')).toMatchObject({
      email: 'fb.newcomer@chaplains.example.org',
      emailVerifiedAt: expect.any(Date),
      level: 1,
    });
    expect(await accountOf('microsoft', 'm-fb-typist')).toMatchObject({ email: null });
  });
});
