/** Headers every response carries (server/app.ts): no caching of what depends on the session, and denied features. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CLIENT_BUILD_DIR } from '../../server/web/client-build';
import { signInAs } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const ctx = useSessionTestApp({ seed: seedDemoAccounts });

describe('Cache-Control', () => {
  it.each([
    ['the home page', '/', {}],
    ['the item list', '/item', {}],
    ['an Inertia visit', '/item', { 'x-inertia': 'true' }],
    ['type-ahead JSON', '/item?search=prayer&simplejson=true', { accept: 'application/json' }],
    ['the 404 page', '/no/such/page', {}],
    ['a redirect', '/invite/AbCdEfGh12345678', { accept: 'text/html' }],
  ])('is private, no-store on %s', async (_name, url, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('is private, no-store on pages a signed-in person sees', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    for (const url of ['/', '/item', '/profile']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('leaves static assets the caching they were served with', async () => {
    const script = readdirSync(`${CLIENT_BUILD_DIR}assets`).find((name) => name.endsWith('.js'))!;
    expect((await ctx.app.inject({ method: 'GET', url: `/build/assets/${script}` })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('built scripts and styles', () => {
  it('go out as the build compressed them: Brotli, else gzip, else as they are', async () => {
    const script = readdirSync(`${CLIENT_BUILD_DIR}assets`)
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, size: statSync(`${CLIENT_BUILD_DIR}assets/${name}`).size }))
      .sort((a, b) => b.size - a.size)[0]!.name;
    const original = readFileSync(`${CLIENT_BUILD_DIR}assets/${script}`);
    const fetchAs = (encoding: string) => ctx.app.inject({ method: 'GET', url: `/build/assets/${script}`, headers: { 'accept-encoding': encoding } });

    const brotli = await fetchAs('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload).toEqual(readFileSync(`${CLIENT_BUILD_DIR}assets/${script}.br`));
    expect(brotliDecompressSync(brotli.rawPayload)).toEqual(original);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await fetchAs('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(original);

    const plain = await fetchAs('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(original);
  });
});

describe('browser features and images', () => {
  it('denies camera, microphone, geolocation, payment, USB and the like to every page', async () => {
    for (const url of ['/', '/no/such/page']) {
      const policy = String((await ctx.app.inject({ method: 'GET', url })).headers['permissions-policy']).split(', ');
      expect(policy).toEqual(expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'display-capture=()']));
    }
  });

  it('lets pages show images from Equip itself and data: URLs only', async () => {
    const policy = String((await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy.split(';')).toContain("img-src 'self' data:");
  });
});
