/**
 * What `/readyz` checks: the database answers, every migration this build ships is applied, and the drive
 * answers. Each check has a time limit, so a part that hangs makes the instance unready instead of holding the probe.
 */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { sqlRows } from '../../db/sql-rows';
import type { DrivePort } from '../../drive/port';

export type ReadinessPart = 'database' | 'migrations' | 'drive';

export interface Readiness {
  ready: boolean;
  /** Each part: 'ok', or a short reason safe to show anyone (details go to the log). */
  checks: Record<ReadinessPart, string>;
}

export interface ReadinessLimits {
  /** A check that takes longer fails: the balancer should stop sending before people wait that long. */
  checkTimeLimitMs: number;
  /** A good drive answer is reused this long: a balancer probes every few seconds, Google Drive counts every call. */
  driveAnswerReuseMs: number;
}

export const READINESS_LIMITS: ReadinessLimits = { checkTimeLimitMs: 2000, driveAnswerReuseMs: 10_000 };

/** When the newest migration this build ships was made (drizzle's `folderMillis`, kept as `created_at` once applied). */
const NEWEST_MIGRATION_AT = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis));

export class ReadinessChecks {
  private driveOkUntil = 0;

  constructor(
    private readonly db: Database,
    private readonly drive: DrivePort,
    private readonly log: (part: ReadinessPart, error: unknown) => void,
    private readonly limits: ReadinessLimits = READINESS_LIMITS,
  ) {}

  async check(now = Date.now()): Promise<Readiness> {
    const [database, migrations, drive] = await Promise.all([
      this.part('database', () => this.databaseAnswers()),
      this.part('migrations', () => this.migrationsApplied()),
      this.part('drive', () => this.driveAnswers(now)),
    ]);
    const checks = { database, migrations, drive };
    return { ready: Object.values(checks).every((answer) => answer === 'ok'), checks };
  }

  private async part(part: ReadinessPart, check: () => Promise<string>): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const { checkTimeLimitMs } = this.limits;
    const timeLimit = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${checkTimeLimitMs} ms`), checkTimeLimitMs);
    });
    try {
      return await Promise.race([check(), timeLimit]);
    } catch (error) {
      this.log(part, error);
      return 'unreachable';
    } finally {
      clearTimeout(timer);
    }
  }

  private async databaseAnswers(): Promise<string> {
    await this.db.execute(sql`select 1`);
    return 'ok';
  }

  private async migrationsApplied(): Promise<string> {
    const [row] = await sqlRows<{ newest: string | number | null }>(this.db, sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    return Number(row?.newest ?? 0) >= NEWEST_MIGRATION_AT ? 'ok' : 'behind this build';
  }

  private async driveAnswers(now: number): Promise<string> {
    if (now < this.driveOkUntil) return 'ok';
    await this.drive.get(await this.drive.rootFolderId());
    this.driveOkUntil = now + this.limits.driveAnswerReuseMs;
    return 'ok';
  }
}
