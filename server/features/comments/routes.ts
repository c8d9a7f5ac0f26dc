/**
 * Comments and their moderation: writing, editing and deleting comments on an item,
 * flagging them for admin moderation, approving them, and the moderation list /admin/comment.
 * Every call on a comment first opens its item for the viewer (the item page's 404/403/410 answers).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_COMMENTS_APPROVE_URL,
  ADMIN_COMMENTS_DELETE_URL,
  ADMIN_COMMENTS_PER_PAGE,
  ADMIN_COMMENTS_URL,
  COMMENT_MESSAGES,
  MODERATION_WAITING_MAX,
  COMMENT_NOTICES,
  FROM_FLAGS,
} from '../../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../../shared/comment-list';
import { allowedBy, signedIn, signedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import type { Database } from '../../db/client';
import { canApproveComment, canComment, canDeleteComment, canModerateComments, canUpdateComment, isFlaggerOf, type Viewer } from '../../access/policy';
import { notFound } from '../../lib/http-errors';
import { paginated } from '../../lib/pagination';
import { ROUTES } from '../../../shared/routes';
import { paramsOf } from '../../lib/validation';
import { findItemRecord, mayOpenItem, OPENS_ITEM, type ItemRecord } from '../../items';
import { refuseInput } from '../errors';
import { moderationQueue } from './moderation-queue';
import {
  addComment,
  approveComments,
  findComment,
  findCommentsForViewer,
  flagComment,
  updateComment,
  waitingCommentsForViewer,
  type StoredComment,
} from './queries';
import { removeCommentsTellingAuthors } from './removal';
import { adminCommentsQuery, bulkApproveBody, bulkDeleteBody, commentBody, flagBody, type BulkSelection } from './schemas';

/** A comment with its item (null when either is gone). */
async function findCommentWithItem(db: Database, ref: string): Promise<{ comment: StoredComment; item: ItemRecord } | null> {
  const comment = await findComment(db, ref);
  const item = comment && (await findItemRecord(db, comment.itemRef));
  return comment && item ? { comment, item } : null;
}

/** A comment on an item the viewer may open, as the item page opens it (404, 403, 410), and then the route's own rule. */
function commentThat(may: ((viewer: Viewer, comment: StoredComment) => boolean) | null) {
  return loads('comment', findCommentWithItem, {
    opens: (viewer, found, request) => mayOpenItem(viewer, found.item, request),
    askForAccessTo: (found) => found.item.id,
    goneDetail: (found) => found.item.expiresNote,
    may: may ? (viewer, found) => may(viewer, found.comment) : [],
    rule: may ? `mayOpenItem of its item + ${may.name}` : 'mayOpenItem of its item',
  });
}
const updatedComment = commentThat(canUpdateComment);
const deletedComment = commentThat(canDeleteComment);
const flaggedComment = commentThat(isFlaggerOf);
const moderatedComment = commentThat(null);
/** A new comment's item, as its page opens it. */
const commentedItem = loads('item', findItemRecord, OPENS_ITEM);

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ROUTES.itemComment.pattern,
    {
      preValidation: [allowedBy(canComment, COMMENT_LIST_TEXTS.verifyEmail), commentedItem],
      schema: { params: paramsOf(ROUTES.itemComment), body: commentBody },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const item = loaded(request, commentedItem);
      await addComment(app.db, { itemId: item.id, userId: viewer.id, comment: request.body.comment });
      return reply.redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  app.patch(
    ROUTES.comment.pattern,
    { preValidation: [signedIn, updatedComment], schema: { params: paramsOf(ROUTES.comment), body: commentBody } },
    async (request, reply) => {
      const { comment } = loaded(request, updatedComment);
      await updateComment(app.db, comment.id, request.body.comment);
      return reply.redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
    },
  );

  app.delete(ROUTES.comment.pattern, { preValidation: [signedIn, deletedComment], schema: { params: paramsOf(ROUTES.comment) } }, async (request, reply) => {
    const { comment } = loaded(request, deletedComment);
    await removeCommentsTellingAuthors(app.db, app.config, signedInViewer(request), [comment], { choice: FROM_FLAGS, note: null });
    return reply.notify(COMMENT_NOTICES.deleted).redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
  });

  app.post(
    ROUTES.commentFlag.pattern,
    { preValidation: [signedIn, flaggedComment], schema: { params: paramsOf(ROUTES.commentFlag), body: flagBody } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { comment } = loaded(request, flaggedComment);
      const outcome = await flagComment(app.db, comment.id, viewer.id, { reason: request.body.reason ?? null, note: request.body.note ?? null });
      if (outcome === 'gone') throw notFound();
      if (outcome === 'already-flagged-by-you') reply.notify(COMMENT_NOTICES.alreadyFlaggedByYou, 'info');
      else if (outcome === 'already-approved') reply.notify(COMMENT_NOTICES.alreadyApproved, 'info');
      else reply.notify(COMMENT_NOTICES.flagged);
      return reply.redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
    },
  );

  app.delete(
    ROUTES.commentFlag.pattern,
    { preValidation: [allowedBy(canModerateComments), moderatedComment], schema: { params: paramsOf(ROUTES.commentFlag) } },
    async (request, reply) => {
      const { comment } = loaded(request, moderatedComment);
      await approveComments(app.db, [comment.id]);
      return reply.notify(COMMENT_NOTICES.approved).redirectBack(ROUTES.item.path({ ref: comment.itemRef }));
    },
  );
};

/**
 * The comments a bulk call names, each one the viewer may `manage`: any ref that names no comment on an item the viewer
 * may open, or one they may not manage, refuses the whole call with the reason under `refs`, nothing changed. "All
 * waiting" is every flagged comment the viewer may open, and only as many as the person saw and confirmed: a queue that
 * changed meanwhile refuses the call, saying how many wait now, so the number confirmed is the number applied.
 */
async function selectedComments(
  request: FastifyRequest,
  selection: BulkSelection,
  manage: (viewer: Viewer, comment: StoredComment) => boolean,
  refusal: string,
): Promise<StoredComment[] | { refs: string }> {
  if (selection.waiting !== undefined) {
    const waiting = await waitingCommentsForViewer(request.server.db, request.viewer, MODERATION_WAITING_MAX + 1);
    if (waiting.length !== selection.waiting) return { refs: COMMENT_MESSAGES.waitingChanged(waiting.length) };
    return waiting.every((comment) => manage(request.viewer, comment)) ? waiting : { refs: refusal };
  }
  const found = await findCommentsForViewer(request.server.db, request.viewer, selection.refs);
  if (found.length !== selection.refs.length) return { refs: COMMENT_MESSAGES.bulkUnknown };
  if (!found.every((comment) => manage(request.viewer, comment))) return { refs: refusal };
  return found;
}

/**
 * The moderation queue /admin/comment and its bulk calls, in the admin area's scope (server/app.ts), each asking the
 * policy again: admins, who moderate comments.
 */
export const adminCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderators = allowedBy(canModerateComments);

  app.get(ADMIN_COMMENTS_URL, { preValidation: moderators, schema: { querystring: adminCommentsQuery } }, async (request, reply) => {
    const { page } = request.query;
    const { entries, total, waiting, repeatFlaggers } = await moderationQueue(app.db, request.viewer, page, ADMIN_COMMENTS_PER_PAGE);
    return reply.inertia('admin/comment/Index', {
      comments: paginated(entries, { path: ADMIN_COMMENTS_URL, query: {}, page, perPage: ADMIN_COMMENTS_PER_PAGE, total }),
      waitingCount: waiting,
      repeatFlaggers,
      title: 'Comments',
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Comments' }],
    });
  });

  app.post(ADMIN_COMMENTS_APPROVE_URL, { preValidation: moderators, schema: { body: bulkApproveBody } }, async (request, reply) => {
    const selected = await selectedComments(request, request.body as BulkSelection, canApproveComment, COMMENT_MESSAGES.bulkNotApprovable);
    if (!Array.isArray(selected)) return refuseInput(request, reply, selected);
    await approveComments(
      app.db,
      selected.map((comment) => comment.id),
    );
    return reply.notify(COMMENT_NOTICES.bulkApproved(selected.length)).redirectBack(ADMIN_COMMENTS_URL);
  });

  app.post(ADMIN_COMMENTS_DELETE_URL, { preValidation: moderators, schema: { body: bulkDeleteBody } }, async (request, reply) => {
    const selected = await selectedComments(request, request.body as BulkSelection, canDeleteComment, COMMENT_MESSAGES.bulkUnknown);
    if (!Array.isArray(selected)) return refuseInput(request, reply, selected);
    const { reason, note } = request.body;
    const { deleted, told } = await removeCommentsTellingAuthors(app.db, app.config, signedInViewer(request), selected, { choice: reason, note: note ?? null });
    return reply.notify(COMMENT_NOTICES.bulkDeleted(deleted, told)).redirectBack(ADMIN_COMMENTS_URL);
  });
};
