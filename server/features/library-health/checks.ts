/**
 * The checks of library health and their schedules. A check finds its kinds of problem again, makes a
 * task for each new one and closes the tasks of those fixed; the link check first runs check-external-links (the same
 * code as Admin Advanced, with its SSRF guard and time limit), the drive check first asks the drive and replaces
 * drive_health_findings. A scheduled check runs once a day or week for the
 * whole deployment: the periodic job looks every PERIODIC_JOBS_INTERVAL_SECONDS and claims each due check's own
 * periodic_job_runs row (`library-health:{check}`), which exactly one instance gets a period.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  HEALTH_SCHEDULE_PERIODS,
  LIBRARY_HEALTH_CHECK_NAMES,
  LIBRARY_HEALTH_CHECKS,
  type HealthSchedulePeriod,
  type LibraryHealthCheck,
} from '../../../shared/library-health';
import type { Database } from '../../db/client';
import { claimPeriodicRun, runPeriodically } from '../../db/periodic-jobs';
import { driveHealthFindings, libraryHealthSchedules } from '../../db/schema';
import { checkExternalLinks, type LinkCheckOptions } from '../admin-advanced';
import { driveProblemsByItem, organisationMemberLevel, type DriveHealthContext, type DriveItemProblems } from '../drive-health';
import { imagesDirIn } from '../images';
import { closeFixedProblemTasks, makeProblemTasks } from './problem-tasks';
import { DAY_MS } from '../../../shared/dates';

const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;
const FINDINGS_BATCH = 1000;

export interface CheckRun {
  db: Database;
  now: Date;
  /** The link check's options (tests pass a policy that lets a local server through, or none is reached). */
  links: LinkCheckOptions;
  /** What the drive check works on. */
  drive: () => Promise<DriveHealthContext>;
}

export interface CheckOutcome {
  made: number;
  closed: number;
}

/** Runs one check: the link check first when it is the links one, then tasks made and closed for its kinds. */
export async function runHealthCheck(check: LibraryHealthCheck, { db, now, links, drive }: CheckRun): Promise<CheckOutcome> {
  if (check === 'links') await checkExternalLinks(db, now, links);
  if (check === 'drive') await recordDriveFindings(db, now, await driveProblemsByItem(await drive()));
  const outcome: CheckOutcome = { made: 0, closed: 0 };
  for (const kind of LIBRARY_HEALTH_CHECKS[check].kinds) {
    outcome.closed += await closeFixedProblemTasks(db, kind, now);
    outcome.made += await makeProblemTasks(db, { kind, now, byUserId: null });
  }
  return outcome;
}

/** Replaces the last drive check's findings with this one's, at once. */
async function recordDriveFindings(db: Database, now: Date, problems: DriveItemProblems): Promise<void> {
  const rows = [
    ...[...problems.missing].map(([itemId, detail]) => ({ itemId, kind: 'drive_missing', detail, foundAt: now })),
    ...[...problems.sharing].map(([itemId, detail]) => ({ itemId, kind: 'drive_sharing', detail, foundAt: now })),
  ];
  await db.transaction(async (tx) => {
    await tx.delete(driveHealthFindings);
    for (let start = 0; start < rows.length; start += FINDINGS_BATCH) await tx.insert(driveHealthFindings).values(rows.slice(start, start + FINDINGS_BATCH));
  });
}

export async function readSchedules(db: Database): Promise<Record<LibraryHealthCheck, HealthSchedulePeriod>> {
  const rows = await db.select().from(libraryHealthSchedules);
  const schedules = Object.fromEntries(LIBRARY_HEALTH_CHECK_NAMES.map((check) => [check, 'off'])) as Record<LibraryHealthCheck, HealthSchedulePeriod>;
  for (const row of rows)
    if (row.check in schedules && row.period in HEALTH_SCHEDULE_PERIODS) schedules[row.check as LibraryHealthCheck] = row.period as HealthSchedulePeriod;
  return schedules;
}

export async function saveSchedule(db: Database, check: LibraryHealthCheck, period: HealthSchedulePeriod): Promise<void> {
  if (period === 'off') {
    await db.delete(libraryHealthSchedules).where(sql`${libraryHealthSchedules.check} = ${check}`);
    return;
  }
  await db
    .insert(libraryHealthSchedules)
    .values({ check, period })
    .onConflictDoUpdate({ target: libraryHealthSchedules.check, set: { period, updatedAt: new Date() } });
}

/** Runs the scheduled checks that are due (each claimed for the deployment); resolves with what each did. */
export async function runDueHealthChecks(run: CheckRun): Promise<Partial<Record<LibraryHealthCheck, CheckOutcome>>> {
  const schedules = await readSchedules(run.db);
  const outcomes: Partial<Record<LibraryHealthCheck, CheckOutcome>> = {};
  for (const check of LIBRARY_HEALTH_CHECK_NAMES) {
    const period = schedules[check];
    if (period === 'off') continue;
    if (!(await claimPeriodicRun(run.db, `library-health:${check}`, PERIOD_MS[period], run.now))) continue;
    outcomes[check] = await runHealthCheck(check, run);
  }
  return outcomes;
}

export function runHealthChecksPeriodically(app: FastifyInstance): void {
  runPeriodically(app, {
    name: 'library-health',
    work: () => {
      const now = new Date();
      const { config } = app;
      return runDueHealthChecks({
        db: app.db,
        now,
        links: { deadline: Date.now() + config.ADVANCED_LINK_CHECK_MAX_MINUTES * 60_000 },
        drive: async () => ({
          db: app.db,
          drive: app.drive,
          imagesDir: imagesDirIn(config.DATA_DIR),
          now,
          organisationLevel: await organisationMemberLevel(app.db, config.ORGANISATION_USER_TYPE),
        }),
      });
    },
  });
}
