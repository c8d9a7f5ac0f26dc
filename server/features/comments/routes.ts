/**
 * Comments and their moderation (admin-curation §2, §6, §7): writing, editing and deleting comments on an item,
 * flagging them for admin moderation, approving them, and the moderation list /admin/comment.
 * Every call on a comment first opens its item for the viewer (the item page's 404/403/410 answers).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_COMMENTS_PER_PAGE, ADMIN_COMMENTS_URL, COMMENT_MESSAGES, COMMENT_NOTICES } from '../../../shared/comments';
import { allowedBy, signedIn, signedInViewer } from '../../access/guards';
import { canComment, canDeleteComment, canModerateComments, canUpdateComment, isFlaggerOf } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { paginationLinks } from '../../lib/pagination';
import { ROUTES } from '../../../shared/routes';
import { paramsOf } from '../../lib/validation';
import { openItemForViewer } from '../../items';
import { addComment, approveComment, deleteComment, findComment, flagComment, listCommentsForModeration, updateComment, type StoredComment } from './queries';
import { adminCommentsQuery, commentBody } from './schemas';

/** The comment `ref` names, on an item this viewer may open (404 when there is none). */
async function commentTheViewerSees(request: FastifyRequest, ref: string): Promise<StoredComment> {
  const comment = await findComment(request.server.db, ref);
  if (!comment) throw notFound();
  await openItemForViewer(request.server.db, request.viewer, comment.itemRef);
  return comment;
}

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ROUTES.itemComment.pattern,
    { preValidation: allowedBy(canComment, COMMENT_MESSAGES.verifyEmail), schema: { params: paramsOf(ROUTES.itemComment), body: commentBody } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const item = await openItemForViewer(app.db, viewer, request.params.ref);
      await addComment(app.db, { itemId: item.id, userId: viewer.id, comment: request.body.comment });
      return reply.redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  app.patch(ROUTES.comment.pattern, { preValidation: signedIn, schema: { params: paramsOf(ROUTES.comment), body: commentBody } }, async (request, reply) => {
    const comment = await commentTheViewerSees(request, request.params.ref);
    if (!canUpdateComment(request.viewer, comment)) throw forbidden();
    await updateComment(app.db, comment.id, request.body.comment);
    return reply.redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
  });

  app.delete(ROUTES.comment.pattern, { preValidation: signedIn, schema: { params: paramsOf(ROUTES.comment) } }, async (request, reply) => {
    const comment = await commentTheViewerSees(request, request.params.ref);
    if (!canDeleteComment(request.viewer, comment)) throw forbidden();
    await deleteComment(app.db, comment.id);
    return reply.notify(COMMENT_NOTICES.deleted).redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
  });

  app.post(ROUTES.commentFlag.pattern, { preValidation: signedIn, schema: { params: paramsOf(ROUTES.commentFlag) } }, async (request, reply) => {
    const comment = await commentTheViewerSees(request, request.params.ref);
    if (!isFlaggerOf(request.viewer, comment)) throw forbidden();
    const outcome = await flagComment(app.db, comment.id);
    if (outcome === 'gone') throw notFound();
    if (outcome === 'already-flagged') reply.notify(COMMENT_NOTICES.alreadyFlagged, 'info');
    else if (outcome === 'already-approved') reply.notify(COMMENT_NOTICES.alreadyApproved, 'info');
    else reply.notify(COMMENT_NOTICES.flagged);
    return reply.redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
  });

  app.delete(
    ROUTES.commentFlag.pattern,
    { preValidation: allowedBy(canModerateComments), schema: { params: paramsOf(ROUTES.commentFlag) } },
    async (request, reply) => {
      const comment = await commentTheViewerSees(request, request.params.ref);
      await approveComment(app.db, comment.id);
      return reply.notify(COMMENT_NOTICES.approved).redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
    },
  );
};

/** The moderation list /admin/comment, in the admin area's scope (server/app.ts): admins, who moderate comments. */
export const adminCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ADMIN_COMMENTS_URL, { schema: { querystring: adminCommentsQuery } }, async (request, reply) => {
    const { page } = request.query;
    const { comments, total } = await listCommentsForModeration(app.db, request.viewer, page, ADMIN_COMMENTS_PER_PAGE);
    const links = paginationLinks({ path: ADMIN_COMMENTS_URL, query: {}, page, perPage: ADMIN_COMMENTS_PER_PAGE, total });
    return reply.inertia('admin/comment/Index', {
      comments: { data: comments, links },
      title: 'Comments',
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Comments' }],
    });
  });
};
