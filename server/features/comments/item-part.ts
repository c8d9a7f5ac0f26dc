/**
 * The item page's comments: SQL for one JSON value of the page's parts statement (`items/detail.ts`) and a reader
 * of what it answers. The raw rows are the same for every viewer (and cached with the other parts per library
 * version; migrations 0006 and 0026 have comment and flag writes raise it); what each viewer may do with them is read in per visit.
 */
import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Comment } from '../../../shared/comments';
import { commentCan, type Viewer } from '../../access/policy';
import { jsonArray, jsonObject } from '../../db/json';
import { commentFlags, comments, users } from '../../db/schema';

/** The comment's author, joined as `commenter` by whoever selects `commentColumns`. */
export const commenter = alias(users, 'commenter');

/** The columns of a `CommentRow`, over `comments` and its `commenter`. */
export const commentColumns = {
  ref: comments.ref,
  comment: comments.comment,
  flagged: comments.flagged,
  approved: comments.approved,
  edited: comments.edited,
  createdAt: comments.createdAt,
  authorId: comments.userId,
  commenter: commenter.name,
  commenterRef: commenter.ref,
  /** Who flagged it and waits for an admin: for the policy's can_flag, never sent to a browser. */
  flaggerIds: sql<
    number[]
  >`array(select ${commentFlags.userId} from ${commentFlags} where ${commentFlags.commentId} = ${comments.id} and ${commentFlags.approvedAt} is null)`,
};

/** One comment as the parts statement and the moderation list read it. */
export interface CommentRow {
  ref: string;
  comment: string;
  flagged: boolean;
  approved: boolean;
  edited: boolean;
  /** An ISO timestamp (a JSON value) or a Date (a column). */
  createdAt: string | Date;
  authorId: number | null;
  commenter: string | null;
  commenterRef: string | null;
  flaggerIds: number[];
}

/** SQL: the item's comments as JSON, oldest first, so they read as a conversation. */
export function itemCommentsSql(itemId: SQLWrapper): SQL {
  return jsonArray(
    jsonObject(commentColumns),
    sql`from ${comments} left join ${users} as ${commenter} on ${eq(commenter.id, comments.userId)} where ${eq(comments.itemId, itemId)}`,
    [asc(comments.createdAt), asc(comments.id)],
  );
}

/** The item's comments with this viewer's flags. */
export function readItemComments(viewer: Viewer, json: unknown, item: { ref: string; title: string }): Comment[] {
  return (json as CommentRow[]).map((row) => commentFor(viewer, row, item));
}

export function commentFor(viewer: Viewer, row: CommentRow, item: { ref: string; title: string }): Comment {
  return {
    ref: row.ref,
    comment: row.comment,
    flagged: row.flagged,
    edited: row.edited,
    when: new Date(row.createdAt).toISOString(),
    commenter: row.commenter,
    commenter_ref: row.commenterRef,
    item_title: item.title,
    item_ref: item.ref,
    ...commentCan(viewer, row),
  };
}
