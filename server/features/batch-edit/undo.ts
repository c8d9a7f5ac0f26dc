/**
 * Undoing a batch (docs/decisions/curation.md "Batch edits"): the inverse of its recorded changes, read newest first, in one
 * transaction recorded as its own batch (`undo:{batch}`). Only the fields the batch set count: an item whose field was
 * changed since by someone's own edit is left as it is and listed, as is an item the viewer may no longer change that
 * way; a later batch over the same fields is to be undone first (the undo says which); everything else is restored.
 */
import { and, asc, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import { BATCH_ERRORS, BATCH_UNDO_DAYS, type BatchResult, type SkippedItem } from '../../../shared/batch-edit';
import { canCurateItem, canEditItem, canUndoBatch, itemAccessColumns, type ItemAccessFacts, type Viewer } from '../../access/policy';
import { inBatch } from '../../db/change-context';
import type { Database, Transaction } from '../../db/client';
import { changeHistory, items, itemTags, tags, users } from '../../db/schema';
import { itemFieldRestore } from '../item-editing';
import { BATCH_COLUMNS, type BatchColumn } from './action';
import { summarize } from './batch';
import type { ItemOutcome } from './plan';
import { DAY_MS, formatDayAndTime } from '../../../shared/dates';

type Entry = typeof changeHistory.$inferSelect;

const UNDO_PREFIX = 'undo:';
export const undoBatchId = (batch: string) => `${UNDO_PREFIX}${batch}`;

/**
 * Why the viewer may not add a chunk to `batch` (the dialog applies a large batch a chunk at a time under one id), or
 * null: a batch holds one person's changes, and one already undone takes no more.
 */
export async function continuingRefusal(db: Database, viewer: Viewer & { id: number }, batch: string): Promise<string | null> {
  const [other] = await db
    .select({ id: changeHistory.id })
    .from(changeHistory)
    .where(and(eq(changeHistory.batchId, batch), or(isNull(changeHistory.actorUserId), ne(changeHistory.actorUserId, viewer.id))))
    .limit(1);
  if (other) return BATCH_ERRORS.notYourBatch;
  const [undone] = await db
    .select({ id: changeHistory.id })
    .from(changeHistory)
    .where(eq(changeHistory.batchId, undoBatchId(batch)))
    .limit(1);
  return undone ? BATCH_ERRORS.alreadyUndone : null;
}

export type UndoAnswer = { ok: true; result: BatchResult } | { ok: false; message: string };

/** A batch as the undo reads it: its recorded changes, newest first; null when no change carries that id. */
export interface RecordedBatch {
  batch: string;
  entries: [Entry, ...Entry[]];
}

export async function findRecordedBatch(db: Database, batch: string): Promise<RecordedBatch | null> {
  const entries = await db.select().from(changeHistory).where(eq(changeHistory.batchId, batch)).orderBy(desc(changeHistory.id));
  return entries.length === 0 ? null : { batch, entries: entries as [Entry, ...Entry[]] };
}

/** The undo route's rule: the batch's own author, or an admin. */
export const mayUndoRecordedBatch = (viewer: Viewer, { entries }: RecordedBatch) => canUndoBatch(viewer, entries[0].actorUserId);

export async function undoBatch(db: Database, viewer: Viewer, { batch, entries }: RecordedBatch, now = new Date(), timeZone = 'UTC'): Promise<UndoAnswer> {
  if (now.getTime() - entries.at(-1)!.createdAt.getTime() > BATCH_UNDO_DAYS * DAY_MS) return { ok: false, message: BATCH_ERRORS.tooOld };
  const [undone] = await db
    .select({ id: changeHistory.id })
    .from(changeHistory)
    .where(eq(changeHistory.batchId, undoBatchId(batch)))
    .limit(1);
  if (undone) return { ok: false, message: BATCH_ERRORS.alreadyUndone };

  const byItem = new Map<number, Entry[]>();
  for (const entry of entries) if (entry.itemId !== null) byItem.set(entry.itemId, [...(byItem.get(entry.itemId) ?? []), entry]);
  const itemIds = [...byItem.keys()];
  const since = await changesSince(db, batch, entries.at(-1)!.id, byItem);
  // A later batch over the same fields is undone first, and then this one restores everything: undoing in any order
  // would leave the items it covers with the later batch's values, or strand them when that one is undone.
  if (since.laterBatches.size > 0) return { ok: false, message: await laterBatchesFirst(db, since, timeZone) };
  const facts = new Map(
    (
      await db
        .select({ id: items.id, ref: items.ref, title: items.title, ...itemAccessColumns })
        .from(items)
        .where(inArray(items.id, itemIds))
    ).map((row) => [row.id, row]),
  );
  const outcomes: ItemOutcome[] = [];
  const skipped: SkippedItem[] = [];
  const restoring: Entry[] = [];
  for (const [itemId, itsEntries] of byItem) {
    const item = facts.get(itemId);
    const ref = item?.ref ?? String(itemId);
    if (!item || !mayRestore(viewer, item, itsEntries)) {
      outcomes.push({ ref, outcome: 'refused', reason: 'not_editable' });
      // Nothing of an item the viewer may no longer change is named but its ref.
      skipped.push({ ref, title: null, reason: 'not_editable' });
    } else if (since.changedByOthers.has(itemId)) {
      outcomes.push({ ref, outcome: 'refused', reason: 'changed_since' });
      skipped.push({ ref, title: item.title, reason: 'changed_since' });
    } else {
      outcomes.push({ ref, outcome: 'changed' });
      restoring.push(...itsEntries);
    }
  }
  await inBatch(undoBatchId(batch), () => db.transaction((tx) => writeInverse(tx, restoring)));
  return { ok: true, result: { ...summarize(null, byItem.size, outcomes), batch: undoBatchId(batch), skipped } };
}

/** What a change wrote, as far as an undo compares it: an item's column, or one tag's link. */
function fieldsOf(entry: Pick<Entry, 'kind' | 'operation' | 'changes'>): string[] | 'all' {
  const changes = entry.changes as Record<string, unknown>;
  if (entry.kind === 'item_tag') return [`tag:${String(changes.tag_id)}`];
  if (entry.kind === 'item') return entry.operation === 'update' ? Object.keys(changes).map((column) => `column:${column}`) : 'all';
  return [];
}

interface ChangesSince {
  /** Items whose fields this batch set were changed since by someone's own edit: left as they are. */
  changedByOthers: Set<number>;
  /** Later batches, not undone, that changed fields this batch set, and how many of its items each did. */
  laterBatches: Map<string, { items: Set<number>; actorUserId: number | null; at: Date }>;
}

/**
 * The changes recorded after this batch's own for each of its items, to the fields it set (its columns, its tags'
 * links; other fields changed since do not matter), other than a later batch that was itself undone (its rows and its
 * undo's).
 */
async function changesSince(db: Database, batch: string, firstId: number, byItem: Map<number, Entry[]>): Promise<ChangesSince> {
  const result: ChangesSince = { changedByOthers: new Set(), laterBatches: new Map() };
  const itemIds = [...byItem.keys()];
  if (itemIds.length === 0) return result;
  const later = await db
    .select({
      itemId: changeHistory.itemId,
      id: changeHistory.id,
      batchId: changeHistory.batchId,
      kind: changeHistory.kind,
      operation: changeHistory.operation,
      changes: changeHistory.changes,
      actorUserId: changeHistory.actorUserId,
      createdAt: changeHistory.createdAt,
    })
    .from(changeHistory)
    .where(and(inArray(changeHistory.itemId, itemIds), gt(changeHistory.id, firstId), or(isNull(changeHistory.batchId), ne(changeHistory.batchId, batch))));
  const laterBatchIds = new Set(later.map((row) => row.batchId).filter((id): id is string => id !== null));
  const undoneLater = (id: string | null) =>
    id !== null && (laterBatchIds.has(undoBatchId(id)) || (id.startsWith(UNDO_PREFIX) && laterBatchIds.has(id.slice(UNDO_PREFIX.length))));
  const fieldsSet = new Map<number, Set<string>>();
  for (const [itemId, itsEntries] of byItem) {
    const fields = new Set<string>();
    for (const entry of itsEntries) {
      const written = fieldsOf(entry);
      if (written !== 'all') for (const field of written) fields.add(field);
    }
    fieldsSet.set(itemId, fields);
  }
  for (const row of later) {
    const itemId = row.itemId!;
    if (row.id <= byItem.get(itemId)![0]!.id || undoneLater(row.batchId)) continue;
    const written = fieldsOf(row);
    const fields = fieldsSet.get(itemId)!;
    if (written !== 'all' && !written.some((field) => fields.has(field))) continue;
    if (row.batchId === null || row.batchId.startsWith(UNDO_PREFIX)) {
      result.changedByOthers.add(itemId);
      continue;
    }
    const laterBatch = result.laterBatches.get(row.batchId) ?? { items: new Set<number>(), actorUserId: row.actorUserId, at: row.createdAt };
    laterBatch.items.add(itemId);
    result.laterBatches.set(row.batchId, laterBatch);
  }
  return result;
}

/** "Undo the later batch first", naming each by when and by whom, as the activity feed lists them with their Undo. */
async function laterBatchesFirst(db: Database, since: ChangesSince, timeZone: string): Promise<string> {
  const actorIds = [...new Set([...since.laterBatches.values()].map((each) => each.actorUserId).filter((id): id is number => id !== null))];
  const names = new Map(
    actorIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))).map((row) => [row.id, row.name]),
  );
  const batches = [...since.laterBatches.values()]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((each) => ({
      at: formatDayAndTime(each.at, timeZone),
      by: each.actorUserId === null ? null : (names.get(each.actorUserId) ?? null),
      items: each.items.size,
    }));
  return BATCH_ERRORS.undoLaterFirst(batches);
}

/** The viewer may put each recorded value back as the batch's own rules decide today. */
function mayRestore(viewer: Viewer, item: ItemAccessFacts, entries: Entry[]): boolean {
  if (!canEditItem(viewer, item)) return false;
  return entries.every((entry) => {
    if (entry.kind !== 'item') return true;
    return Object.entries(entry.changes as Record<string, [unknown, unknown]>).every(([column, [old]]) => {
      if (column === 'visibility' || column === 'minimum_access_level') return itemFieldRestore(viewer, item, column, old) !== null;
      return canCurateItem(viewer);
    });
  });
}

/**
 * The inverse of each entry, gathered into few statements (one per tag unlinked, one insert, one update per set of old
 * values): a tag the batch linked is unlinked, one it unlinked is linked again (if the tag still exists), a column gets
 * its old value. Unlinking comes first, so a one-tag taxonomy's replaced tag returns into an empty place.
 */
async function writeInverse(tx: Transaction, entries: Entry[]): Promise<void> {
  const liveTags = new Set((await tx.select({ id: tags.id }).from(tags).orderBy(asc(tags.id))).map((row) => row.id));
  const unlink = new Map<number, number[]>();
  const relink: { itemId: number; tagId: number }[] = [];
  const updates = new Map<string, { set: Record<string, unknown>; itemIds: number[] }>();
  for (const entry of entries) {
    const changes = entry.changes as Record<string, unknown>;
    if (entry.kind === 'item_tag') {
      const tagId = Number(changes.tag_id);
      if (entry.operation === 'insert')
        unlink
          .set(tagId, unlink.get(tagId) ?? [])
          .get(tagId)!
          .push(entry.itemId!);
      else if (liveTags.has(tagId)) relink.push({ itemId: entry.itemId!, tagId });
    } else if (entry.kind === 'item' && entry.operation === 'update') {
      const columns = Object.entries(changes as Record<string, [unknown, unknown]>).filter(([column]) => Object.hasOwn(BATCH_COLUMNS, column));
      if (columns.length === 0) continue;
      const set = Object.fromEntries(columns.map(([column, [old]]) => [BATCH_COLUMNS[column as BatchColumn], restored(column as BatchColumn, old)]));
      const key = JSON.stringify(columns.map(([column, [old]]) => [column, old]));
      updates
        .set(key, updates.get(key) ?? { set, itemIds: [] })
        .get(key)!
        .itemIds.push(entry.itemId!);
    }
  }
  for (const [tagId, itemIds] of unlink) await tx.delete(itemTags).where(and(eq(itemTags.tagId, tagId), inArray(itemTags.itemId, itemIds)));
  if (relink.length > 0) await tx.insert(itemTags).values(relink).onConflictDoNothing();
  for (const { set, itemIds } of updates.values()) await tx.update(items).set(set).where(inArray(items.id, itemIds));
}

/** A recorded value as its column takes it: to_jsonb keeps a timestamp as its ISO text. */
function restored(column: BatchColumn, old: unknown): unknown {
  return column === 'expires_at' && typeof old === 'string' ? new Date(old) : old;
}
