import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/app';
import { csrfJar, xsrfHeader } from '../../support/http';
import { seedDemoAccounts } from '../../support/seed';
import { inertiaVisit } from './helpers';
import { expectInertia } from '../../../server/inertia/testing';

const ctx = useTestApp({
  env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DEMO_LOGIN: 'true' },
  seed: seedDemoAccounts,
});
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('demo sign-in in production', () => {
  it('does not exist, whatever DEMO_LOGIN says: GET /dev/login is the 404 page', async () => {
    expect(ctx.config.demoLogin).toBe(false);
    const { response, page } = await inertiaVisit(ctx.app, '/dev/login');
    expect(response.statusCode).toBe(404);
    expectInertia(page).component('errors/Error');
  });

  it('POST /dev/login is a 404 too, with or without a valid token, and signs nobody in', async () => {
    const jar = await csrfJar(ctx.app);
    const withToken = await ctx.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...FORM, ...xsrfHeader(jar) },
      payload: 'email=admin%40example.org',
    });
    expect(withToken.statusCode).toBe(404);
    expect(withToken.cookies.find((c) => c.name === 'equip_session')).toBeUndefined();
    const withoutToken = await ctx.app.inject({ method: 'POST', url: '/dev/login', headers: FORM, payload: 'email=admin%40example.org' });
    expect(withoutToken.statusCode).toBe(404);
  });

  it('the login page does not offer it', async () => {
    const { page } = await inertiaVisit(ctx.app, '/login');
    expectInertia(page).prop('demoLoginAvailable', false);
  });

  it('providers without credentials are shown disabled with a reason', async () => {
    const { page } = await inertiaVisit(ctx.app, '/login');
    expect(page.props.providers[0]).toEqual({
      provider: 'google',
      label: 'Google',
      href: '/auth/google/redirect',
      enabled: false,
      reason: 'Not configured on this server',
    });
  });

  it('an unconfigured provider sends the visitor back to the login page with a notice, never a 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/facebook/redirect' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    const callback = await ctx.app.inject({ method: 'GET', url: '/auth/facebook/callback?code=x&state=y' });
    expect(callback.headers.location).toBe('/login');
  });

  it('cookies are Secure in production', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
  });
});
