/**
 * Metrics read when Prometheus scrapes, not counted as things happen: the database pool, the library cache's lookups
 * and the mail outbox. Each costs at most one cheap query a scrape.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, isNull, sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database, DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * The database: which engine, the transactions run again after a deadlock, and on PostgreSQL the pool (its size, the
 * connections lent out and idle, and the callers waiting for one). PGlite is one connection inside the process, whose
 * queue cannot be read: it has no pool gauges, and a busy database shows as slower requests and event-loop lag.
 */
export function databaseMetrics(registry: Registry, database: DatabaseHandle): void {
  const info = new Gauge({
    name: 'equip_db_engine_info',
    help: 'The database engine (postgres or pglite); always 1.',
    labelNames: ['engine'] as const,
    registers: [registry],
  });
  info.set({ engine: database.kind }, 1);
  new Counter({
    name: 'equip_db_transaction_retries_total',
    help: 'Transactions run again after a deadlock or a serialization failure.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(database.retriedTransactions());
    },
  });
  const poolUse = database.poolUse?.bind(database);
  if (!poolUse) return;
  new Gauge({
    name: 'equip_db_pool_connections',
    help: "Connections of this instance's PostgreSQL pool, lent out (in_use) or idle.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'in_use' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'equip_db_pool_max_connections',
    help: "Size of this instance's PostgreSQL pool: the connections it opens at most.",
    registers: [registry],
    collect() {
      this.set(poolUse().max);
    },
  });
  new Gauge({
    name: 'equip_db_pool_waiting_clients',
    help: 'Queries and transactions waiting for a connection of the pool, all of them being lent out.',
    registers: [registry],
    collect() {
      this.set(poolUse().waiting);
    },
  });
}

/**
 * The library cache's lookups in this instance's memory: a hit answers from it; a miss computes the answer, waits for
 * the same computation under way, or (with REDIS_URL) reads another instance's. `cache` is read when scraped: the
 * cache is made after this is registered.
 */
export function libraryCacheMetrics(registry: Registry, cache: () => { lookups: { hits: number; misses: number } }): void {
  new Counter({
    name: 'equip_library_cache_lookups_total',
    help: "Lookups of lists, searches, type-ahead and item page parts in this instance's library cache, by outcome.",
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const { hits, misses } = cache().lookups;
      this.reset();
      this.inc({ outcome: 'hit' }, hits);
      this.inc({ outcome: 'miss' }, misses);
    },
  });
}

interface OutboxState {
  unsent: number;
  /** Seconds since the oldest unsent message was queued; 0 when none is waiting. */
  oldestAgeSeconds: number;
}

/**
 * The mail waiting in the outbox (neither sent nor given up) and how long the oldest has waited: one query over the
 * outbox's index of unsent messages, shared by both gauges. The outbox is the deployment's, so every instance reports
 * the same figures. When the database does not answer, both are left out of the scrape (and the failure logged)
 * rather than reported as an empty outbox.
 */
export function mailOutboxMetrics(registry: Registry, db: Database, log: FastifyBaseLogger): void {
  const read = oneReadAtATime(() =>
    readOutbox(db).catch((error: unknown) => {
      log.warn({ err: error }, 'metrics: the mail outbox could not be read');
      return null;
    }),
  );
  const gauge = (name: string, help: string, value: (state: OutboxState) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const state = await read();
        if (state) this.set(value(state));
        else this.remove();
      },
    });
  gauge('equip_mail_outbox_unsent_messages', 'Messages in the mail outbox neither sent nor given up.', (state) => state.unsent);
  gauge(
    'equip_mail_outbox_oldest_unsent_age_seconds',
    'Seconds since the oldest unsent message was queued; 0 when none waits.',
    (state) => state.oldestAgeSeconds,
  );
}

async function readOutbox(db: Database): Promise<OutboxState> {
  const [row] = await db
    .select({
      unsent: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  return { unsent: Number(row?.unsent ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldestAgeSeconds ?? 0)) };
}

/** Callers while a read is under way share it: a scrape collects every metric at once. */
function oneReadAtATime<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = null;
    }));
}
