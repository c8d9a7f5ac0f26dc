import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers give this type, so no other module knows which engine is in use. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the test suite's migrated template). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** node-postgres connection string; when unset, PGlite is used. */
  url?: string;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  pgliteDataDir: string;
  poolSize?: number;
  /** PGlite only: start from this dumped data directory instead of an empty one (skips initdb). */
  pgliteLoadDataDir?: Blob;
}

/** SQLSTATE 57P01: the server terminated the connection on purpose. */
const ADMIN_SHUTDOWN = '57P01';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // JIT compiling costs ~10 ms per statement the planner thinks is big, more than the app's indexed queries take.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    // An idle client can be cut off by the server (restart, failover, admin command); without a listener
    // that error would crash the process. The pool replaces the client on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== ADMIN_SHUTDOWN) console.error('PostgreSQL idle client error:', error.message);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDataDir, options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}
