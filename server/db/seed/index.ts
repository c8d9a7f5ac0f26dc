import type { Database } from '../client';
import { items, users } from '../schema';
import { countRows } from './batches';
import { seedDemoLibrary, type SeedOptions } from './seed';

export { DEMO_ACCOUNTS, DEMO_INVITATIONS, USER_TYPES } from './accounts';
export { invitationTokenHash, NO_ACCOUNT_EMAIL } from './sharing';
export { DEFAULT_ITEM_COUNT, seedDemoLibrary, type SeedOptions } from './seed';
export type { SeedSummary } from './summary';

/** Seeds the demo library only into a database with no users and no items; answers whether it did. */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if ((await countRows(db, users)) > 0 || (await countRows(db, items)) > 0) return false;
  await seedDemoLibrary(db, options);
  return true;
}
