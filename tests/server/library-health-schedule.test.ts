/**
 * A scheduled library health check runs by itself (issue 19 §7): two apps on one database stand for two instances,
 * with a short periodic-job interval; the daily library check makes the tasks of an item's problems once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { items, libraryHealthSchedules, tasks, users, userTypes } from '../../server/db/schema';
import { temporaryLocalDrive, testConfig } from '../support/app';
import { freshDatabase } from '../support/database';

let database: DatabaseHandle;
const instances: FastifyInstance[] = [];
const removeDrives: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  for (let n = 0; n < 2; n += 1) {
    const drive = await temporaryLocalDrive();
    removeDrives.push(drive.remove);
    const app = await buildApp(testConfig({ PERIODIC_JOBS_INTERVAL_SECONDS: '0.2' }), { database, drive: drive.drive });
    await app.ready();
    instances.push(app);
  }
});

afterAll(async () => {
  for (const app of instances) await app.close();
  await database?.close();
  for (const remove of removeDrives) await remove();
});

it('makes the task of a problem by itself, once across the instances', async () => {
  const db = database.db;
  const [type] = await db.insert(userTypes).values({ title: 'Scheduled member', level: 1 }).returning();
  const [maintainer] = await db.insert(users).values({ name: 'Scheduled Maintainer', email: 'scheduled@example.org', userTypeId: type!.id }).returning();
  const [item] = await db
    .insert(items)
    .values({ code: 'SCHED-1', title: 'Scheduled review', reviewAfter: '2001-01-01', createdByUserId: maintainer!.id })
    .returning();
  await db.insert(libraryHealthSchedules).values({ check: 'library', period: 'daily' });
  const keys = async () => (await db.select({ key: tasks.problemKey }).from(tasks).where(eq(tasks.itemId, item!.id))).map((row) => row.key).sort();
  // Past its review date and without content: two problems, one task each.
  const expected = [`no_content:${item!.id}`, `past_review:${item!.id}`];
  await expect.poll(keys, { timeout: 5000, interval: 100 }).toEqual(expected);
  // A few more periods of the job: the daily check is not due again, and no problem gets a second task.
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(await keys()).toEqual(expected);
  const [review] = await db
    .select()
    .from(tasks)
    .where(eq(tasks.problemKey, `past_review:${item!.id}`));
  expect(review).toMatchObject({ task: 'Review this item', forUserId: maintainer!.id, byUserId: null, completedAt: null });
});
