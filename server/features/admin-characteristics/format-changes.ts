/**
 * Taking a characteristic's format change back (docs/decisions/curation.md "Admin dashboard, characteristics and affirmations"): the change keeps
 * every value it rewrote or removed, as it was; its undo, for 30 days, puts the old format back and each value as it
 * was, in one transaction. A value someone changed since (by hand, after the change) is left as it is and counted.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHARACTERISTIC_MESSAGES, FORMAT_UNDO_DAYS, type FormatChangeView } from '../../../shared/admin';
import { DAY_MS } from '../../../shared/dates';
import type { CharacteristicFormat } from '../../../shared/enums';
import { currentChangeContext } from '../../db/change-context';
import type { Database, Transaction } from '../../db/client';
import { characteristicFormatChanges, characteristics, itemCharacteristics, items } from '../../db/schema';

export interface ChangedValue {
  itemId: number;
  before: string;
  /** Null: the new format could not read it, and it was removed. */
  after: string | null;
}

/** Keeps what a format change did, in its transaction, so that it can be undone. */
export async function recordFormatChange(
  tx: Transaction,
  change: { characteristicId: number; from: string; to: CharacteristicFormat; changedValues: ChangedValue[]; converted: number },
): Promise<void> {
  await tx.insert(characteristicFormatChanges).values({
    characteristicId: change.characteristicId,
    fromFormat: change.from,
    toFormat: change.to,
    changedValues: change.changedValues,
    converted: change.converted,
    removed: change.changedValues.filter((value) => value.after === null).length,
    changedByUserId: currentChangeContext()?.actor ?? null,
  });
}

/** The characteristic's latest format change not undone, while it can still be undone (null: none). */
export async function latestFormatChange(db: Database, characteristicId: number, now = new Date()): Promise<FormatChangeView | null> {
  const [latest] = await db
    .select()
    .from(characteristicFormatChanges)
    .where(eq(characteristicFormatChanges.characteristicId, characteristicId))
    .orderBy(desc(characteristicFormatChanges.id))
    .limit(1);
  if (!latest || latest.undoneAt !== null || now.getTime() - latest.createdAt.getTime() > FORMAT_UNDO_DAYS * DAY_MS) return null;
  return { at: latest.createdAt.toISOString(), from: latest.fromFormat, to: latest.toFormat, converted: latest.converted, removed: latest.removed };
}

export type FormatUndo = { ok: true; restored: number; keptChanged: number } | { ok: false; message: string };

/**
 * Undoes the latest format change: the format it replaced comes back, and every value it rewrote or removed comes back
 * as it was, unless it was changed since (its value is no longer what the change left). Refused, changing nothing,
 * when there is none to undo (or it is too old) or the format was changed again since by other means.
 */
export async function undoFormatChange(db: Database, characteristicId: number, now = new Date()): Promise<FormatUndo> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ format: characteristics.format }).from(characteristics).where(eq(characteristics.id, characteristicId)).for('update');
    const [latest] = await tx
      .select()
      .from(characteristicFormatChanges)
      .where(and(eq(characteristicFormatChanges.characteristicId, characteristicId), isNull(characteristicFormatChanges.undoneAt)))
      .orderBy(desc(characteristicFormatChanges.id))
      .limit(1);
    if (!locked || !latest || now.getTime() - latest.createdAt.getTime() > FORMAT_UNDO_DAYS * DAY_MS)
      return { ok: false, message: CHARACTERISTIC_MESSAGES.nothingToUndo };
    if (locked.format !== latest.toFormat) return { ok: false, message: CHARACTERISTIC_MESSAGES.nothingToUndo };
    const changed = latest.changedValues as ChangedValue[];
    const current = new Map(
      changed.length === 0
        ? []
        : (
            await tx
              .select({ itemId: itemCharacteristics.itemId, value: itemCharacteristics.value })
              .from(itemCharacteristics)
              .where(
                and(
                  eq(itemCharacteristics.characteristicId, characteristicId),
                  inArray(
                    itemCharacteristics.itemId,
                    changed.map((value) => value.itemId),
                  ),
                ),
              )
          ).map((row) => [row.itemId, row.value]),
    );
    // Untouched since: a rewritten value still reads as the change left it, a removed one is still absent.
    const untouched = changed.filter((value) => (value.after === null ? !current.has(value.itemId) : current.get(value.itemId) === value.after));
    await tx.update(characteristics).set({ format: latest.fromFormat }).where(eq(characteristics.id, characteristicId));
    await putBack(tx, characteristicId, untouched);
    await tx.update(characteristicFormatChanges).set({ undoneAt: now }).where(eq(characteristicFormatChanges.id, latest.id));
    return { ok: true, restored: untouched.length, keptChanged: changed.length - untouched.length };
  });
}

/** Writes each value back as it was, in item order (the lock order); an item deleted since is skipped by the join. */
async function putBack(tx: Transaction, characteristicId: number, values: ChangedValue[]): Promise<void> {
  const ordered = values.toSorted((a, b) => a.itemId - b.itemId);
  for (let start = 0; start < ordered.length; start += 1000) {
    const rows = JSON.stringify(ordered.slice(start, start + 1000).map((row) => ({ item_id: row.itemId, value: row.before })));
    await tx.execute(sql`
      insert into ${itemCharacteristics} (item_id, characteristic_id, value)
      select restored.item_id, ${characteristicId}::integer, restored.value
      from jsonb_to_recordset(${rows}::jsonb) as restored(item_id integer, value text)
      join ${items} on ${items.id} = restored.item_id
      order by restored.item_id
      on conflict (item_id, characteristic_id) do update set value = excluded.value`);
  }
}
