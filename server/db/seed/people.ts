import { LOGIN_PROVIDERS } from '../../../shared/enums';
import type { Database } from '../client';
import { users, userTypes } from '../schema';
import { DEMO_ACCOUNTS, USER_TYPES, type DemoAccount } from './accounts';
import { insertReturningIds } from './batches';
import { type Random } from './random';
import { FIRST_NAMES, LAST_NAMES } from './words';

/** Library users who are not demo accounts, so lists, comments and affirmations look lived in. */
const COMMUNITY_USERS = 30;
const COMMUNITY_USER_TYPE_WEIGHTS = [
  ['Member', 10],
  ['Affiliate', 8],
  ['Leader', 5],
  ['Staff', 2],
] as const;

export interface SeededUser {
  id: number;
  email: string;
  name: string;
  level: number;
  userTypeId: number;
  /** Set for demo accounts. */
  account: DemoAccount | null;
}

export interface People {
  all: SeededUser[];
  userTypeIdByTitle: Map<string, number>;
  demo(email: string): SeededUser;
}

type NewUser = typeof users.$inferInsert;

export async function insertPeople(db: Database, rng: Random, reference: Date, setUpAt: Date): Promise<People> {
  const typeIds = await insertUserTypes(db, setUpAt);
  const demoRows = DEMO_ACCOUNTS.map((account) => demoUserRow(rng, reference, account, typeIds));
  const community = communityUsers(rng, reference, typeIds);
  const ids = await insertReturningIds(db, users, [...demoRows, ...community.map(({ row }) => row)]);

  const all: SeededUser[] = [
    ...demoRows.map((row, index) => ({ ...seeded(row, ids), level: DEMO_ACCOUNTS[index].level, account: DEMO_ACCOUNTS[index] })),
    ...community.map(({ row, level }) => ({ ...seeded(row, ids), level, account: null })),
  ];
  const byEmail = new Map(all.map((user) => [user.email, user]));
  return {
    all,
    userTypeIdByTitle: typeIds,
    demo(email) {
      const user = byEmail.get(email);
      if (!user?.account) throw new Error(`No demo account ${email}`);
      return user;
    },
  };
}

async function insertUserTypes(db: Database, createdAt: Date): Promise<Map<string, number>> {
  const inserted = await db
    .insert(userTypes)
    .values(USER_TYPES.map((type) => ({ ...type, createdAt })))
    .returning({ id: userTypes.id, title: userTypes.title });
  return new Map(inserted.map((row) => [row.title, row.id]));
}

function seeded(row: NewUser & { ref: string; email: string }, ids: Map<string, number>) {
  return { id: ids.get(row.ref)!, email: row.email, name: row.name, userTypeId: row.userTypeId };
}

function demoUserRow(rng: Random, reference: Date, account: DemoAccount, typeIds: Map<string, number>) {
  // Demo accounts are older than every item, because they maintain them.
  const createdAt = rng.daysBefore(reference, 1100, 1190);
  return {
    ref: rng.ref(),
    name: account.name,
    email: account.email,
    emailVerifiedAt: account.emailVerified ? createdAt : null,
    userTypeId: typeIds.get(account.userTypeTitle)!,
    admin: account.admin,
    superadmin: account.superadmin,
    manager: account.manager,
    manageUsers: account.manageUsers,
    lastLoginAt: rng.daysBefore(reference, 0, 14),
    createdAt,
    updatedAt: createdAt,
  };
}

function communityUsers(rng: Random, reference: Date, typeIds: Map<string, number>) {
  const usedEmails = new Set<string>();
  return Array.from({ length: COMMUNITY_USERS }, () => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const email = uniqueEmail(`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, ''), usedEmails);
    const createdAt = rng.daysBefore(reference, 10, 1000);
    const title = rng.weighted(COMMUNITY_USER_TYPE_WEIGHTS);
    const userType = USER_TYPES.find((type) => type.title === title)!;
    const row = {
      ref: rng.ref(),
      name: `${first} ${last}`,
      email,
      emailVerifiedAt: rng.chance(0.9) ? createdAt : null,
      phone: rng.chance(0.4) ? `07700 900${String(rng.int(0, 999)).padStart(3, '0')}` : null,
      userTypeId: typeIds.get(userType.title)!,
      loginUsing: rng.pick(LOGIN_PROVIDERS),
      lastLoginAt: rng.daysBefore(reference, 0, 90),
      createdAt,
      updatedAt: createdAt,
    };
    return { row, level: userType.level };
  });
}

function uniqueEmail(localPart: string, used: Set<string>): string {
  let email = `${localPart}@example.net`;
  for (let n = 2; used.has(email); n++) email = `${localPart}${n}@example.net`;
  used.add(email);
  return email;
}

/** Everyone allowed to see items at `level`. */
export function peopleAtLevel(people: People, level: number): SeededUser[] {
  return people.all.filter((user) => user.level >= level);
}
