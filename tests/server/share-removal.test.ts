/**
 * Remove access (DELETE /share/{ref}): the sharer, whoever manages what a grant opens, and admins end it; its link and
 * what it opened stop at once; the lists show it removed with who removed it and when; the history records it. And
 * "Did you mean …?" before a grant to an address a slip away from one the sharer knows.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_PAGES } from '../../shared/messages';
import { EMAIL_SUGGESTION_FIELD, SHARE_MESSAGES, type PersonGrants, type RemovedShare, type ResourceGrants, type Share } from '../../shared/sharing';
import { changeHistory, collections, items, shareRemovals, shares, users } from '../../server/db/schema';
import { useSessionTestApp } from '../support/sessions';
import { nextPage, send, visit } from '../support/http';
import type { CookieJar } from '../support/app';
import { ADMIN, AFFILIATE, ITEMS, LATECOMER, LEADER, seedSharingLibrary, signUpLatecomer, STAFF, USER_MANAGER } from './sharing-fixture';

const context = useSessionTestApp({ seed: seedSharingLibrary, env: { ORGANISATION_GOOGLE_DOMAINS: 'example.org', RATE_LIMIT_SHARE_MAX: '1000' } });
const { db, as } = context;

const TEAM = 'team@example.org';

/** Grants `path` to `email` as the holder of `jar`, answering a "Did you mean …?" with the address as typed. */
async function grant(jar: CookieJar, path: string, email: string, level = 4): Promise<string> {
  const response = await send(context.app, jar, 'POST', `${path}/share`, { level, email, daysValidity: 90, confirm_email: email });
  expect(response.statusCode).toBe(303);
  expect((await nextPage(context.app, jar)).errors).toEqual({});
  const [row] = await db().select({ ref: shares.ref }).from(shares).where(eq(shares.toEmail, email)).orderBy(desc(shares.id)).limit(1);
  return row!.ref;
}

async function removeAs(jar: CookieJar, ref: string) {
  return send(context.app, jar, 'DELETE', `/share/${ref}`);
}

async function stillGranted(ref: string): Promise<boolean> {
  return (await db().select({ id: shares.id }).from(shares).where(eq(shares.ref, ref))).length > 0;
}

async function sentPage(jar: CookieJar): Promise<{ shares: Share[]; removed: RemovedShare[] }> {
  const { page } = await visit(context.app, '/sent', jar);
  return { shares: page.props.shares.data as Share[], removed: page.props.removed as RemovedShare[] };
}

async function itemGrants(jar: CookieJar, ref: string): Promise<ResourceGrants> {
  const { page } = await visit(context.app, `/i/${ref}`, jar, { 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': 'grants' });
  return page.props.grants as ResourceGrants;
}

describe('Remove access', () => {
  it('lets the sharer end a grant: the recipient loses it at once, the link answers 410, the lists and the history say who and when', async () => {
    const staff = await as(STAFF);
    await signUpLatecomer(db());
    const ref = await grant(staff, `/i/${ITEMS.staff}`, LATECOMER);
    const recipient = await as(LATECOMER);
    expect((await visit(context.app, `/i/${ITEMS.staff}`, recipient)).response.statusCode).toBe(200);
    expect((await sentPage(staff)).shares.find((share) => share.ref === ref)).toMatchObject({ can_remove: true, to_user: LATECOMER });

    const response = await removeAs(staff, ref);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${ITEMS.staff}`);
    expect((await nextPage(context.app, staff)).notices).toContain(SHARE_MESSAGES.removed(LATECOMER));
    expect(await stillGranted(ref)).toBe(false);

    // The recipient's very next request is refused, and the link in their e-mail is gone.
    expect((await visit(context.app, `/i/${ITEMS.staff}`, recipient)).response.statusCode).toBe(403);
    const link = await context.app.inject({ url: `/i/${ITEMS.staff}?share=${ref}`, headers: { cookie: recipient.header() } });
    expect(link.statusCode).toBe(410);
    expect(link.body).toContain(ERROR_PAGES[410].title);

    const sent = await sentPage(staff);
    expect(sent.shares.map((share) => share.ref)).not.toContain(ref);
    const [staffUser] = await db().select({ name: users.name, id: users.id }).from(users).where(eq(users.email, STAFF));
    expect(sent.removed.find((entry) => entry.ref === ref)).toMatchObject({
      to_user: LATECOMER,
      removed_by: staffUser!.name,
      shared_title: 'Staff Safeguarding Pack',
    });
    const [history] = await db()
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.kind, 'share'), eq(changeHistory.operation, 'delete')))
      .orderBy(desc(changeHistory.id))
      .limit(1);
    expect(history).toMatchObject({ actorUserId: staffUser!.id, route: 'DELETE /share/:ref' });
    expect((history!.changes as Record<string, unknown>).to_email).toBe(LATECOMER);
  });

  it('answers a second Remove that it is done, and keeps a removed grant unknown to anyone who could not have removed it', async () => {
    const staff = await as(STAFF);
    const ref = await grant(staff, `/i/${ITEMS.open}`, 'twice.removed@example.net', 2);
    expect((await removeAs(staff, ref)).statusCode).toBe(303);
    await nextPage(context.app, staff);
    const again = await removeAs(staff, ref);
    expect(again.statusCode).toBe(303);
    expect((await nextPage(context.app, staff)).notices).toContain(SHARE_MESSAGES.alreadyRemoved);
    expect((await removeAs(await as(AFFILIATE), ref)).statusCode).toBe(404);
    expect((await removeAs(staff, 'nosuchshare1')).statusCode).toBe(404);
  });

  it('refuses everyone else: the recipient, another member, a visitor; and changes nothing', async () => {
    const staff = await as(STAFF);
    const ref = await grant(staff, `/i/${ITEMS.open}`, TEAM, 2);
    expect((await removeAs(await as(TEAM), ref)).statusCode).toBe(403);
    expect((await removeAs(await as(AFFILIATE), ref)).statusCode).toBe(403);
    expect((await removeAs(await as(null), ref)).statusCode).toBe(403);
    expect(await stillGranted(ref)).toBe(true);
    expect((await db().select().from(shareRemovals).where(eq(shareRemovals.ref, ref))).length).toBe(0);
  });

  it("lets the item's maintainer see every grant of it in its access panel and end one another person made", async () => {
    // The leader maintains the Leaders Handbook; an admin shares it too.
    const [leaderRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, LEADER));
    await db().transaction((tx) => tx.update(items).set({ createdByUserId: leaderRow!.id }).where(eq(items.ref, ITEMS.leaders)));
    const leader = await as(LEADER);
    const leaderRef = await grant(leader, `/i/${ITEMS.leaders}`, 'draft.reader@example.net', 3);
    const admin = await as(ADMIN);
    const adminRef = await grant(admin, `/i/${ITEMS.leaders}`, 'second.reader@example.net', 3);

    const panel = await itemGrants(leader, ITEMS.leaders);
    expect(panel.shares.map((share) => share.to_user).sort()).toEqual(['draft.reader@example.net', 'second.reader@example.net']);
    expect(panel.shares.every((share) => share.can_remove)).toBe(true);
    expect((await itemGrants(await as(STAFF), ITEMS.open)).shares).toEqual([]);

    expect((await removeAs(leader, adminRef)).statusCode).toBe(303);
    const after = await itemGrants(leader, ITEMS.leaders);
    expect(after.shares.map((share) => share.ref)).toEqual([leaderRef]);
    expect(after.removed.map((entry) => entry.ref)).toEqual([adminRef]);
  });

  it('lets an admin end any grant, from the user page too, which only admins get', async () => {
    const staff = await as(STAFF);
    const ref = await grant(staff, `/i/${ITEMS.open}`, 'admin.removes@example.net', 2);
    const [staffRow] = await db().select({ ref: users.ref }).from(users).where(eq(users.email, STAFF));
    const admin = await as(ADMIN);
    const { page } = await visit(context.app, `/user/${staffRow!.ref}`, admin);
    const grants = page.props.grants as PersonGrants;
    expect(grants.sent.find((share) => share.ref === ref)).toMatchObject({ can_remove: true });
    // A user manager opens the pages of those at or below their level, without anyone's grants.
    const [affiliateRow] = await db().select({ ref: users.ref }).from(users).where(eq(users.email, AFFILIATE));
    const manager = await visit(context.app, `/user/${affiliateRow!.ref}`, await as(USER_MANAGER));
    expect(manager.response.statusCode).toBe(200);
    expect(manager.page.props.grants).toBeNull();

    expect((await removeAs(admin, ref)).statusCode).toBe(303);
    expect(await stillGranted(ref)).toBe(false);
    const afterwards = (await visit(context.app, `/user/${staffRow!.ref}`, admin)).page.props.grants as PersonGrants;
    expect(afterwards.removed.find((entry) => entry.ref === ref)).toBeTruthy();
  });

  it("lets a collection's owner end a grant of it", async () => {
    const leader = await as(LEADER);
    const [leaderRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, LEADER));
    const [collection] = await db().insert(collections).values({ title: 'Leaders picks', userId: leaderRow!.id, public: false }).returning();
    const ref = await grant(leader, `/collection/${collection!.ref}`, 'collection.friend@example.net', 2);
    const { page } = await visit(context.app, `/collection/${collection!.ref}`, leader, {
      'x-inertia-partial-component': 'collection/Show',
      'x-inertia-partial-data': 'grants',
    });
    expect((page.props.grants as ResourceGrants).shares.map((share) => share.ref)).toEqual([ref]);
    expect((await removeAs(await as(STAFF), ref)).statusCode).toBe(403);
    expect((await removeAs(leader, ref)).statusCode).toBe(303);
    expect(await stillGranted(ref)).toBe(false);
  });
});

describe('"Did you mean …?" before a grant', () => {
  async function ask(jar: CookieJar, email: string, confirm?: string) {
    const response = await send(context.app, jar, 'POST', `/i/${ITEMS.open}/share`, {
      level: 2,
      email,
      daysValidity: 90,
      ...(confirm ? { confirm_email: confirm } : {}),
    });
    expect(response.statusCode).toBe(303);
    return (await nextPage(context.app, jar)).errors;
  }

  it('asks about an address a slip away from one the sharer granted before, and grants only once answered', async () => {
    const staff = await as(STAFF);
    expect(await ask(staff, 'kathryn.jones@example.net')).toEqual({});
    expect(await ask(staff, 'kathryn.jnoes@example.net')).toEqual({
      email: SHARE_MESSAGES.didYouMean('kathryn.jones@example.net'),
      [EMAIL_SUGGESTION_FIELD]: 'kathryn.jones@example.net',
    });
    expect((await db().select().from(shares).where(eq(shares.toEmail, 'kathryn.jnoes@example.net'))).length).toBe(0);
    expect(await ask(staff, 'kathryn.jnoes@example.net', 'kathryn.jnoes@example.net')).toEqual({});
    expect((await db().select().from(shares).where(eq(shares.toEmail, 'kathryn.jnoes@example.net'))).length).toBe(1);
  });

  it("asks about a slip of the organisation's domain", async () => {
    const errors = await ask(await as(STAFF), 'pastor.john@exmaple.org');
    expect(errors[EMAIL_SUGGESTION_FIELD]).toBe('pastor.john@example.org');
  });

  it('offers a person from the people picker to those who may search users, and never tells anyone else who has an account', async () => {
    // The case: an admin types 'afiliate@example.org' for the affiliate.
    const admin = await as(ADMIN);
    expect((await ask(admin, 'afiliate@example.org'))[EMAIL_SUGGESTION_FIELD]).toBe('affiliate@example.org');
    // A member who never shared with the affiliate learns nothing of the account.
    const leader = await as(LEADER);
    expect(await ask(leader, 'afiliate@example.org')).toEqual({});
  });

  it('asks nothing about a short name, where one letter is another person', async () => {
    const staff = await as(STAFF);
    expect(await ask(staff, 'al@example.net')).toEqual({});
    expect(await ask(staff, 'jo@example.net')).toEqual({});
  });
});
