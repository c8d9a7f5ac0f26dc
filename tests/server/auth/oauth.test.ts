import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_CANCELLED, SIGN_IN_FAILED } from '../../../shared/messages';
import { identities, sessions, users, userTypes } from '../../../server/db/schema';
import { CookieJar, useTestApp } from '../../support/app';
import { useOidcProvider } from '../../support/oidc';
import { seedDemoAccounts } from '../../support/seed';
import { flashMessages, inertiaVisit as visit, providerSignIn } from './helpers';
import { inertiaHeaders } from '../../support/http';
import { expectInertia } from '../../../server/inertia/testing';

const oidc = useOidcProvider({ ORGANISATION_GOOGLE_DOMAINS: 'chaplains.example.org', ORGANISATION_USER_TYPE: 'Leader', RATE_LIMIT_SIGN_IN_MAX: '200' });
const ctx = useTestApp({ env: oidc.env, seed: seedDemoAccounts });

const signInThroughProvider = providerSignIn(ctx, oidc);

async function userByEmail(app: FastifyInstance, email: string) {
  const [row] = await app.db
    .select({
      id: users.id,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      loginUsing: users.loginUsing,
      level: userTypes.level,
      type: userTypes.title,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.email, email));
  return row;
}

describe('social sign-in through a real OpenID Connect provider', () => {
  it('signs a new person in, creates a level-1 user and returns to the page they came from', async () => {
    const account = { sub: 'g-100', email: 'new.person@gmail.example', email_verified: true, name: 'New Person' };
    const { response, jar } = await signInThroughProvider('google', account, { from: 'http://localhost:3000/popular?page=2' });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/popular?page=2');
    expect(jar.get('equip_session')).toBeTruthy();
    const { page } = await visit(ctx.app, '/', jar);
    expectInertia(page)
      .props({ auth: { authenticated: true, email: 'new.person@gmail.example', email_unverified: false } })
      .prop('auth.user.name', 'New Person');

    const user = await userByEmail(ctx.app, 'new.person@gmail.example');
    expect(user).toMatchObject({ level: 1, type: 'Member', loginUsing: 'google' });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('signs the same person in again as the same user', async () => {
    const account = { sub: 'g-100', email: 'new.person@gmail.example', email_verified: true, name: 'New Person' };
    await signInThroughProvider('google', account);
    const matching = await ctx.app.db.select().from(users).where(eq(users.email, 'new.person@gmail.example'));
    expect(matching).toHaveLength(1);
  });

  it('gives an organisation Google account the organisation user type', async () => {
    const account = { sub: 'g-200', email: 'Chaplain@Chaplains.example.org', email_verified: true, name: 'A Chaplain' };
    const { response } = await signInThroughProvider('google', account);
    expect(response.statusCode).toBe(302);
    expect(await userByEmail(ctx.app, 'chaplain@chaplains.example.org')).toMatchObject({ type: 'Leader', level: 3 });
  });

  it('raises an existing lower-level user of the organisation domain, and never lowers a higher one', async () => {
    const [member] = await ctx.app.db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Member'));
    const [admin] = await ctx.app.db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Admin'));
    await ctx.app.db.insert(users).values([
      { name: 'Old Member', email: 'old.member@chaplains.example.org', userTypeId: member.id, emailVerifiedAt: new Date() },
      { name: 'Top Admin', email: 'top.admin@chaplains.example.org', userTypeId: admin.id, emailVerifiedAt: new Date() },
    ]);
    await signInThroughProvider('google', { sub: 'g-300', email: 'old.member@chaplains.example.org', email_verified: true, name: 'Old Member' });
    await signInThroughProvider('google', { sub: 'g-301', email: 'top.admin@chaplains.example.org', email_verified: true, name: 'Top Admin' });
    expect(await userByEmail(ctx.app, 'old.member@chaplains.example.org')).toMatchObject({ type: 'Leader' });
    expect(await userByEmail(ctx.app, 'top.admin@chaplains.example.org')).toMatchObject({ type: 'Admin' });
  });

  it('does not treat an organisation address from another provider as an organisation account', async () => {
    await signInThroughProvider('microsoft', { sub: 'm-400', email: 'someone@chaplains.example.org', email_verified: true, name: 'Someone' });
    expect(await userByEmail(ctx.app, 'someone@chaplains.example.org')).toMatchObject({ type: 'Member' });
  });

  it('links a second provider with the same verified e-mail to the same user', async () => {
    await signInThroughProvider('google', { sub: 'g-500', email: 'both@example.net', email_verified: true, name: 'Both Ways' });
    const { jar } = await signInThroughProvider('microsoft', { sub: 'm-500', email: 'BOTH@example.net', email_verified: true, name: 'Both Ways' });

    const user = await userByEmail(ctx.app, 'both@example.net');
    const linked = await ctx.app.db.select().from(identities).where(eq(identities.userId, user.id));
    expect(linked.map((i) => i.provider).sort()).toEqual(['google', 'microsoft']);
    expect(user.loginUsing).toBe('microsoft');
    const { page } = await visit(ctx.app, '/', jar);
    expect(page.props.auth.user.ref).toBeTruthy();
    expectInertia(page).prop('auth.email', 'both@example.net');
  });

  it('does not link an unverified e-mail to the user who owns it', async () => {
    const owner = await userByEmail(ctx.app, 'member@example.org');
    const { jar } = await signInThroughProvider('microsoft', { sub: 'm-600', email: 'member@example.org', email_verified: false, name: 'Impostor' });

    const [identity] = await ctx.app.db.select().from(identities).where(eq(identities.subject, 'm-600'));
    expect(identity.userId).not.toBe(owner.id);
    const { page } = await visit(ctx.app, '/', jar);
    expectInertia(page)
      .props({ auth: { authenticated: true, email: null, email_missing: true } })
      .prop('auth.user.name', 'Impostor');
  });

  it('a refused consent signs nobody in and says sign-in was cancelled', async () => {
    const { response, jar, callback } = await signInThroughProvider(
      'google',
      { sub: 'g-700', email: 'no@example.net', email_verified: true },
      { decision: 'deny' },
    );
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect(await flashMessages(ctx.app, jar)).toContain(SIGN_IN_CANCELLED);
    expectInertia((await visit(ctx.app, '/', jar)).page).prop('auth.authenticated', false);
    expect(await userByEmail(ctx.app, 'no@example.net')).toBeUndefined();
  });

  it('a forged state is refused and signs nobody in', async () => {
    const jar = new CookieJar();
    oidc.provider.nextSignIn({ sub: 'g-800', email: 'forged@example.net', email_verified: true });
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/google/redirect' });
    jar.store(start);
    const callback = await oidc.provider.authorize(start.headers.location as string);
    callback.searchParams.set('state', 'forged-state');

    const response = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: jar.header() } });
    jar.store(response);
    expect(response.headers.location).toBe('/login');
    expect(await flashMessages(ctx.app, jar)).toContain(SIGN_IN_FAILED);
    expectInertia((await visit(ctx.app, '/', jar)).page).prop('auth.authenticated', false);
    expect(await userByEmail(ctx.app, 'forged@example.net')).toBeUndefined();
  });

  it('a callback without the state cookie (another browser) is refused', async () => {
    oidc.provider.nextSignIn({ sub: 'g-801', email: 'elsewhere@example.net', email_verified: true });
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/google/redirect' });
    const callback = await oidc.provider.authorize(start.headers.location as string);
    const response = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(response.headers.location).toBe('/login');
    expect(await userByEmail(ctx.app, 'elsewhere@example.net')).toBeUndefined();
  });

  it('a code that fails at the token endpoint signs nobody in', async () => {
    const jar = new CookieJar();
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/google/redirect' });
    jar.store(start);
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const response = await ctx.app.inject({ method: 'GET', url: `/auth/google/callback?code=made-up&state=${state}`, headers: { cookie: jar.header() } });
    jar.store(response);
    expect(response.headers.location).toBe('/login');
    expect(await flashMessages(ctx.app, jar)).toContain(SIGN_IN_FAILED);
  });

  it('returns to an explicit return_to page rather than the referrer', async () => {
    const account = { sub: 'g-901', email: 'returning@example.net', email_verified: true, name: 'Returning' };
    const { response } = await signInThroughProvider('google', account, { returnTo: '/tag/resource?page=3', from: 'http://localhost:3000/popular' });
    expect(response.headers.location).toBe('/tag/resource?page=3');
  });

  it('the login page carries the page the visitor came from to every provider button, and signing in comes back to it', async () => {
    const visitFrom = async (headers: Record<string, string>, query = '') => {
      const response = await ctx.app.inject({ method: 'GET', url: `/login${query}`, headers: { ...(await inertiaHeaders(ctx.app)), ...headers } });
      return (response.json() as { props: { providers: { provider: string; href: string }[] } }).props.providers.map((option) => option.href);
    };
    expect(await visitFrom({ referer: 'http://localhost:3000/collection/abc?tab=2' })).toEqual([
      '/auth/google/redirect?return_to=%2Fcollection%2Fabc%3Ftab%3D2',
      '/auth/microsoft/redirect?return_to=%2Fcollection%2Fabc%3Ftab%3D2',
      '/auth/facebook/redirect?return_to=%2Fcollection%2Fabc%3Ftab%3D2',
    ]);
    expect((await visitFrom({}, '?return_to=%2Fitem%3Fsearch%3Dcamp'))[0]).toBe('/auth/google/redirect?return_to=%2Fitem%3Fsearch%3Dcamp');
    expect((await visitFrom({ referer: 'https://evil.example/steal' }))[0]).toBe('/auth/google/redirect');
    expect((await visitFrom({}, '?return_to=%2F%2Fevil.example'))[0]).toBe('/auth/google/redirect');
    expect((await visitFrom({ referer: 'http://localhost:3000/login' }))[0]).toBe('/auth/google/redirect');

    const [googleHref] = await visitFrom({ referer: 'http://localhost:3000/collection/abc?tab=2' });
    const returnTo = new URL(googleHref!, 'http://localhost:3000').searchParams.get('return_to')!;
    const account = { sub: 'g-902', email: 'from-login@example.net', email_verified: true, name: 'From Login' };
    const { response } = await signInThroughProvider('google', account, { returnTo, from: 'http://localhost:3000/login' });
    expect(response.headers.location).toBe('/collection/abc?tab=2');
  });

  it('never returns to another site after sign-in', async () => {
    const account = { sub: 'g-900', email: 'traveller@example.net', email_verified: true, name: 'Traveller' };
    const { response } = await signInThroughProvider('google', account, { from: 'https://evil.example/steal' });
    expect(response.headers.location).toBe('/');
  });

  it('asks the provider for openid e-mail and profile with state and PKCE', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/google/redirect' });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(oidc.provider.issuer);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('sends Inertia visits to the provider with a 409 and X-Inertia-Location', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/google/redirect', headers: { ...(await inertiaHeaders(ctx.app)) } });
    expect(start.statusCode).toBe(409);
    expect(String(start.headers['x-inertia-location'])).toContain(oidc.provider.issuer);
  });

  it('answers 404 for an unknown provider', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/myspace/redirect' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the login page', () => {
  it('lists the configured providers as enabled, with the organisation domains and demo sign-in', async () => {
    const { page } = await visit(ctx.app, '/login');
    expectInertia(page)
      .component('auth/Login')
      .prop('providers', [
        { provider: 'google', label: 'Google', href: '/auth/google/redirect', enabled: true, reason: null },
        { provider: 'microsoft', label: 'Microsoft', href: '/auth/microsoft/redirect', enabled: true, reason: null },
        { provider: 'facebook', label: 'Facebook', href: '/auth/facebook/redirect', enabled: true, reason: null },
      ])
      .prop('organisationDomains', ['chaplains.example.org'])
      .prop('demoLoginAvailable', true);
  });
});
