/**
 * "View as level N": starting and ending a preview. What a preview is and how it stands in for the
 * viewer lives in server/auth/view-as.ts; who may start one, in the policy (`canViewAs`).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { END_VIEW_AS_URL, parseViewAsTarget, VIEW_AS_TEXT, VIEW_AS_URL, viewAsLabel } from '../../../shared/view-as';
import { describedAs, publicBecause } from '../../access/guards';
import { isSignedIn } from '../../access/policy';
import { requestedReturnPath } from '../../auth/return-to';
import { mayViewAs, previewerOf, startViewingAs, stopViewingAs } from '../../auth/view-as';
import { forbidden } from '../../lib/http-errors';

const startBody = z.object({ as: z.string().max(20), return_to: z.string().max(2048).optional() });

/** Where a preview starts: the page asked for (or the one it was started from), never an admin page the preview cannot open. */
const PREVIEW_HOME = '/item';

/** The real, signed-in person (the previewer while a preview runs); the sign-in hint for anyone else. */
function realSignedInUser(request: FastifyRequest) {
  const real = previewerOf(request) ?? request.viewer;
  if (!isSignedIn(real)) throw forbidden(SIGN_IN_HINT);
  return real;
}

const previewer = describedAs('canViewAs', async (request: FastifyRequest): Promise<void> => {
  realSignedInUser(request);
});

export const viewAsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(VIEW_AS_URL, { preValidation: previewer, schema: { body: startBody } }, async (request, reply) => {
    const real = realSignedInUser(request);
    const target = parseViewAsTarget(request.body.as);
    if (target === null) return reply.redirectWithErrors({ as: VIEW_AS_TEXT.invalidTarget });
    if (!(await mayViewAs(app.db, real, target))) throw forbidden(VIEW_AS_TEXT.notAllowed);
    const back = requestedReturnPath(request, request.body.return_to);
    startViewingAs(request, real, target);
    reply.notify(VIEW_AS_TEXT.started(viewAsLabel(target)), 'info');
    return reply.redirect(back === null || back === '/admin' || back.startsWith('/admin/') ? PREVIEW_HOME : back, 303);
  });

  app.post(END_VIEW_AS_URL, { preValidation: publicBecause('ends the preview the session holds, if any') }, async (request, reply) => {
    const wasPreviewing = previewerOf(request) !== null;
    stopViewingAs(request);
    if (wasPreviewing) reply.notify(VIEW_AS_TEXT.ended, 'info');
    return reply.redirectBack('/');
  });
};
