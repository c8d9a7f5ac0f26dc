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
 * pg_trgm's `word <% title` matches at a word similarity of 0.6 by default, which misses a swapped pair of letters in
 * a long word ('safegaurding' is 0.53 from 'Safeguarding'); 0.5 still keeps unrelated words apart. `word <<% title`
 * (strict word similarity, whole words only) is where an empty result's closest titles are looked for: at 0.2 it
 * finds titles only loosely like the search (discovery/search.ts), read through the same trigram index.
 */
export const TRIGRAM_SETTINGS: readonly (readonly [string, string])[] = [
  ['pg_trgm.word_similarity_threshold', '0.5'],
  ['pg_trgm.strict_word_similarity_threshold', '0.2'],
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
    const settings = [['jit', 'off'], ['work_mem', '16MB'], ...TRIGRAM_SETTINGS].map(([name, value]) => `-c ${name}=${value}`).join(' ');
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: settings, connectionTimeoutMillis: 5000 });
    survivesDroppedConnections(pool);
    recordLoneWritesOfPool(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const retries = guardTransactions(db, (callback, config) => onLentConnection(pool, (lent) => lent.begin(callback, config)));
    const withOneConnection = <T>(work: (db: Database) => Promise<T>): Promise<T> =>
      onLentConnection(pool, (lent, client) => {
        const giveBack = lendWithContext(client);
        return work(lent.db).finally(giveBack);
      });
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
    };
  }
  if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDataDir, {
    extensions: { pg_trgm },
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  for (const [name, value] of TRIGRAM_SETTINGS) await client.query('select set_config($1, $2, false)', [name, value]);
  recordLoneWritesOfPglite(client);
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
async function onLentConnection<T>(pool: pg.Pool, work: (lent: ConnectionDrizzle, client: pg.PoolClient) => Promise<T>): Promise<T> {
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
    return await work(lent, client);
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
 * the lock order or the retry. Nested `tx.transaction(...)` calls are savepoints and are left alone (the outer
 * transaction is the one that is retried). A retried callback runs again from the start, so a callback only talks
 * to the database: drive uploads and the like happen before or after it, and mail is queued in the outbox table.
 *
 * Lock order: the library_state row first, then item rows, then the rows that hang off items (contents, item_tags,
 * …). The library-version triggers (migrations 0002, 0005, 0006) update library_state BEFORE every write statement
 * to items, contents, item_tags, tags, shares, comments and more, so each such statement, even a lone UPDATE outside
 * any transaction, locks library_state before its rows. A transaction that locked an item row and then wrote a
 * content row took the two the other way round and deadlocked with PATCH /i/{ref}. Locking library_state as the
 * first statement of every transaction makes every order agree with the triggers' order, whatever the transaction
 * writes later, with nothing for a caller to remember. It costs little: writers already queued on that row from
 * their first write to their commit. FOR NO KEY UPDATE is the lock the triggers' UPDATE takes; the version stays.
 */
function guardTransactions(db: Database, begin: Database['transaction']): { count: number } {
  const retries = { count: 0 };
  const guarded: Database['transaction'] = (callback, config) =>
    retryTransientFailures(
      () =>
        begin(async (tx) => {
          await tx.execute(sql`select ${changeContextSetting()} from ${schema.libraryState} where ${schema.libraryState.id} = 1 for no key update`);
          return callback(tx);
        }, config),
      () => (retries.count += 1),
    );
  db.transaction = guarded;
  return retries;
}

/**
 * The change context (change-context.ts) for the history's trigger, local to the transaction; in the statement that
 * takes the lock order, so it costs no round trip. Without a context it is set empty, so a connection's value from
 * an earlier lone write (below) never names someone for work no request started.
 */
function changeContextSetting(): SQL {
  return sql`set_config('equip.change', ${changeContextText()}, true)`;
}

function changeContextText(): string {
  const context = currentChangeContext();
  return context ? JSON.stringify(context) : '';
}

const WRITE_STATEMENT = /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

/**
 * A lone write (an INSERT, UPDATE or DELETE outside any transaction, `db.update(...)` on the pool) runs on a connection
 * of its own whose session value of the change context is set first (the request's, or empty), so no change is
 * recorded without who made it, whatever path it took. The write itself stays one autocommitted statement: the
 * library_state row its trigger locks is held for that statement only, not across round trips (a transaction here
 * tripled an edit's time under load, every writer queuing on that row). Reads go straight to the pool.
 * Transactions set the value local to themselves, which overrides the session's.
 */
function recordLoneWritesOfPool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as QueryFunction;
  const onOwnConnection: QueryFunction = async (config, values) => {
    const client = await pool.connect();
    try {
      return await settingContextFirst(client.query.bind(client) as QueryFunction)(config, values);
    } finally {
      client.release();
    }
  };
  pool.query = ((config: QueryConfigOrText, values?: unknown[]) =>
    isWrite(config) ? onOwnConnection(config, values) : query(config, values)) as typeof pool.query;
}

type QueryConfigOrText = pg.QueryConfig | string;
type QueryFunction = (config: QueryConfigOrText, values?: unknown[]) => Promise<pg.QueryResult>;

function isWrite(config: QueryConfigOrText): boolean {
  return WRITE_STATEMENT.test(typeof config === 'string' ? config : config.text);
}

/** `query` on one connection, setting that connection's change context before each write. */
function settingContextFirst(query: QueryFunction): QueryFunction {
  return async (config, values) => {
    if (isWrite(config)) await query(`select set_config('equip.change', $1, false)`, [changeContextText()]);
    return query(config, values);
  };
}

/** A connection lent out whole (withOneConnection): its writes set the context too, until it goes back to the pool. */
function lendWithContext(client: pg.PoolClient): () => void {
  const query = client.query;
  client.query = settingContextFirst(query.bind(client) as QueryFunction) as typeof client.query;
  return () => {
    client.query = query;
  };
}

/**
 * The same for PGlite, whose one connection every caller shares: a session value could be another request's by the
 * time the write runs, so a lone write with a context runs in a transaction of its own that sets it locally (PGlite
 * runs one statement at a time anyway). Its transactions run their statements through their own object, not this method.
 */
function recordLoneWritesOfPglite(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const context = currentChangeContext();
    if (!context || !WRITE_STATEMENT.test(text)) return query(text, params, options);
    return client.transaction(async (tx) => {
      await tx.query(`select set_config('equip.change', $1, true)`, [JSON.stringify(context)]);
      return tx.query(text, params, options);
    });
  }) as PGlite['query'];
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
