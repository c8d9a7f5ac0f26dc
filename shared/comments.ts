/**
 * Comments and their moderation (admin-curation §2 "Comments block on item pages", "Admin comments list", §3 Comment,
 * §4, §5, §6, §7, §8, §9): the shape, limits, routes and texts used by the server, the item page and /admin/comment.
 */
import { COMMENT_MIN_LENGTH } from './constants';
import type { Paginated } from './pagination';

export { COMMENT_MIN_LENGTH };
/** Longer texts are refused: a comment is a remark on an item, not a document (docs/decisions.md "Comments"). */
export const COMMENT_MAX_LENGTH = 2000;
/** Rows per page of /admin/comment. */
export const ADMIN_COMMENTS_PER_PAGE = 25;

/** Comment (admin-curation §3), with what this viewer may do with it. */
export interface Comment {
  ref: string;
  comment: string;
  flagged: boolean;
  edited: boolean;
  /** When it was written (ISO timestamp). */
  when: string;
  /** The author's display name; null once the author's account is gone. */
  commenter: string | null;
  commenter_ref: string | null;
  item_title: string;
  item_ref: string;
  can_flag: boolean;
  can_update: boolean;
  can_delete: boolean;
  can_approve: boolean;
}

export type PaginatedComments = Paginated<Comment>;

/** The moderation list of comments (admin-curation §2). */
export const ADMIN_COMMENTS_URL = '/admin/comment';

/** Confirmation prompts (admin-curation §8). */
export const COMMENT_CONFIRM = {
  delete: 'Are you sure you want to delete this comment?',
  flag: 'Do you want to flag this comment for admin moderation?',
  approve: 'Do you want to approve this comment?',
} as const;

export const COMMENT_MESSAGES = {
  tooShort: `Please write at least ${COMMENT_MIN_LENGTH} characters.`,
  tooLong: `Please keep comments to ${COMMENT_MAX_LENGTH} characters or fewer.`,
  required: 'Please write a comment.',
  verifyEmail: 'Please verify your email address before commenting.',
  loginPrompt: 'Log in to join the conversation.',
  formerMember: 'Former member',
  edited: '(edited)',
  flaggedIcon: 'Flagged for admin moderation',
} as const;

export const COMMENT_NOTICES = {
  deleted: 'Comment deleted.',
  flagged: 'Thank you: the comment is flagged for admin moderation.',
  /** A flag that changed nothing (docs/decisions.md "Comments"). */
  alreadyFlagged: 'This comment is already flagged for admin moderation.',
  alreadyApproved: 'An admin has already reviewed and approved this comment.',
  approved: 'Comment approved.',
} as const;
