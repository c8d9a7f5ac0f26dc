import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable, isRetryableTransactionFailure } from './errors';
import { currentChangeContext } from './change-context';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers give this type, so no other module knows which engine is in use. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * What `db.transaction` hands its callback: its writes commit together, and the history's trigger knows who made them
 * (the change context, set as the transaction's first statement). A function that writes what the history records
 * takes one of these, so a caller cannot hand it the pool.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the test suite's migrated template). */
  dumpDataDir?: () => Promise<Blob>;
  /** How many transactions have been run again after a deadlock or serialization failure (see TRANSACTION_RETRIES). */
  retriedTransactions(): number;
  /** Runs `work` on one connection of the pool, for what belongs to a connection (a session-level advisory lock). */
  withOneConnection<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * For health checks: on PostgreSQL a connection of its own, opened when first used, so a readiness probe does not
   * queue behind a busy pool and take a loaded (but working) instance out of the balancer.
   */
  healthCheckDb(): Database;
  /** PostgreSQL only: the pool's size and connections, and the callers waiting for one (read by features/metrics). */
  poolUse?(): { max: number; total: number; idle: number; waiting: number };
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

/**
 * pg_trgm's thresholds, where a typed word is corrected against the words of titles (migration 0041): `word %
 * vocabulary` at a similarity of 0.3 ('keybaord' is 0.38 from 'keyboard'), and the last typed word, which may be cut
 * short, `word <% vocabulary` at a word similarity of 0.5 (the default 0.6 misses a swapped pair of letters in a long
 * word: 'safegaurding' is 0.53 from 'safeguarding').
 */
export const TRIGRAM_SETTINGS: readonly (readonly [string, string])[] = [
  ['pg_trgm.similarity_threshold', '0.3'],
  ['pg_trgm.word_similarity_threshold', '0.5'],
];

/** SQLSTATE 57P01: the server terminated the connection on purpose. */
const ADMIN_SHUTDOWN = '57P01';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // JIT compiling costs ~10 ms per statement the planner thinks is big, more than the app's indexed queries take.
    // A server that does not answer (a failover, a cut network) fails a request after 5 s instead of holding it forever.
    // The typo-tolerant search's threshold is set for every connection (see TRIGRAM_SETTINGS).
    // work_mem: a common search word's bitmap (120,000 items at 1,000,000) outgrows the default 4 MB and turns lossy,
    // and intersecting it with a tag's then reads 300,000 rows again instead of none (decisions: "A search and tag
    // filters that are rare together"). 16 MB per sort or bitmap, per connection, stays small for a server.
    // random_page_cost: the library is read from memory, where a row read at random costs about what one read in
    // order does. At the default 4 the planner built a bitmap of every item a viewer may list (250,000 at 1,000,000
    // items, 70–100 ms) to spare a search a few thousand row reads (5 ms); at 1.1 it reads the rows.
    const settings = [['jit', 'off'], ['work_mem', '16MB'], ['random_page_cost', '1.1'], ...TRIGRAM_SETTINGS]
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: settings, connectionTimeoutMillis: 5000 });
    survivesDroppedConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const retries = guardTransactions(db, (callback, config) => onLentConnection(pool, (lent) => lent.begin(callback, config)));
    const withOneConnection = <T>(work: (db: Database) => Promise<T>): Promise<T> => onLentConnection(pool, (lent) => work(lent.db));
    const checkPool = new pg.Pool({ connectionString: options.url, max: 1, options: settings, connectionTimeoutMillis: 2000 });
    survivesDroppedConnections(checkPool);
    const checkDb = drizzlePg(checkPool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), checkPool.end()]);
      },
      retriedTransactions: () => retries.count,
      withOneConnection,
      healthCheckDb: () => checkDb,
      poolUse: () => ({ max: pool.options.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDataDir, {
    extensions: { pg_trgm },
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  for (const [name, value] of TRIGRAM_SETTINGS) await client.query('select set_config($1, $2, false)', [name, value]);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const retries = guardTransactions(db, db.transaction.bind(db));
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    retriedTransactions: () => retries.count,
    withOneConnection: (work) => work(db),
    healthCheckDb: () => db,
  };
}

/**
 * A connection the server drops (a restart, a failover, `pg_terminate_backend`) emits 'error' on its client. The pool
 * listens only while a client is idle; a client lent out (a transaction between two statements, a lone write between
 * its context and its statement) had no listener, so the error became an uncaught exception and the shutdown handler
 * stopped the process. Every client now listens for its whole life: the error is left to the query that meets it (a
 * statement in flight fails with it, a later one with "not queryable", and the request answers 503), and the pool
 * discards the client when it is released.
 */
function survivesDroppedConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== ADMIN_SHUTDOWN) console.error('PostgreSQL idle client error:', error.message);
  });
}

/**
 * Drizzle over one connection, made once per connection of the pool (drizzle reads the schema when made): `db`, whose
 * transactions are guarded like the pool's, and `begin`, its own transaction, which the pool's guard wraps.
 */
interface ConnectionDrizzle {
  db: Database;
  begin: Database['transaction'];
}
const drizzleOfConnection = new WeakMap<pg.PoolClient, ConnectionDrizzle>();

/**
 * Runs `work` on a connection lent by the pool, and gives it back: discarded when the connection failed, so the pool
 * opens a new one. A transaction borrows its connection here rather than through drizzle, which gives its
 * connection back only once BEGIN has succeeded: a BEGIN on a connection the server had just dropped kept it lent for
 * good, and enough such drops left the pool with none (every request then waited 5 s for a connection and failed).
 */
async function onLentConnection<T>(pool: pg.Pool, work: (lent: ConnectionDrizzle) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lent = drizzleOfConnection.get(client);
  if (!lent) {
    const db = drizzlePg(client, { schema }) as unknown as Database;
    const begin = db.transaction.bind(db);
    guardTransactions(db, begin);
    lent = { db, begin };
    drizzleOfConnection.set(client, lent);
  }
  let failure: unknown;
  try {
    return await work(lent);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
  }
}

/** A transaction that deadlocked or hit a serialization failure runs again at most this many times. */
export const TRANSACTION_RETRIES = 3;
/** The pause before retry n (from 0) is random in [0, RETRY_PAUSE_MS * 2^n): rivals that collided do not collide again. */
const RETRY_PAUSE_MS = 20;

/**
 * Every `db.transaction(...)` of the app runs through here: the method itself is replaced, so no caller can forget
 * the change context or the retry. Nested `tx.transaction(...)` calls are savepoints and are left alone (the outer
 * transaction is the one that is retried). A retried callback runs again from the start, so a callback only talks
 * to the database: drive uploads and the like happen before or after it, and mail is queued in the outbox table.
 *
 * Lock order: item rows (in id order when one statement writes several: the tag_ids triggers, the view recorder, the
 * periodic recount), then the rows that hang off items (contents, item_tags, …), and library_state last: its versions
 * rise as the transaction commits (migration 0035), so no transaction holds that row while it waits for another.
 */
function guardTransactions(db: Database, begin: Database['transaction']): { count: number } {
  const retries = { count: 0 };
  const guarded: Database['transaction'] = (callback, config) =>
    retryTransientFailures(
      () =>
        begin(async (tx) => {
          await tx.execute(sql`select ${changeContextSetting()}`);
          return callback(tx);
        }, config),
      () => (retries.count += 1),
    );
  db.transaction = guarded;
  return retries;
}

/**
 * The change context (change-context.ts) for the history's trigger, local to the transaction, as its first statement.
 * This is the only way a change reaches the history with its author, so every write the history records runs in a
 * transaction (an ESLint rule, scripts/lint/history-writes.js, keeps it so). Without a context it is set empty.
 */
function changeContextSetting(): SQL {
  return sql`set_config('equip.change', ${changeContextText()}, true)`;
}

function changeContextText(): string {
  const context = currentChangeContext();
  return context ? JSON.stringify(context) : '';
}

/** Runs `attempt`, and again after a short random pause while it fails with a deadlock or serialization failure. */
async function retryTransientFailures<T>(attempt: () => Promise<T>, onRetry: () => void): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= TRANSACTION_RETRIES || !isRetryableTransactionFailure(error)) throw error;
      onRetry();
      await sleep(Math.random() * RETRY_PAUSE_MS * 2 ** retry);
    }
  }
}
