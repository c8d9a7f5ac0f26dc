import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { clampLevel } from '../../shared/levels';
import { ANONYMOUS, type Viewer } from '../access/viewer';
import type { Database } from '../db/client';
import { users, userTypes } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: the signed-in user, or ANONYMOUS. */
    viewer: Viewer;
  }
}

const viewers = new WeakMap<FastifyRequest, Viewer>();

/** Loads `request.viewer` from the session's user id with one query. */
export const viewerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('viewer', {
      getter(this: FastifyRequest) {
        return viewers.get(this) ?? ANONYMOUS;
      },
      setter(this: FastifyRequest, viewer: Viewer) {
        viewers.set(this, viewer);
      },
    });
    app.addHook('onRequest', async (request) => {
      request.viewer = await viewerForSession(app.db, request);
    });
  },
  { name: 'equip-viewer', dependencies: ['equip-session'] },
);

async function viewerForSession(db: Database, request: FastifyRequest): Promise<Viewer> {
  const userId = request.session?.userId;
  if (userId === undefined) return ANONYMOUS;
  const viewer = await loadViewer(db, userId);
  if (viewer) return viewer;
  // The user was deleted while signed in: forget the session rather than trust it.
  await request.session.regenerate();
  return ANONYMOUS;
}

/** The viewer for a user id, or null when no such user exists. */
export async function loadViewer(db: Database, userId: number): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: users.id,
      ref: users.ref,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      level: userTypes.level,
      userTypeId: users.userTypeId,
      admin: users.admin,
      superadmin: users.superadmin,
      manager: users.manager,
      manageUsers: users.manageUsers,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { emailVerifiedAt, level, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null && row.email !== null, level: clampLevel(level) };
}

/**
 * Signs the user in on this request: a new session id (so a planted id is
 * useless), the user id in the session, and the sign-in time recorded.
 */
export async function signIn(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', userId);
  await request.server.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  request.viewer = (await loadViewer(request.server.db, userId)) ?? ANONYMOUS;
}

/** Ends the session: the stored session is destroyed and a fresh, empty one takes its place. */
export async function signOut(request: FastifyRequest): Promise<void> {
  await request.session.regenerate();
  request.viewer = ANONYMOUS;
}
