/** Reading and writing comments (admin-curation §7) and the moderation list (/admin/comment). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Comment } from '../../../shared/comments';
import type { Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { comments, items } from '../../db/schema';
import { offsetAndLimit } from '../../lib/pagination';
import { commentColumns, commentFor, commenter } from './item-part';

/** A comment with what the policy needs to know about it, and the ref of its item. */
export interface StoredComment {
  id: number;
  ref: string;
  authorId: number | null;
  flagged: boolean;
  approved: boolean;
  itemRef: string;
}

export async function findComment(db: Database, ref: string): Promise<StoredComment | null> {
  const [row] = await db
    .select({ id: comments.id, ref: comments.ref, authorId: comments.userId, flagged: comments.flagged, approved: comments.approved, itemRef: items.ref })
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(eq(comments.ref, ref))
    .limit(1);
  return row ?? null;
}

export async function addComment(db: Database, values: { itemId: number; userId: number; comment: string }): Promise<void> {
  await db.insert(comments).values(values);
}

/** New words need a new look: an edit marks the comment edited and withdraws an admin's approval. */
export async function updateComment(db: Database, id: number, comment: string): Promise<void> {
  await db.update(comments).set({ comment, edited: true, approved: false }).where(eq(comments.id, id));
}

export async function deleteComment(db: Database, id: number): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}

/** What a flag did: flagged the comment, or nothing, since it was flagged or approved already (or is gone). */
export type FlagOutcome = 'flagged' | 'already-flagged' | 'already-approved' | 'gone';

/**
 * Flags the comment unless it is flagged or approved already (a second flag, or one after approval, changes nothing).
 * The state that stopped it is read after the update, so a flag or approval that came in between is the one named.
 */
export async function flagComment(db: Database, id: number): Promise<FlagOutcome> {
  const flagged = await db
    .update(comments)
    .set({ flagged: true })
    .where(and(eq(comments.id, id), eq(comments.flagged, false), eq(comments.approved, false)))
    .returning({ id: comments.id });
  if (flagged.length > 0) return 'flagged';
  const [current] = await db.select({ flagged: comments.flagged, approved: comments.approved }).from(comments).where(eq(comments.id, id));
  if (!current) return 'gone';
  return current.flagged ? 'already-flagged' : 'already-approved';
}

/** Approving removes the flag and marks the comment approved. */
export async function approveComment(db: Database, id: number): Promise<void> {
  await db.update(comments).set({ flagged: false, approved: true }).where(eq(comments.id, id));
}

/** One page of every comment for moderation: flagged ones first, then the newest. For admins, who open every item. */
export async function listCommentsForModeration(db: Database, viewer: Viewer, page: number, perPage: number): Promise<{ comments: Comment[]; total: number }> {
  const { offset, limit } = offsetAndLimit(page, perPage);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...commentColumns,
        itemRef: items.ref,
        itemTitle: items.title,
      })
      .from(comments)
      .innerJoin(items, eq(items.id, comments.itemId))
      .leftJoin(commenter, eq(commenter.id, comments.userId))
      .orderBy(desc(comments.flagged), desc(comments.createdAt), desc(comments.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(comments),
  ]);
  return { comments: rows.map((row) => commentFor(viewer, row, { ref: row.itemRef, title: row.itemTitle })), total };
}
