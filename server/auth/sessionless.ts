/**
 * Requests that go without a session: an API request with a personal access token, and the embeds' answers for other
 * sites. Such a request loses its Cookie header before the cookies are read, so no session, impersonation or preview
 * applies, and its answer saves no session and issues no CSRF token, so it sets no cookie whatever the route did.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const sessionless = new WeakSet<FastifyRequest>();

/** From an `onRequest` hook registered before @fastify/cookie: this request goes without a session. */
export function goWithoutSession(request: FastifyRequest): void {
  sessionless.add(request);
  delete request.raw.headers.cookie;
}

/** Registered before the session and CSRF plugins, so its `onSend` hook runs before theirs. */
export const sessionlessPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request) => {
      // With no session to save, neither the session nor the CSRF token sets a cookie.
      if (sessionless.has(request)) (request as { session: unknown }).session = null;
    });
  },
  { name: 'equip-sessionless' },
);
