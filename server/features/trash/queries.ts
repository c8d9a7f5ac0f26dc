/** The trash page's rows: a page of entries, newest first, of every kind or one, with who deleted each. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRASH_TEXTS, type TrashEntryView, type TrashFilter, type TrashKind, type TrashPart } from '../../../shared/trash';
import type { Database } from '../../db/client';
import { trashEntries, users } from '../../db/schema';
import { DAY_MS } from '../../../shared/dates';

const deleter = alias(users, 'deleter');
const impersonator = alias(users, 'impersonator');

function kindCondition(kind: TrashFilter): SQL | undefined {
  return kind === 'all' ? undefined : eq(trashEntries.kind, kind);
}

export async function countTrash(db: Database, kind: TrashFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(trashEntries).where(kindCondition(kind));
  return Number(row?.total ?? 0);
}

export async function trashPage(db: Database, kind: TrashFilter, offset: number, limit: number, retentionDays: number): Promise<TrashEntryView[]> {
  const rows = await db
    .select({
      ref: trashEntries.ref,
      kind: trashEntries.kind,
      title: trashEntries.title,
      context: trashEntries.context,
      parts: trashEntries.parts,
      deletedAt: trashEntries.deletedAt,
      driveFolderId: trashEntries.driveFolderId,
      deletedBy: deleter.name,
      impersonator: impersonator.name,
      selfDeleted: trashEntries.selfDeleted,
    })
    .from(trashEntries)
    .leftJoin(deleter, eq(deleter.id, trashEntries.deletedByUserId))
    .leftJoin(impersonator, eq(impersonator.id, trashEntries.impersonatorUserId))
    .where(and(kindCondition(kind)))
    .orderBy(desc(trashEntries.deletedAt), desc(trashEntries.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({
    ref: row.ref,
    kind: row.kind as TrashKind,
    title: row.title,
    context: row.context,
    deletedAt: row.deletedAt.toISOString(),
    deletedBy: row.selfDeleted ? TRASH_TEXTS.deletedByThemselves : row.deletedBy,
    impersonator: row.impersonator,
    purgeAt: new Date(row.deletedAt.getTime() + retentionDays * DAY_MS).toISOString(),
    parts: row.parts as TrashPart[],
    hasDriveFolder: row.driveFolderId !== null,
  }));
}
