/**
 * Admin Advanced runs actions off the request (server/features/admin-advanced/runs.ts): progress and a heartbeat
 * while they work, the report kept when they end, one run of an action at a time, and runs whose server stopped
 * marked 'interrupted'. Then the page: a long action shows as running until its report is there.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { DatabaseHandle } from '../../server/db/client';
import { adminActionRuns } from '../../server/db/schema';
import { findRun, markInterruptedRuns, RUN_RETENTION_DAYS, startRun, type RunTiming } from '../../server/features/admin-advanced/runs';
import { freshDatabase } from '../support/database';

const FAST: RunTiming = { progressWriteMs: 10, heartbeatMs: 50, staleSeconds: 60 };
const log = pino({ level: 'silent' });

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** A promise the test settles by hand. */
function gate<T>() {
  let open: (value: T) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('startRun', () => {
  it('writes the latest progress while the action works, then keeps its report and clears the progress', async () => {
    const db = database.db;
    const finish = gate<string>();
    const started = await startRun({
      db,
      log,
      action: 'database_stats',
      actorUserId: null,
      timing: FAST,
      work: async (progress) => {
        progress('Counting the rows of table 1 of 3 (items).');
        progress('Counting the rows of table 2 of 3 (tags).');
        return finish.promise;
      },
    });
    expect(started.joined).toBe(false);
    await vi.waitFor(async () => expect((await findRun(db, started.id))?.progress).toBe('Counting the rows of table 2 of 3 (tags).'));
    expect((await findRun(db, started.id))?.status).toBe('running');
    finish.open('database_stats (report)');
    await started.ended;
    const ended = await findRun(db, started.id);
    expect(ended).toMatchObject({ status: 'done', report: 'database_stats (report)', progress: '', label: 'Database Stats' });
    expect(ended?.finishedAt).not.toBeNull();
  });

  it('keeps a failing action as failed, with its error as the report', async () => {
    const started = await startRun({
      db: database.db,
      log,
      action: 'drive_stats',
      actorUserId: null,
      timing: FAST,
      work: async () => Promise.reject(new Error('drive unreachable')),
    });
    await started.ended;
    expect(await findRun(database.db, started.id)).toMatchObject({ status: 'failed', report: 'drive_stats failed: drive unreachable' });
  });

  it('joins the run under way when the same action is started again; another action starts its own', async () => {
    const db = database.db;
    const finish = gate<string>();
    const first = await startRun({ db, log, action: 'check-external-links', actorUserId: null, timing: FAST, work: () => finish.promise });
    const again = await startRun({ db, log, action: 'check-external-links', actorUserId: null, timing: FAST, work: async () => 'never run' });
    expect(again).toMatchObject({ id: first.id, joined: true });
    const other = await startRun({ db, log, action: 'about', actorUserId: null, timing: FAST, work: async () => 'about (report)' });
    expect(other.joined).toBe(false);
    expect(other.id).not.toBe(first.id);
    finish.open('check-external-links (report)');
    await Promise.all([first.ended, other.ended]);
    const runs = await db.select().from(adminActionRuns).where(eq(adminActionRuns.action, 'check-external-links'));
    expect(runs.map((run) => [run.status, run.report])).toEqual([['done', 'check-external-links (report)']]);
    const after = await startRun({ db, log, action: 'check-external-links', actorUserId: null, timing: FAST, work: async () => 'second report' });
    expect(after.joined).toBe(false);
    await after.ended;
  });

  it('forgets finished runs older than the retention, never a running one', async () => {
    const db = database.db;
    const old = sql`now() - make_interval(days => ${RUN_RETENTION_DAYS + 1})`;
    const [finished] = await db
      .insert(adminActionRuns)
      .values({ action: 'all-tags', status: 'done', report: 'old', startedAt: old, heartbeatAt: sql`now()` })
      .returning();
    const [running] = await db
      .insert(adminActionRuns)
      .values({ action: 'all-items', status: 'running', startedAt: old, heartbeatAt: sql`now()` })
      .returning();
    const started = await startRun({ db, log, action: 'php', actorUserId: null, timing: FAST, work: async () => 'php (report)' });
    await started.ended;
    expect(await findRun(db, finished!.id)).toBeNull();
    expect((await findRun(db, running!.id))?.status).toBe('running');
    await db.delete(adminActionRuns).where(eq(adminActionRuns.id, running!.id));
  });
});

describe('markInterruptedRuns', () => {
  it('marks a running run whose heartbeat stopped as interrupted, saying how far it got; a live one stays running', async () => {
    const db = database.db;
    const [dead] = await db
      .insert(adminActionRuns)
      .values({ action: 'wrong-drive-folder-names', progress: 'Checking 7 of 40 item folders.', heartbeatAt: sql`now() - interval '5 minutes'` })
      .returning();
    const [live] = await db
      .insert(adminActionRuns)
      .values({ action: 'drive_stats', heartbeatAt: sql`now() - interval '5 seconds'` })
      .returning();
    await markInterruptedRuns(db, 60);
    expect(await findRun(db, dead!.id)).toMatchObject({
      status: 'interrupted',
      report:
        'wrong-drive-folder-names was interrupted: the server stopped before it finished (last progress: Checking 7 of 40 item folders.). Run it again for a report.',
    });
    expect((await findRun(db, live!.id))?.status).toBe('running');
    await db.delete(adminActionRuns).where(eq(adminActionRuns.id, live!.id));
  });
});
