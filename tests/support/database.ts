import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { loadPgliteTemplate, migrationsFingerprint } from './pglite-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (loaded from the run's migrated
 * template when there is one; migrating again is then a no-op), or a throwaway database on the PostgreSQL server
 * named by TEST_DATABASE_URL (a copy of the run's migrated template database when there is one).
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await loadPgliteTemplate();
    const handle = await openDatabase({ pgliteDataDir: 'memory://', pgliteLoadDataDir: template ?? undefined });
    await migrateAsACopy(handle);
    return handle;
  }
  const database = await throwawayPostgresDatabase(serverUrl, await existingPostgresTemplate(serverUrl));
  const handle = await openDatabase({ url: database.url, pgliteDataDir: 'memory://', poolSize: 4 });
  await migrateAsACopy(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** Migrates a copy of a template, which is then a database of its own, as a restored backup is (README). */
async function migrateAsACopy(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  await handle.db.execute(sql`update library_state set generation = gen_random_uuid()`);
}

/** A new database on the PostgreSQL server at `serverUrl` (empty, or a copy of `template`), and how to drop it. */
export async function throwawayPostgresDatabase(serverUrl: string, template: string | null = null): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `equip_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(serverUrl, name), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

const TEMPLATE_PREFIX = 'equip_test_template_';

async function postgresTemplateName(): Promise<string> {
  return `${TEMPLATE_PREFIX}${await migrationsFingerprint()}`;
}

/**
 * Migrates this schema's template database on the PostgreSQL server unless it is there, and drops the templates of
 * other schemas that no one is using: copying a migrated database takes a fraction of the time migrating an empty one
 * does.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<void> {
  const name = await postgresTemplateName();
  const existing = await adminRows(serverUrl, `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
  for (const other of existing.filter((datname) => datname !== name)) await adminQuery(serverUrl, `drop database if exists ${other}`).catch(() => undefined);
  if (existing.includes(name)) return;
  const building = `${name}_${process.pid}`;
  await adminQuery(serverUrl, `create database ${building}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, building), pgliteDataDir: 'memory://', poolSize: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  // Renamed only once migrated, so no test file copies a half-migrated template; a run that started at the same time
  // may have renamed its copy first, and then this one is not needed.
  await adminQuery(serverUrl, `alter database ${building} rename to ${name}`).catch(() => adminQuery(serverUrl, `drop database ${building}`));
}

async function existingPostgresTemplate(serverUrl: string): Promise<string | null> {
  const name = await postgresTemplateName();
  const rows = await adminRows(serverUrl, `select datname from pg_database where datname = '${name}'`);
  return rows.length > 0 ? name : null;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  await adminRows(serverUrl, statement);
}

async function adminRows(serverUrl: string, statement: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query<{ datname: string }>(statement);
    return result.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}
