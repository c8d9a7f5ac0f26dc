import { asc, eq, gte } from 'drizzle-orm';
import { LEVEL } from '../../shared/levels';
import type { UserTypeSummary } from '../../shared/users';
import type { Database } from '../db/client';
import { userTypes } from '../db/schema';

/** A transaction handle has the same query API as the database. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update'>;

export interface UserTypeRow {
  id: number;
  title: string;
  level: number;
}

const MEMBER_TYPE = { title: 'Member', level: LEVEL.LOGGED_IN, description: 'Anyone who has signed up.' };
const columns = { id: userTypes.id, title: userTypes.title, level: userTypes.level };

/** The type new users get: the lowest one above Public, created as 'Member' when none exists yet. */
export async function newcomerUserType(db: Queryable): Promise<UserTypeRow> {
  const [lowest] = await db.select(columns).from(userTypes).where(gte(userTypes.level, LEVEL.LOGGED_IN)).orderBy(asc(userTypes.level)).limit(1);
  if (lowest) return lowest;
  await db.insert(userTypes).values(MEMBER_TYPE).onConflictDoNothing({ target: userTypes.title });
  const [member] = await db.select(columns).from(userTypes).where(eq(userTypes.title, MEMBER_TYPE.title)).limit(1);
  return member;
}

export async function userTypeTitled(db: Queryable, title: string): Promise<UserTypeRow | null> {
  const [row] = await db.select(columns).from(userTypes).where(eq(userTypes.title, title)).limit(1);
  return row ?? null;
}

export async function userTypeById(db: Queryable, id: number): Promise<UserTypeRow | null> {
  const [row] = await db.select(columns).from(userTypes).where(eq(userTypes.id, id)).limit(1);
  return row ?? null;
}

/** A user type with its description, as user and invitation pages show it; null for an unknown id. */
export async function findUserType(db: Queryable, id: number): Promise<UserTypeSummary | null> {
  const [row] = await db
    .select({ id: userTypes.id, level: userTypes.level, title: userTypes.title, description: userTypes.description })
    .from(userTypes)
    .where(eq(userTypes.id, id))
    .limit(1);
  return row ?? null;
}
