/**
 * Comments and their moderation (admin-curation §2, §6, §7): writing, editing and deleting comments on an item,
 * flagging them for admin moderation, approving them, and the moderation list /admin/comment.
 * Every call on a comment first opens its item for the viewer (the item page's 404/403/410 answers).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ADMIN_COMMENTS_PER_PAGE, ADMIN_COMMENTS_URL, COMMENT_MESSAGES, COMMENT_NOTICES } from '../../../shared/comments';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { canComment, canDeleteComment, canModerateComments, canUpdateComment, isFlaggerOf, isSignedIn, type Viewer } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { paginationLinks } from '../../lib/pagination';
import { openItemForViewer } from '../items/queries';
import { addComment, approveComment, deleteComment, findComment, flagComment, listCommentsForModeration, updateComment, type StoredComment } from './queries';
import { adminCommentsQuery, commentBody, fieldErrors, itemRefParams, refParams } from './schemas';

const itemPath = (ref: string) => `/i/${ref}`;

/** Signed-in viewers only; anonymous visitors are told to sign in. */
function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { id: number; ref: string } {
  if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
}

/** Route params that are not refs name nothing: 404. */
function parseParams<T extends z.ZodType>(schema: T, request: FastifyRequest): z.infer<T> {
  const parsed = schema.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The comment the route names, on an item this viewer may open (404 when there is none). */
async function commentTheViewerSees(request: FastifyRequest): Promise<StoredComment> {
  const comment = await findComment(request.server.db, parseParams(refParams, request).ref);
  if (!comment) throw notFound();
  await openItemForViewer(request.server.db, request.viewer, comment.itemRef);
  return comment;
}

export async function commentRoutes(app: FastifyInstance): Promise<void> {
  app.post('/i/:itemRef/comment', async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    if (!canComment(viewer)) throw forbidden(COMMENT_MESSAGES.verifyEmail);
    const item = await openItemForViewer(app.db, viewer, parseParams(itemRefParams, request).itemRef);
    const body = commentBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), itemPath(item.ref));
    await addComment(app.db, { itemId: item.id, userId: viewer.id, comment: body.data.comment });
    return reply.redirectBack(itemPath(item.ref));
  });

  app.patch('/comment/:ref', async (request, reply) => {
    requireSignedIn(request.viewer);
    const comment = await commentTheViewerSees(request);
    if (!canUpdateComment(request.viewer, comment)) throw forbidden();
    const body = commentBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), itemPath(comment.itemRef));
    await updateComment(app.db, comment.id, body.data.comment);
    return reply.redirectBack(itemPath(comment.itemRef));
  });

  app.delete('/comment/:ref', async (request, reply) => {
    requireSignedIn(request.viewer);
    const comment = await commentTheViewerSees(request);
    if (!canDeleteComment(request.viewer, comment)) throw forbidden();
    await deleteComment(app.db, comment.id);
    return reply.notify(COMMENT_NOTICES.deleted).redirectBack(itemPath(comment.itemRef));
  });

  app.post('/comment/:ref/flag', async (request, reply) => {
    requireSignedIn(request.viewer);
    const comment = await commentTheViewerSees(request);
    if (!isFlaggerOf(request.viewer, comment)) throw forbidden();
    const outcome = await flagComment(app.db, comment.id);
    if (outcome === 'gone') throw notFound();
    if (outcome === 'already-flagged') reply.notify(COMMENT_NOTICES.alreadyFlagged, 'info');
    else if (outcome === 'already-approved') reply.notify(COMMENT_NOTICES.alreadyApproved, 'info');
    else reply.notify(COMMENT_NOTICES.flagged);
    return reply.redirectBack(itemPath(comment.itemRef));
  });

  app.delete('/comment/:ref/flag', async (request, reply) => {
    requireSignedIn(request.viewer);
    if (!canModerateComments(request.viewer)) throw forbidden();
    const comment = await commentTheViewerSees(request);
    await approveComment(app.db, comment.id);
    return reply.notify(COMMENT_NOTICES.approved).redirectBack(itemPath(comment.itemRef));
  });

  app.get(ADMIN_COMMENTS_URL, async (request, reply) => {
    const viewer = request.viewer;
    if (!canModerateComments(viewer)) throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
    const { page } = adminCommentsQuery.parse(request.query ?? {});
    const { comments, total } = await listCommentsForModeration(app.db, viewer, page, ADMIN_COMMENTS_PER_PAGE);
    const links = paginationLinks({ path: ADMIN_COMMENTS_URL, query: {}, page, perPage: ADMIN_COMMENTS_PER_PAGE, total });
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('admin/comment/Index', {
      comments: { data: comments, links },
      title: 'Comments',
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Comments' }],
    });
  });
}
