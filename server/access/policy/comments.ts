/*
 * Comments (docs/decisions/items.md "Comments"). Every function below is asked only for a
 * viewer who may open the comment's item (`canOpenItem`): the routes open the item first, and the item page's parts
 * exist only for such viewers. Authors manage their own words; admins delete and approve anyone's but never rewrite
 * them; other signed-in readers may flag a comment for an admin to look at.
 */
import { isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan } from './flags';

/** What the policy needs to know about a comment. */
export interface CommentAccessFacts {
  /** The author's user id; null once their account is gone. */
  authorId: number | null;
  flagged: boolean;
  approved: boolean;
  /** Who flagged it and waits for an admin (ids, never sent to a browser). */
  flaggerIds: readonly number[];
}

function writtenBy(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isSignedIn(viewer) && comment.authorId === viewer.id;
}

/** Writing a comment on an item the viewer may open: `can.comment` (signed in, e-mail verified). */
export function canComment(viewer: Viewer): boolean {
  return baseCan(viewer).comment;
}

/**
 * Only the author edits a comment, as long as they may write comments (`canComment`): admins may remove words they
 * object to, never put other words in someone's mouth.
 */
export function canUpdateComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return writtenBy(viewer, comment) && canComment(viewer);
}

export function canDeleteComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return writtenBy(viewer, comment) || isAdmin(viewer);
}

/**
 * Signed-in readers flag others' comments for moderation, each person once: others may add their flag while it waits
 * for an admin (the queue counts them), nobody after an admin approved it (an edit withdraws the approval, so changed
 * words can be flagged again). Admins do not flag: they delete or approve at once.
 */
export function canFlagComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isFlaggerOf(viewer, comment) && !comment.approved && !hasFlagged(viewer, comment);
}

/** Whether the viewer's own flag on the comment waits for an admin. */
export function hasFlagged(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isSignedIn(viewer) && comment.flaggerIds.includes(viewer.id);
}

/** Whether the viewer is someone who flags this comment, whatever its state (a second flag changes nothing). */
export function isFlaggerOf(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isSignedIn(viewer) && !isAdmin(viewer) && !writtenBy(viewer, comment);
}

/** Admins approve a flagged comment: the flag goes and the comment is marked approved. */
export function canApproveComment(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return isAdmin(viewer) && comment.flagged;
}

/**
 * The moderation queue (/admin/comment) and its bulk calls: admins only. Who flagged what, and the flaggers' and
 * authors' histories, are seen there and nowhere else: a non-admin never learns who flagged a comment.
 */
export function canModerateComments(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * Whether deleting this comment tells its author why by e-mail: when someone else (an admin) removes it, never when
 * authors delete their own words.
 */
export function removalIsTold(viewer: Viewer, comment: CommentAccessFacts): boolean {
  return comment.authorId !== null && !writtenBy(viewer, comment);
}

/** The per-comment flags (can_flag, can_update, can_delete, can_approve) for this viewer. */
export function commentCan(viewer: Viewer, comment: CommentAccessFacts) {
  return {
    can_flag: canFlagComment(viewer, comment),
    can_update: canUpdateComment(viewer, comment),
    can_delete: canDeleteComment(viewer, comment),
    can_approve: canApproveComment(viewer, comment),
  };
}
