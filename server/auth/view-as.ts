/**
 * "View as level N" (docs/decisions/access.md "View as level N"): while the session holds a preview target, the
 * request's viewer is a synthetic one of that level (or a visitor), so every route, the policy and the library cache
 * see exactly what they would for such a person; the real user is kept beside it (`previewerOf`). Nothing can be
 * changed meanwhile: every write but starting, ending the preview and signing out is refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import {
  END_VIEW_AS_URL,
  parseViewAsTarget,
  VIEW_AS_TEXT,
  VIEW_AS_URL,
  viewAsLabel,
  viewAsTargetValue,
  type ViewAsTarget,
  type ViewingAs,
} from '../../shared/view-as';
import { ANONYMOUS, canViewAs, isAdmin, isSignedIn, previewMemberViewer, type Viewer } from '../access/policy';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import { PROFILE_URL } from '../../shared/profile';
import { forbidden } from '../lib/http-errors';

declare module 'fastify' {
  interface Session {
    /** While previewing the library (View as level N): the target, as `viewAsTargetValue` spells it. */
    viewAs?: string;
  }
}

interface Preview {
  previewer: Viewer & { id: number };
  target: ViewAsTarget;
}

const previews = new WeakMap<FastifyRequest, Preview>();

/** The real, signed-in user behind a preview's synthetic viewer; null when this request is no preview. */
export function previewerOf(request: FastifyRequest): (Viewer & { id: number }) | null {
  return previews.get(request)?.previewer ?? null;
}

/** The preview under way, as the banner shows it; null otherwise. */
export function viewingAsOf(request: FastifyRequest): ViewingAs | null {
  const preview = previews.get(request);
  return preview ? { target: preview.target, label: viewAsLabel(preview.target) } : null;
}

/** Whom a preview of `target` shows the library to (policy-wise: a real person of that kind with nothing of their own). */
function previewViewer(target: ViewAsTarget, previewer: Viewer & { id: number }): Viewer {
  return target === 'visitor' ? ANONYMOUS : previewMemberViewer(target, previewer.id);
}

/** Whether the viewer maintains an item (what makes a non-admin a maintainer who may preview). */
async function maintainsAnyItem(db: Database, viewer: Viewer): Promise<boolean> {
  if (!isSignedIn(viewer)) return false;
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.createdByUserId, viewer.id)).limit(1);
  return row !== undefined;
}

/** Whether the policy lets this (real) viewer preview as `target`; asks the database only for non-admins. */
export async function mayViewAs(db: Database, viewer: Viewer, target: ViewAsTarget): Promise<boolean> {
  if (!isSignedIn(viewer)) return false;
  return canViewAs(viewer, target, isAdmin(viewer) || (await maintainsAnyItem(db, viewer)));
}

/** Starts (or changes) the preview: the session keeps the target; this request's viewer becomes the preview's. */
export function startViewingAs(request: FastifyRequest, previewer: Viewer & { id: number }, target: ViewAsTarget): void {
  request.session.set('viewAs', viewAsTargetValue(target));
  previews.set(request, { previewer, target });
  request.viewer = previewViewer(target, previewer);
}

/** Ends the preview (if any): the rest of this request sees the real user again. */
export function stopViewingAs(request: FastifyRequest): void {
  const preview = previews.get(request);
  if (request.session.viewAs !== undefined) request.session.set('viewAs', undefined);
  if (!preview) return;
  previews.delete(request);
  request.viewer = preview.previewer;
}

/** The writes a preview allows: changing or ending it, and signing out. */
const ALLOWED_WHILE_PREVIEWING = new Set([`POST ${VIEW_AS_URL}`, `POST ${END_VIEW_AS_URL}`, 'POST /logout']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Turns a session's preview into the request's viewer (after the viewer and impersonation hooks), checking the policy
 * again on every request: a previewer whose level or role has since dropped below the target loses the preview.
 * Then refuses every write while previewing.
 */
export const viewAsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const value = request.session?.viewAs;
      if (value === undefined) return;
      const target = parseViewAsTarget(value);
      const real = request.viewer;
      if (target === null || !isSignedIn(real) || !(await mayViewAs(app.db, real, target))) {
        request.session.set('viewAs', undefined);
        return;
      }
      previews.set(request, { previewer: real, target });
      request.viewer = previewViewer(target, real);
    });
    // After the CSRF check (registered before this plugin), before the route's own guards and input.
    app.addHook('preValidation', async (request, reply) => refuseWritesWhilePreviewing(request, reply));
  },
  { name: 'equip-view-as', dependencies: ['equip-viewer', 'equip-impersonation', 'equip-csrf'] },
);

function refuseWritesWhilePreviewing(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!previews.has(request) || request.is404) return undefined;
  // The one page made of the person's own account row, which the preview's member does not have.
  if (request.routeOptions.url === PROFILE_URL) throw forbidden(VIEW_AS_TEXT.noProfile);
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (ALLOWED_WHILE_PREVIEWING.has(`${request.method} ${request.routeOptions.url}`)) return undefined;
  // An Inertia visit stays on its page and says why; anything else gets the 403 (page or JSON).
  if (request.isInertia) return reply.notify(VIEW_AS_TEXT.refusedWrite, 'warning').redirectBack('/');
  throw forbidden(VIEW_AS_TEXT.refusedWrite);
}
