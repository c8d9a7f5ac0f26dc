/**
 * Reading and writing comments: flags with their reasons, approvals, and removals whose authors are
 * told why.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FlagReason } from '../../../shared/comments';
import { openableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { commentFlags, commentRemovals, comments, items } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { queueMail } from '../../mail/outbox';
import { commentColumns, commenter } from './item-part';
import { moveToTrash } from '../trash';

/** A comment with what the policy needs to know about it, and the ref of its item. */
export interface StoredComment {
  id: number;
  ref: string;
  authorId: number | null;
  flagged: boolean;
  approved: boolean;
  flaggerIds: number[];
  itemRef: string;
}

const storedCommentColumns = {
  id: comments.id,
  ref: comments.ref,
  authorId: comments.userId,
  flagged: comments.flagged,
  approved: comments.approved,
  flaggerIds: commentColumns.flaggerIds,
  itemRef: items.ref,
};

export async function findComment(db: Database, ref: string): Promise<StoredComment | null> {
  const [row] = await db.select(storedCommentColumns).from(comments).innerJoin(items, eq(items.id, comments.itemId)).where(eq(comments.ref, ref)).limit(1);
  return row ?? null;
}

/** The comments `refs` name on items the viewer may open; a ref that names none of those is simply not among them. */
export async function findCommentsForViewer(db: Database, viewer: Viewer, refs: string[]): Promise<StoredComment[]> {
  return db
    .select(storedCommentColumns)
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(and(inArray(comments.ref, refs), openableItemsCondition(viewer)));
}

/**
 * Every comment waiting for moderation (flagged) on an item the viewer may open, in id order, at most `limit`: the
 * moderation queue's "all waiting".
 */
export async function waitingCommentsForViewer(db: Database, viewer: Viewer, limit: number): Promise<StoredComment[]> {
  return db
    .select(storedCommentColumns)
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(and(eq(comments.flagged, true), openableItemsCondition(viewer)))
    .orderBy(asc(comments.id))
    .limit(limit);
}

export async function addComment(db: Database, values: { itemId: number; userId: number; comment: string }): Promise<void> {
  await db.insert(comments).values(values);
}

/** New words need a new look: an edit marks the comment edited and withdraws an admin's approval. */
export async function updateComment(db: Database, id: number, comment: string): Promise<void> {
  await db.transaction((tx) => tx.update(comments).set({ comment, edited: true, approved: false }).where(eq(comments.id, id)));
}

/** What a flag did: added this person's flag, or nothing (theirs waits already, an admin approved it, it is gone). */
export type FlagOutcome = 'flagged' | 'already-flagged-by-you' | 'already-approved' | 'gone';

/** Why someone flags a comment: a FLAG_REASONS key (null when the client sent none) and their optional words. */
export interface FlagGiven {
  reason: FlagReason | null;
  note: string | null;
}

/**
 * Adds the person's flag and marks the comment flagged, unless an admin approved it or their flag waits already.
 * The comment row is locked first, so an approval and a flag arriving together are decided one after the other.
 */
export async function flagComment(db: Database, commentId: number, flaggerId: number, given: FlagGiven): Promise<FlagOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ approved: comments.approved }).from(comments).where(eq(comments.id, commentId)).for('update');
    if (!current) return 'gone';
    if (current.approved) return 'already-approved';
    const added = await tx
      .insert(commentFlags)
      .values({ commentId, userId: flaggerId, reason: given.reason, note: given.note })
      .onConflictDoNothing()
      .returning({ id: commentFlags.id });
    if (added.length === 0) return 'already-flagged-by-you';
    await tx.update(comments).set({ flagged: true }).where(eq(comments.id, commentId));
    return 'flagged';
  });
}

/** Approving removes the flag and marks the comments approved; their waiting flags count as approved flags. */
export async function approveComments(db: Database, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(comments).set({ flagged: false, approved: true }).where(inArray(comments.id, ids));
    await tx
      .update(commentFlags)
      .set({ approvedAt: sql`now()` })
      .where(and(inArray(commentFlags.commentId, ids), isNull(commentFlags.approvedAt)));
  });
}

/** What telling an author about a removal needs: the words, the item, the author's verified address, the flags' reason. */
export interface RemovalFacts {
  id: number;
  comment: string;
  itemRef: string;
  itemTitle: string;
  authorName: string | null;
  /** Null without a verified address: an e-mail goes only where its owner proved it is theirs. */
  authorEmail: string | null;
  /** The reason most of its waiting flags give (the earliest first on a tie), null when none gives one. */
  flagReason: FlagReason | null;
}

export async function removalFacts(db: Database, ids: number[]): Promise<RemovalFacts[]> {
  return db
    .select({
      id: comments.id,
      comment: comments.comment,
      itemRef: items.ref,
      itemTitle: items.title,
      authorName: commenter.name,
      authorEmail: sql<string | null>`case when ${commenter.emailVerifiedAt} is not null then ${commenter.email} end`,
      flagReason: sql<FlagReason | null>`(select ${commentFlags.reason} from ${commentFlags}
        where ${commentFlags.commentId} = ${comments.id} and ${commentFlags.approvedAt} is null and ${commentFlags.reason} is not null
        group by ${commentFlags.reason} order by count(*) desc, min(${commentFlags.createdAt}), ${commentFlags.reason} limit 1)`,
    })
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .leftJoin(commenter, eq(commenter.id, comments.userId))
    .where(inArray(comments.id, ids));
}

/** One comment to remove: by whom, whether its author is told (a removal by someone else), and the e-mail if there is one. */
export interface Removal {
  commentId: number;
  authorId: number | null;
  byOther: boolean;
  reason: FlagReason | null;
  mail: MailMessage | null;
}

/**
 * Deletes the comments and, for each one someone else removed, counts it in its author's history and queues the
 * e-mail, all in one transaction: only comments this call deleted are counted and told (a comment deleted meanwhile
 * by another call is not told twice). Answers how many were deleted and how many authors were e-mailed.
 */
export async function removeComments(db: Database, removedById: number, removals: Removal[]): Promise<{ deleted: number; told: number }> {
  return db.transaction(async (tx) => {
    const deleted: Array<{ id: number }> = [];
    for (const removal of removals) {
      if (await moveToTrash(tx, 'comment', removal.commentId)) deleted.push({ id: removal.commentId });
    }
    const gone = new Set(deleted.map((row) => row.id));
    const done = removals.filter((removal) => gone.has(removal.commentId));
    const counted = done.filter((removal) => removal.byOther && removal.authorId !== null);
    if (counted.length > 0) {
      await tx.insert(commentRemovals).values(counted.map((removal) => ({ authorId: removal.authorId!, removedById, reason: removal.reason })));
    }
    let told = 0;
    for (const removal of counted) {
      if (!removal.mail) continue;
      await queueMail(tx, removal.mail);
      told += 1;
    }
    return { deleted: done.length, told };
  });
}
