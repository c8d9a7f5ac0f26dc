/**
 * db.transaction (server/db/client.ts): no transaction holds library_state while it waits for another, so writers of
 * different rows never queue behind one; a transaction PostgreSQL rolled back to break a deadlock or a serialization
 * conflict runs again, a bounded number of times.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_RETRIES, type DatabaseHandle } from '../../server/db/client';
import { taxonomies } from '../../server/db/schema';
import { freshDatabase } from '../support/database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const sqlError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** As drizzle throws it: its own error around the driver's. */
const wrapped = (error: Error) => new Error('Failed query', { cause: error });

async function taxonomyTitles(prefix: string): Promise<string[]> {
  const rows = await handle.db.select({ title: taxonomies.title }).from(taxonomies);
  return rows.map((row) => row.title).filter((title) => title.startsWith(prefix));
}

describe('db.transaction retries', () => {
  it('runs a transaction again after a deadlock, keeping only the attempt that committed', async () => {
    const retriedBefore = handle.retriedTransactions();
    let attempts = 0;
    const result = await handle.db.transaction(async (tx) => {
      attempts += 1;
      await tx.insert(taxonomies).values({ title: `Deadlocked ${attempts}`, position: 100 + attempts });
      if (attempts === 1) throw sqlError('40P01', 'deadlock detected');
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(attempts).toBe(2);
    expect(await taxonomyTitles('Deadlocked')).toEqual(['Deadlocked 2']);
    expect(handle.retriedTransactions() - retriedBefore).toBe(1);
  });

  it('recognises a serialization failure wrapped by drizzle', async () => {
    let attempts = 0;
    await handle.db.transaction(async () => {
      attempts += 1;
      if (attempts === 1) throw wrapped(sqlError('40001', 'could not serialize access due to concurrent update'));
    });
    expect(attempts).toBe(2);
  });

  it('does not run a transaction again for any other error', async () => {
    const retriedBefore = handle.retriedTransactions();
    let attempts = 0;
    const refusal = wrapped(sqlError('23505', 'duplicate key value violates unique constraint'));
    await expect(
      handle.db.transaction(async (tx) => {
        attempts += 1;
        await tx.insert(taxonomies).values({ title: 'Refused once', position: 200 });
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(attempts).toBe(1);
    expect(await taxonomyTitles('Refused once')).toEqual([]);
    expect(handle.retriedTransactions()).toBe(retriedBefore);
  });

  it(`gives up after ${TRANSACTION_RETRIES} retries and throws the last failure`, async () => {
    const retriedBefore = handle.retriedTransactions();
    let attempts = 0;
    await expect(
      handle.db.transaction(async () => {
        attempts += 1;
        throw sqlError('40P01', `deadlock detected, attempt ${attempts}`);
      }),
    ).rejects.toThrow(`deadlock detected, attempt ${TRANSACTION_RETRIES + 1}`);
    expect(attempts).toBe(TRANSACTION_RETRIES + 1);
    expect(handle.retriedTransactions() - retriedBefore).toBe(TRANSACTION_RETRIES);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('db.transaction on PostgreSQL (PGlite has one connection: nothing can wait on a lock there)', () => {
  /** A connection of its own to the test database, as another process would have. */
  async function rivalConnection(): Promise<pg.Client> {
    const { rows } = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
    const name = rows[0].name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }

  async function untilBlockedBy(pid: number): Promise<void> {
    for (;;) {
      const { rows } = (await handle.db.execute(sql`select pid from pg_stat_activity where ${pid}::integer = any(pg_blocking_pids(pid))`)) as unknown as {
        rows: unknown[];
      };
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Resolves with true once `work` settles, or false as soon as a backend of this database waits on another's lock. */
  async function finishesWithoutWaiting(work: Promise<unknown>): Promise<boolean> {
    let settled = false;
    const done = work.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      const { rows } = (await handle.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`,
      )) as unknown as { rows: unknown[] };
      if (rows.length > 0 && !settled) return false;
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10))]);
    }
    return true;
  }

  it('takes no lock on library_state before a transaction commits, so writers of other rows never queue behind one', async () => {
    const rival = await rivalConnection();
    try {
      // The rival writes the library (an item's title) and keeps its transaction open, as a slow batch edit would.
      const [taxonomy] = await handle.db.insert(taxonomies).values({ title: 'Held open', position: 310 }).returning({ id: taxonomies.id });
      await rival.query('begin');
      await rival.query(`update taxonomies set usage_note = 'held' where id = $1`, [taxonomy!.id]);
      await expect(handle.db.execute(sql`select 1 from library_state where id = 1 for no key update nowait`), 'library_state is free').resolves.toBeTruthy();
      // A transaction that writes nothing the library caches, and one that writes another taxonomy.
      const unrelated = handle.db.transaction((tx) => tx.execute(sql`insert into periodic_job_runs (name, last_started_at) values ('queue-test', now())`));
      expect(await finishesWithoutWaiting(unrelated), 'a write of another table waits for the open library write').toBe(true);
      const otherTaxonomy = handle.db.transaction((tx) => tx.insert(taxonomies).values({ title: 'Written meanwhile', position: 311 }));
      expect(await finishesWithoutWaiting(otherTaxonomy), 'a write of another library row waits for the open library write').toBe(true);
      await rival.query('commit');
    } finally {
      await rival.end();
    }
  });

  it('runs a transaction again when PostgreSQL breaks a real deadlock by rolling it back', async () => {
    const [taxonomy] = await handle.db.insert(taxonomies).values({ title: 'Contended', position: 300 }).returning({ id: taxonomies.id });
    const rival = await rivalConnection();
    const retriedBefore = handle.retriedTransactions();
    try {
      // The rival takes the two rows the other way round. Its own deadlock check waits longer, so PostgreSQL breaks
      // the cycle by rolling back the app's transaction.
      const [other] = await handle.db.insert(taxonomies).values({ title: 'Contended too', position: 301 }).returning({ id: taxonomies.id });
      await rival.query('begin');
      await rival.query(`set local deadlock_timeout = '10s'`);
      const { rows } = await rival.query<{ pid: number }>('select pg_backend_pid() as pid');
      await rival.query('select 1 from taxonomies where id = $1 for update', [taxonomy!.id]);

      let attempts = 0;
      const appWrite = handle.db.transaction(async (tx) => {
        attempts += 1;
        await tx.update(taxonomies).set({ usageNote: 'written by the app' }).where(eq(taxonomies.id, other!.id));
        await tx.update(taxonomies).set({ usageNote: 'written by the app' }).where(eq(taxonomies.id, taxonomy!.id));
        return attempts;
      });
      await untilBlockedBy(rows[0]!.pid);
      await rival.query(`update taxonomies set usage_note = 'written by the rival' where id = $1`, [other!.id]);
      await rival.query(`update taxonomies set usage_note = 'written by the rival' where id = $1`, [taxonomy!.id]);
      await rival.query('commit');

      // Usually one retry; on a loaded machine the retry can take the first row before the rival's waiting UPDATE
      // does, and deadlock once more before the rival gets through.
      const ran = await appWrite;
      expect(ran).toBeGreaterThanOrEqual(2);
      expect(handle.retriedTransactions() - retriedBefore).toBe(ran - 1);
      const [row] = await handle.db.select({ note: taxonomies.usageNote }).from(taxonomies).where(eq(taxonomies.id, taxonomy!.id));
      expect(row!.note).toBe('written by the app');
    } finally {
      await rival.end();
    }
  });
});
