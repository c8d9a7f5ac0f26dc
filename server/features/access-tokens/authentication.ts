/**
 * Personal access tokens at the door of the read-only API (docs/decisions/access.md "Personal access tokens"). A
 * request to a path under /api/ with `Authorization: Bearer …` is its token owner's, and only theirs:
 * - the request goes without a session (server/auth/sessionless.ts): nobody is impersonated and no preview applies;
 *   the viewer is the owner's, from their account as it is now;
 * - an unknown, revoked or expired token is answered 401, and any method but GET and HEAD 405, as problem details,
 *   before the body is read (after the rate limit, which counts a refused token against the address);
 * - it sets no cookie, so it has no CSRF token either (it only reads);
 * - `request.apiToken` names the token, and the rate limit counts the token's requests apart (web/rate-limit.ts).
 * Elsewhere the header means nothing here: a page is served as to the session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_TOKEN_PROBLEMS } from '../../../shared/access-tokens';
import { API_PREFIX, PROBLEM_CONTENT_TYPE } from '../../../shared/api';
import { goWithoutSession } from '../../auth/sessionless';
import { loadViewer } from '../../auth/viewer';
import { usableToken } from './tokens';

/** The methods a token may use: the API it opens only reads. */
const READ_METHODS = new Set(['GET', 'HEAD']);
const BEARER = /^bearer(?:[ \t]+(.*))?$/i;

/** Requests that carried a bearer token to the API, accepted or not. */
const tokenRequests = new WeakSet<FastifyRequest>();

/** The secret of an API request's bearer token ('' when the header names the scheme alone); null for any other request. */
function bearerSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || !isApiPath(request)) return null;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * Under /api/ by its URL and, when a route matched, by that route's path too: a URL that routes elsewhere
 * (a look-alike spelling) is no API request.
 */
function isApiPath(request: FastifyRequest): boolean {
  if (!request.url.startsWith(API_PREFIX)) return false;
  return request.is404 || (request.routeOptions.url?.startsWith(API_PREFIX) ?? false);
}

async function answerProblem(reply: FastifyReply, status: 401 | 405, title: string, detail: string): Promise<void> {
  await reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify({ type: 'about:blank', title, status, detail }));
}

export const accessTokenPlugin = fp(
  async (app: FastifyInstance) => {
    // Before the cookies are read (register it before @fastify/cookie): a token request carries no session.
    app.addHook('onRequest', async (request) => {
      const secret = bearerSecret(request);
      if (secret === null) return;
      tokenRequests.add(request);
      goWithoutSession(request);
      const token = await usableToken(app.db, secret, new Date());
      const owner = token && (await loadViewer(app.db, token.userId));
      if (!token || !owner) return;
      request.apiToken = { id: token.id, ref: token.ref };
      request.viewer = owner;
    });
    app.addHook('preParsing', async (request, reply, payload) => {
      if (!tokenRequests.has(request)) return payload;
      if (request.apiToken === null) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        await answerProblem(reply, 401, 'Unauthorized', ACCESS_TOKEN_PROBLEMS.refused);
      } else if (!READ_METHODS.has(request.method)) {
        reply.header('allow', 'GET, HEAD');
        await answerProblem(reply, 405, 'Method Not Allowed', ACCESS_TOKEN_PROBLEMS.readOnly);
      }
      return payload;
    });
  },
  { name: 'equip-access-tokens' },
);
