/**
 * The moderation queue, /admin/comment (docs/decisions.md
 * "Moderation queue"): every comment, those waiting for an admin first — most flags first, then the longest waiting —
 * then the others, newest first. Each comment of a page comes with its flags (who, why, and how many of the flagger's
 * flags admins approved), its neighbours on the item and its author's history. Admins only: the route asks the policy.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REPEAT_FLAGGER_MIN,
  type AuthorHistory,
  type CommentFlagEntry,
  type FlagReason,
  type ModerationEntry,
  type NeighbourComment,
  type RepeatFlagger,
} from '../../../shared/comments';
import { openableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { commentFlags, commentRemovals, comments, items, users } from '../../db/schema';
import { offsetAndLimit } from '../../lib/pagination';
import { commentColumns, commentFor, commenter } from './item-part';
import { groupBy } from '../../lib/group-by';

/** Words of a neighbour or an earlier comment shown in the queue: enough to recognise it. */
const EXCERPT_LENGTH = 280;
/** An author's other comments shown beside a queued one. */
const AUTHOR_RECENT = 3;
const REPEAT_FLAGGERS_SHOWN = 10;

/** The waiting flags of each flagged comment: how many, and since when. */
function waitingFlags(db: Database) {
  return db
    .select({
      commentId: commentFlags.commentId,
      flagCount: sql<number>`count(*)::int`.as('flag_count'),
      firstFlagAt: sql<Date>`min(${commentFlags.createdAt})`.as('first_flag_at'),
    })
    .from(commentFlags)
    .where(isNull(commentFlags.approvedAt))
    .groupBy(commentFlags.commentId)
    .as('waiting');
}

/** One page of the queue, the number of comments waiting, and the repeat flaggers. */
export async function moderationQueue(
  db: Database,
  viewer: Viewer,
  page: number,
  perPage: number,
): Promise<{ entries: ModerationEntry[]; total: number; waiting: number; repeatFlaggers: RepeatFlagger[] }> {
  const { offset, limit } = offsetAndLimit(page, perPage);
  const waiting = waitingFlags(db);
  const visible = openableItemsCondition(viewer);
  const [rows, [{ total }], [{ flagged }], repeatFlaggers] = await Promise.all([
    db
      .select({ ...commentColumns, id: comments.id, itemRef: items.ref, itemTitle: items.title, flagCount: sql<number>`coalesce(${waiting.flagCount}, 0)` })
      .from(comments)
      .innerJoin(items, eq(items.id, comments.itemId))
      .leftJoin(commenter, eq(commenter.id, comments.userId))
      .leftJoin(waiting, eq(waiting.commentId, comments.id))
      .where(visible)
      .orderBy(
        desc(comments.flagged),
        sql`coalesce(${waiting.flagCount}, 0) desc`,
        sql`case when ${comments.flagged} then coalesce(${waiting.firstFlagAt}, ${comments.createdAt}) end asc`,
        desc(comments.createdAt),
        desc(comments.id),
      )
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(comments).innerJoin(items, eq(items.id, comments.itemId)).where(visible),
    db
      .select({ flagged: count() })
      .from(comments)
      .innerJoin(items, eq(items.id, comments.itemId))
      .where(and(eq(comments.flagged, true), visible)),
    repeatFlaggersOf(db),
  ]);
  const ids = rows.map((row) => row.id);
  const authorIds = [...new Set(rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId])))];
  const [flags, neighbours, authors] = await Promise.all([flagsOf(db, ids), neighboursOf(db, ids), authorHistories(db, viewer, authorIds)]);
  const entries = rows.map((row): ModerationEntry => {
    const history = row.authorId === null ? undefined : authors.get(row.authorId);
    return {
      ...commentFor(viewer, row, { ref: row.itemRef, title: row.itemTitle }),
      flagCount: Number(row.flagCount),
      flags: flags.get(row.id) ?? [],
      neighbours: neighbours.get(row.id) ?? [],
      author: history ? { ...history, recent: history.recent.filter((recent) => recent.ref !== row.ref).slice(0, AUTHOR_RECENT) } : null,
    };
  });
  return { entries, total, waiting: flagged, repeatFlaggers };
}

function excerpt(text: string): string {
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

const flagger = alias(users, 'flagger');
const otherFlags = alias(commentFlags, 'other_flags');

/** The waiting flags of these comments, oldest first, each with its flagger's count of approved flags. */
async function flagsOf(db: Database, commentIds: number[]): Promise<Map<number, CommentFlagEntry[]>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .select({
      commentId: commentFlags.commentId,
      flagger: flagger.name,
      flaggerRef: flagger.ref,
      reason: commentFlags.reason,
      note: commentFlags.note,
      createdAt: commentFlags.createdAt,
      approvedFlags: sql<number>`(select count(*)::int from ${commentFlags} as ${otherFlags} where ${otherFlags.userId} = ${commentFlags.userId} and ${isNotNull(otherFlags.approvedAt)})`,
    })
    .from(commentFlags)
    .innerJoin(flagger, eq(flagger.id, commentFlags.userId))
    .where(and(inArray(commentFlags.commentId, commentIds), isNull(commentFlags.approvedAt)))
    .orderBy(commentFlags.createdAt, commentFlags.id);
  const entries = groupBy(rows, (row) => row.commentId);
  return new Map(
    [...entries].map(([commentId, flags]) => [
      commentId,
      flags.map((row) => ({
        flagger: row.flagger,
        flagger_ref: row.flaggerRef,
        reason: row.reason as FlagReason | null,
        note: row.note,
        when: row.createdAt.toISOString(),
        approvedFlags: Number(row.approvedFlags),
      })),
    ]),
  );
}

const neighbour = alias(comments, 'neighbour');
const neighbourAuthor = alias(users, 'neighbour_author');

/** The comment just before and just after each of these on its item, in the item page's order. */
async function neighboursOf(db: Database, commentIds: number[]): Promise<Map<number, NeighbourComment[]>> {
  if (commentIds.length === 0) return new Map();
  const conversation = sql`over (partition by ${comments.itemId} order by ${comments.createdAt}, ${comments.id})`;
  const ordered = db
    .select({
      id: comments.id,
      previousId: sql<number | null>`lag(${comments.id}) ${conversation}`.as('previous_id'),
      nextId: sql<number | null>`lead(${comments.id}) ${conversation}`.as('next_id'),
    })
    .from(comments)
    .where(inArray(comments.itemId, db.select({ itemId: comments.itemId }).from(comments).where(inArray(comments.id, commentIds))))
    .as('ordered');
  const rows = await db
    .select({
      of: ordered.id,
      ref: neighbour.ref,
      comment: neighbour.comment,
      createdAt: neighbour.createdAt,
      commenter: neighbourAuthor.name,
      before: sql<boolean>`${neighbour.id} = ${ordered.previousId}`,
    })
    .from(ordered)
    .innerJoin(neighbour, or(eq(neighbour.id, ordered.previousId), eq(neighbour.id, ordered.nextId)))
    .leftJoin(neighbourAuthor, eq(neighbourAuthor.id, neighbour.userId))
    .where(inArray(ordered.id, commentIds))
    .orderBy(neighbour.createdAt, neighbour.id);
  const byComment = groupBy(rows, (row) => row.of);
  return new Map(
    [...byComment].map(([id, found]) => [
      id,
      found.map((row) => ({
        ref: row.ref,
        comment: excerpt(row.comment),
        commenter: row.commenter,
        when: row.createdAt.toISOString(),
        position: row.before ? 'before' : 'after',
      })),
    ]),
  );
}

/** Each author's comment count, how many of theirs admins removed, and their newest comments (one more than shown). */
async function authorHistories(db: Database, viewer: Viewer, authorIds: number[]): Promise<Map<number, AuthorHistory>> {
  if (authorIds.length === 0) return new Map();
  const ranked = db
    .select({
      ref: comments.ref,
      comment: comments.comment,
      createdAt: comments.createdAt,
      flagged: comments.flagged,
      authorId: sql<number>`${comments.userId}`.as('author_id'),
      itemRef: sql<string>`${items.ref}`.as('item_ref'),
      itemTitle: items.title,
      rank: sql<number>`row_number() over (partition by ${comments.userId} order by ${comments.createdAt} desc, ${comments.id} desc)`.as('rank'),
    })
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(and(inArray(comments.userId, authorIds), openableItemsCondition(viewer)))
    .as('ranked');
  const [recent, counts, removals] = await Promise.all([
    db
      .select()
      .from(ranked)
      .where(sql`${ranked.rank} <= ${AUTHOR_RECENT + 1}`)
      .orderBy(ranked.rank),
    db.select({ authorId: comments.userId, total: count() }).from(comments).where(inArray(comments.userId, authorIds)).groupBy(comments.userId),
    db
      .select({ authorId: commentRemovals.authorId, total: count() })
      .from(commentRemovals)
      .where(inArray(commentRemovals.authorId, authorIds))
      .groupBy(commentRemovals.authorId),
  ]);
  const recentByAuthor = groupBy(recent, (row) => Number(row.authorId));
  const commentCounts = new Map(counts.map((row) => [row.authorId, Number(row.total)]));
  const removedCounts = new Map(removals.map((row) => [row.authorId, Number(row.total)]));
  return new Map(
    authorIds.map((authorId) => [
      authorId,
      {
        commentCount: commentCounts.get(authorId) ?? 0,
        removedCount: removedCounts.get(authorId) ?? 0,
        recent: (recentByAuthor.get(authorId) ?? []).map((row) => ({
          ref: row.ref,
          comment: excerpt(row.comment),
          item_ref: row.itemRef,
          item_title: row.itemTitle,
          when: new Date(row.createdAt).toISOString(),
          flagged: row.flagged,
        })),
      },
    ]),
  );
}

/** Flaggers whose flags admins approved at least REPEAT_FLAGGER_MIN times, most first. */
async function repeatFlaggersOf(db: Database): Promise<RepeatFlagger[]> {
  const approved = sql<number>`count(*) filter (where ${isNotNull(commentFlags.approvedAt)})::int`;
  const rows = await db
    .select({ name: users.name, ref: users.ref, approvedFlags: approved, totalFlags: sql<number>`count(*)::int` })
    .from(commentFlags)
    .innerJoin(users, eq(users.id, commentFlags.userId))
    .groupBy(users.id, users.name, users.ref)
    .having(gte(approved, REPEAT_FLAGGER_MIN))
    .orderBy(desc(approved), users.name)
    .limit(REPEAT_FLAGGERS_SHOWN);
  return rows.map((row) => ({ ...row, approvedFlags: Number(row.approvedFlags), totalFlags: Number(row.totalFlags) }));
}
