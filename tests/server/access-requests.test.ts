/** "Ask for access" from an item's 403 page (issue 15 §2; docs/decisions/sharing.md "Sharing that tells the truth"). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { ERROR_PAGES } from '../../shared/messages';
import { ACCESS_REQUEST_TEXTS, ACCESS_REQUESTS_PER_WINDOW, type ForbiddenHelp } from '../../shared/access-requests';
import { accessRequests, items, mailOutbox, shares, users } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/client';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, nextPage, send, visit, xsrfHeader } from '../support/http';
import { sessionAs, SIGN_IN_OFTEN } from '../support/sessions';
import { ADMIN, AFFILIATE, ITEMS, LEADER, seedSharingLibrary, STAFF } from './sharing-fixture';
import { expectInertia } from '../../server/inertia/testing';
import { accessRequestMail } from '../../server/features/sharing/access-requests';
import { ACCESS_LEVELS } from '../../shared/levels';

/** A leader-level user manager (the fixture signs the member up only in its own tests). */
const ASKER = 'usermanager@example.org';
const UNVERIFIED = 'unverified@example.org';
const SUPERADMIN = 'superadmin@example.org';

/** Items of the staff member's (level 4 and 5), besides the fixture's. */
const OWN = { staffOwn: 'askstaffown1', teamOwn: 'askteamown01' } as const;
const TITLES = { staffOwn: 'Secret Retreat Plan', teamOwn: 'Budget Notes For Team' } as const;

async function seed(handle: DatabaseHandle) {
  await seedSharingLibrary(handle);
  const [staff] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF));
  await handle.db.insert(items).values([
    { ref: OWN.staffOwn, code: 'AS-1', title: TITLES.staffOwn, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4, createdByUserId: staff!.id },
    // Level 5: above what its maintainer (staff, 4) may grant, so the admins are asked.
    { ref: OWN.teamOwn, code: 'AS-2', title: TITLES.teamOwn, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 5, createdByUserId: staff!.id },
  ]);
}

const env: Record<string, string> = { ...SIGN_IN_OFTEN, APP_URL: 'http://localhost:3000' };
const testApp = useTestApp({ env, seed });
const as = (email: string | null) => sessionAs(testApp.app, email);
const db = () => testApp.app.db;

async function help(jar: CookieJar, ref: string): Promise<{ status: number; props: Record<string, unknown>; help: ForbiddenHelp | null }> {
  const { response, page } = await visit(testApp.app, `/i/${ref}`, jar);
  return { status: response.statusCode, props: page.props, help: (page.props.help as ForbiddenHelp | undefined) ?? null };
}

const accessRequestUrl = (ref: string) => `/i/${ref}/access_request`;
const ask = (jar: CookieJar, ref: string, body?: unknown) => send(testApp.app, jar, 'POST', accessRequestUrl(ref), body);
const mailTo = (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
const requestsFor = (ref: string) =>
  db()
    .select({ id: accessRequests.id, level: accessRequests.level })
    .from(accessRequests)
    .innerJoin(items, eq(items.id, accessRequests.itemId))
    .where(eq(items.ref, ref));

describe('the 403 page of an item', () => {
  it('keeps the spec’s title and message, says the level needed and offers Ask for access, without the item’s title or maintainer', async () => {
    const { status, props, help: offered } = await help(await as(AFFILIATE), OWN.staffOwn);
    expect(status).toBe(403);
    expect(props).toMatchObject({ status: 403, title: ERROR_PAGES[403].title, message: ERROR_PAGES[403].message });
    expect(offered).toMatchObject({ neededLevel: 4, askUrl: accessRequestUrl(OWN.staffOwn), askedAt: null, signInUrl: null });
    const text = JSON.stringify(props);
    expect(text).not.toContain(TITLES.staffOwn);
    expect(text).not.toContain('James Whitfield');
    expect(text).not.toContain(STAFF);
  });

  it('offers a visitor the login page that comes back here, with the level needed', async () => {
    const { status, help: offered } = await help(await as(null), ITEMS.leaders);
    expect(status).toBe(403);
    expect(offered).toMatchObject({ neededLevel: 3, askUrl: null, signInUrl: `/login?return_to=${encodeURIComponent(`/i/${ITEMS.leaders}`)}` });
  });

  it('offers nothing to ask for a draft, which no level opens', async () => {
    const { status, help: offered } = await help(await as(AFFILIATE), ITEMS.draft);
    expect(status).toBe(403);
    expect(offered).toMatchObject({ neededLevel: null, notPublished: true, askUrl: null });
  });

  it('asks someone without a verified address to verify it first', async () => {
    const { help: offered } = await help(await as(UNVERIFIED), ITEMS.leaders);
    expect(offered).toMatchObject({ neededLevel: 3, askUrl: null, verifyEmail: true });
    const response = await ask(await as(UNVERIFIED), ITEMS.leaders);
    expect(response.statusCode).toBe(303);
    expect(await requestsFor(ITEMS.leaders)).toHaveLength(0);
  });

  it('keeps other 403s to the message and, for visitors, the login offer', async () => {
    const { response, page } = await visit(testApp.app, '/user', await as(null));
    expect(response.statusCode).toBe(403);
    expectInertia(page).props({ help: { neededLevel: null, askUrl: null, signInUrl: '/login?return_to=%2Fuser' } });
    const signedIn = await visit(testApp.app, '/user', await as(AFFILIATE));
    expect(signedIn.response.statusCode).toBe(403);
    expect(signedIn.page.props.help ?? null).toBeNull();
  });

  it('renders the help in the first HTML document too', async () => {
    const jar = await as(AFFILIATE);
    const response = await testApp.app.inject({ method: 'GET', url: `/i/${OWN.staffOwn}`, headers: { cookie: jar.header(), accept: 'text/html' } });
    expect(response.statusCode).toBe(403);
    expectInertia(response).props({ help: { neededLevel: 4 } });
  });
});

describe('POST /i/{ref}/access_request', () => {
  it('e-mails the maintainer a one-click link that fills in the Share dialog, confirms, and refuses a repeat', async () => {
    const jar = await as(AFFILIATE);
    const response = await ask(jar, OWN.staffOwn);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${OWN.staffOwn}`);
    expect((await nextPage(testApp.app, jar)).notices).toContain(ACCESS_REQUEST_TEXTS.sent);

    const [mail, ...more] = await mailTo(STAFF);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Daniel Mensah asks for access to “${TITLES.staffOwn}”`);
    expect(mail!.textBody).toContain('affiliate@example.org');
    expect(mail!.textBody).toContain('It needs access level 4, Staff.');
    expect(mail!.textBody).toContain(`http://localhost:3000/i/${OWN.staffOwn}?share_to=affiliate%40example.org&share_level=4`);
    // The admins are not asked when the maintainer can answer.
    expect(await mailTo(ADMIN)).toHaveLength(0);
    // Nothing is granted by asking.
    expect(await db().select().from(shares).where(eq(shares.toEmail, AFFILIATE))).toHaveLength(0);

    // The 403 page now shows the confirmation instead of the button.
    expect((await help(jar, OWN.staffOwn)).help).toMatchObject({ askUrl: null, askedAt: expect.any(String) });
    // A repeat sends nothing more.
    const again = await ask(jar, OWN.staffOwn);
    expect(again.statusCode).toBe(303);
    expect((await nextPage(testApp.app, jar)).notices.join(' ')).toMatch(/You can ask again/);
    expect(await mailTo(STAFF)).toHaveLength(1);
    expect(await requestsFor(OWN.staffOwn)).toHaveLength(1);
  });

  it('asks the admins when the maintainer may not grant the level needed', async () => {
    const before = { admin: (await mailTo(ADMIN)).length, superadmin: (await mailTo(SUPERADMIN)).length, staff: (await mailTo(STAFF)).length };
    const response = await ask(await as(LEADER), OWN.teamOwn);
    expect(response.statusCode).toBe(303);
    expect(await mailTo(ADMIN)).toHaveLength(before.admin + 1);
    expect(await mailTo(SUPERADMIN)).toHaveLength(before.superadmin + 1);
    expect(await mailTo(STAFF)).toHaveLength(before.staff);
  });

  it('asks the admins for an item without a maintainer', async () => {
    const before = (await mailTo(ADMIN)).length;
    await ask(await as(ASKER), ITEMS.staff);
    const mails = await mailTo(ADMIN);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.textBody).toContain(`share_to=usermanager%40example.org&share_level=4`);
  });

  it('refuses visitors, sends nothing for an item the person opens already, and 403s a draft', async () => {
    const outbox = (await db().select().from(mailOutbox)).length;
    expect((await ask(await as(null), ITEMS.leaders)).statusCode).toBe(403);
    const leader = await as(LEADER);
    const opens = await ask(leader, ITEMS.leaders);
    expect(opens.statusCode).toBe(303);
    expect((await nextPage(testApp.app, leader)).notices).toContain(ACCESS_REQUEST_TEXTS.canOpen);
    expect((await ask(await as(AFFILIATE), ITEMS.draft)).statusCode).toBe(403);
    expect((await db().select().from(mailOutbox)).length).toBe(outbox);
    expect(await requestsFor(ITEMS.leaders)).toHaveLength(0);
    expect(await requestsFor(ITEMS.draft)).toHaveLength(0);
  });

  it('answers bad input with a clear refusal, never a 500', async () => {
    const jar = await as(AFFILIATE);
    expect((await ask(jar, 'no such ref!')).statusCode).toBe(404);
    expect((await ask(jar, 'abcdefghijkl')).statusCode).toBe(404);
    const odd = await ask(jar, ITEMS.leaders, { level: 6, email: 'someone@else.org', anything: ['x'] });
    expect(odd.statusCode).toBe(303);
    // What the body says is ignored: the request is for the signed-in person, at the level the item needs.
    const [row] = await requestsFor(ITEMS.leaders);
    expect(row!.level).toBe(3);
    const [mail] = (await db().select().from(mailOutbox)).filter((m) => m.textBody.includes(`/i/${ITEMS.leaders}?share_to=`));
    expect(mail!.textBody).toContain('share_to=affiliate%40example.org&share_level=3');
  });

  it(`stops after ${ACCESS_REQUESTS_PER_WINDOW} requests in the waiting time`, async () => {
    const asker = await as(ASKER);
    const [askerRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, ASKER));
    const [item] = await db().select({ id: items.id }).from(items).where(eq(items.ref, ITEMS.leaders));
    const already = (await db().select().from(accessRequests).where(eq(accessRequests.userId, askerRow!.id))).length;
    // Earlier requests (for this test, all on one item but counted per person).
    await db()
      .insert(accessRequests)
      .values(
        Array.from({ length: ACCESS_REQUESTS_PER_WINDOW - already }, () => ({
          itemId: item!.id,
          userId: askerRow!.id,
          level: 3,
          createdAt: new Date(Date.now() - 3_600_000 * 30),
        })),
      );
    await db()
      .update(accessRequests)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(accessRequests.userId, askerRow!.id));
    const outbox = (await db().select().from(mailOutbox)).length;
    const response = await ask(asker, OWN.staffOwn);
    expect(response.statusCode).toBe(303);
    expect((await nextPage(testApp.app, asker)).notices.join(' ')).toMatch(/asked for access to many pages/);
    expect((await db().select().from(mailOutbox)).length).toBe(outbox);
  });
});

describe('signing in from a 403 page comes back to it', () => {
  async function demoSignIn(returnTo: string) {
    const jar = await csrfJar(testApp.app);
    return testApp.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...xsrfHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: LEADER, return_to: returnTo }).toString(),
    });
  }

  it('carries return_to from the login page to the demo sign-in, which comes back to that page', async () => {
    const login = await visit(testApp.app, `/login?return_to=${encodeURIComponent(`/i/${ITEMS.leaders}`)}`, await as(null));
    expectInertia(login.page).prop('returnTo', `/i/${ITEMS.leaders}`);
    const demo = await visit(testApp.app, `/dev/login?return_to=${encodeURIComponent(`/i/${ITEMS.leaders}`)}`, await as(null));
    expectInertia(demo.page).prop('returnTo', `/i/${ITEMS.leaders}`);
    const response = await demoSignIn(`/i/${ITEMS.leaders}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${ITEMS.leaders}`);
  });

  it.each(['https://evil.example/i/x', '//evil.example/i/x', '/\\evil.example', 'javascript:alert(1)', '/login'])(
    'never goes to %s (home instead)',
    async (target) => {
      const response = await demoSignIn(target);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
      const demo = await visit(testApp.app, `/dev/login?return_to=${encodeURIComponent(target)}`, await as(null));
      expect(demo.page.props.returnTo ?? null).toBeNull();
    },
  );
});

describe('the access-request e-mail', () => {
  /** The deepest nesting of round brackets in a text. */
  function bracketDepth(text: string): number {
    let depth = 0;
    let deepest = 0;
    for (const char of text) {
      if (char === '(') deepest = Math.max(deepest, ++depth);
      if (char === ')') depth -= 1;
    }
    return deepest;
  }

  it.each(ACCESS_LEVELS.filter((level) => level > 0))('has no brackets inside brackets, at level %i', (level) => {
    const mail = accessRequestMail({
      to: 'staff@example.org',
      requester: { name: 'Daniel Mensah', email: 'affiliate@example.org' },
      appName: 'Equip',
      title: 'Holiday Club (Summer)',
      level,
      link: 'http://localhost:3000/i/item00000001?share_to=affiliate%40example.org',
    });
    expect(bracketDepth(mail.text)).toBeLessThanOrEqual(1);
    expect(bracketDepth(mail.html)).toBeLessThanOrEqual(1);
    expect(bracketDepth(mail.subject)).toBeLessThanOrEqual(1);
  });

  it('names the level and its people: “It needs access level 2, Affiliates (volunteers, churches, international).”', () => {
    const mail = accessRequestMail({
      to: 'x@example.org',
      requester: { name: 'A', email: 'a@example.org' },
      appName: 'Equip',
      title: 'T',
      level: 2,
      link: 'http://x/',
    });
    expect(mail.text).toContain('It needs access level 2, Affiliates (volunteers, churches, international).');
  });
});
