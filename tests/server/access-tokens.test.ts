/**
 * Personal access tokens (docs/decisions/access.md "Personal access tokens"): created on the profile and shown once,
 * stored hashed, listed and revoked; and a request to the API with one is its owner's alone (no session, no
 * impersonation, no preview), refused with problem details when the token is unusable or the method would write, and
 * never logged. The app gets a route of its own under /api/ that says who is asking.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_PROBLEMS, type AccessTokensSection } from '../../shared/access-tokens';
import { SIGN_IN_HINT } from '../../shared/messages';
import { publicBecause } from '../../server/access/guards';
import { buildApp } from '../../server/app';
import { impersonatorOf } from '../../server/auth/impersonation';
import { previewerOf } from '../../server/auth/view-as';
import type { DatabaseHandle } from '../../server/db/client';
import { httpRequests, personalAccessTokens, sessions, users } from '../../server/db/schema';
import { startOfDayIn, todayIn } from '../../server/features/access-tokens/schemas';
import { createPersonalAccessToken, hashAccessToken, revokePersonalAccessToken } from '../../server/features/access-tokens/tokens';
import { expectInertia, pageProps } from '../../server/inertia/testing';
import { REDACTED } from '../../server/lib/redact';
import { requesterKey } from '../../server/web/rate-limit';
import { temporaryLocalDrive, testConfig } from '../support/app';
import { freshDatabase } from '../support/database';
import { nextPage, send, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { sessionAs, SIGN_IN_OFTEN } from '../support/sessions';

const WHOAMI = '/api/v1/whoami-test';
const logDir = mkdtempSync(path.join(tmpdir(), 'equip-tokens-'));
const logFile = path.join(logDir, 'equip.log');

let app: FastifyInstance;
let database: DatabaseHandle;
let removeDrive: () => Promise<void>;

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoAccounts(database);
  const drive = await temporaryLocalDrive();
  removeDrive = drive.remove;
  app = await buildApp(testConfig({ ...SIGN_IN_OFTEN, LOG_FILE: logFile, LOG_LEVEL: 'info' }), { database, drive: drive.drive });
  // Who the app takes a request to the API for, as every hook left it.
  app.get(WHOAMI, { preValidation: publicBecause('a test route: who is asking') }, async (request) => ({
    viewer: request.viewer.ref,
    level: request.viewer.level,
    apiToken: request.apiToken,
    impersonator: impersonatorOf(request)?.id ?? null,
    previewer: previewerOf(request)?.id ?? null,
    rateLimitKey: requesterKey(request),
  }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeDrive?.();
  rmSync(logDir, { recursive: true, force: true });
});

const userOf = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0]!;
const tokenRow = async (ref: string) => (await app.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.ref, ref)))[0]!;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const section = (page: unknown) => pageProps(page as never, 'profile/Show').accessTokens as AccessTokensSection;

async function tokenFor(email: string, expiresAt: Date | null = null) {
  return createPersonalAccessToken(app.db, (await userOf(email)).id, { name: `${email}'s script`, expiresAt });
}

function whoami(headers: Record<string, string>, method: 'GET' | 'HEAD' | 'POST' | 'DELETE' = 'GET') {
  return app.inject({ method, url: WHOAMI, headers });
}

function expectRefused(response: Awaited<ReturnType<typeof whoami>>) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
  expect(response.json()).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: ACCESS_TOKEN_PROBLEMS.refused });
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe('creating a token on the profile', () => {
  it('is refused to visitors, and to nobody’s token', async () => {
    const jar = await sessionAs(app, null);
    const created = await send(app, jar, 'POST', '/profile/tokens', { name: 'Mine' });
    expect(created.statusCode).toBe(403);
    expectInertia(created).props({ detail: SIGN_IN_HINT });
    const { ref } = await tokenFor('member@example.org');
    expect((await send(app, jar, 'DELETE', `/profile/tokens/${ref}`)).statusCode).toBe(403);
    expect((await tokenRow(ref)).revokedAt).toBeNull();
  });

  it('shows the secret once after the redirect, stores only its hash, and lists the token', async () => {
    const member = await userOf('member@example.org');
    const jar = await sessionAs(app, 'member@example.org');
    const response = await send(app, jar, 'POST', '/profile/tokens', { name: '  Backup script  ', expires_on: '' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profile');
    // What the sessions table holds while the secret waits for the redirect.
    const waiting = await app.db
      .select({ data: sql<string>`${sessions.data}::text` })
      .from(sessions)
      .where(sql`${sessions.data} ? 'createdAccessToken'`);
    expect(waiting).toHaveLength(1);

    const first = section((await visit(app, '/profile', jar)).page);
    expect(first.canCreate).toBe(true);
    const created = first.created!;
    expect(created.name).toBe('Backup script');
    expect(created.token).toMatch(/^equip_pat_[A-Za-z0-9_-]{43}$/);
    expect(first.tokens[0]).toEqual({
      ref: created.ref,
      name: 'Backup script',
      prefix: created.token.slice(0, 16),
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      state: 'active',
    });
    // The next visit lists it, and no longer has the secret.
    const second = section((await visit(app, '/profile', jar)).page);
    expect(second.created).toBeNull();
    expect(second.tokens.map((token) => token.ref)).toContain(created.ref);

    const row = await tokenRow(created.ref);
    expect(row).toMatchObject({ userId: member.id, name: 'Backup script', tokenHash: hashAccessToken(created.token), expiresAt: null });
    const holding = await app.db
      .select({ ref: personalAccessTokens.ref })
      .from(personalAccessTokens)
      .where(sql`row_to_json(${personalAccessTokens})::text like ${`%${created.token.slice(10)}%`}`);
    expect(holding).toEqual([]);
    // Nor did the session hold it readable while it waited, nor after.
    expect(waiting[0]!.data).not.toContain(created.token.slice(10, 30));
    expect(
      await app.db
        .select({ sid: sessions.sid })
        .from(sessions)
        .where(sql`${sessions.data} ? 'createdAccessToken'`),
    ).toEqual([]);
    expect((await whoami(bearer(created.token))).json()).toMatchObject({ viewer: member.ref });
  });

  it('keeps an expiry day as the start of that day in the organisation’s time zone', async () => {
    const jar = await sessionAs(app, 'leader@example.org');
    expect((await send(app, jar, 'POST', '/profile/tokens', { name: 'Until 2099', expires_on: '2099-01-31' })).statusCode).toBe(303);
    const created = section((await visit(app, '/profile', jar)).page).created!;
    expect((await tokenRow(created.ref)).expiresAt).toEqual(new Date('2099-01-31T00:00:00Z'));
  });

  it('answers bad input with errors on the fields, and creates nothing', async () => {
    const jar = await sessionAs(app, 'affiliate@example.org');
    const affiliate = await userOf('affiliate@example.org');
    const tomorrow = new Date(Date.parse(`${todayIn('UTC')}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { name: ACCESS_TOKEN_MESSAGES.nameRequired }],
      [{ name: '   ' }, { name: ACCESS_TOKEN_MESSAGES.nameRequired }],
      [{ name: 'x'.repeat(101) }, { name: ACCESS_TOKEN_MESSAGES.nameTooLong }],
      [{ name: 'Dates', expires_on: 'next week' }, { expires_on: ACCESS_TOKEN_MESSAGES.expiryInvalid }],
      [{ name: 'Dates', expires_on: '2030-02-30' }, { expires_on: ACCESS_TOKEN_MESSAGES.expiryInvalid }],
      [{ name: 'Dates', expires_on: todayIn('UTC') }, { expires_on: ACCESS_TOKEN_MESSAGES.expiryNotFuture }],
      [{ name: 'Dates', expires_on: '2001-01-01' }, { expires_on: ACCESS_TOKEN_MESSAGES.expiryNotFuture }],
      [
        { name: '', expires_on: 'soon' },
        { name: ACCESS_TOKEN_MESSAGES.nameRequired, expires_on: ACCESS_TOKEN_MESSAGES.expiryInvalid },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await send(app, jar, 'POST', '/profile/tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(303);
      expect((await nextPage(app, jar)).errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await app.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, affiliate.id))).toEqual([]);
    // A 100-character name and tomorrow are fine.
    expect((await send(app, jar, 'POST', '/profile/tokens', { name: 'y'.repeat(100), expires_on: tomorrow })).statusCode).toBe(303);
    expect((await nextPage(app, jar)).errors).toEqual({});
    expect(await app.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, affiliate.id))).toHaveLength(1);
  });

  it('needs a verified e-mail address, and the profile says why', async () => {
    const jar = await sessionAs(app, 'unverified@example.org');
    const refused = await send(app, jar, 'POST', '/profile/tokens', { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expectInertia(refused).props({ detail: ACCESS_TOKEN_MESSAGES.needsVerifiedEmail });
    const page = section((await visit(app, '/profile', jar)).page);
    expect(page).toMatchObject({ canCreate: false, cannotCreateBecause: ACCESS_TOKEN_MESSAGES.needsVerifiedEmail, tokens: [] });
  });

  it('is refused to a superadmin acting as someone, who may still see and revoke their tokens', async () => {
    const staff = await userOf('staff@example.org');
    const { ref } = await tokenFor('staff@example.org');
    const jar = await sessionAs(app, 'superadmin@example.org');
    expect((await send(app, jar, 'POST', `/user/${staff.ref}/impersonate`)).statusCode).toBe(303);
    const refused = await send(app, jar, 'POST', '/profile/tokens', { name: 'Taken over' });
    expect(refused.statusCode).toBe(403);
    expectInertia(refused).props({ detail: ACCESS_TOKEN_MESSAGES.whileImpersonating });
    const page = section((await visit(app, '/profile', jar)).page);
    expect(page).toMatchObject({ canCreate: false, cannotCreateBecause: ACCESS_TOKEN_MESSAGES.whileImpersonating });
    expect(page.tokens.map((token) => token.ref)).toEqual([ref]);
    expect((await send(app, jar, 'DELETE', `/profile/tokens/${ref}`)).statusCode).toBe(303);
    expect((await tokenRow(ref)).revokedAt).toBeInstanceOf(Date);
    expect(await app.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, staff.id))).toHaveLength(1);
  });
});

describe('revoking a token', () => {
  it('revokes one’s own: listed as revoked, and refused by the API from then on', async () => {
    const { ref, token } = await tokenFor('team@example.org');
    expect((await whoami(bearer(token))).statusCode).toBe(200);
    const jar = await sessionAs(app, 'team@example.org');
    const response = await send(app, jar, 'DELETE', `/profile/tokens/${ref}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profile');
    const { page } = await visit(app, '/profile', jar);
    expect(page.flash.notifications.map((notice: { message: string }) => notice.message)).toContain(ACCESS_TOKEN_MESSAGES.revoked("team@example.org's script"));
    expect(section(page).tokens.find((listed) => listed.ref === ref)).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    expectRefused(await whoami(bearer(token)));
    // Again: nothing changes, and it says so.
    const revokedAt = (await tokenRow(ref)).revokedAt;
    expect((await send(app, jar, 'DELETE', `/profile/tokens/${ref}`)).statusCode).toBe(303);
    expect((await nextPage(app, jar)).notices).toContain(ACCESS_TOKEN_MESSAGES.alreadyRevoked("team@example.org's script"));
    expect((await tokenRow(ref)).revokedAt).toEqual(revokedAt);
  });

  it('answers 404 for someone else’s token, and for none, and changes nothing', async () => {
    const { ref, token } = await tokenFor('manager@example.org');
    const jar = await sessionAs(app, 'usermanager@example.org');
    expect((await send(app, jar, 'DELETE', `/profile/tokens/${ref}`)).statusCode).toBe(404);
    expect((await send(app, jar, 'DELETE', '/profile/tokens/nosuchtoken1')).statusCode).toBe(404);
    expect((await tokenRow(ref)).revokedAt).toBeNull();
    expect((await whoami(bearer(token))).statusCode).toBe(200);
  });

  it('revokePersonalAccessToken revokes only the owner’s, once', async () => {
    const { ref } = await tokenFor('admin@example.org');
    expect(await revokePersonalAccessToken(app.db, (await userOf('member@example.org')).id, ref)).toBe(false);
    expect(await revokePersonalAccessToken(app.db, (await userOf('admin@example.org')).id, ref)).toBe(true);
    expect(await revokePersonalAccessToken(app.db, (await userOf('admin@example.org')).id, ref)).toBe(false);
  });
});

describe('a request to the API with a token', () => {
  it('is its owner’s: viewer, token and rate-limit budget; no cookie is set', async () => {
    const leader = await userOf('leader@example.org');
    const { ref, token } = await tokenFor('leader@example.org');
    const { id } = await tokenRow(ref);
    const response = await whoami(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ viewer: leader.ref, level: 3, apiToken: { id, ref }, impersonator: null, previewer: null, rateLimitKey: `token:${id}` });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await whoami({ ...bearer(token), accept: 'application/json' }, 'HEAD')).statusCode).toBe(200);
    // The scheme is case-insensitive.
    expect((await whoami({ authorization: `bearer ${token}` })).json()).toMatchObject({ viewer: leader.ref });
  });

  it('ignores the session cookie: not the session’s user, nor whom it impersonates, nor its preview', async () => {
    const leader = await userOf('leader@example.org');
    const member = await userOf('member@example.org');
    const admin = await userOf('admin@example.org');
    const { token } = await tokenFor('leader@example.org');

    const acting = await sessionAs(app, 'superadmin@example.org');
    expect((await send(app, acting, 'POST', `/user/${member.ref}/impersonate`)).statusCode).toBe(303);
    expect((await whoami({ cookie: acting.header() })).json()).toMatchObject({ viewer: member.ref, apiToken: null, rateLimitKey: `user:${member.id}` });
    const withToken = await whoami({ cookie: acting.header(), ...bearer(token) });
    expect(withToken.json()).toMatchObject({ viewer: leader.ref, impersonator: null, previewer: null });
    expect(withToken.headers['set-cookie']).toBeUndefined();
    // The session is untouched: still acting as the member.
    expectInertia((await visit(app, '/profile', acting)).page).prop('user.email', 'member@example.org');

    const previewing = await sessionAs(app, 'admin@example.org');
    expect((await send(app, previewing, 'POST', '/view_as', { as: '1' })).statusCode).toBe(303);
    expect((await whoami({ cookie: previewing.header() })).json()).toMatchObject({ level: 1, previewer: admin.id });
    const adminToken = await tokenFor('admin@example.org');
    expect((await whoami({ cookie: previewing.header(), ...bearer(adminToken.token) })).json()).toMatchObject({ viewer: admin.ref, level: 6, previewer: null });
  });

  it('answers 401 problem details for an unknown, malformed, revoked or expired token, whatever the session', async () => {
    const jar = await sessionAs(app, 'member@example.org');
    const { token } = await tokenFor('member@example.org');
    const unknown = `equip_pat_${'A'.repeat(43)}`;
    for (const header of [`Bearer ${unknown}`, 'Bearer not-a-token', 'Bearer', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`]) {
      expectRefused(await whoami({ authorization: header, cookie: jar.header() }));
    }
    const expired = await tokenFor('member@example.org', new Date(Date.now() + 60_000));
    expect((await whoami(bearer(expired.token))).statusCode).toBe(200);
    await app.db
      .update(personalAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.ref, expired.ref));
    expectRefused(await whoami(bearer(expired.token)));
    // 401 and 404 tell a token that works from one that does not, on a path no route has.
    expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: bearer(token) })).statusCode).toBe(404);
    expectRefused(await app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: bearer(unknown) }));
  });

  it('is read-only: any other method is answered 405 before anything runs', async () => {
    const { token } = await tokenFor('staff@example.org');
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await whoami({ ...bearer(token), 'content-type': 'application/json' }, method);
      expect(response.statusCode).toBe(405);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.json()).toEqual({ type: 'about:blank', title: 'Method Not Allowed', status: 405, detail: ACCESS_TOKEN_PROBLEMS.readOnly });
    }
    // Nor does the token open a write anywhere else under /api/; a refused token is a 401 first.
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/items', headers: bearer(token), payload: {} })).statusCode).toBe(405);
    expectRefused(await whoami({ authorization: 'Bearer nope' }, 'POST'));
  });

  it('means nothing outside /api/: the page is the session’s, or a visitor’s', async () => {
    const { token } = await tokenFor('leader@example.org');
    const jar = await sessionAs(app, 'member@example.org');
    const own = await visit(app, '/profile', jar, bearer(token));
    expectInertia(own.page).prop('user.email', 'member@example.org');
    const anonymous = await app.inject({ method: 'GET', url: '/profile', headers: bearer(token) });
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).props({ detail: SIGN_IN_HINT });
    // A made-up token outside /api/ is no reason for a 401.
    expect((await app.inject({ method: 'GET', url: '/login', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(200);
  });

  it('notes the last use at most once a minute', async () => {
    const { ref, token } = await tokenFor('affiliate@example.org');
    expect((await tokenRow(ref)).lastUsedAt).toBeNull();
    await whoami(bearer(token));
    const first = (await tokenRow(ref)).lastUsedAt!;
    expect(first).toBeInstanceOf(Date);
    await whoami(bearer(token));
    expect((await tokenRow(ref)).lastUsedAt).toEqual(first);
    const longAgo = new Date(Date.now() - 61_000);
    await app.db.update(personalAccessTokens).set({ lastUsedAt: longAgo }).where(eq(personalAccessTokens.ref, ref));
    await whoami(bearer(token));
    expect((await tokenRow(ref)).lastUsedAt!.getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it('leaves the token out of the server log and the request log', async () => {
    const team = await userOf('team@example.org');
    const { token } = await tokenFor('team@example.org');
    const secret = token.slice('equip_pat_'.length);
    await whoami({ ...bearer(token), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' });
    await app.inject({ method: 'GET', url: `/api/v1/items?access_token=${token}`, headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' } });
    await app.inject({ method: 'GET', url: `/api/v1/${token}`, headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 Firefox/140.0' } });
    app.log.warn({ detail: `a message quoting ${token}` }, `pasted ${token}`);

    await app.requestLog.flush();
    const logged = await app.db.select().from(httpRequests);
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(logged.some((row) => row.url === `/api/v1/${REDACTED}`)).toBe(true);
    // The token's request is logged as its owner's.
    expect(logged.find((row) => row.url === WHOAMI && row.userTypeId === team.userTypeId)).toBeTruthy();

    const sentinel = `written up to here ${Math.random()}`;
    app.log.info(sentinel);
    const text = await vi.waitFor(
      () => {
        const written = readFileSync(logFile, 'utf8');
        expect(written).toContain(sentinel);
        return written;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(text).toContain(WHOAMI);
    expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('bearer');
  });
});

describe('the expiry day', () => {
  it('begins at midnight in the time zone, on either side of a change of the clocks', () => {
    expect(startOfDayIn('2030-01-15', 'UTC').toISOString()).toBe('2030-01-15T00:00:00.000Z');
    expect(startOfDayIn('2030-07-01', 'Europe/London').toISOString()).toBe('2030-06-30T23:00:00.000Z');
    expect(startOfDayIn('2030-01-15', 'America/New_York').toISOString()).toBe('2030-01-15T05:00:00.000Z');
    expect(startOfDayIn('2030-01-15', 'Asia/Kolkata').toISOString()).toBe('2030-01-14T18:30:00.000Z');
    // London's clocks go forward at 01:00 on 31 March 2030 and back at 02:00 on 27 October.
    expect(startOfDayIn('2030-03-31', 'Europe/London').toISOString()).toBe('2030-03-31T00:00:00.000Z');
    expect(startOfDayIn('2030-04-01', 'Europe/London').toISOString()).toBe('2030-03-31T23:00:00.000Z');
    expect(startOfDayIn('2030-10-28', 'Europe/London').toISOString()).toBe('2030-10-28T00:00:00.000Z');
  });

  it('today is the time zone’s', () => {
    const instant = new Date('2030-01-15T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2030-01-15');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2030-01-16');
    expect(todayIn('America/New_York', instant)).toBe('2030-01-15');
  });
});
