import type { FastifyReply, FastifyRequest } from 'fastify';
import { storeErrors } from './session';
import type { ValidationErrors } from './types';
import { headerValue, INERTIA_HEADERS, isInertiaRequest } from './visit';

/** Methods after which a 302 would replay the method on the redirect target; 303 makes the browser GET it. */
const SEE_OTHER_METHODS = new Set(['PUT', 'PATCH', 'DELETE']);

export function requestOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

export function fullRequestUrl(request: FastifyRequest): string {
  return `${requestOrigin(request) ?? ''}${request.url}`;
}

/**
 * Where "back" is: the Referer's path and query when it is on this origin,
 * otherwise the fallback. Never an external host, so no open redirect.
 */
export function safeBackUrl(request: FastifyRequest, fallbackUrl = '/'): string {
  const referer = parseUrl(request.headers.referer);
  if (!referer || referer.origin !== requestOrigin(request)) return fallbackUrl;
  // A path starting with `//` would be read as another host.
  return referer.pathname.replace(/^\/+/, '/') + referer.search;
}

function parseUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** 302 after GET or HEAD; 303 otherwise, so the browser follows with a GET. */
export function redirectStatusFor(method: string): 302 | 303 {
  return method === 'GET' || method === 'HEAD' ? 302 : 303;
}

export function redirectBack(reply: FastifyReply, fallbackUrl?: string): FastifyReply {
  return reply.redirect(safeBackUrl(reply.request, fallbackUrl), redirectStatusFor(reply.request.method));
}

export function redirectWithErrors(reply: FastifyReply, errors: ValidationErrors, fallbackUrl?: string): FastifyReply {
  storeErrors(reply.request, errors, headerValue(reply.request, INERTIA_HEADERS.errorBag));
  return redirectBack(reply, fallbackUrl);
}

/**
 * A redirect the Inertia client must leave the SPA for (a download, a page outside the app on this origin): it does a
 * full page visit. A plain `reply.redirect` to another origin gets the same answer from `rewriteRedirect`.
 */
export function inertiaLocation(reply: FastifyReply, url: string): FastifyReply {
  if (!isInertiaRequest(reply.request)) return reply.redirect(url, redirectStatusFor(reply.request.method));
  return reply.code(409).header(INERTIA_HEADERS.location, url).send();
}

/**
 * onSend: 302 after PUT/PATCH/DELETE becomes 303. For Inertia visits, which follow redirects by XHR: a redirect to
 * another origin (an OAuth provider, a drive's file) becomes 409 + X-Inertia-Location, so the client leaves the SPA
 * with a full visit; a redirect to a URL with a fragment becomes 409 + X-Inertia-Redirect, because XHR redirects drop
 * the fragment.
 */
export async function rewriteRedirect(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode === 302 && SEE_OTHER_METHODS.has(request.method)) reply.code(303);
  const location = reply.getHeader('location');
  if (!isRedirectStatus(reply.statusCode) || typeof location !== 'string' || !isInertiaRequest(request)) return payload;
  if (isOtherOrigin(request, location)) return answerConflict(reply, INERTIA_HEADERS.location, location);
  if (location.includes('#')) return answerConflict(reply, INERTIA_HEADERS.redirect, location);
  return payload;
}

function answerConflict(reply: FastifyReply, header: typeof INERTIA_HEADERS.location | typeof INERTIA_HEADERS.redirect, location: string): string {
  reply.removeHeader('location');
  reply.code(409).header(header, location);
  return '';
}

/** A base no real request has: a Location that resolves onto it was relative, so same-origin. */
const RELATIVE_BASE = 'http://relative.invalid';

function isOtherOrigin(request: FastifyRequest, location: string): boolean {
  let target: URL;
  try {
    target = new URL(location, RELATIVE_BASE);
  } catch {
    return false;
  }
  return target.origin !== new URL(RELATIVE_BASE).origin && target.origin !== requestOrigin(request);
}

function isRedirectStatus(status: number): boolean {
  return status >= 300 && status < 400;
}
