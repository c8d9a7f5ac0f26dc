/**
 * The periodic job of "Download my data": it sweeps archives whose link has expired, then prepares the waiting
 * requests one by one. Each request is claimed by one statement (`for update skip locked` and a lease), so runs on
 * several instances, or a run that outlasts its period, never prepare one request twice; a run that dies mid-way
 * leaves its claim to lapse, and the request is prepared again later, up to MAX_ATTEMPTS times.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { DATA_EXPORT_LINK_VALID_DAYS } from '../../../shared/data-export';
import { DAY_MS, formatDay } from '../../../shared/dates';
import { ROUTES } from '../../../shared/routes';
import { loadViewer } from '../../auth/viewer';
import type { Database } from '../../db/client';
import { runPeriodically } from '../../db/periodic-jobs';
import { dataExports, users } from '../../db/schema';
import { absoluteUrl } from '../../lib/site-url';
import { queueMail } from '../../mail/outbox';
import { archiveOf, exportsDirIn, removeArchive, removeStrayFiles, writeArchive } from './archive';
import { collectPersonalData } from './contents';
import { dataExportMail } from './mail';
import { hashDataExportToken, newDataExportToken } from './requests';

/** A claimed request is no other run's for this long: far longer than one person's archive takes. */
const CLAIM_LEASE_MS = 30 * 60_000;
/** A request whose preparation failed this many times is given up (and shown as such on the profile). */
const MAX_ATTEMPTS = 3;
/** A run prepares at most this many, so it ends well within its period; the rest wait for the next run. */
const MAX_PER_RUN = 50;
/** A file no live request owns is removed once it is this old, so one being written now is never touched. */
const STRAY_FILE_AGE_MS = 2 * CLAIM_LEASE_MS;

export interface DataExportRun {
  db: Database;
  /** DATA_DIR/exports. */
  dir: string;
  appUrl: string;
  appName: string;
  timeZone: string;
  now: Date;
  log?: FastifyBaseLogger;
}

interface ClaimedRequest {
  id: number;
  ref: string;
  userId: number;
  attempts: number;
}

async function claimNext({ db, now }: DataExportRun): Promise<ClaimedRequest | null> {
  const waiting = sql`select ${dataExports.id} from ${dataExports}
    where ${dataExports.state} = 'pending' and (${dataExports.claimedUntil} is null or ${dataExports.claimedUntil} <= ${now.toISOString()}::timestamptz)
    order by ${dataExports.id} limit 1 for update skip locked`;
  const [claimed] = await db
    .update(dataExports)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS), attempts: sql`${dataExports.attempts} + 1` })
    .where(sql`${dataExports.id} = (${waiting})`)
    .returning({ id: dataExports.id, ref: dataExports.ref, userId: dataExports.userId, attempts: dataExports.attempts });
  return claimed ?? null;
}

async function markFailed(db: Database, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ state: 'failed', claimedUntil: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.state, 'pending')));
}

/**
 * Marks the archive ready with a new link's token (stored hashed) and queues the e-mail with the link, in one
 * transaction, so the mail exists exactly when the link works. False when the request is no longer waiting (its
 * person deleted, or marked by another run) or the person has no verified address to send it to any more.
 */
async function finish(run: DataExportRun, request: ClaimedRequest, sizeBytes: number): Promise<boolean> {
  return run.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, request.userId));
    if (!person?.email || person.emailVerifiedAt === null) {
      await tx
        .update(dataExports)
        .set({ state: 'failed', claimedUntil: null })
        .where(and(eq(dataExports.id, request.id), eq(dataExports.state, 'pending')));
      return false;
    }
    const token = newDataExportToken();
    const expiresAt = new Date(run.now.getTime() + DATA_EXPORT_LINK_VALID_DAYS * DAY_MS);
    const ready = await tx
      .update(dataExports)
      .set({ state: 'ready', tokenHash: hashDataExportToken(token), readyAt: run.now, expiresAt, sizeBytes, claimedUntil: null })
      .where(and(eq(dataExports.id, request.id), eq(dataExports.state, 'pending')))
      .returning({ id: dataExports.id });
    if (ready.length === 0) return false;
    await queueMail(
      tx,
      dataExportMail({
        to: person.email,
        name: person.name,
        appName: run.appName,
        link: absoluteUrl(run.appUrl, ROUTES.profileDataExport.path({ token })),
        lastDay: formatDay(expiresAt, run.timeZone),
      }),
    );
    return true;
  });
}

/** Prepares one claimed request: reads the person's data, writes the archive, marks it ready and mails the link. */
async function prepare(run: DataExportRun, request: ClaimedRequest): Promise<'prepared' | 'failed' | 'gone'> {
  if (request.attempts > MAX_ATTEMPTS) {
    await markFailed(run.db, request.id);
    return 'failed';
  }
  const person = await loadViewer(run.db, request.userId);
  if (!person || person.id === null) return 'gone';
  const data = await collectPersonalData({ db: run.db, person: { ...person, id: person.id }, appUrl: run.appUrl, appName: run.appName, now: run.now });
  const size = await writeArchive(run.dir, request.ref, archiveOf(data));
  if (await finish(run, request, size)) return 'prepared';
  await removeArchive(run.dir, request.ref);
  return 'failed';
}

export interface PreparedCount {
  prepared: number;
  failed: number;
}

/** Prepares the waiting requests, oldest first, as of `run.now`. */
export async function prepareDataExports(run: DataExportRun): Promise<PreparedCount> {
  const count: PreparedCount = { prepared: 0, failed: 0 };
  for (let done = 0; done < MAX_PER_RUN; done += 1) {
    const request = await claimNext(run);
    if (!request) break;
    try {
      const outcome = await prepare(run, request);
      if (outcome !== 'gone') count[outcome] += 1;
    } catch (error) {
      // Left claimed: a later run tries again once the lease lapses, not this one at once.
      run.log?.warn({ err: error, dataExport: request.ref, attempts: request.attempts }, 'data export could not be prepared');
      count.failed += 1;
    }
  }
  return count;
}

export interface SweptCount {
  expired: number;
  strayFiles: number;
}

/** Deletes the archives whose link has expired and marks them so; then any file no waiting or ready request owns. */
export async function sweepDataExports({ db, dir, now }: DataExportRun): Promise<SweptCount> {
  const due = await db
    .select({ id: dataExports.id, ref: dataExports.ref })
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, now)));
  for (const { ref } of due) await removeArchive(dir, ref);
  if (due.length > 0) {
    await db
      .update(dataExports)
      .set({ state: 'expired' })
      .where(
        and(
          inArray(
            dataExports.id,
            due.map((row) => row.id),
          ),
          eq(dataExports.state, 'ready'),
        ),
      );
  }
  const live = await db
    .select({ ref: dataExports.ref })
    .from(dataExports)
    .where(inArray(dataExports.state, ['pending', 'ready']));
  const strayFiles = await removeStrayFiles(dir, new Set(live.map((row) => row.ref)), new Date(now.getTime() - STRAY_FILE_AGE_MS));
  return { expired: due.length, strayFiles };
}

/** What a run of the job needs, from the app's settings. */
export function dataExportRun(app: FastifyInstance, now: Date = new Date()): DataExportRun {
  const { config } = app;
  return { db: app.db, dir: exportsDirIn(config.DATA_DIR), appUrl: config.APP_URL, appName: config.APP_NAME, timeZone: config.TIME_ZONE, now, log: app.log };
}

/** Once a job period for the deployment: the sweep, then the waiting requests. */
export function prepareDataExportsPeriodically(app: FastifyInstance): void {
  runPeriodically(app, {
    name: 'data-exports',
    work: async () => {
      const run = dataExportRun(app);
      return { ...(await sweepDataExports(run)), ...(await prepareDataExports(run)) };
    },
  });
}
