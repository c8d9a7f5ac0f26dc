/** Sessions for tests that act as several people, signing in afresh for each request. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { useTestApp, type CookieJar, type TestApp } from './app';
import { csrfJar, signInAs, visit } from './http';

/** The tests sign in afresh for each request; the sign-in rate limit would otherwise stop them. */
export const SIGN_IN_OFTEN = { RATE_LIMIT_SIGN_IN_MAX: '10000' };

/** Signed in, with the welcome notice already shown, so the next page carries only what the test caused. */
export async function signedIn(app: FastifyInstance, email: string): Promise<CookieJar> {
  const jar = await signInAs(app, email);
  await visit(app, '/', jar);
  return jar;
}

/** A new session: signed in as `email` (see signedIn), or anonymous with a CSRF token when `email` is null. */
export function sessionAs(app: FastifyInstance, email: string | null): Promise<CookieJar> {
  return email ? signedIn(app, email) : csrfJar(app);
}

export interface SessionTestApp extends TestApp {
  /** The app's database, for arranging and checking rows. */
  db(): Database;
  /** A new session of this app (see sessionAs). */
  as(email: string | null): Promise<CookieJar>;
}

/** useTestApp with SIGN_IN_OFTEN added to `env`, plus `db()` and `as(email)`. */
export function useSessionTestApp(options: Parameters<typeof useTestApp>[0] = {}): SessionTestApp {
  const context = useTestApp({ ...options, env: { ...SIGN_IN_OFTEN, ...options.env } });
  return Object.assign(context, {
    db: () => context.app.db,
    as: (email: string | null) => sessionAs(context.app, email),
  });
}
