/**
 * Acting as another user (impersonate; docs/decisions/access.md "Users"). The session holds the target as its user and the real
 * user's id beside it, so the viewer is the target everywhere while the way back is kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { FlashData } from '../../shared/props';
import { USER_NOTICES } from '../../shared/users';
import { ANONYMOUS } from '../access/viewer';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { newRef } from '../lib/ref';
import { loadViewer, signOut } from './viewer';

declare module 'fastify' {
  interface Session {
    /** While acting as another user: the real (signed-in) user's internal id. */
    impersonatorUserId?: number;
  }
}

export interface Impersonator {
  id: number;
  name: string;
}

const impersonators = new WeakMap<FastifyRequest, Impersonator>();

/** The real user behind this request's viewer while they act as someone else; null otherwise. */
export function impersonatorOf(request: FastifyRequest): Impersonator | null {
  return impersonators.get(request) ?? null;
}

/**
 * Reads the real user's name for requests made while acting as someone else (one query, only then). A session
 * whose real user no longer exists is ended rather than left acting as the target.
 */
export const impersonationPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const realUserId = request.session?.impersonatorUserId;
      if (realUserId === undefined || request.viewer.id === null) return;
      const [real] = await app.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, realUserId)).limit(1);
      if (real) impersonators.set(request, real);
      else await signOut(request);
    });
  },
  { name: 'equip-impersonation', dependencies: ['equip-viewer'] },
);

/**
 * Makes the target this session's user, keeping the real user's id: a new session id (as at sign-in), and the
 * viewer of the rest of this request is the target. The caller has asked the policy.
 */
export async function startImpersonating(request: FastifyRequest, targetUserId: number): Promise<void> {
  const real = request.viewer;
  if (real.id === null) throw new Error('only a signed-in user can act as another');
  await request.session.regenerate();
  request.session.set('userId', targetUserId);
  request.session.set('impersonatorUserId', real.id);
  request.viewer = (await loadViewer(request.server.db, targetUserId)) ?? ANONYMOUS;
  impersonators.set(request, { id: real.id, name: real.name });
}

/**
 * Gives the session back to the real user (a new session id again). Answers who was acted as and the real user, or
 * null when this session was not acting as anyone.
 */
export async function stopImpersonating(request: FastifyRequest): Promise<{ realUserId: number; subjectUserId: number | null } | null> {
  const realUserId = request.session.impersonatorUserId;
  if (realUserId === undefined) return null;
  const subjectUserId = request.viewer.id;
  await request.session.regenerate();
  impersonators.delete(request);
  const real = await loadViewer(request.server.db, realUserId);
  if (!real) {
    request.viewer = ANONYMOUS;
    return { realUserId, subjectUserId };
  }
  request.session.set('userId', realUserId);
  request.viewer = real;
  return { realUserId, subjectUserId };
}

/**
 * Gives every session acting as this user back to its real user, in the transaction that is about to delete the user
 * (which would otherwise delete those sessions with it and sign the real users out). As when they stop acting, the
 * session keeps only its cookie and its real user, plus a notice saying why they are back. Answers the real users' ids.
 */
export async function returnImpersonatorsOf(tx: Database, subject: { id: number; name: string }): Promise<number[]> {
  const flash: FlashData = { notifications: [{ pseudoref: newRef(), message: USER_NOTICES.actedAsDeleted(subject.name), type: 'info' }] };
  const impersonatorId = sql`case when jsonb_typeof(${sessions.data} -> 'impersonatorUserId') = 'number' then (${sessions.data} ->> 'impersonatorUserId')::int end`;
  const returned = await tx
    .update(sessions)
    .set({
      userId: sql`${users.id}`,
      data: sql`jsonb_build_object('cookie', ${sessions.data} -> 'cookie', 'userId', ${users.id}, 'inertiaFlash', ${JSON.stringify(flash)}::jsonb)`,
    })
    .from(users)
    .where(and(eq(sessions.userId, subject.id), eq(users.id, impersonatorId)))
    .returning({ realUserId: users.id });
  return returned.map((row) => row.realUserId);
}
