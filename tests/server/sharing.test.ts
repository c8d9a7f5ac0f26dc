import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATES, ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import { PAGINATION_LABELS, type PaginationLink } from '../../shared/pagination';
import { SHARE_MESSAGES, SHARES_PER_PAGE, type Share, type SharingExplanation } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import { items, shares, users } from '../../server/db/schema';
import { useTestApp, type CookieJar } from '../support/app';
import { nextPage, send, visit } from '../support/http';
import { sessionAs, SIGN_IN_OFTEN } from '../support/sessions';
import { decodedBody, useSmtpServer } from '../support/smtp';
import { ADMIN, AFFILIATE, CONTENT, ITEMS, LATECOMER, LEADER, seedSharingLibrary, sharesTo, signUpLatecomer, STAFF, USER_MANAGER } from './sharing-fixture';
import { expectInertia } from '../../server/inertia/testing';

// One object: useSmtpServer sets SMTP_URL on it before the app is built.
const env: Record<string, string> = { ...SIGN_IN_OFTEN, APP_URL: 'http://localhost:3000', MAIL_FROM: 'Equip <no-reply@equip.test>' };
const smtp = useSmtpServer(env);
const testApp = useTestApp({ env, seed: seedSharingLibrary });
const context = {
  get app() {
    return testApp.app;
  },
  db: () => testApp.app.db,
  as: (email: string | null) => sessionAs(testApp.app, email),
};

const DAY_MS = 24 * 3_600_000;
/** A demo account no other test here shares with or from. */
const TEAM = 'team@example.org';

async function share(jar: CookieJar, path: string, body: unknown) {
  return send(context.app, jar, 'POST', `${path}/share`, body);
}

async function explanation(jar: CookieJar, ref: string, query = ''): Promise<{ props: Record<string, unknown>; explanation: SharingExplanation }> {
  const { page } = await visit(context.app, `/i/${ref}${query}`, jar, {
    'x-inertia-partial-component': 'items/Show',
    'x-inertia-partial-data': 'sharingExplanation',
  });
  return { props: page.props, explanation: page.props.sharingExplanation as SharingExplanation };
}

describe('granting access (POST {page}/share)', () => {
  it('refuses anonymous visitors with the sign-in hint', async () => {
    const jar = await context.as(null);
    const response = await share(jar, `/i/${ITEMS.open}`, { level: 2, email: 'friend@example.com', daysValidity: 90 });
    expect(response.statusCode).toBe(403);
    expect(await sharesTo(context.db(), 'friend@example.com')).toHaveLength(0);
  });

  it('lets an affiliate grant level 2, records one share and e-mails the recipient the link', async () => {
    const jar = await context.as(AFFILIATE);
    const seen = smtp.server.received.length;
    const before = Date.now();
    const response = await share(jar, `/i/${ITEMS.open}`, { level: 2, email: '  Friend@Example.com ', daysValidity: 90 });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${ITEMS.open}`);
    const next = await nextPage(context.app, jar);
    expect(next.errors).toEqual({});
    expect(next.notices).toContain(SHARE_MESSAGES.granted('friend@example.com'));

    const [row] = await sharesTo(context.db(), 'friend@example.com');
    expect(row).toMatchObject({ sharedType: 'item', level: 2, contentId: null, collectionId: null });
    expect(row!.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(90 * DAY_MS - 1000);
    expect(row!.expiresAt!.getTime() - before).toBeLessThan(90 * DAY_MS + 60_000);

    expect(await context.app.mailOutbox.flush()).toBeGreaterThanOrEqual(1);
    const mail = await smtp.server.nextMessage(seen);
    expect(mail.to).toEqual(['friend@example.com']);
    expect(decodedBody(mail.raw)).toContain(`http://localhost:3000/i/${ITEMS.open}?share=${row!.ref}`);
    expect(mail.raw).toMatch(/Campfire Songs/);
  });

  it('refuses a level above the sharer’s own, with the error under level', async () => {
    const jar = await context.as(AFFILIATE);
    const response = await share(jar, `/i/${ITEMS.open}`, { level: 3, email: 'above@example.com', daysValidity: 7 });
    expect(response.statusCode).toBe(303);
    const next = await nextPage(context.app, jar);
    expect(next.errors).toEqual({ level: SHARE_MESSAGES.level(2) });
    expect(await sharesTo(context.db(), 'above@example.com')).toHaveLength(0);
  });

  it('puts errors under email and daysValidity', async () => {
    const jar = await context.as(STAFF);
    await share(jar, `/i/${ITEMS.open}`, { level: 2, email: 'not an address', daysValidity: 30 });
    const next = await nextPage(context.app, jar);
    expect(next.errors).toEqual({ email: SHARE_MESSAGES.email, daysValidity: SHARE_MESSAGES.daysValidity });
  });

  it('refuses to share what the sharer cannot open, and level-1 users cannot grant at all', async () => {
    const affiliate = await context.as(AFFILIATE);
    expect((await share(affiliate, `/i/${ITEMS.leaders}`, { level: 2, email: 'x@example.com', daysValidity: 7 })).statusCode).toBe(403);
    expect((await share(affiliate, `/i/${ITEMS.draft}`, { level: 2, email: 'x@example.com', daysValidity: 7 })).statusCode).toBe(403);
    const levelOne = await context.as('unverified@example.org');
    expect((await share(levelOne, `/i/${ITEMS.open}`, { level: 2, email: 'x@example.com', daysValidity: 7 })).statusCode).toBe(403);
    expect((await share(affiliate, `/content/${CONTENT.openStaff}`, { level: 2, email: 'x@example.com', daysValidity: 7 })).statusCode).toBe(403);
    expect((await share(affiliate, `/i/nosuchitem1`, { level: 2, email: 'x@example.com', daysValidity: 7 })).statusCode).toBe(404);
    expect(await sharesTo(context.db(), 'x@example.com')).toHaveLength(0);
  });

  it('refuses level-1 users whatever they send, before looking anything up', async () => {
    const levelOne = await context.as('unverified@example.org');
    expect((await share(levelOne, `/i/nosuchitem1`, { level: 2, email: 'y@example.com', daysValidity: 7 })).statusCode).toBe(403);
    expect((await share(levelOne, `/i/${ITEMS.open}`, { level: 'high', email: 'y@example.com' })).statusCode).toBe(403);
    expect(await sharesTo(context.db(), 'y@example.com')).toHaveLength(0);
  });

  it('replaces the sharer’s earlier unexpired share to the same address, keeping its link', async () => {
    const jar = await context.as(LEADER);
    await share(jar, `/i/${ITEMS.open}`, { level: 2, email: 'twice@example.com', daysValidity: 7 });
    const [first] = await sharesTo(context.db(), 'twice@example.com');
    await share(jar, `/i/${ITEMS.open}`, { level: 3, email: 'twice@example.com', daysValidity: null });
    const rows = await sharesTo(context.db(), 'twice@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ref: first!.ref, level: 3, expiresAt: null });
    // Another sharer's grant is their own.
    await share(await context.as(STAFF), `/i/${ITEMS.open}`, { level: 4, email: 'twice@example.com', daysValidity: 365 });
    expect(await sharesTo(context.db(), 'twice@example.com')).toHaveLength(2);
  });

  it('shares a content row as item_content with its item', async () => {
    const jar = await context.as(STAFF);
    const response = await share(jar, `/content/${CONTENT.staffStaff}`, { level: 4, email: 'content@example.com', daysValidity: 7 });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${ITEMS.staff}`);
    const [row] = await sharesTo(context.db(), 'content@example.com');
    expect(row).toMatchObject({ sharedType: 'item_content', level: 4 });
    expect(row!.contentId).not.toBeNull();
    expect(row!.itemId).not.toBeNull();
  });
});

describe('the shared link', () => {
  it('lets the recipient who signs up later with that address open a staff-level item, until the grant expires (410)', async () => {
    const staff = await context.as(STAFF);
    await share(staff, `/i/${ITEMS.staff}`, { level: 4, email: LATECOMER, daysValidity: 7 });
    const [row] = await sharesTo(context.db(), LATECOMER);
    expect(row!.toUserId).toBeNull();

    await signUpLatecomer(context.db());
    const recipient = await context.as(LATECOMER);
    const opened = await visit(context.app, `/i/${ITEMS.staff}?share=${row!.ref}`, recipient);
    expect(opened.response.statusCode).toBe(200);
    expectInertia(opened.page).prop('item.title', 'Staff Safeguarding Pack');
    expect(opened.page.props.item.contents.map((content: { label: string }) => content.label)).toEqual(['Overview', 'Procedures']);

    await context
      .db()
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shares.id, row!.id));
    const expired = await context.app.inject({ method: 'GET', url: `/i/${ITEMS.staff}?share=${row!.ref}`, headers: { cookie: recipient.header() } });
    expect(expired.statusCode).toBe(410);
    expectInertia(expired).props({ status: 410, title: ERROR_PAGES[410].title, message: ERROR_PAGES[410].message });
    // Without the link the item is simply not theirs to open any more.
    expect((await visit(context.app, `/i/${ITEMS.staff}`, recipient)).response.statusCode).toBe(403);
  });

  it('asks a visitor to sign in when the shared item needs a level', async () => {
    const staff = await context.as(STAFF);
    await share(staff, `/i/${ITEMS.staff}`, { level: 4, email: 'visitor@example.com', daysValidity: 90 });
    const [row] = await sharesTo(context.db(), 'visitor@example.com');
    const response = await context.app.inject({ method: 'GET', url: `/i/${ITEMS.staff}?share=${row!.ref}` });
    expect(response.statusCode).toBe(403);
    expectInertia(response).prop('detail', SIGN_IN_HINT);
  });

  it('answers 410 on an expired content share link', async () => {
    const [row] = await sharesTo(context.db(), 'content@example.com');
    await context
      .db()
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, row!.id));
    const response = await context.app.inject({ method: 'GET', url: `/content/${CONTENT.staffStaff}?share=${row!.ref}` });
    expect(response.statusCode).toBe(410);
  });
});

/** Signs in a demo user who shares nothing elsewhere in this file, after giving them `count` shares sent (to friend00@…, friend01@…, newest first) and as many received from the leader. */
async function seedSharesBothWays(email: string, count: number): Promise<CookieJar> {
  const db = context.db();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [leader] = await db.select({ id: users.id }).from(users).where(eq(users.email, LEADER));
  const [item] = await db.select({ id: items.id }).from(items).where(eq(items.ref, ITEMS.open));
  const now = Date.now();
  const row = (index: number, fromUserId: number, toEmail: string) => ({
    sharedType: 'item',
    itemId: item!.id,
    fromUserId,
    toEmail,
    level: 2,
    expiresAt: null,
    createdAt: new Date(now - index * 60_000),
  });
  const number = (index: number) => String(index).padStart(2, '0');
  await db.insert(shares).values(Array.from({ length: count }, (_, index) => row(index, user!.id, `friend${number(index)}@example.net`)));
  await db.insert(shares).values(Array.from({ length: count }, (_, index) => row(index, leader!.id, email)));
  return context.as(email);
}

describe('Shared With Me (/share) and Shared By Me (/sent)', () => {
  it('are for signed-in users only', async () => {
    const jar = await context.as(null);
    for (const url of ['/share', '/sent']) expect((await visit(context.app, url, jar)).response.statusCode).toBe(403);
  });

  it('show the empty states', async () => {
    const jar = await context.as(USER_MANAGER);
    const received = await visit(context.app, '/share', jar);
    expectInertia(received.page)
      .component('shares/Index')
      .props({ direction: 'received', heading: SHARE_TEXTS.sharedWithMe, shares: { data: [] }, emptyText: EMPTY_STATES.shared });
    const sent = await visit(context.app, '/sent', jar);
    expectInertia(sent.page).props({ direction: 'sent', heading: SHARE_TEXTS.sharedByMe, shares: { data: [] }, emptyText: EMPTY_STATES.sent });
    // One page: Previous, 1, Next, the three links the Pagination component does not show.
    expectInertia(sent.page).prop('shares.links', [
      { url: '', label: PAGINATION_LABELS.previous, active: false },
      { url: '/sent', label: '1', active: true },
      { url: '', label: PAGINATION_LABELS.next, active: false },
    ]);
    // Empty on any page: the empty state is true, so no page is past an end.
    for (const url of ['/share?page=3', '/sent?page=3']) expect((await visit(context.app, url, jar)).page.props.shares).not.toHaveProperty('pastLastPage');
  });

  it(`page ${SHARES_PER_PAGE} shares at a time, newest first, with links to the other pages of the same list`, async () => {
    const pager = await seedSharesBothWays(TEAM, SHARES_PER_PAGE + 1);
    const first = (await visit(context.app, '/sent', pager)).page.props.shares as { data: Share[]; links: PaginationLink[] };
    expect(first.data).toHaveLength(SHARES_PER_PAGE);
    expect(first.data[0]!.to_user).toBe('friend00@example.net');
    expect(first.links).toEqual([
      { url: '', label: PAGINATION_LABELS.previous, active: false },
      { url: '/sent', label: '1', active: true },
      { url: '/sent?page=2', label: '2', active: false },
      { url: '/sent?page=2', label: PAGINATION_LABELS.next, active: false },
    ]);

    const second = (await visit(context.app, first.links.at(-1)!.url, pager)).page.props.shares as { data: Share[]; links: PaginationLink[] };
    expect(second.data.map((entry) => entry.to_user)).toEqual([`friend${SHARES_PER_PAGE}@example.net`]);
    expect(second.links[0]).toEqual({ url: '/sent', label: PAGINATION_LABELS.previous, active: false });
    expect(second.links.find((link) => link.active)?.label).toBe('2');
    expect(second.links.at(-1)).toEqual({ url: '', label: PAGINATION_LABELS.next, active: false });

    const received = (await visit(context.app, '/share?page=2', pager)).page.props.shares as { data: Share[]; links: PaginationLink[] };
    expect(received.data).toHaveLength(1);
    expect(received.links.map((link) => link.url)).toEqual(['/share', '/share', '/share?page=2', '']);
    expect(received).not.toHaveProperty('pastLastPage');

    // A page past the end says where the last one is, so the page does not claim there are no shares.
    for (const path of ['/sent', '/share']) {
      const past = (await visit(context.app, `${path}?page=7`, pager)).page;
      expectInertia(past)
        .prop('shares.data', [])
        .prop('shares.pastLastPage', { page: 7, lastPage: 2, lastPageUrl: `${path}?page=2` });
    }
  });

  it('list shares with the resource, the other party, the date, validity and expiring soon', async () => {
    const leader = await context.as(LEADER);
    await share(leader, `/i/${ITEMS.open}`, { level: 3, email: ADMIN, daysValidity: 7 });
    await share(leader, `/i/${ITEMS.leaders}`, { level: 3, email: ADMIN, daysValidity: 365 });
    const sent = (await visit(context.app, '/sent', leader)).page.props.shares.data as Share[];
    const toAdmin = sent.filter((entry) => entry.to_user === ADMIN);
    expect(toAdmin.map((entry) => entry.shared_title)).toEqual(['Leaders Handbook', 'Campfire Songs']);
    expect(toAdmin[1]).toMatchObject({ shared_type: 'item', from_user: 'Sarah Okafor', valid: true, expiring_soon: true, level: 3 });
    expect(toAdmin[0]).toMatchObject({ valid: true, expiring_soon: false });
    expect(toAdmin[0]!.shared_url_path).toMatch(new RegExp(`^/i/${ITEMS.leaders}\\?share=[0-9a-z]+$`));

    const received = (await visit(context.app, '/share', await context.as(ADMIN))).page.props.shares.data as Share[];
    expect(received.map((entry) => entry.shared_title)).toEqual(['Leaders Handbook', 'Campfire Songs']);
    expect(received.every((entry) => entry.from_user === 'Sarah Okafor')).toBe(true);
  });

  it('marks expired shares as not valid, and locks what the recipient can no longer open', async () => {
    const recipient = await context.as(LATECOMER);
    const received = (await visit(context.app, '/share', recipient)).page.props.shares.data as Share[];
    // The staff-level item was theirs to open only through this share.
    expect(received.find((entry) => entry.from_user === 'James Whitfield')).toMatchObject({
      valid: false,
      expiring_soon: false,
      level: 4,
      shared_title: null,
      shared_url_path: null,
      shared_image: null,
    });
  });
});

describe('the sharing explanation', () => {
  it('is sent only when asked for, and describes each level of the item from what the viewer sees', async () => {
    const staff = await context.as(STAFF);
    expectInertia((await visit(context.app, `/i/${ITEMS.open}`, staff)).page).missingProp('sharingExplanation');
    const { props, explanation: text } = await explanation(staff, ITEMS.open);
    expect(Object.keys(props)).toContain('sharingExplanation');
    expect(props.item).toBeUndefined();
    expect(text.availabilityText).toBe('Everyone, including visitors who are not logged in, can find and open this item.');
    expect(text.levelText).toEqual([
      'Can see this item and 1 of 3 files',
      'Can see this item and 1 of 3 files',
      'Can see this item and 1 of 3 files',
      'Can see this item and 2 of 3 files',
      'Can see this item and 3 of 3 files',
      'Can see this item and 3 of 3 files',
      'Can see this item and 3 of 3 files',
    ]);
    expect(text.levelVisible).toEqual([true, true, true, true, true, true, true]);
    expect(text.contentText).toBe('This item has 3 files you can see: 1 from level 0 (Public), 1 from level 3 (Leaders), 1 from level 4 (Staff).');
    expect(text.inviteText).toBeNull();
  });

  it('never counts files the viewer cannot see, and marks levels that open nothing', async () => {
    const { explanation: text } = await explanation(await context.as(LEADER), ITEMS.open);
    expect(text.levelText[6]).toBe('Can see this item and 2 of 2 files');
    const staff = await explanation(await context.as(STAFF), ITEMS.staff);
    expect(staff.explanation.levelVisible).toEqual([false, false, false, false, true, true, true]);
    expect(staff.explanation.levelText[3]).toBe('Cannot open this item');
  });

  it('answers a check-access visit with only the explanation, saying what that person sees, for those who may invite', async () => {
    const admin = await context.as(ADMIN);
    const staffCheck = await explanation(admin, ITEMS.staff, `?checkAccessEmail=${encodeURIComponent('Staff@Example.org')}`);
    expect(Object.keys(staffCheck.props).filter((key) => key !== 'errors')).toEqual(['sharingExplanation']);
    expect(staffCheck.explanation.inviteText).not.toBeNull();
    expect(staffCheck.explanation.checkAccessEmail).toBe('staff@example.org');
    expect(staffCheck.explanation.checkAccessText).toBe(
      'Someone who signs in with staff@example.org sees this item at level 4 (Staff): Can see this item and 2 of 2 files.',
    );

    // An address without an account reads exactly like a level-1 account.
    const unknown = await explanation(admin, ITEMS.staff, '?checkAccessEmail=nobody@example.com');
    const levelOne = await explanation(admin, ITEMS.staff, '?checkAccessEmail=unverified@example.org');
    expect(unknown.explanation.checkAccessText).toBe(
      'Someone who signs in with nobody@example.com sees this item at level 1 (Anyone logged in): Cannot open this item.',
    );
    expect(levelOne.explanation.checkAccessText!.replace('unverified@example.org', 'nobody@example.com')).toBe(unknown.explanation.checkAccessText);

    // A valid grant counts for that address.
    const granted = await explanation(admin, ITEMS.open, `?checkAccessEmail=twice@example.com`);
    expect(granted.explanation.checkAccessText).toContain('at level 4 (Staff)');
  });

  it('ignores check-access for viewers who may not invite', async () => {
    const { explanation: text } = await explanation(await context.as(STAFF), ITEMS.staff, '?checkAccessEmail=leader@example.org');
    expect(text.inviteText).toBeNull();
    expect(text.checkAccessEmail).toBeNull();
    expect(text.checkAccessText).toBeNull();
  });

  it('gives the item page’s can flags for sharing: up to the viewer’s own level', async () => {
    const leader = (await visit(context.app, `/i/${ITEMS.open}`, await context.as(LEADER))).page.props.can;
    expect(leader).toMatchObject({ share: true, shareToLevel: 3 });
    const levelOne = (await visit(context.app, `/i/${ITEMS.open}`, await context.as('unverified@example.org'))).page.props.can;
    expect(levelOne).toMatchObject({ share: false, shareToLevel: 1 });
  });
});
