import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Where a sign-in started from, kept in a short-lived cookie while the visitor is at the provider. */
export const RETURN_TO_COOKIE = 'equip_return_to';
const RETURN_TO_MAX_AGE_SECONDS = 15 * 60;
const PLACEHOLDER_ORIGIN = 'http://return-to.invalid';
/** `?return_to=` of the login page and of a provider's redirect route. */
export const returnToQuery = z.object({ return_to: z.string().max(2048).optional() });
/** Pages that make no sense to come back to after signing in. */
const NOT_RETURN_TARGETS = ['/login', '/logout', '/auth', '/dev/login'];

/**
 * The same-origin path (with query) a candidate points at, or null when it is
 * another site, malformed, or a sign-in page. Absolute URLs are accepted only on
 * one of `allowedOrigins`; nothing that a browser could read as another host gets through.
 */
export function safeReturnPath(candidate: string | undefined, allowedOrigins: readonly string[]): string | null {
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  const relative = candidate.startsWith('/') && url.origin === PLACEHOLDER_ORIGIN;
  if (!relative && !allowedOrigins.includes(url.origin)) return null;
  const target = `${url.pathname}${url.search}`;
  if (target.startsWith('//') || target.startsWith('/\\')) return null;
  if (NOT_RETURN_TARGETS.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return null;
  return target;
}

/** `?return_to=` or, failing that, the referring page of this site; null when neither is a page to come back to. */
export function requestedReturnPath(request: FastifyRequest, requested: string | undefined): string | null {
  const origins = allowedOrigins(request);
  return safeReturnPath(requested, origins) ?? safeReturnPath(request.headers.referer, origins);
}

/** `candidate` as a same-site path to come back to (safeReturnPath), or null; never the Referer. */
export function checkedReturnPath(request: FastifyRequest, candidate: string | undefined): string | null {
  return safeReturnPath(candidate, allowedOrigins(request));
}

/** Remembers `?return_to=` or, failing that, the referring page of this site. */
export function rememberReturnTo(request: FastifyRequest, reply: FastifyReply, requested: string | undefined): void {
  const target = requestedReturnPath(request, requested);
  if (!target) {
    reply.clearCookie(RETURN_TO_COOKIE, { path: '/auth' });
    return;
  }
  reply.setCookie(RETURN_TO_COOKIE, target, {
    path: '/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure,
    maxAge: RETURN_TO_MAX_AGE_SECONDS,
  });
}

/** The remembered page (checked again), or '/'; the cookie is used once. */
export function takeReturnTo(request: FastifyRequest, reply: FastifyReply): string {
  const remembered = safeReturnPath(request.cookies[RETURN_TO_COOKIE], allowedOrigins(request));
  reply.clearCookie(RETURN_TO_COOKIE, { path: '/auth' });
  return remembered ?? '/';
}

function allowedOrigins(request: FastifyRequest): string[] {
  return [new URL(request.server.config.APP_URL).origin, `${request.protocol}://${request.host}`];
}
