import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { clampLevel } from '../../../shared/levels';
import { USER_LEVEL_FILTER_LEVELS, USER_LIST_PAGE_SIZE, type UserComment, type UserListEntry, type UserTypeSummary } from '../../../shared/users';
import { canOpenUser, openableItemsCondition, type UserAccessFacts, type Viewer } from '../../access/policy';
import { returnImpersonatorsOf } from '../../auth/impersonation';
import { recordEvent } from '../history';
import type { Database } from '../../db/client';
import { comments, items, users, userTypes } from '../../db/schema';
import { escapeLikePattern } from '../../db/like';
import type { UserListQuery } from './schemas';
import { moveToTrash } from '../trash';
import type { AppConfig } from '../../config';
import { queueMail } from '../../mail/outbox';
import { accountDeletedMail } from '../../mail/templates/account-deleted';
import { absoluteUrl } from '../../lib/site-url';

/** The level a user acts at: admins at 6 whatever their user type says (as `effectiveLevel`). */
const actingLevel = sql<number>`(case when ${users.admin} or ${users.superadmin} then 6 else ${userTypes.level} end)`;

function listConditions(query: Pick<UserListQuery, 'search' | 'level'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${escapeLikePattern(query.search)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (query.level !== null) conditions.push(inArray(actingLevel, [...USER_LEVEL_FILTER_LEVELS[query.level]]));
  return and(...conditions);
}

/** One page of users matching the search (name or e-mail, case-insensitive) and level group, in name order. */
export async function listUsers(db: Database, viewer: Viewer, query: UserListQuery): Promise<{ users: UserListEntry[]; total: number }> {
  const where = listConditions(query);
  const [counted] = await db.select({ total: count() }).from(users).innerJoin(userTypes, eq(userTypes.id, users.userTypeId)).where(where);
  const rows = await db
    .select({
      id: users.id,
      ref: users.ref,
      name: users.name,
      email: users.email,
      userTypeId: userTypes.id,
      userTypeLevel: userTypes.level,
      userTypeTitle: userTypes.title,
      level: actingLevel,
      admin: users.admin,
      superadmin: users.superadmin,
      manageUsers: users.manageUsers,
      loginUsing: users.loginUsing,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(USER_LIST_PAGE_SIZE)
    .offset((query.page - 1) * USER_LIST_PAGE_SIZE);
  return {
    total: counted?.total ?? 0,
    users: rows.map((row) => ({
      ref: row.ref,
      name: row.name,
      email: row.email,
      user_type: { id: row.userTypeId, level: row.userTypeLevel, title: row.userTypeTitle },
      level: clampLevel(Number(row.level)),
      admin: row.admin || row.superadmin,
      manage_users: row.manageUsers,
      login_using: row.loginUsing,
      openable: canOpenUser(viewer, { id: row.id, level: row.userTypeLevel, admin: row.admin, superadmin: row.superadmin }),
    })),
  };
}

export interface ManagedUser extends UserAccessFacts {
  ref: string;
  name: string;
  email: string | null;
  phone: string | null;
  manager: boolean;
  manageUsers: boolean;
  loginUsing: string | null;
  emailVerifiedAt: Date | null;
  userType: UserTypeSummary;
}

/** A user with what the user area shows and the policy needs, or null. */
export async function findManagedUser(db: Database, ref: string): Promise<ManagedUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      ref: users.ref,
      name: users.name,
      email: users.email,
      phone: users.phone,
      admin: users.admin,
      superadmin: users.superadmin,
      manager: users.manager,
      manageUsers: users.manageUsers,
      loginUsing: users.loginUsing,
      emailVerifiedAt: users.emailVerifiedAt,
      userType: { id: userTypes.id, level: userTypes.level, title: userTypes.title, description: userTypes.description },
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.ref, ref))
    .limit(1);
  return row ? { ...row, level: row.userType.level } : null;
}

/** Items the user maintains that the viewer may open, by title. */
export async function itemsCreatedBy(db: Database, viewer: Viewer, userId: number): Promise<{ ref: string; title: string }[]> {
  return db
    .select({ ref: items.ref, title: items.title })
    .from(items)
    .where(and(eq(items.createdByUserId, userId), openableItemsCondition(viewer)))
    .orderBy(asc(items.title), asc(items.id));
}

/** The user's comments on items the viewer may open, newest first. */
export async function commentsBy(db: Database, viewer: Viewer, userId: number): Promise<UserComment[]> {
  const rows = await db
    .select({
      ref: comments.ref,
      comment: comments.comment,
      itemRef: items.ref,
      itemTitle: items.title,
      flagged: comments.flagged,
      approved: comments.approved,
    })
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(and(eq(comments.userId, userId), openableItemsCondition(viewer)))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  return rows.map((row) => ({
    ref: row.ref,
    comment: row.comment,
    item_ref: row.itemRef,
    item_title: row.itemTitle,
    flagged: row.flagged,
    approved: row.approved,
  }));
}

export async function allUserTypes(db: Database): Promise<UserTypeSummary[]> {
  return db
    .select({ id: userTypes.id, level: userTypes.level, title: userTypes.title, description: userTypes.description })
    .from(userTypes)
    .orderBy(asc(userTypes.level), asc(userTypes.title));
}

export { findUserType } from '../../auth/user-types';

/** Flags every unapproved comment of the user; answers how many that is. */
export async function flagUnapprovedComments(db: Database, userId: number): Promise<number> {
  const flagged = await db
    .update(comments)
    .set({ flagged: true })
    .where(and(eq(comments.userId, userId), eq(comments.approved, false)))
    .returning({ id: comments.id });
  return flagged.length;
}

/** One's own deletion, with what its e-mail needs (docs/decisions/access.md "Deleting an account"). */
export interface OwnDeletion {
  config: Pick<AppConfig, 'APP_NAME' | 'APP_URL' | 'TRASH_RETENTION_DAYS'>;
}

/**
 * Deletes the user into the trash, where an admin can restore them for 30 days: the foreign keys decide
 * the rest: their items stay in the library without a maintainer and their comments without an author (a restore gives
 * them back), their sign-in identities and collections go with them, their sessions go for good. The history's event
 * keeps who it was. Anyone acting as the user is first returned to their own account, and that is recorded as their stopping.
 * Those sessions are rewritten before the user row is deleted, in the order a session save takes the two (its row,
 * then the user through the foreign key). A person deleting their own account (`own`) is marked so in the trash, which
 * lets their signing in bring them back, and is told by e-mail at their verified address.
 */
export async function deleteUser(db: Database, actorUserId: number, user: ManagedUser, own?: OwnDeletion): Promise<void> {
  await db.transaction(async (tx) => {
    await recordEvent(tx, {
      kind: 'delete_user',
      actorUserId,
      subjectUserId: null,
      details: { ref: user.ref, name: user.name, email: user.email, user_type: user.userType.title },
    });
    for (const realUserId of await returnImpersonatorsOf(tx, user)) {
      await recordEvent(tx, {
        kind: 'stop_impersonating',
        actorUserId: realUserId,
        subjectUserId: null,
        details: { ref: user.ref, reason: 'user deleted' },
      });
    }
    await moveToTrash(tx, 'user', user.id, { selfDeleted: own !== undefined });
    if (own && user.email && user.emailVerifiedAt) {
      const { APP_NAME, APP_URL, TRASH_RETENTION_DAYS } = own.config;
      await queueMail(
        tx,
        accountDeletedMail({
          to: user.email,
          name: user.name,
          appName: APP_NAME,
          signInLink: absoluteUrl(APP_URL, '/login'),
          retentionDays: TRASH_RETENTION_DAYS,
        }),
      );
    }
  });
}
