/**
 * Runs of Admin Advanced actions (admin_action_runs): an action runs off the request, so a long one never holds a
 * request open until something times it out. While it works its latest progress line and a heartbeat are written
 * (at most once a second); when it ends its report is kept. A 'running' row whose heartbeat has stopped (the
 * server went down mid-run) is marked 'interrupted' with a report that says so. At most one run of an action is
 * running at a time: starting it again joins the run under way.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ADVANCED_CHANGES,
  advancedActionLabel,
  isAdvancedAction,
  type AdvancedAction,
  type AdvancedRunStatus,
  type AdvancedRunView,
  type LastCheck,
} from '../../../shared/advanced';
import type { Database } from '../../db/client';
import { adminActionRuns, users } from '../../db/schema';

export interface RunTiming {
  /** How often the latest progress line is written. */
  progressWriteMs: number;
  /** A running action writes its heartbeat at least this often, even without new progress. */
  heartbeatMs: number;
  /** A 'running' row whose heartbeat is older than this belongs to a run that died with its server. */
  staleSeconds: number;
}

export const RUN_TIMING: RunTiming = { progressWriteMs: 1000, heartbeatMs: 10_000, staleSeconds: 60 };

/** Finished runs are kept this long (their reports can be large). */
export const RUN_RETENTION_DAYS = 30;

export interface ActionRun extends AdvancedRunView {
  report: string | null;
}

export type ProgressLine = (line: string) => void;
/** The action's work: it may report progress and answers its text report. */
export type RunWork = (progress: ProgressLine) => Promise<string>;

export interface StartedRun {
  id: number;
  /** True when a run of the same action was already under way and this request joined it. */
  joined: boolean;
  /** Settles when the run has ended and its report is stored (never rejects). */
  ended: Promise<void>;
}

interface StartOptions {
  db: Database;
  log: FastifyBaseLogger;
  action: AdvancedAction;
  actorUserId: number | null;
  work: RunWork;
  timing?: RunTiming;
}

export async function startRun({ db, log, action, actorUserId, work, timing = RUN_TIMING }: StartOptions): Promise<StartedRun> {
  await markInterruptedRuns(db, timing.staleSeconds);
  await forgetOldRuns(db);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [inserted] = await db.insert(adminActionRuns).values({ action, actorUserId }).onConflictDoNothing().returning({ id: adminActionRuns.id });
    if (inserted) return { id: inserted.id, joined: false, ended: carryOut(db, log, inserted.id, action, work, timing) };
    const running = await runningRunOf(db, action);
    if (running !== null) return { id: running, joined: true, ended: Promise.resolve() };
    // The run under way ended between the insert and the look-up: try to start again.
  }
  throw new Error(`Could not start ${action}: another run of it keeps starting and ending`);
}

async function carryOut(db: Database, log: FastifyBaseLogger, id: number, action: AdvancedAction, work: RunWork, timing: RunTiming): Promise<void> {
  const writer = progressWriter(db, id, timing);
  let status: AdvancedRunStatus = 'done';
  let report: string;
  try {
    report = await work(writer.take);
  } catch (error) {
    status = 'failed';
    report = `${action} failed: ${error instanceof Error ? error.message : String(error)}`;
    log.error({ err: error, action, runId: id }, 'Admin Advanced action failed');
  }
  await writer.stop();
  try {
    await db
      .update(adminActionRuns)
      .set({ status, report, progress: '', finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(adminActionRuns.id, id));
    log.info({ action, runId: id, status }, 'Admin Advanced action ended');
  } catch (error) {
    log.error({ err: error, action, runId: id }, 'Admin Advanced action ended but its report could not be stored');
  }
}

/** Keeps the latest line in memory and writes it (with the heartbeat) on a timer, so progress costs an action nothing. */
function progressWriter(db: Database, id: number, timing: RunTiming) {
  let latest = '';
  let written = '';
  let lastWrite = Date.now();
  let writing: Promise<unknown> = Promise.resolve();
  const flush = () => {
    if (latest === written && Date.now() - lastWrite < timing.heartbeatMs) return;
    const line = latest;
    written = line;
    lastWrite = Date.now();
    writing = db
      .update(adminActionRuns)
      .set({ progress: line, heartbeatAt: sql`now()` })
      .where(and(eq(adminActionRuns.id, id), eq(adminActionRuns.status, 'running')))
      .catch(() => undefined);
  };
  const timer = setInterval(flush, timing.progressWriteMs);
  timer.unref();
  return {
    take: (line: string) => {
      latest = line;
    },
    stop: async () => {
      clearInterval(timer);
      await writing;
    },
  };
}

/** Runs whose server stopped before they ended: 'interrupted', with a report that says how far they got. */
export async function markInterruptedRuns(db: Database, staleSeconds = RUN_TIMING.staleSeconds): Promise<void> {
  await db
    .update(adminActionRuns)
    .set({
      status: 'interrupted',
      finishedAt: sql`now()`,
      report: sql`${adminActionRuns.action} || ' was interrupted: the server stopped before it finished'
        || case when ${adminActionRuns.progress} <> '' then ' (last progress: ' || ${adminActionRuns.progress} || ')' else '' end
        || '. Run it again for a report.'`,
    })
    .where(and(eq(adminActionRuns.status, 'running'), lt(adminActionRuns.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)));
}

async function forgetOldRuns(db: Database): Promise<void> {
  await db
    .delete(adminActionRuns)
    .where(and(sql`${adminActionRuns.status} <> 'running'`, lt(adminActionRuns.startedAt, sql`now() - make_interval(days => ${RUN_RETENTION_DAYS})`)));
}

async function runningRunOf(db: Database, action: AdvancedAction): Promise<number | null> {
  const [row] = await db
    .select({ id: adminActionRuns.id })
    .from(adminActionRuns)
    .where(and(eq(adminActionRuns.action, action), eq(adminActionRuns.status, 'running')));
  return row?.id ?? null;
}

const viewColumns = {
  id: adminActionRuns.id,
  action: adminActionRuns.action,
  status: adminActionRuns.status,
  progress: adminActionRuns.progress,
  startedAt: adminActionRuns.startedAt,
  finishedAt: adminActionRuns.finishedAt,
  startedBy: users.name,
};

interface RunRow {
  id: number;
  action: string;
  status: string;
  progress: string;
  startedAt: Date;
  finishedAt: Date | null;
  startedBy: string | null;
}

function viewOf(row: RunRow): AdvancedRunView | null {
  if (!isAdvancedAction(row.action)) return null;
  return {
    id: row.id,
    action: row.action,
    label: advancedActionLabel(row.action),
    status: row.status as AdvancedRunStatus,
    progress: row.progress,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    startedBy: row.startedBy ?? '',
  };
}

export async function findRun(db: Database, id: number): Promise<ActionRun | null> {
  const [row] = await db
    .select({ ...viewColumns, report: adminActionRuns.report })
    .from(adminActionRuns)
    .leftJoin(users, eq(users.id, adminActionRuns.actorUserId))
    .where(eq(adminActionRuns.id, id));
  const view = row ? viewOf(row) : null;
  return view && row ? { ...view, report: row.report } : null;
}

/** The latest runs, newest first, without their reports (the page links to each). */
export async function recentRuns(db: Database, limit: number): Promise<AdvancedRunView[]> {
  const rows = await db
    .select(viewColumns)
    .from(adminActionRuns)
    .leftJoin(users, eq(users.id, adminActionRuns.actorUserId))
    .orderBy(desc(adminActionRuns.startedAt), desc(adminActionRuns.id))
    .limit(limit);
  return rows.flatMap((row) => viewOf(row) ?? []);
}

/**
 * The last finished run of each check a changing action names (ADVANCED_CHANGES), with its report's last line, which
 * the action's question quotes: what the fix would change, as far as the last check saw.
 */
export async function lastChecks(db: Database): Promise<Partial<Record<AdvancedAction, LastCheck>>> {
  const checks = [...new Set(Object.values(ADVANCED_CHANGES).flatMap((change) => (change?.check ? [change.check] : [])))];
  const rows = await db
    .selectDistinctOn([adminActionRuns.action], { action: adminActionRuns.action, finishedAt: adminActionRuns.finishedAt, report: adminActionRuns.report })
    .from(adminActionRuns)
    .where(and(inArray(adminActionRuns.action, checks), eq(adminActionRuns.status, 'done')))
    .orderBy(adminActionRuns.action, desc(adminActionRuns.finishedAt), desc(adminActionRuns.id));
  return Object.fromEntries(
    rows.map((row) => {
      const lines = (row.report ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      const summary = (lines.at(-1) ?? '').slice(0, LAST_CHECK_SUMMARY_MAX);
      return [row.action, { at: (row.finishedAt ?? new Date(0)).toISOString(), summary }];
    }),
  );
}

const LAST_CHECK_SUMMARY_MAX = 300;
