import { eq, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { sessions, users } from '../../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/accounts';
import { UNKNOWN_DEMO_ACCOUNT } from '../../../server/auth/messages';
import { useTestApp } from '../../support/app';
import { csrfJar, signInAs, xsrfHeader } from '../../support/http';
import { seedDemoAccounts } from '../../support/seed';
import { flashMessages, inertiaVisit } from './helpers';
import { expectInertia } from '../../../server/inertia/testing';

const ctx = useTestApp({ seed: seedDemoAccounts });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function userIdOf(email: string): Promise<number> {
  const [user] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user.id;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Another account typing `email` on itself (unverified), as any member may; answers its id. */
async function claimAddress(email: string, values: { createdAt?: Date } = {}): Promise<number> {
  const [member] = await ctx.app.db.select({ userTypeId: users.userTypeId }).from(users).where(eq(users.email, 'member@example.org'));
  const [claimant] = await ctx.app.db
    .insert(users)
    .values({ name: 'Claimant', email, userTypeId: member!.userTypeId, ...values })
    .returning({ id: users.id });
  return claimant!.id;
}

/**
 * Rewrites the account's address in another letter case: a new row version with new index entries, stored after the
 * rival claim, so neither insertion order nor storage order puts the rightful account first.
 */
async function storeAgainAfter(userId: number, email: string): Promise<void> {
  await ctx.app.db.update(users).set({ email }).where(eq(users.id, userId));
}

/** Who the demo sign-in with this address signs in as. */
async function demoSignInAs(email: string): Promise<{ ref: string; name: string }> {
  const { page } = await inertiaVisit(ctx.app, '/', await signInAs(ctx.app, email));
  return page.props.auth.user;
}

async function demoListingEntry(email: string) {
  const { page } = await inertiaVisit(ctx.app, '/dev/login');
  return page.props.accounts.find((account: { email: string }) => account.email === email);
}

describe('demo sign-in', () => {
  it('lists the seeded demo accounts with their level and roles', async () => {
    const { page } = await inertiaVisit(ctx.app, '/dev/login');
    expectInertia(page).component('dev/Login');
    expect(page.props.accounts.map((a: { email: string }) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(page.props.accounts).toContainEqual({ email: 'superadmin@example.org', name: 'Tom Fraser', level: 6, roles: ['Super admin', 'Admin'] });
    expect(page.props.accounts).toContainEqual({ email: 'member@example.org', name: 'Maya Thompson', level: 1, roles: [] });
  });

  it('signs in as a seeded account and goes home', async () => {
    const jar = await csrfJar(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...FORM, ...xsrfHeader(jar) },
      payload: 'email=Leader%40example.org',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    jar.store(response);
    const { page } = await inertiaVisit(ctx.app, '/', jar);
    expectInertia(page).props({ auth: { authenticated: true, email: 'leader@example.org' } });
  });

  it('an unknown e-mail goes back with an error on the field and signs nobody in', async () => {
    const jar = await csrfJar(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...FORM, ...xsrfHeader(jar), referer: 'http://localhost:80/dev/login' },
      payload: 'email=stranger%40example.org',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dev/login');
    jar.store(response);
    const { page } = await inertiaVisit(ctx.app, '/dev/login', jar);
    expectInertia(page).errors({ email: UNKNOWN_DEMO_ACCOUNT }).prop('auth.authenticated', false);
  });

  it('signs in as, and lists, the account holding a demo address verified, never an older unverified claim on it', async () => {
    const [leader] = await ctx.app.db.select().from(users).where(eq(users.email, 'leader@example.org'));
    const claimant = await claimAddress('leader@example.org', { createdAt: new Date(leader!.createdAt.getTime() - DAY_MS) });
    await storeAgainAfter(leader!.id, 'Leader@Example.org');
    try {
      expect(await demoSignInAs('leader@example.org')).toEqual({ ref: leader!.ref, name: 'Sarah Okafor' });
      expect(await demoListingEntry('leader@example.org')).toMatchObject({ name: 'Sarah Okafor', level: 3, roles: [] });
    } finally {
      await ctx.app.db.delete(users).where(eq(users.id, claimant));
      await ctx.app.db.update(users).set({ email: 'leader@example.org' }).where(eq(users.id, leader!.id));
    }
  });

  it('among unverified claims on a demo address only, signs in as the oldest', async () => {
    const [olivia] = await ctx.app.db.select().from(users).where(eq(users.email, 'unverified@example.org'));
    const claimant = await claimAddress('unverified@example.org');
    await storeAgainAfter(olivia!.id, 'Unverified@Example.org');
    try {
      expect(await demoSignInAs('unverified@example.org')).toEqual({ ref: olivia!.ref, name: 'Olivia Grant' });
      expect(await demoListingEntry('unverified@example.org')).toMatchObject({ name: 'Olivia Grant', roles: ['Unverified e-mail'] });
    } finally {
      await ctx.app.db.delete(users).where(eq(users.id, claimant));
      await ctx.app.db.update(users).set({ email: 'unverified@example.org' }).where(eq(users.id, olivia!.id));
    }
  });

  it('only shows demo accounts that exist in the database', async () => {
    await ctx.app.db.delete(users).where(eq(users.email, 'team@example.org'));
    const { page } = await inertiaVisit(ctx.app, '/dev/login');
    expect(page.props.accounts.map((a: { email: string }) => a.email)).not.toContain('team@example.org');
    expect(page.props.accounts).toHaveLength(DEMO_ACCOUNTS.length - 1);
  });
});

describe('sessions', () => {
  it('keeps a session row holding only the user id', async () => {
    const jar = await signInAs(ctx.app, 'staff@example.org');
    const userId = await userIdOf('staff@example.org');
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(JSON.stringify(rows[0].data)).not.toContain('staff@example.org');
    expect(jar.get('equip_session')).toBeTruthy();
  });

  it('never saves what the store read with the session (the user and the library snapshot) into its row', async () => {
    const jar = await signInAs(ctx.app, 'staff@example.org');
    const sid = decodeURIComponent(jar.get('equip_session') ?? '').split('.')[0];
    const store = ctx.app.sessionStore;
    const read = await new Promise<Session>((resolve, reject) => store.get(sid, (error, session) => (error ? reject(error) : resolve(session!))));
    expect(read.readWithSession?.viewer?.email).toBe('staff@example.org');
    await new Promise<void>((resolve, reject) => store.set(sid, read, (error) => (error ? reject(error) : resolve())));
    const [row] = await ctx.app.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(Object.keys(row.data as object)).toContain('userId');
    expect(Object.keys(row.data as object)).not.toContain('readWithSession');
  });

  it('sets the session cookie httpOnly and SameSite=Lax with the configured lifetime', async () => {
    const jar = await csrfJar(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...FORM, ...xsrfHeader(jar) },
      payload: 'email=member%40example.org',
    });
    const cookie = response.cookies.find((c) => c.name === 'equip_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('another app instance on the same database accepts the session (restarts sign nobody out)', async () => {
    const jar = await signInAs(ctx.app, 'affiliate@example.org');
    const other = await buildApp(ctx.config, { database: ctx.database });
    try {
      await other.ready();
      const { page } = await inertiaVisit(other, '/', jar);
      expectInertia(page).props({ auth: { authenticated: true, email: 'affiliate@example.org' } });
    } finally {
      await other.close();
    }
  });

  it('a signed-in visitor of /login is sent home', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({ method: 'GET', url: '/login', headers: { cookie: jar.header() } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('an expired session is ignored and deleted', async () => {
    const jar = await signInAs(ctx.app, 'leader@example.org');
    const sid = decodeURIComponent(jar.get('equip_session') ?? '').split('.')[0];
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    const { page } = await inertiaVisit(ctx.app, '/', jar);
    expectInertia(page).prop('auth.authenticated', false);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
  });

  it('a deleted user is anonymous from the next request on', async () => {
    const jar = await signInAs(ctx.app, 'admin@example.org');
    await ctx.app.db.delete(users).where(eq(users.email, 'admin@example.org'));
    const { page } = await inertiaVisit(ctx.app, '/', jar);
    expectInertia(page).props({ auth: { authenticated: false, user: null } });
  });
});

describe('logout', () => {
  it('signs out, removes the stored session and says so', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const sessionsBefore = await ctx.app.db.select({ count: sql<number>`count(*)::int` }).from(sessions);
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: xsrfHeader(jar) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    jar.store(response);
    expect(await flashMessages(ctx.app, jar)).toContain('You have been logged out.');
    const { page } = await inertiaVisit(ctx.app, '/', jar);
    expectInertia(page).prop('auth.authenticated', false);
    const [after] = await ctx.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.userId} is not null`);
    expect(after.count).toBeLessThan(sessionsBefore[0].count);
  });

  it('an old session cookie no longer signs anyone in after logout', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const oldCookie = jar.header();
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: xsrfHeader(jar) });
    expect(response.statusCode).toBe(303);
    const replay = await ctx.app.inject({ method: 'GET', url: '/login', headers: { cookie: oldCookie } });
    expect(replay.statusCode).toBe(200);
  });
});
