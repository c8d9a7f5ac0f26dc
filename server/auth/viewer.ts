import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { clampLevel } from '../../shared/levels';
import { ANONYMOUS, type Viewer } from '../access/viewer';
import type { Database } from '../db/client';
import { users, userTypes } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: the signed-in user (or a personal access token's owner), or ANONYMOUS. */
    viewer: Viewer;
    /**
     * The personal access token that authenticated this request to the API (features/access-tokens), whose owner is
     * then the viewer in place of any session's user; null for every other request.
     */
    apiToken: { id: number; ref: string } | null;
    /**
     * The side values read with this request's session (see SessionSideColumns), while the session is still the
     * signed-in user's it was read for and that user is the viewer; null without one, after a sign-in, sign-out or
     * impersonation changed it, and while a preview's synthetic viewer stands in for the user (auth/view-as.ts).
     */
    readonly sessionSideValues: Record<string, unknown> | null;
  }
}

const viewers = new WeakMap<FastifyRequest, Viewer>();

/**
 * Sets `request.viewer`, and gives `request.sessionSideValues`, from what the session's read brought along (the store reads
 * the user and the side values with the session, in one round trip); loads the user itself only when that is missing.
 */
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
    app.decorateRequest('sessionSideValues', {
      getter(this: FastifyRequest) {
        const read = currentRead(this.session);
        return read && read.userId === this.viewer.id ? read.side : null;
      },
    });
    app.decorateRequest('apiToken', null);
    app.addHook('onRequest', async (request) => {
      // A token's owner was made the viewer before the session was read (features/access-tokens).
      if (request.apiToken !== null) return;
      request.viewer = await viewerForSession(app.db, request);
    });
  },
  { name: 'equip-viewer', dependencies: ['equip-session'] },
);

/** What the store read with this session, while the session still belongs to the user it was read for. */
function currentRead(session: FastifyRequest['session'] | undefined) {
  const read = session?.readWithSession;
  return read !== undefined && read.userId === session?.userId ? read : undefined;
}

async function viewerForSession(db: Database, request: FastifyRequest): Promise<Viewer> {
  const session = request.session;
  const userId = session?.userId;
  if (userId === undefined) return ANONYMOUS;
  const read = currentRead(session);
  const viewer = read ? read.viewer : await loadViewer(db, userId);
  if (viewer) return viewer;
  // The user was deleted while signed in: forget the session rather than trust it.
  await session.regenerate();
  return ANONYMOUS;
}

/** The columns a Viewer is made of, from `users` joined with `user_types` (see `toViewer`). */
export const viewerColumns = {
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
};

export interface ViewerRow extends Omit<Viewer, 'emailVerified' | 'level' | 'id' | 'ref' | 'userTypeId'> {
  id: number;
  ref: string;
  userTypeId: number;
  emailVerifiedAt: Date | null;
  level: number;
}

export function toViewer(row: ViewerRow): Viewer {
  const { emailVerifiedAt, level, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null && row.email !== null, level: clampLevel(level) };
}

/** The viewer for a user id, or null when no such user exists. */
export async function loadViewer(db: Database, userId: number): Promise<Viewer | null> {
  const [row] = await db.select(viewerColumns).from(users).innerJoin(userTypes, eq(userTypes.id, users.userTypeId)).where(eq(users.id, userId)).limit(1);
  return row ? toViewer(row) : null;
}

/**
 * Signs the user in on this request: a new session id (so a planted id is
 * useless), the user id in the session, and the sign-in time recorded.
 */
export async function signIn(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', userId);
  await request.server.db.transaction((tx) => tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId)));
  request.viewer = (await loadViewer(request.server.db, userId)) ?? ANONYMOUS;
}

/** Ends the session: the stored session is destroyed and a fresh, empty one takes its place. */
export async function signOut(request: FastifyRequest): Promise<void> {
  await request.session.regenerate();
  request.viewer = ANONYMOUS;
}
