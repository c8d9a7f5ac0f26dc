import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_REFUSED, ERROR_PAGES } from '../../shared/messages';
import { createCsrfToken, csrfKeyFromSecret, isValidCsrfToken, safeEqual } from './csrf-token';
import { persistedSessionId } from './session';
import { XSRF_COOKIE } from '../../shared/http';
import { wantsJson } from '../lib/negotiation';

/** The names Inertia's client uses by itself: it copies the cookie into the header on every visit. */
export const XSRF_HEADER = 'x-xsrf-token';
/** Plain HTML form posts carry the token in this field instead of the header. */
export const CSRF_FORM_FIELD = '_token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const issuedTokens = new WeakMap<FastifyRequest, string>();
const keys = new Map<string, KeyObject>();

/**
 * Refuses every state-changing request whose X-XSRF-TOKEN header (or `_token`
 * field) does not match the XSRF-TOKEN cookie and carry a valid signature for
 * the visitor's session. The check runs before the handler, so a refused request
 * changes nothing. Every response leaves the browser with a valid cookie.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || request.is404) return;
      if (carriesValidToken(request)) return;
      await refuse(request, reply);
      return reply;
    });
    app.addHook('onSend', async (request, reply) => {
      // A session that could not be read (the database away: the answer is a 503) leaves the browser's token alone: a
      // token issued now would be for no session, and the person's next write, once the database is back, refused.
      if (request.session?.sessionId) csrfToken(request, reply);
    });
  },
  { name: 'equip-csrf', dependencies: ['equip-session'] },
);

/** A token valid for this visitor's session, setting the cookie when the browser lacks one. */
function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const key = csrfKey(request);
  const sessionId = persistedSessionId(request);
  const current = issuedTokens.get(request) ?? request.cookies[XSRF_COOKIE];
  if (current && isValidCsrfToken(key, current, sessionId)) return current;
  const token = createCsrfToken(key, sessionId);
  const { cookieSecure, SESSION_MAX_AGE_DAYS } = request.server.config;
  reply.setCookie(XSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: cookieSecure,
    maxAge: SESSION_MAX_AGE_DAYS * 24 * 60 * 60,
  });
  issuedTokens.set(request, token);
  return token;
}

function carriesValidToken(request: FastifyRequest): boolean {
  const submitted = submittedToken(request);
  const cookie = request.cookies[XSRF_COOKIE];
  if (!submitted || !cookie || !safeEqual(submitted, cookie)) return false;
  return isValidCsrfToken(csrfKey(request), submitted, persistedSessionId(request));
}

function submittedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[XSRF_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const field = (body as Record<string, unknown>)[CSRF_FORM_FIELD];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

async function refuse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log.info({ reqId: request.id, url: request.url }, 'request refused: missing or invalid CSRF token');
  if (wantsJson(request)) {
    await reply.code(403).send({ message: CSRF_REFUSED });
    return;
  }
  const props = { status: 403, title: ERROR_PAGES[403].title, message: CSRF_REFUSED, detail: null };
  await reply.inertia('errors/Error', props, { status: 403 });
}

function csrfKey(request: FastifyRequest): KeyObject {
  const secret = request.server.config.sessionSecret;
  let key = keys.get(secret);
  if (!key) {
    key = csrfKeyFromSecret(secret);
    keys.set(secret, key);
  }
  return key;
}
