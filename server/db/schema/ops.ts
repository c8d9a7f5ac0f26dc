import {
  bigint,
  boolean,
  check,
  date,
  index,
  smallint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, ref } from './columns';
import { items } from './library';
import { users } from './users';

/** Server-side session store, so any app instance can serve any user. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

/** One row per item page view: feeds navigation history, popular items and view counts. */
export const itemViews = pgTable(
  'item_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('item_views_user_idx').on(t.userId, t.viewedAt), index('item_views_item_idx').on(t.itemId, t.viewedAt)],
);

/** HTTP request log for admin stats. */
export const httpRequests = pgTable(
  'http_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    method: varchar('method', { length: 10 }).notNull(),
    url: varchar('url', { length: 2048 }).notNull(),
    referer: varchar('referer', { length: 2048 }),
    responseCode: integer('response_code').notNull(),
    // The user type, not the person: stats count kinds of visitors and never follow one (docs/decisions.md).
    userTypeId: integer('user_type_id'),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  // (created_at, id): the stats' date ranges, and the keyset of the CSV download (features/admin-stats/csv.ts).
  (t) => [index('http_requests_created_id_idx').on(t.createdAt, t.id)],
);

/**
 * Opens of item pages and contents per UTC day and user type (features/request-log/opens.ts): a count,
 * never the person. The ref has no foreign key, so a deleted item's opens stay (shown as its path, "(deleted)") until
 * the request log's retention sweeps the day. Visitors who were not signed in have no user type (null, one row).
 */
export const opensPerUserType = pgTable(
  'opens_per_user_type',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ref: varchar('ref', { length: 24 }).notNull(),
    userTypeId: integer('user_type_id'),
    openCount: integer('open_count').notNull(),
  },
  (t) => [
    unique('opens_per_user_type_key').on(t.day, t.kind, t.ref, t.userTypeId).nullsNotDistinct(),
    check('opens_per_user_type_kind_check', sql`${t.kind} in ('item', 'content')`),
  ],
);

/**
 * Searches that found nothing per UTC day (features/request-log/unmatched-searches.ts): the normalised
 * search text only, how many times and when last; never who searched. Swept with the request log.
 */
export const unmatchedSearches = pgTable(
  'unmatched_searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    searchText: varchar('search_text', { length: 100 }).notNull(),
    searchCount: integer('search_count').notNull(),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('unmatched_searches_key').on(t.day, t.searchText)],
);

export const brokenExternalLinkAlerts = pgTable(
  'broken_external_link_alerts',
  {
    id: id(),
    ref: ref(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    statusCode: integer('status_code'),
    message: text('message').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** The first failing check of this alert, and how many checks have failed since: one failure is not yet a problem. */
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    failures: integer('failures').notNull().default(1),
    /** The last failure was the checker's own (the name did not resolve, no connection, no answer), not the site's answer. */
    unreachable: boolean('unreachable').notNull().default(false),
  },
  (t) => [index('broken_links_item_idx').on(t.itemId)],
);

export const deploymentTasks = pgTable(
  'deployment_tasks',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    output: text('output').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('deployment_tasks_state_idx').on(t.state)],
);

/**
 * One row whose versions rise whenever anything an item list, a search or an item page shows changes (items, their
 * tags and images, tags, taxonomies, shares, comments…). Caches of such results key on them
 * (server/features/discovery/library-cache.ts), so a committed change is never served stale. The triggers on those
 * tables only note what changed; the row is updated once, as the writing transaction commits (migration 0035,
 * `library_version_bumps`), so it is locked for the moment of a commit, never for a whole transaction.
 */
export const libraryState = pgTable(
  'library_state',
  {
    id: smallint('id').primaryKey().default(1),
    /** Raised by every write to what lists or item pages show (migrations 0002, 0005). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Raised only by writes to what lists, searches and filters read (migration 0015): a comment leaves it. */
    listsVersion: bigint('lists_version', { mode: 'number' }).notNull().default(0),
    /**
     * Element n (from 0) is the lists version of level-n viewers whose lists are not their own (migration 0019):
     * raised only by writes to items a level-n viewer may list (discoverable, minimum level ≤ n) and by tags and
     * taxonomies, so an edit to a draft or a level-5 item leaves the cached lists of levels 0-4 in place.
     */
    levelListsVersions: bigint('level_lists_versions', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0}'::bigint[]`),
    /**
     * Which database these versions count in (migration 0021): a new database starts its versions again, so the cache
     * entries every instance shares in Redis are kept apart by it. A restored backup keeps it with its versions.
     */
    generation: uuid('generation').notNull().defaultRandom(),
  },
  (t) => [check('library_state_single_row', sql`${t.id} = 1`)],
);

/**
 * Never holds a row for longer than a transaction: the first change a transaction makes to what the library caches
 * inserts one, and its trigger, deferred to the commit, raises library_state's versions by what the transaction noted
 * and deletes the row (migration 0035).
 */
export const libraryVersionBumps = pgTable('library_version_bumps', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
});

/**
 * Mail waiting to be sent. A message is queued in the transaction of the write that causes it (a grant, an
 * invitation, a verification), so it is never lost, and sent by the outbox worker with retries, so a slow or
 * failing mail server never holds up or breaks that request.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set when the worker gives up after its last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * The history of every change (docs/decisions/curation.md "A history of every change"): one row per changed row of
 * an audited table, written by the `record_change` trigger (migration 0022) in the statement's own transaction, and one
 * row per event that is no row's change (impersonation, a deleted user, an Advanced action). Who and through which
 * route come from the transaction's change context (server/db/change-context.ts). Ids are kept without foreign keys:
 * history never blocks a write, and outlives what it names.
 */
export const changeHistory = pgTable(
  'change_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The table's kind ('item', 'item_tag', 'tag', …) or the event ('impersonate', 'advanced:…'). */
    kind: varchar('kind', { length: 64 }).notNull(),
    /** insert, update, delete, or event. */
    operation: varchar('operation', { length: 8 }).notNull().default('event'),
    actorUserId: integer('actor_user_id'),
    impersonatorUserId: integer('impersonator_user_id'),
    subjectUserId: integer('subject_user_id'),
    /** The changed row's id, when it has one. */
    subjectId: integer('subject_id'),
    /** The item the change belongs to (an item's own row or one of its parts), for its History tab. */
    itemId: integer('item_id'),
    /** update: { column: [old, new] } for the columns that changed; insert and delete: the row; event: its details. */
    changes: jsonb('changes').notNull().default({}),
    /** 'PATCH /i/:ref', or null for a change made outside a request (a job, a migration, the seed). */
    route: varchar('route', { length: 200 }),
    requestId: varchar('request_id', { length: 64 }),
    /** The batch edit the change belongs to (the change context's `batch`), so the batch can be undone as a whole. */
    batchId: varchar('batch_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('change_history_item_idx')
      .on(t.itemId, t.id)
      .where(sql`${t.itemId} is not null`),
    index('change_history_actor_idx').on(t.actorUserId, t.id),
    // The activity feed's person filter matches the impersonating person too.
    index('change_history_impersonator_idx')
      .on(t.impersonatorUserId, t.id)
      .where(sql`${t.impersonatorUserId} is not null`),
    index('change_history_subject_user_idx')
      .on(t.subjectUserId, t.id)
      .where(sql`${t.subjectUserId} is not null`),
    index('change_history_created_idx').on(t.createdAt),
    index('change_history_kind_idx').on(t.kind, t.id),
    index('change_history_batch_idx')
      .on(t.batchId, t.id)
      .where(sql`${t.batchId} is not null`),
  ],
);

/**
 * One run of an Admin Advanced action: it runs off the request, writes its latest progress and a
 * heartbeat while it works, and keeps its text report. A 'running' row whose heartbeat stopped (the server went
 * down) is marked 'interrupted'. At most one run of an action is running at a time (the partial unique index).
 */
export const adminActionRuns = pgTable(
  'admin_action_runs',
  {
    id: id(),
    action: varchar('action', { length: 64 }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull().default('running'),
    progress: text('progress').notNull().default(''),
    report: text('report'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('admin_action_runs_one_running_idx')
      .on(t.action)
      .where(sql`${t.status} = 'running'`),
    index('admin_action_runs_started_idx').on(t.startedAt),
    check('admin_action_runs_status_check', sql`${t.status} in ('running', 'done', 'failed', 'interrupted')`),
  ],
);

/**
 * Content uploads under way (features/content/upload-journal.ts): a row per file, written before the file goes to the
 * drive and deleted once its content row is written or the file removed again. A row that outlives its request by
 * hours marks a file a crash may have left in the drive with no row; the orphaned-drive-files check finds it by
 * folder, name, size and time, and its fix removes it.
 */
export const driveUploads = pgTable('drive_uploads', {
  id: id(),
  folderId: varchar('folder_id', { length: 255 }).notNull(),
  name: text('name').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * When each periodic job (server/db/periodic-jobs.ts) last started, for the whole deployment: an instance runs a job
 * only when it can move `last_started_at` forward by a period, so N instances sweep once a period, not N times.
 */
export const periodicJobRuns = pgTable('periodic_job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The library health checks an admin scheduled: `check` is a LIBRARY_HEALTH_SCHEDULED_CHECKS key
 * (shared/library-health.ts), `period` 'daily' or 'weekly'. No row: the check runs only by hand.
 */
export const libraryHealthSchedules = pgTable('library_health_schedules', {
  check: varchar('check', { length: 32 }).primaryKey(),
  period: varchar('period', { length: 16 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * What the last scheduled drive check of library health found, one row per item and kind
 * ('drive_missing': a content file missing in the drive; 'drive_sharing': its folder or a file shared wider than the
 * item's access): each run replaces the rows of its kinds, and the health page reads them.
 */
export const driveHealthFindings = pgTable(
  'drive_health_findings',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    detail: text('detail').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.kind] })],
);

/**
 * The trash (docs/decisions/curation.md "A trash instead of loss"): one row per deleted item, collection, comment,
 * tag, taxonomy or characteristic, holding every row that went with it (`rows`: the deleted row and what its foreign
 * keys cascaded to, table by table, parents first; `relinks`: rows elsewhere that pointed at it and were cleared), so an
 * admin can restore it whole until the retention's sweep purges it. `parts` is what the trash page shows of `rows`.
 * The rows themselves are gone from their tables: a trashed thing is nowhere else for anyone.
 */
export const trashEntries = pgTable(
  'trash_entries',
  {
    id: id(),
    ref: ref(),
    /** A TRASH_KINDS key (shared/trash.ts): item, collection, comment, tag, taxonomy, characteristic, affirmation, user. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The deleted row's id in its own table, which a restore gives it back. */
    subjectId: integer('subject_id').notNull(),
    /** What it was called: an item's or collection's title, a tag's label, the start of a comment. */
    title: varchar('title', { length: 255 }).notNull(),
    /** Where it was: an item's code, a comment's item, a tag's taxonomy, a collection's owner. */
    context: varchar('context', { length: 255 }).notNull().default(''),
    /** [{ table, label, count, names }]: what went with it, for the trash page. */
    parts: jsonb('parts').notNull().default([]),
    /** [{ table, rows }], parents first. */
    rows: jsonb('rows').notNull(),
    /** [{ table, column, key, value }]: references from rows that stayed, cleared by the delete. */
    relinks: jsonb('relinks').notNull().default([]),
    /** An item's drive folder, in the drive's bin while the item is in the trash. */
    driveFolderId: varchar('drive_folder_id', { length: 255 }),
    /**
     * A tag merged into another: what the merge changed besides removing it (`MergedInto`,
     * trash/merges.ts), so that restoring it splits the merge back. Null for anything deleted.
     */
    mergedInto: jsonb('merged_into'),
    deletedByUserId: integer('deleted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin acting as `deleted_by` at the time, if any. */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A person who deleted their own account (kind user): signing in before the purge brings them back. Their own
     * row is gone by then, so `deleted_by_user_id` cannot name them.
     */
    selfDeleted: boolean('self_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('trash_entries_deleted_idx').on(t.deletedAt, t.id), index('trash_entries_kind_idx').on(t.kind, t.deletedAt, t.id)],
);

/**
 * "Download my data" (docs/decisions/access.md "Download my data"): a person's request for an archive of their own
 * data. The periodic job of features/data-export claims a pending row, writes DATA_DIR/exports/{ref}.zip and e-mails
 * a link whose token is kept only as its SHA-256; the sweep deletes the file once the link has expired. One pending
 * request per person (the partial unique index), whichever instance takes it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    ref: ref(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending, ready, expired or failed. */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    /** Runs that claimed it; one that keeps failing is given up. */
    attempts: smallint('attempts').notNull().default(0),
    /** A run holds a claimed row until then; a run that died lets it go when this passes. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('data_exports_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_state_check', sql`${t.state} in ('pending', 'ready', 'expired', 'failed')`),
  ],
);
