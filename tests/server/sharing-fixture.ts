/** A small library for the sharing tests: items at several levels, content rows, and the demo accounts. */
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { contents, items, shares, users, userTypes } from '../../server/db/schema';
import { seedDemoAccounts } from '../support/seed';

export const AFFILIATE = 'affiliate@example.org';
export const LEADER = 'leader@example.org';
export const STAFF = 'staff@example.org';
export const ADMIN = 'admin@example.org';
export const USER_MANAGER = 'usermanager@example.org';
/** A demo address whose account does not exist until a test signs it up. */
export const LATECOMER = 'member@example.org';

export const ITEMS = {
  /** Public, three published files (levels 0, 3, 4) and one unpublished. */
  open: 'shareopen001',
  /** Leaders and above (level 3). */
  leaders: 'shareleader1',
  /** Staff and above (level 4), with a public and a staff file. */
  staff: 'sharestaff01',
  /** A draft of the leader's. */
  draft: 'sharedraft01',
} as const;

export const CONTENT = {
  openPublic: 'sharecpublic',
  openLeaders: 'sharecleader',
  openStaff: 'sharecstaff1',
  openUnpublished: 'sharecunpub1',
  staffPublic: 'sharecspub01',
  staffStaff: 'sharecsstaff',
} as const;

export async function seedSharingLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  // The latecomer signs up during the tests.
  await handle.db.delete(users).where(eq(users.email, LATECOMER));
  const [leader] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, LEADER));
  const inserted = await handle.db
    .insert(items)
    .values([
      { ref: ITEMS.open, code: 'SH-1', title: 'Campfire Songs', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 },
      { ref: ITEMS.leaders, code: 'SH-2', title: 'Leaders Handbook', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 },
      { ref: ITEMS.staff, code: 'SH-3', title: 'Staff Safeguarding Pack', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      { ref: ITEMS.draft, code: 'SH-4', title: 'Draft Walk', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0, createdByUserId: leader!.id },
    ])
    .returning({ id: items.id, ref: items.ref });
  const id = (ref: string) => inserted.find((row) => row.ref === ref)!.id;
  await handle.db.insert(contents).values([
    { ref: CONTENT.openPublic, itemId: id(ITEMS.open), label: 'Song sheet', format: 'pdf', position: 0 },
    { ref: CONTENT.openLeaders, itemId: id(ITEMS.open), label: 'Leader chords', format: 'pdf', minimumAccessLevel: 3, position: 1 },
    { ref: CONTENT.openStaff, itemId: id(ITEMS.open), label: 'Staff notes', format: 'text', minimumAccessLevel: 4, position: 2 },
    { ref: CONTENT.openUnpublished, itemId: id(ITEMS.open), label: 'Unfinished', format: 'text', published: false, position: 3 },
    { ref: CONTENT.staffPublic, itemId: id(ITEMS.staff), label: 'Overview', format: 'pdf', position: 0 },
    { ref: CONTENT.staffStaff, itemId: id(ITEMS.staff), label: 'Procedures', format: 'pdf', minimumAccessLevel: 4, position: 1 },
  ]);
}

/** The latecomer signs up: an account at level 1 with the address verified. */
export async function signUpLatecomer(db: Database): Promise<void> {
  const [memberType] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.level, 1));
  await db.insert(users).values({ name: 'Maya Thompson', email: LATECOMER, emailVerifiedAt: new Date(), userTypeId: memberType!.id });
}

export async function sharesTo(db: Database, email: string) {
  return db.select().from(shares).where(eq(shares.toEmail, email));
}
