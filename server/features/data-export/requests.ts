/**
 * The rows of "Download my data": recording a person's request (one waiting at a time, a few a day), listing their
 * latest for the profile, and finding the archive an e-mailed link's token names. A token is made when its archive is
 * ready (archive-job.ts) and only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { DATA_EXPORT_REQUESTS_PER_DAY, DATA_EXPORTS_LISTED, type DataExportState, type DataExportSummary } from '../../../shared/data-export';
import { DAY_MS } from '../../../shared/dates';
import type { Database } from '../../db/client';
import { dataExports } from '../../db/schema';
import { takeWritersLock } from '../../db/writers-lock';

/** What an e-mailed link's token looks like: 32 random bytes in base64url. Anything else names no archive. */
export const DATA_EXPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newDataExportToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDataExportToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type DataExportRequest = 'requested' | 'already-preparing' | 'too-many';

/**
 * Records a request unless one is still being prepared or the person has asked DATA_EXPORT_REQUESTS_PER_DAY times in
 * the last day; the person's own lock makes the count and the insert one step, and the partial unique index keeps one
 * waiting request whatever else happens.
 */
export async function requestDataExport(db: Database, userId: number, now: Date = new Date()): Promise<DataExportRequest> {
  return db.transaction(async (tx) => {
    await takeWritersLock(tx, 'data_exports.user', userId);
    const [counts] = await tx
      .select({
        preparing: sql<number>`count(*) filter (where ${dataExports.state} = 'pending')`.mapWith(Number),
        lastDay: sql<number>`count(*) filter (where ${dataExports.createdAt} > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(dataExports)
      .where(eq(dataExports.userId, userId));
    if ((counts?.preparing ?? 0) > 0) return 'already-preparing';
    if ((counts?.lastDay ?? 0) >= DATA_EXPORT_REQUESTS_PER_DAY) return 'too-many';
    const inserted = await tx.insert(dataExports).values({ userId, createdAt: now }).onConflictDoNothing().returning({ id: dataExports.id });
    return inserted.length > 0 ? 'requested' : 'already-preparing';
  });
}

/** A ready archive's link stops working at `expiresAt`, before the sweep gets to mark it expired. */
function stateOf(row: { state: string; expiresAt: Date | null }, now: Date): DataExportState {
  if (row.state === 'pending') return 'preparing';
  if (row.state === 'ready') return row.expiresAt !== null && row.expiresAt.getTime() > now.getTime() ? 'ready' : 'expired';
  return row.state === 'failed' ? 'failed' : 'expired';
}

/** The person's latest requests, newest first, as the profile lists them. */
export async function listDataExports(db: Database, userId: number, now: Date = new Date()): Promise<DataExportSummary[]> {
  const rows = await db
    .select({ ref: dataExports.ref, state: dataExports.state, createdAt: dataExports.createdAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(DATA_EXPORTS_LISTED);
  return rows.map((row) => {
    const state = stateOf(row, now);
    return { ref: row.ref, requestedAt: row.createdAt.toISOString(), state, expiresAt: state === 'ready' ? row.expiresAt!.toISOString() : null };
  });
}

/** A prepared archive, as its link finds it. */
export interface PreparedExport {
  ref: string;
  userId: number;
  state: DataExportState;
  readyAt: Date;
}

/** The archive a link's token names (ready or expired since); null for a token no archive was ever given. */
export async function findExportByToken(db: Database, token: string, now: Date = new Date()): Promise<PreparedExport | null> {
  const [row] = await db
    .select({ ref: dataExports.ref, userId: dataExports.userId, state: dataExports.state, expiresAt: dataExports.expiresAt, readyAt: dataExports.readyAt })
    .from(dataExports)
    .where(eq(dataExports.tokenHash, hashDataExportToken(token)))
    .limit(1);
  if (!row?.readyAt) return null;
  return { ref: row.ref, userId: row.userId, state: stateOf(row, now), readyAt: row.readyAt };
}
