import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';
import { appPath } from '../app-root';

export const MIGRATIONS_FOLDER = appPath('migrations');

/** Arbitrary constant: serialises migrations when several app instances start at once. */
const MIGRATION_LOCK_KEY = 724_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  // The lock belongs to the connection that took it: taking, migrating and releasing on one connection makes
  // instances that start together wait for the first one's migrations instead of running them at the same time.
  await handle.withOneConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePg(db as unknown as NodePgDatabase, config);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
