import type { FastifyInstance } from 'fastify';
import type { LoginProvider } from '../../../shared/enums';
import { expect } from 'vitest';
import { CookieJar } from '../../support/app';
import { visit } from '../../support/http';
import type { OidcAccount, TestOidcProvider } from '../../support/oidc';

/** An Inertia visit with the current asset version, as the client makes it. */
export const inertiaVisit = (app: FastifyInstance, url: string, jar?: CookieJar) => visit(app, url, jar);

/** The flash notifications the next page shows this browser. */
export async function flashMessages(app: FastifyInstance, jar: CookieJar): Promise<string[]> {
  const { page } = await visit(app, '/', jar);
  return (page?.flash?.notifications ?? []).map((n: { message: string }) => n.message);
}

export interface ProviderSignInOptions {
  decision?: 'allow' | 'deny';
  from?: string;
  returnTo?: string;
}

/**
 * Sign-in through the test's OpenID Connect provider, for a file's app and provider (both built in `beforeAll`, so
 * read when called): starts at the app, lets the provider answer, and returns the app's callback response.
 */
export function providerSignIn(ctx: { app: FastifyInstance }, oidc: { provider: TestOidcProvider }) {
  return async function signInThroughProvider(provider: LoginProvider, account: OidcAccount, options: ProviderSignInOptions = {}) {
    const jar = new CookieJar();
    oidc.provider.nextSignIn(account, options.decision);
    const query = options.returnTo ? `?return_to=${encodeURIComponent(options.returnTo)}` : '';
    const start = await ctx.app.inject({ method: 'GET', url: `/auth/${provider}/redirect${query}`, headers: options.from ? { referer: options.from } : {} });
    expect(start.statusCode).toBe(302);
    jar.store(start);
    const callback = await oidc.provider.authorize(start.headers.location as string);
    expect(callback.pathname).toBe(`/auth/${provider}/callback`);
    const response = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: jar.header() } });
    jar.store(response);
    return { response, jar, callback };
  };
}
