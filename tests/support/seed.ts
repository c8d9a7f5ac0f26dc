import type { DatabaseHandle } from '../../server/db/client';
import { users, userTypes } from '../../server/db/schema';
import { DEMO_ACCOUNTS, USER_TYPES } from '../../server/db/seed/accounts';

/** Only the user types and demo accounts: enough for layout and sign-in tests, fast on every file. */
export async function seedDemoAccounts(handle: DatabaseHandle): Promise<void> {
  const types = await handle.db
    .insert(userTypes)
    .values(USER_TYPES.map((t) => ({ ...t })))
    .returning();
  const typeId = new Map(types.map((t) => [t.title, t.id]));
  await handle.db.insert(users).values(
    DEMO_ACCOUNTS.map((a) => ({
      name: a.name,
      email: a.email,
      emailVerifiedAt: a.emailVerified ? new Date() : null,
      userTypeId: typeId.get(a.userTypeTitle)!,
      admin: a.admin,
      superadmin: a.superadmin,
      manager: a.manager,
      manageUsers: a.manageUsers,
    })),
  );
}
