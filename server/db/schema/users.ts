import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns';

export const userTypes = pgTable('user_types', {
  id: id(),
  title: varchar('title', { length: 120 }).notNull().unique(),
  description: text('description').notNull().default(''),
  level: integer('level').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    ref: ref(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    emailVerificationTokenHash: varchar('email_verification_token_hash', { length: 64 }),
    emailVerificationSentAt: timestamp('email_verification_sent_at', { withTimezone: true, mode: 'date' }),
    phone: varchar('phone', { length: 40 }),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    admin: boolean('admin').notNull().default(false),
    superadmin: boolean('superadmin').notNull().default(false),
    manager: boolean('manager').notNull().default(false),
    manageUsers: boolean('manage_users').notNull().default(false),
    loginUsing: varchar('login_using', { length: 20 }),
    personItemId: integer('person_item_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** 'weekly', 'daily' or 'none' (DIGEST_FREQUENCIES): how often the digest of what one follows comes. */
    digestFrequency: varchar('digest_frequency', { length: 10 }).notNull().default('weekly'),
    /** The end of the window the last digest covered: the next one lists what changed after it. */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one account holds an address verified; unverified claims may repeat, so setting one tells nobody whether
    // another account has it (sign-in linking, shares and verification read only verified addresses).
    uniqueIndex('users_verified_email_lower_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    // Every address lookup by lower(email): dropping unverified claims, demo sign-in, the admin's "taken" check.
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_user_type_idx').on(t.userTypeId),
    index('users_name_idx').on(t.name),
  ],
);

/** A social sign-in account linked to a user. */
export const identities = pgTable(
  'identities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 320 }),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('identities_provider_subject_unique').on(t.provider, t.subject), index('identities_user_idx').on(t.userId)],
);

/**
 * A personal access token: what a request to the read-only API (/api/) carries in place of a session. Only the
 * secret's SHA-256 is kept; `prefix`, its first characters, tells a person's tokens apart on the profile. Revoked and
 * expired tokens stay listed until their owner is deleted.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: id(),
    ref: ref(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 24 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Written at most once a minute per token, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId, t.createdAt)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    ref: ref(),
    /** Secret part of the accept link; only its SHA-256 is stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    noteToSelf: text('note_to_self').notNull().default(''),
    sentTo: text('sent_to')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    /** A recipient who declined it (DELETE /invite); it can no longer be accepted. */
    declinedByUserId: integer('declined_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_created_by_idx').on(t.createdByUserId), index('invitations_created_at_idx').on(t.createdAt)],
);
