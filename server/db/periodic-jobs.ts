/**
 * Work that runs once a period for the whole deployment, whichever instance gets there first. Every
 * instance looks four times a period; it runs the job only when it moves the job's `periodic_job_runs.last_started_at`
 * forward by a full period, which one statement does for exactly one instance. So three instances sweep once an hour,
 * not three times, and when the instance that ran a job dies, another one runs the next period's.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { periodicJobRuns } from './schema';

export interface PeriodicJob {
  /** Names the job's row in periodic_job_runs and its log lines. */
  name: string;
  /** Resolves with what the job did (e.g. rows deleted), for the log. */
  work: () => Promise<unknown>;
}

/** Instances look this many times a period, so a job runs at most a quarter period late. */
const CHECKS_PER_PERIOD = 4;

/**
 * True for exactly one caller per period, across every instance: the insert, or the update when the last start is a
 * period old. Rivals queue on the row and see the new time when they get it. `now` stands in for the database's clock
 * (tests).
 */
export async function claimPeriodicRun(db: Database, name: string, periodMs: number, now?: Date): Promise<boolean> {
  const startedAt = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const claimed = await db
    .insert(periodicJobRuns)
    .values({ name, lastStartedAt: startedAt })
    .onConflictDoUpdate({
      target: periodicJobRuns.name,
      set: { lastStartedAt: startedAt },
      setWhere: sql`${periodicJobRuns.lastStartedAt} <= ${startedAt} - ${periodMs} * interval '1 millisecond'`,
    })
    .returning({ name: periodicJobRuns.name });
  return claimed.length > 0;
}

/**
 * Runs the job once every `PERIODIC_JOBS_INTERVAL_SECONDS` across the deployment. The first look comes a quarter
 * period after start, so short-lived apps (tests) never run it; closing the app waits for a run under way.
 */
export function runPeriodically(app: FastifyInstance, job: PeriodicJob): void {
  const periodMs = app.config.PERIODIC_JOBS_INTERVAL_SECONDS * 1000;
  let running: Promise<void> | null = null;
  const runIfDue = async () => {
    if (!(await claimPeriodicRun(app.db, job.name, periodMs))) return;
    const started = Date.now();
    const result = await job.work();
    app.log.info({ job: job.name, result, ms: Date.now() - started }, 'periodic job ran');
    app.metrics.periodicJobRan(job.name, 'succeeded');
  };
  const look = () => {
    running ??= runIfDue()
      .catch((error: unknown) => {
        app.log.warn({ err: error, job: job.name }, 'periodic job failed');
        app.metrics.periodicJobRan(job.name, 'failed');
      })
      .finally(() => (running = null));
  };
  const timer = setInterval(look, periodMs / CHECKS_PER_PERIOD);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
