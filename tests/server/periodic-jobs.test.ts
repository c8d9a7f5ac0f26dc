/**
 * Periodic jobs run once a period for the whole deployment (issue 17): two apps on one database stand for two
 * instances. On PostgreSQL (TEST_DATABASE_URL) the claims really race on separate connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { claimPeriodicRun, runPeriodically } from '../../server/db/periodic-jobs';
import { sessions } from '../../server/db/schema';
import { temporaryLocalDrive, testConfig } from '../support/app';
import { freshDatabase } from '../support/database';

const PERIOD_MS = 200;
let database: DatabaseHandle;
const instances: FastifyInstance[] = [];
const removeDrives: (() => Promise<void>)[] = [];
/** Runs of a job that both instances schedule from the start. */
let countedRuns = 0;
let countingSince = 0;

beforeAll(async () => {
  database = await freshDatabase();
  countingSince = Date.now();
  for (let n = 0; n < 2; n += 1) {
    const drive = await temporaryLocalDrive();
    removeDrives.push(drive.remove);
    const config = testConfig({ PERIODIC_JOBS_INTERVAL_SECONDS: String(PERIOD_MS / 1000) });
    const app = await buildApp(config, { database, drive: drive.drive });
    runPeriodically(app, { name: 'counting-test', work: async () => (countedRuns += 1) });
    await app.ready();
    instances.push(app);
  }
});

afterAll(async () => {
  for (const app of instances) await app.close();
  await database?.close();
  for (const remove of removeDrives) await remove();
});

describe('claimPeriodicRun', () => {
  it('gives a period to one caller only, and the next period once it has passed', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(await claimPeriodicRun(database.db, 'claim-test', 60_000, start)).toBe(true);
    expect(await claimPeriodicRun(database.db, 'claim-test', 60_000, new Date(start.getTime() + 59_999))).toBe(false);
    expect(await claimPeriodicRun(database.db, 'claim-test', 60_000, new Date(start.getTime() + 60_000))).toBe(true);
    expect(await claimPeriodicRun(database.db, 'claim-test', 60_000, new Date(start.getTime() + 60_001))).toBe(false);
  });

  it('gives a period to exactly one of many callers at once', async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimPeriodicRun(database.db, 'race-test', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

describe('runPeriodically', () => {
  it('runs a job once a period across two instances, not once per instance', async () => {
    await new Promise((resolve) => setTimeout(resolve, 10 * PERIOD_MS));
    const runs = countedRuns;
    const elapsedMs = Date.now() - countingSince;
    expect(runs).toBeGreaterThanOrEqual(2);
    // Each instance looks 4 times a period: had both run whenever they looked, this would be about 8 times more.
    expect(runs).toBeLessThanOrEqual(Math.floor(elapsedMs / PERIOD_MS) + 1);
  });

  it('sweeps expired sessions through the real job', async () => {
    await database.db.insert(sessions).values({ sid: 'expired-periodic-test', data: {}, expiresAt: new Date(Date.now() - 1000) });
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ sid: sessions.sid })
              .from(sessions)
              .where(lt(sessions.expiresAt, sql`now()`))
          ).length,
        { timeout: 5000 },
      )
      .toBe(0);
  });
});
