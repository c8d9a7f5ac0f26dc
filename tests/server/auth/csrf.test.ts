import { describe, expect, it } from 'vitest';
import { CSRF_REFUSED, ERROR_PAGES } from '../../../shared/messages';
import { useTestApp, type CookieJar } from '../../support/app';
import { csrfJar, signInAs, xsrfHeader } from '../../support/http';
import { seedDemoAccounts } from '../../support/seed';
import { inertiaVisit } from './helpers';
import { inertiaHeaders } from '../../support/http';
import { expectInertia, pageFromDocument } from '../../../server/inertia/testing';

const ctx = useTestApp({ seed: seedDemoAccounts });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function isSignedIn(jar: CookieJar): Promise<boolean> {
  const { page } = await inertiaVisit(ctx.app, '/', jar);
  return page.props.auth.authenticated;
}

describe('the XSRF-TOKEN cookie', () => {
  it('is set on a first page, readable by scripts, SameSite=Lax, for the whole site', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('is not set again while it is valid', async () => {
    const jar = await csrfJar(ctx.app);
    const again = await ctx.app.inject({ method: 'GET', url: '/login', headers: { cookie: jar.header() } });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('is replaced when signing in changes the session, and the old one stops working', async () => {
    const jar = await csrfJar(ctx.app);
    const anonymousToken = jar.get('XSRF-TOKEN') ?? '';
    const signIn = await ctx.app.inject({ method: 'POST', url: '/dev/login', headers: { ...FORM, ...xsrfHeader(jar) }, payload: 'email=member%40example.org' });
    jar.store(signIn);
    expect(jar.get('XSRF-TOKEN')).toBeTruthy();
    expect(jar.get('XSRF-TOKEN')).not.toBe(anonymousToken);

    const cookie = `equip_session=${jar.get('equip_session')}; XSRF-TOKEN=${anonymousToken}`;
    const stale = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { cookie, 'x-xsrf-token': anonymousToken } });
    expect(stale.statusCode).toBe(403);
    expect(await isSignedIn(jar)).toBe(true);
  });
});

describe('state-changing requests', () => {
  it('a POST without a token gets the 403 page and changes nothing: logout does not sign out', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { cookie: jar.header() } });
    expect(response.statusCode).toBe(403);
    const page = pageFromDocument(response.body);
    expectInertia(page).component('errors/Error').props({ status: 403, title: ERROR_PAGES[403].title, message: CSRF_REFUSED });
    expect(await isSignedIn(jar)).toBe(true);
  });

  it('an Inertia visit without a token gets the 403 page object', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: jar.header(), ...(await inertiaHeaders(ctx.app)) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ component: 'errors/Error', props: { status: 403, message: CSRF_REFUSED } });
    expect(await isSignedIn(jar)).toBe(true);
  });

  it('a JSON request without a token gets a JSON 403', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: CSRF_REFUSED });
  });

  it('a demo sign-in without a token signs nobody in', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/dev/login', headers: FORM, payload: 'email=admin%40example.org' });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === 'equip_session')).toBeUndefined();
  });

  it('the header token (as Inertia sends it) is accepted', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: xsrfHeader(jar) });
    expect(response.statusCode).toBe(303);
    jar.store(response);
    expect(await isSignedIn(jar)).toBe(false);
  });

  it('a plain form post with the _token field is accepted', async () => {
    const jar = await csrfJar(ctx.app);
    const payload = new URLSearchParams({ email: 'member@example.org', _token: jar.get('XSRF-TOKEN') ?? '' }).toString();
    const response = await ctx.app.inject({ method: 'POST', url: '/dev/login', headers: { ...FORM, cookie: jar.header() }, payload });
    expect(response.statusCode).toBe(303);
    jar.store(response);
    expect(await isSignedIn(jar)).toBe(true);
  });

  it('a header token that differs from the cookie is refused', async () => {
    const jar = await csrfJar(ctx.app);
    const other = await csrfJar(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...FORM, cookie: jar.header(), 'x-xsrf-token': other.get('XSRF-TOKEN') ?? '' },
      payload: 'email=member%40example.org',
    });
    expect(response.statusCode).toBe(403);
  });

  it('a token from another session is refused, even with a matching cookie', async () => {
    const victim = await signInAs(ctx.app, 'member@example.org');
    const attacker = await signInAs(ctx.app, 'affiliate@example.org');
    const attackerToken = attacker.get('XSRF-TOKEN') ?? '';
    const cookie = `equip_session=${victim.get('equip_session')}; XSRF-TOKEN=${attackerToken}`;
    const response = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { cookie, 'x-xsrf-token': attackerToken } });
    expect(response.statusCode).toBe(403);
    expect(await isSignedIn(victim)).toBe(true);
  });

  it('a token whose signature was tampered with is refused', async () => {
    const jar = await csrfJar(ctx.app);
    const [nonce] = (jar.get('XSRF-TOKEN') ?? '').split('.');
    const forged = `${nonce}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...FORM, cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
      payload: 'email=member%40example.org',
    });
    expect(response.statusCode).toBe(403);
  });

  it('GET requests need no token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
  });
});
