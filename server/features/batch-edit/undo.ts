/**
 * Undoing a batch (docs/decisions.md "Batch edits"): the inverse of its recorded changes, read newest first, in one
 * transaction recorded as its own batch (`undo:{batch}`). An item changed since by anyone outside the batch is left
 * as it is and reported, as is an item the viewer may no longer change that way; everything else is restored exactly.
 */
import { and, asc, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import { BATCH_ERRORS, BATCH_UNDO_DAYS, type BatchResult } from '../../../shared/batch-edit';
import { canCurateItem, canEditItem, canUndoBatch, itemAccessColumns, type ItemAccessFacts, type Viewer } from '../../access/policy';
import { inBatch } from '../../db/change-context';
import type { Database, Transaction } from '../../db/client';
import { changeHistory, items, itemTags, tags } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { itemFieldRestore } from '../item-editing';
import { BATCH_COLUMNS, type BatchColumn } from './action';
import { summarize } from './batch';
import type { ItemOutcome } from './plan';
import { DAY_MS } from '../../../shared/dates';

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

export async function undoBatch(db: Database, viewer: Viewer, batch: string, now = new Date()): Promise<UndoAnswer> {
  const entries = await db.select().from(changeHistory).where(eq(changeHistory.batchId, batch)).orderBy(desc(changeHistory.id));
  if (entries.length === 0) throw notFound();
  if (!canUndoBatch(viewer, entries[0]!.actorUserId)) throw forbidden();
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
  const changedSince = await itemsChangedSince(db, batch, entries.at(-1)!.id, itemIds, byItem);
  const facts = new Map(
    (
      await db
        .select({ id: items.id, ref: items.ref, ...itemAccessColumns })
        .from(items)
        .where(inArray(items.id, itemIds))
    ).map((row) => [row.id, row]),
  );
  const outcomes: ItemOutcome[] = [];
  const restoring: Entry[] = [];
  for (const [itemId, itsEntries] of byItem) {
    const item = facts.get(itemId);
    const ref = item?.ref ?? String(itemId);
    if (!item || !mayRestore(viewer, item, itsEntries)) outcomes.push({ ref, outcome: 'refused', reason: 'not_editable' });
    else if (changedSince.has(itemId)) outcomes.push({ ref, outcome: 'refused', reason: 'changed_since' });
    else {
      outcomes.push({ ref, outcome: 'changed' });
      restoring.push(...itsEntries);
    }
  }
  await inBatch(undoBatchId(batch), () => db.transaction((tx) => writeInverse(tx, restoring)));
  return { ok: true, result: { ...summarize(null, byItem.size, outcomes), batch: undoBatchId(batch) } };
}

/**
 * Items with a change recorded after the batch's last one for them, other than a later batch that was itself undone
 * (its rows and its undo's): batches made one after another can be undone newest first.
 */
async function itemsChangedSince(db: Database, batch: string, firstId: number, itemIds: number[], byItem: Map<number, Entry[]>): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const later = await db
    .select({ itemId: changeHistory.itemId, id: changeHistory.id, batchId: changeHistory.batchId })
    .from(changeHistory)
    .where(and(inArray(changeHistory.itemId, itemIds), gt(changeHistory.id, firstId), or(isNull(changeHistory.batchId), ne(changeHistory.batchId, batch))));
  const laterByItem = new Map<number, { batchId: string | null }[]>();
  for (const row of later) {
    if (row.id > byItem.get(row.itemId!)![0]!.id) laterByItem.set(row.itemId!, [...(laterByItem.get(row.itemId!) ?? []), row]);
  }
  const changed = new Set<number>();
  for (const [itemId, rows] of laterByItem) {
    const batches = new Set(rows.map((row) => row.batchId));
    const undoneLater = (id: string | null) =>
      id !== null && (batches.has(undoBatchId(id)) || (id.startsWith(UNDO_PREFIX) && batches.has(id.slice(UNDO_PREFIX.length))));
    if (rows.some((row) => !undoneLater(row.batchId))) changed.add(itemId);
  }
  return changed;
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
