import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifySession from '@fastify/session';
import { DatabaseSessionStore, type ReadWithSession, type SessionSideColumns } from './session-store';
import { runPeriodically } from '../db/periodic-jobs';
import { DAY_MS } from '../../shared/dates';
import { OFFLINE_KEY_COOKIE, OFFLINE_KEY_HEADER, SESSION_EXPIRES_HEADER } from '../../shared/offline';

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
    // A page kept for offline reading is not shown once the session that fetched it has ended, nor in a browser that
    // no longer holds it (public/sw.js).
    app.addHook('onSend', async (request, reply) => {
      // A request whose session could not be read (the database away) has no cookie to date, and keeps its key.
      if (!request.session?.sessionId) return;
      const expires = request.session.cookie?.expires;
      const signedIn = request.session.userId !== undefined;
      if (expires && signedIn) reply.header(SESSION_EXPIRES_HEADER, new Date(expires).toISOString());
      markOfflineCopies(request, reply, signedIn ? offlineKeyOf(request.session.sessionId, app.config.sessionSecret) : null, expires ?? null);
    });
    runPeriodically(app, { name: 'expired-sessions', work: () => store.deleteExpired() });
  },
  { name: 'equip-session', dependencies: ['@fastify/cookie'] },
);

/** A key of the session for its offline copies: derived from its id, which it does not reveal. */
function offlineKeyOf(sessionId: string, secret: string): string {
  return createHmac('sha256', secret).update(`offline:${sessionId}`).digest('base64url').slice(0, 22);
}

/**
 * Tells the browser which session its offline copies belong to: the key on the answer (kept with a copy) and in a
 * cookie its service worker can read; no key (the cookie cleared) when nobody is signed in.
 */
function markOfflineCopies(request: FastifyRequest, reply: FastifyReply, key: string | null, expires: Date | null): void {
  const held = request.cookies[OFFLINE_KEY_COOKIE];
  const options = { path: '/', httpOnly: false, sameSite: 'lax' as const, secure: request.server.config.cookieSecure };
  if (key === null) {
    if (held !== undefined) reply.clearCookie(OFFLINE_KEY_COOKIE, options);
    return;
  }
  reply.header(OFFLINE_KEY_HEADER, key);
  if (held !== key) reply.setCookie(OFFLINE_KEY_COOKIE, key, { ...options, ...(expires ? { expires: new Date(expires) } : {}) });
}

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
