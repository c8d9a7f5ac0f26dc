import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns';
import { contents, items, tags } from './library';
import { users } from './users';

export const collections = pgTable(
  'collections',
  {
    id: id(),
    ref: ref(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    public: boolean('public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('collections_user_idx').on(t.userId)],
);

export const collectionItems = pgTable(
  'collection_items',
  {
    id: id(),
    ref: ref(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    section: varchar('section', { length: 255 }).notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('collection_items_order_idx').on(t.collectionId, t.section, t.position),
    index('collection_items_item_idx').on(t.itemId),
    // An item is in a collection once; adding it again is refused with a field error.
    uniqueIndex('collection_items_collection_item_unique').on(t.collectionId, t.itemId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    ref: ref(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    edited: boolean('edited').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_item_idx').on(t.itemId, t.createdAt), index('comments_user_idx').on(t.userId), index('comments_flagged_idx').on(t.flagged)],
);

/**
 * One person's flag on a comment (docs/decisions/curation.md "Moderation queue"): why (a FLAG_REASONS key, or null
 * when the client sent none) and their optional words. One waiting flag per person and comment; approving the comment
 * stamps its flags `approved_at` (they count towards the flagger's approved flags), deleting it takes them with it.
 */
export const commentFlags = pgTable(
  'comment_flags',
  {
    id: id(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 32 }),
    note: varchar('note', { length: 500 }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comment_flags_waiting_unique')
      .on(t.commentId, t.userId)
      .where(sql`${t.approvedAt} is null`),
    index('comment_flags_comment_idx').on(t.commentId),
    index('comment_flags_user_idx').on(t.userId),
  ],
);

/** A comment an admin removed, kept as a count for its author's history in the queue (the words go with the comment). */
export const commentRemovals = pgTable(
  'comment_removals',
  {
    id: id(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedById: integer('removed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [index('comment_removals_author_idx').on(t.authorId)],
);

export const shares = pgTable(
  'shares',
  {
    id: id(),
    ref: ref(),
    sharedType: varchar('shared_type', { length: 16 }).notNull(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Recipient by e-mail (lowercased); linked to a user when one exists or signs up later. */
    toEmail: varchar('to_email', { length: 320 }).notNull(),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    level: integer('level').notNull(),
    /** Null means the grant never expires (Forever). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shares_to_email_idx').on(t.toEmail),
    index('shares_to_user_idx').on(t.toUserId),
    index('shares_from_user_idx').on(t.fromUserId),
    index('shares_item_idx').on(t.itemId),
    index('shares_collection_idx').on(t.collectionId),
    index('shares_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * Grants that were taken back (Remove access). The grant's row leaves `shares`, so nothing that reads shares for
 * access can still find it; this keeps what the share lists show of it (to whom, at what level, who removed it and
 * when) for as long as the history is kept.
 */
export const shareRemovals = pgTable(
  'share_removals',
  {
    id: id(),
    /** The removed grant's own ref: its link names it, and a second Remove finds it here. */
    ref: varchar('ref', { length: 24 }).notNull().unique(),
    sharedType: varchar('shared_type', { length: 16 }).notNull(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: varchar('to_email', { length: 320 }).notNull(),
    level: integer('level').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** When the grant was made. */
    sharedAt: timestamp('shared_at', { withTimezone: true, mode: 'date' }).notNull(),
    removedByUserId: integer('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('share_removals_from_user_idx').on(t.fromUserId, t.removedAt),
    index('share_removals_item_idx').on(t.itemId),
    index('share_removals_collection_idx').on(t.collectionId),
  ],
);

/**
 * "Ask for access" from an item's 403 page (docs/decisions/sharing.md "Sharing that tells the truth"): one row per request, so a
 * repeat within the waiting time is refused on every instance. Nothing here grants anything.
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('access_requests_user_item_idx').on(t.userId, t.itemId, t.createdAt)],
);

/**
 * What a member follows: exactly one of a tag, a search text or a collection. Deleting the tag, the
 * collection or the member takes the follow with it. A digest's unfollow link names the follow by its ref and a
 * signature of it (features/follows/tokens.ts), so it works without signing in and can do nothing else.
 */
export const follows = pgTable(
  'follows',
  {
    id: id(),
    ref: ref(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    searchText: varchar('search_text', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('follows_one_target', sql`num_nonnulls(${t.tagId}, ${t.collectionId}, ${t.searchText}) = 1`),
    uniqueIndex('follows_user_tag_unique')
      .on(t.userId, t.tagId)
      .where(sql`${t.tagId} is not null`),
    uniqueIndex('follows_user_collection_unique')
      .on(t.userId, t.collectionId)
      .where(sql`${t.collectionId} is not null`),
    uniqueIndex('follows_user_search_unique')
      .on(t.userId, sql`lower(${t.searchText})`)
      .where(sql`${t.searchText} is not null`),
    index('follows_user_idx').on(t.userId),
    index('follows_tag_idx').on(t.tagId),
    index('follows_collection_idx').on(t.collectionId),
  ],
);
