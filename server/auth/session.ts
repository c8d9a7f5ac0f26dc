import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifySession from '@fastify/session';
import { DatabaseSessionStore, type ReadWithSession, type SessionSideColumns } from './session-store';
import { runPeriodically } from '../db/periodic-jobs';
import { DAY_MS } from '../../shared/dates';
import { SESSION_EXPIRES_HEADER } from '../../shared/offline';

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: DatabaseSessionStore;
  }
  interface Session {
    /** The signed-in user's internal id; nothing else about the user is kept in the session. */
    userId?: number;
    /** Day (YYYY-MM-DD) the session's expiry was last pushed forward. */
    renewedOn?: string;
    /** What the store's read of this session brought along (never saved); the viewer hook alone reads it. */
    readWithSession?: ReadWithSession;
  }
}

export const SESSION_COOKIE = 'equip_session';

/** Server-side sessions in the database behind an `equip_session` cookie. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { sideColumns?: SessionSideColumns }) => {
    const maxAgeMs = app.config.SESSION_MAX_AGE_DAYS * DAY_MS;
    const store = new DatabaseSessionStore(app.db, maxAgeMs, options.sideColumns);
    app.decorate('sessionStore', store);
    await app.register(fastifySession, {
      secret: app.config.sessionSecret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      // Not rolling: that would write the session on every request. `renewDaily` keeps active users signed in.
      rolling: false,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.cookieSecure, maxAge: maxAgeMs },
    });
    app.addHook('onRequest', async (request) => renewDaily(request));
    // A page kept for offline reading is not shown once the session that fetched it has ended (public/sw.js).
    app.addHook('onSend', async (request, reply) => {
      // A request whose session could not be read (the database away) has no cookie to date.
      const expires = request.session?.cookie?.expires;
      if (expires && request.session.userId !== undefined) reply.header(SESSION_EXPIRES_HEADER, new Date(expires).toISOString());
    });
    runPeriodically(app, { name: 'expired-sessions', work: () => store.deleteExpired() });
  },
  { name: 'equip-session', dependencies: ['@fastify/cookie'] },
);

/** Marks a signed-in session as changed once a day, so it is saved with a fresh expiry. */
function renewDaily(request: FastifyRequest): void {
  const session = request.session;
  if (session?.userId === undefined) return;
  const today = new Date().toISOString().slice(0, 10);
  if (session.renewedOn !== today) session.set('renewedOn', today);
}

/**
 * The id of the session this request's cookie refers to, or that this response
 * saves; null when the visitor has no stored session.
 */
export function persistedSessionId(request: FastifyRequest): string | null {
  const session = request.session;
  if (!session?.sessionId) return null;
  if (session.isSaved()) return session.sessionId;
  return request.cookies[SESSION_COOKIE] === session.encryptedSessionId ? session.sessionId : null;
}
