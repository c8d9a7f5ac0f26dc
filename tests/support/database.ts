import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { loadPgliteTemplate } from './pglite-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (loaded from the run's migrated
 * template when there is one; migrating again is then a no-op), or a
 * throwaway database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await loadPgliteTemplate();
    const handle = await openDatabase({ pgliteDataDir: 'memory://', pgliteLoadDataDir: template ?? undefined });
    await migrateDatabase(handle);
    return handle;
  }
  const database = await throwawayPostgresDatabase(serverUrl);
  const handle = await openDatabase({ url: database.url, pgliteDataDir: 'memory://', poolSize: 4 });
  await migrateDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at `serverUrl` (its URL), and how to drop it afterwards. */
export async function throwawayPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `equip_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
