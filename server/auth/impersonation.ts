/**
 * Acting as another user (member-library §6, impersonate). The session holds the target as its user and the real
 * user's id beside it, so the viewer is the target everywhere while the way back is kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { ANONYMOUS } from '../access/viewer';
import { users } from '../db/schema';
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
