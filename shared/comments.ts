/**
 * Comments and their moderation: the shape, limits, routes and texts used by the server, the item page and /admin/comment.
 */
import { COMMENT_MIN_LENGTH } from './constants';
import { plural } from './messages';

export { COMMENT_MIN_LENGTH };
/** Longer texts are refused: a comment is a remark on an item, not a document (docs/decisions/items.md "Comments"). */
export const COMMENT_MAX_LENGTH = 2000;
/** Rows per page of /admin/comment. */
export const ADMIN_COMMENTS_PER_PAGE = 25;

/** A comment, with what this viewer may do with it. */
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

/** The moderation list of comments, the moderation queue. */
export const ADMIN_COMMENTS_URL = '/admin/comment';
/** Bulk approve and bulk delete from the queue: `refs` of the selected comments (docs/decisions/curation.md "Moderation queue"). */
export const ADMIN_COMMENTS_APPROVE_URL = `${ADMIN_COMMENTS_URL}/approve`;
export const ADMIN_COMMENTS_DELETE_URL = `${ADMIN_COMMENTS_URL}/delete`;
/** Comments one bulk call may name: a page of the queue, with room to spare. */
export const MODERATION_BULK_MAX = 100;
/** "All waiting" reaches at most this many comments in one call: more is a sign to look closer first. */
export const MODERATION_WAITING_MAX = 1000;

/** Why a comment is flagged: a short fixed list, keys as stored, labels as shown and e-mailed. */
export const FLAG_REASONS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  personal: 'Shares personal information',
  off_topic: 'Off topic',
  other: 'Something else',
} as const;
export type FlagReason = keyof typeof FLAG_REASONS;
export const FLAG_REASON_KEYS = Object.keys(FLAG_REASONS) as [FlagReason, ...FlagReason[]];
/** The flagger's optional words, and an admin's to a removed comment's author: a remark, not a letter. */
export const FLAG_NOTE_MAX_LENGTH = 500;
/** The reason a queue delete gives: the flaggers' most given reason, or one an admin chooses. */
export const FROM_FLAGS = 'from_flags';
export type RemovalReasonChoice = FlagReason | typeof FROM_FLAGS;
/** Said to an author when no flag gave a reason (flagged by an admin's flag-all, or by a client that sent none). */
export const REMOVAL_REASON_FALLBACK = 'It does not follow the library’s comment guidelines';

/** A flagger with this many flags on comments admins approved is named beside the queue and marked in it. */
export const REPEAT_FLAGGER_MIN = 2;

/** One person's flag, as admins see it in the queue (flaggers' identities are for admins only). */
export interface CommentFlagEntry {
  flagger: string | null;
  flagger_ref: string | null;
  reason: FlagReason | null;
  note: string | null;
  when: string;
  /** The flagger's flags on comments admins went on to approve: a repeat flagger of approved comments. */
  approvedFlags: number;
}

/** A comment next to a queued one on the same item, so the admin reads it in its conversation. */
export interface NeighbourComment {
  ref: string;
  comment: string;
  commenter: string | null;
  when: string;
  position: 'before' | 'after';
}

/** What the queue says of a comment's author: their other recent comments and how many of theirs admins removed. */
export interface AuthorHistory {
  commentCount: number;
  removedCount: number;
  recent: { ref: string; comment: string; item_ref: string; item_title: string; when: string; flagged: boolean }[];
}

/** One row of the moderation queue: the comment and what an admin needs to decide on it. */
export interface ModerationEntry extends Comment {
  flagCount: number;
  flags: CommentFlagEntry[];
  neighbours: NeighbourComment[];
  author: AuthorHistory | null;
}

/** A flagger whose flags admins approved more than once: shown to admins beside the queue. */
export interface RepeatFlagger {
  name: string;
  ref: string;
  approvedFlags: number;
  totalFlags: number;
}

/** Confirmation prompts. */
export const COMMENT_CONFIRM = {
  delete: 'Are you sure you want to delete this comment?',
  flag: 'Do you want to flag this comment for admin moderation?',
  approve: 'Do you want to approve this comment?',
} as const;

export const COMMENT_MESSAGES = {
  tooShort: `Please write at least ${COMMENT_MIN_LENGTH} characters.`,
  tooLong: `Please keep comments to ${COMMENT_MAX_LENGTH} characters or fewer.`,
  required: 'Please write a comment.',
  flagReasonLabel: 'Why should an admin look at it?',
  flagNoteLabel: 'Anything an admin should know (optional)',
  flagNoteTooLong: `Please keep this to ${FLAG_NOTE_MAX_LENGTH} characters or fewer.`,
  flagNoteNeeded: 'Please say what is wrong with it.',
  flagReasonInvalid: 'Please choose one of the reasons.',
  bulkNone: 'Please select at least one comment.',
  bulkTooMany: `Please select at most ${MODERATION_BULK_MAX} comments at once.`,
  bulkNotApprovable: 'Only flagged comments can be approved; some of the selected comments are not flagged.',
  bulkUnknown: 'Some of the selected comments are gone or cannot be managed by you; reload the page and try again.',
  waitingTooMany: `At most ${MODERATION_WAITING_MAX} waiting comments can be handled at once; select them page by page.`,
  waitingChanged: (now: number) =>
    `The queue changed meanwhile: ${now} ${now === 1 ? 'comment waits' : 'comments wait'} now. Nothing was changed; look again and choose.`,
} as const;

export const COMMENT_NOTICES = {
  deleted: 'Comment deleted.',
  flagged: 'Thank you: the comment is flagged for admin moderation.',
  /** A flag that changed nothing (docs/decisions/items.md "Comments"). */
  alreadyApproved: 'An admin has already reviewed and approved this comment.',
  approved: 'Comment approved.',
  /** The same person flagging again changes nothing. */
  alreadyFlaggedByYou: 'You have already flagged this comment; an admin will look at it.',
  bulkApproved: (count: number) => `${plural(count, 'comment')} approved.`,
  bulkDeleted: (count: number, told: number) => `${plural(count, 'comment')} deleted; ${plural(told, 'author')} told why by e-mail.`,
} as const;
