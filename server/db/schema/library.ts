import { sql } from 'drizzle-orm';
import { foreignKey, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar, date, bigint } from 'drizzle-orm/pg-core';
import { VISIBILITY } from '../../../shared/enums';
import { createdAt, id, ref, tsvector, updatedAt } from './columns';
import { users } from './users';

export const items = pgTable(
  'items',
  {
    id: id(),
    ref: ref(),
    /** Human-readable item code shown in the sidebar, e.g. EQ-00042. */
    code: varchar('code', { length: 20 }).notNull().unique(),
    title: varchar('title', { length: 255 }).notNull(),
    topic: varchar('topic', { length: 255 }).notNull().default(''),
    blurb: text('blurb').notNull().default(''),
    authors: text('authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: integer('visibility').notNull().default(VISIBILITY.DRAFT),
    minimumAccessLevel: integer('minimum_access_level').notNull().default(0),
    availableExternalLink: varchar('available_external_link', { length: 2048 }),
    initialPublicationYearMonth: varchar('initial_publication_year_month', { length: 7 }),
    lastUpdatedYearMonth: varchar('last_updated_year_month', { length: 7 }),
    googleDriveFolderId: varchar('google_drive_folder_id', { length: 255 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    expiresNote: text('expires_note'),
    reviewAfter: date('review_after', { mode: 'string' }),
    review: text('review'),
    showCreatedBy: boolean('show_created_by').notNull().default(false),
    showAsUserContributed: boolean('show_as_user_contributed').notNull().default(false),
    /** The maintainer: creator by default, reassignable by admins. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The item's tags (item_tags.tag_id, ascending), kept by triggers on item_tags (migration 0017), never written by
     * the app: tag filters check it in the item's own row, and its GIN index intersects with the search's.
     */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The title's words alone (migration 0044), so that "every word in the title" is an index key, not a weight checked on each row. */
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`to_tsvector('english', coalesce(title, ''))`),
    /**
     * The title as the lists order it (migration 0045: lower case, compared in the "C" collation, which the migration
     * gives the column, so PGlite and PostgreSQL page identically). A column, not an expression, so that the title
     * order's index can answer a page of a tag-filtered list by itself (an index-only scan).
     */
    titleKey: text('title_key').generatedAlwaysAs(sql`lower(title)`),
    /**
     * What the search's GIN index filters by beside the words (migration 0042): the item's tag ids, the key of the
     * level it is listed at while discoverable (-1 - level), and its maintainer's key while it is not unlisted
     * (-8 - user id). Generated, so it cannot drift; `listingKeysOf` (access policy) names a viewer's keys.
     */
    filterKeys: integer('filter_keys')
      .array()
      .generatedAlwaysAs(
        sql`tag_ids || case when visibility = 50 then array[-1 - minimum_access_level] else '{}'::integer[] end || case when created_by_user_id is not null and visibility <> 40 then array[-8 - created_by_user_id] else '{}'::integer[] end`,
      ),
    viewCount: integer('view_count').notNull().default(0),
    recentViewCount: integer('recent_view_count').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(topic, '')), 'B') || setweight(to_tsvector('english', coalesce(blurb, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Words, tags and who may list the item in one index: a search among tags for one viewer is one scan of it.
    index('items_search_idx').using('gin', t.searchVector, t.filterKeys, t.titleVector),
    // Every column the listing rule reads (policy.listableItemsCondition), so counting a listing is an index-only scan.
    index('items_listing_idx').on(t.visibility, t.minimumAccessLevel, t.expiresAt, t.createdByUserId, t.id),
    // The lists' title order (discovery/list-orders.ts), so a page of an unsearched listing reads 24 rows, not all of
    // them. Migration 0045 adds INCLUDE (filter_keys, every column the listing rule reads, the view counts), which
    // drizzle-kit does not write: a tag filter and the access rule are checked in the index, a walk past thousands of
    // titles without a match reads no row of the table, nor does the type-ahead's "titles beginning with".
    index('items_title_order_idx').on(t.titleKey, t.id),
    index('items_created_by_idx').on(t.createdByUserId),
    // Most viewed first, the newest first among equals (/popular, the search's order within a tier): read backwards.
    index('items_popularity_idx').on(t.recentViewCount, t.viewCount, t.id),
    // What changed since a moment: a digest's window and a feed's newest entries (features/follows).
    index('items_updated_idx').on(t.updatedAt),
    index('items_title_idx').on(t.title),
    // The next moment a listing changes without a write (discovery/library-cache.ts).
    index('items_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * Every word that is or was in a title, once (the 'simple' text search parser's words, lower case), kept by triggers
 * on items (migration 0041) and never written by the app. A typo is corrected against these words, as a search
 * engine's spelling suggestions are, before titles are read (items/search.ts, `hasCloseTitle`): the words are few,
 * where reading titles by their trigrams cost up to 0.9 s at 1,000,000 items. A word whose titles are gone stays; it
 * then corrects to nothing.
 */
export const titleWords = pgTable('title_words', { word: text('word').primaryKey() }, (t) => [
  // pg_trgm comes with PostgreSQL and PGlite.
  index('title_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * Every lexeme that is or was in an item's search vector, once, kept by triggers on items (migration 0043) and never
 * written by the app. The last word a person types may be cut short, and a prefix makes the search's GIN index build
 * a bitmap of every item holding any word it begins (150 ms for 'church' at 1,000,000 items, whatever the filters);
 * the same search for the few words it completes to skips through the index (45 ms). Code point order ("C"), as
 * tsquery prefixes compare. A lexeme whose items are gone stays; it then matches nothing.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text('lexeme').notNull() }, (t) => [
  uniqueIndex('search_lexemes_lexeme_idx').on(sql`(${t.lexeme} collate "C")`),
]);

export const itemImages = pgTable(
  'item_images',
  {
    id: id(),
    ref: ref(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    extension: varchar('extension', { length: 8 }).notNull(),
    /** Where the file lives: an uploaded file key, a stock image id or an external URL. */
    source: varchar('source', { length: 16 }).notNull().default('upload'),
    storageKey: varchar('storage_key', { length: 512 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('item_images_item_idx').on(t.itemId, t.position)],
);

export const contents = pgTable(
  'contents',
  {
    id: id(),
    ref: ref(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    format: varchar('format', { length: 32 }).notNull().default('other'),
    lengthMinutes: integer('length_minutes'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    copyright: text('copyright'),
    googleDriveFileId: varchar('google_drive_file_id', { length: 255 }),
    exportMode: varchar('export_mode', { length: 16 }),
    minimumAccessLevel: integer('minimum_access_level').notNull().default(0),
    published: boolean('published').notNull().default(true),
    isSampleOfId: integer('is_sample_of_id'),
    position: integer('position').notNull().default(0),
    /** Opens through /content/{ref}, counted in the same statement that reads the row. */
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contents_item_idx').on(t.itemId, t.position),
    index('contents_drive_file_idx').on(t.googleDriveFileId),
    foreignKey({ columns: [t.isSampleOfId], foreignColumns: [t.id], name: 'contents_is_sample_of_fk' }).onDelete('set null'),
  ],
);

export const relations = pgTable(
  'relations',
  {
    id: id(),
    ref: ref(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    relatedItemId: integer('related_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    adminApproved: boolean('admin_approved').notNull().default(false),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('relations_pair_unique').on(t.itemId, t.relatedItemId), index('relations_related_idx').on(t.relatedItemId)],
);

export const taxonomies = pgTable('taxonomies', {
  id: id(),
  ref: ref(),
  title: varchar('title', { length: 120 }).notNull().unique(),
  usageNote: text('usage_note').notNull().default(''),
  required: boolean('required').notNull().default(false),
  multiselect: boolean('multiselect').notNull().default(false),
  public: boolean('public').notNull().default(true),
  showInFiltering: boolean('show_in_filtering').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const tags = pgTable(
  'tags',
  {
    id: id(),
    ref: ref(),
    taxonomyId: integer('taxonomy_id')
      .notNull()
      .references(() => taxonomies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    label: varchar('label', { length: 120 }).notNull(),
    forceShowInFiltering: boolean('force_show_in_filtering').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tags_taxonomy_label_unique').on(t.taxonomyId, sql`lower(${t.label})`),
    index('tags_label_lower_idx').on(sql`lower(${t.label})`),
    index('tags_parent_idx').on(t.parentId),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'tags_parent_fk' }).onDelete('set null'),
  ],
);

export const itemTags = pgTable(
  'item_tags',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /**
     * The item's minimum access level while it is discoverable, null otherwise: kept by triggers on items and
     * item_tags (migration 0018), never written by the app, so "does any item a level-2 visitor may list carry this
     * tag" is one index range (discovery/tag-catalogue.ts `tagIdsInUse`).
     */
    itemListingLevel: integer('item_listing_level'),
    createdAt: createdAt(),
  },
  // The key serves an item's tags; (tag_id, item_listing_level, item_id) a tag's items, by the level that may list them.
  (t) => [primaryKey({ columns: [t.itemId, t.tagId] }), index('item_tags_tag_level_item_idx').on(t.tagId, t.itemListingLevel, t.itemId)],
);

/**
 * The labels of tags merged into another: /tag/{label} of a merged tag redirects to its target's page.
 * A tag that has the label (made later, or renamed to it) wins over the redirect; a deleted target takes its redirects with it.
 */
export const tagLabelRedirects = pgTable(
  'tag_label_redirects',
  {
    id: id(),
    /** The merged tag's label, lowercased as /tag/{label} reads it; one target per label (the latest merge). */
    label: varchar('label', { length: 120 }).notNull().unique(),
    targetTagId: integer('target_tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('tag_label_redirects_target_idx').on(t.targetTagId)],
);

export const characteristics = pgTable('characteristics', {
  id: id(),
  ref: ref(),
  title: varchar('title', { length: 120 }).notNull().unique(),
  usageNote: text('usage_note').notNull().default(''),
  format: varchar('format', { length: 20 }).notNull().default('text'),
  /** The smallest value an item may hold when the format is integer (null: no minimum). */
  minimum: integer('minimum'),
  public: boolean('public').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A characteristic's format change: every item value it rewrote or removed, as it was and as it became
 * (null: removed), so the change can be undone whole for 30 days (admin-characteristics/format-changes.ts).
 */
export const characteristicFormatChanges = pgTable(
  'characteristic_format_changes',
  {
    id: id(),
    ref: ref(),
    characteristicId: integer('characteristic_id')
      .notNull()
      .references(() => characteristics.id, { onDelete: 'cascade' }),
    fromFormat: varchar('from_format', { length: 20 }).notNull(),
    toFormat: varchar('to_format', { length: 20 }).notNull(),
    /** [{ itemId, before, after }]: `after` null for a value the new format could not read, which was removed. */
    changedValues: jsonb('changed_values').notNull().default([]),
    converted: integer('converted').notNull(),
    removed: integer('removed').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('characteristic_format_changes_latest_idx').on(t.characteristicId, t.id)],
);

export const itemCharacteristics = pgTable(
  'item_characteristics',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    characteristicId: integer('characteristic_id')
      .notNull()
      .references(() => characteristics.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.characteristicId] }), index('item_characteristics_characteristic_idx').on(t.characteristicId)],
);

export const affirmationOptions = pgTable('affirmation_options', {
  id: id(),
  ref: ref(),
  title: varchar('title', { length: 120 }).notNull().unique(),
  isNegative: boolean('is_negative').notNull().default(false),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const itemAffirmations = pgTable(
  'item_affirmations',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    affirmationOptionId: integer('affirmation_option_id')
      .notNull()
      .references(() => affirmationOptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 normal (thumb), 2 strong. A cleared affirmation is deleted. */
    value: integer('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.affirmationOptionId, t.userId] }),
    index('item_affirmations_user_idx').on(t.userId),
    index('item_affirmations_option_idx').on(t.affirmationOptionId),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    ref: ref(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    task: varchar('task', { length: 500 }).notNull(),
    notes: text('notes').notNull().default(''),
    priority: integer('priority').notNull().default(2),
    dueDate: date('due_date', { mode: 'string' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    forUserId: integer('for_user_id').references(() => users.id, { onDelete: 'set null' }),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A task made from a library health problem: `{kind}:{item id}`. One task per problem, ever: a check
     * that finds it again re-opens that task, one that no longer finds it closes it (docs/decisions/curation.md "Library health, turned into tasks").
     */
    problemKey: varchar('problem_key', { length: 80 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_for_user_idx').on(t.forUserId, t.completedAt),
    index('tasks_item_idx').on(t.itemId),
    uniqueIndex('tasks_problem_key_unique')
      .on(t.problemKey)
      .where(sql`${t.problemKey} is not null`),
  ],
);
