/**
 * Characteristics as the admin pages manage them. Titles are unique regardless of
 * case; the table's unique index settles races. Writes bump the library version by the table's triggers.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CharacteristicFormat } from '../../../shared/enums';
import type { AdminCharacteristic } from '../../../shared/admin';
import type { Database } from '../../db/client';
import { characteristics, itemCharacteristics } from '../../db/schema';
import { parseCharacteristicValue } from '../item-editing';
import { offsetAndLimit } from '../../lib/pagination';
import { isUniqueViolation } from '../../db/errors';
import { renumberList, type OrderedList } from '../../db/positions';
import { moveToTrash } from '../trash';
import { recordFormatChange, type ChangedValue } from './format-changes';

const adminFields = {
  ref: characteristics.ref,
  title: characteristics.title,
  usage_note: characteristics.usageNote,
  format: characteristics.format,
  minimum: characteristics.minimum,
  public: characteristics.public,
};

export type CharacteristicRecord = AdminCharacteristic & { id: number };

const CHARACTERISTIC_ORDER: OrderedList = { table: characteristics, id: characteristics.id, position: characteristics.position };

/** One page of characteristics in the item page's order (position, then title), and how many there are. */
export async function listCharacteristics(db: Database, page: number, perPage: number): Promise<{ rows: AdminCharacteristic[]; total: number }> {
  const { offset, limit } = offsetAndLimit(page, perPage);
  const [rows, [count]] = await Promise.all([
    db
      .select(adminFields)
      .from(characteristics)
      .orderBy(asc(characteristics.position), asc(characteristics.title), asc(characteristics.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(characteristics),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findCharacteristic(db: Database, ref: string): Promise<CharacteristicRecord | null> {
  const [row] = await db
    .select({ id: characteristics.id, ...adminFields })
    .from(characteristics)
    .where(eq(characteristics.ref, ref))
    .limit(1);
  return row ?? null;
}

/** Whether another characteristic (not `exceptId`) has this title, in any case. */
async function titleTaken(db: Database, title: string, exceptId: number | null): Promise<boolean> {
  const sameTitle = sql`lower(${characteristics.title}) = lower(${title})`;
  const [row] = await db
    .select({ id: characteristics.id })
    .from(characteristics)
    .where(exceptId === null ? sameTitle : and(sameTitle, ne(characteristics.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export interface NewCharacteristic {
  title: string;
  usage_note: string;
  format: string;
  public: boolean;
}

export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'title-taken' };

/** Adds it after the others on item pages, unless the title is taken. */
export async function createCharacteristic(db: Database, values: NewCharacteristic): Promise<WriteOutcome<{ ref: string; title: string }>> {
  if (await titleTaken(db, values.title, null)) return { ok: false, reason: 'title-taken' };
  try {
    const [row] = await db.transaction((tx) =>
      tx
        .insert(characteristics)
        .values({
          title: values.title,
          usageNote: values.usage_note,
          format: values.format,
          public: values.public,
          position: sql`(select coalesce(max(${characteristics.position}), -1) + 1 from ${characteristics})`,
        })
        .returning({ ref: characteristics.ref, title: characteristics.title }),
    );
    return { ok: true, value: row! };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'title-taken' };
    throw error;
  }
}

const COLUMN_OF = { title: 'title', usage_note: 'usageNote', public: 'public' } as const;

/** Saves one field; a title another characteristic has is refused. */
export async function updateCharacteristic(db: Database, id: number, field: keyof typeof COLUMN_OF, value: string | boolean): Promise<WriteOutcome<null>> {
  if (field === 'title' && (await titleTaken(db, value as string, id))) return { ok: false, reason: 'title-taken' };
  try {
    await db.transaction((tx) =>
      tx
        .update(characteristics)
        .set({ [COLUMN_OF[field]]: value })
        .where(eq(characteristics.id, id)),
    );
    return { ok: true, value: null };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'title-taken' };
    throw error;
  }
}

/** To the trash with items' values of it (item_characteristics cascades); the characteristics after it close the gap. */
export async function deleteCharacteristic(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await moveToTrash(tx, 'characteristic', id);
    await renumberList(tx, CHARACTERISTIC_ORDER);
  });
}

/** Drag or Move up / down: the characteristic takes `index` in the list (past the end: last), renumbered 0..n-1 in one transaction. */
export async function repositionCharacteristic(db: Database, id: number, index: number): Promise<void> {
  await db.transaction(async (tx) => renumberList(tx, CHARACTERISTIC_ORDER, { id, index }));
}

export type MinimumChange = { ok: true } | { ok: false; below: number; example: string };

/** A whole-number value below `minimum` (text that is not a whole number is left to the format's own check). */
function storedValueBelow(minimum: number) {
  return sql`case when ${itemCharacteristics.value} ~ '^-?[0-9]{1,15}$' then ${itemCharacteristics.value}::numeric < ${minimum} else false end`;
}

/**
 * Sets the smallest value items may hold (null: none). Refused, changing nothing, while items of an integer
 * characteristic hold values below it: they would stop being editable as they are, and nothing saved is dropped.
 */
export async function setCharacteristicMinimum(db: Database, id: number, minimum: number | null): Promise<MinimumChange> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ format: characteristics.format }).from(characteristics).where(eq(characteristics.id, id)).for('update');
    if (minimum !== null && locked?.format === 'integer') {
      const [found] = await tx
        .select({ below: sql<number>`count(*)::int`, example: sql<string | null>`min(${itemCharacteristics.value}::numeric)::text` })
        .from(itemCharacteristics)
        .where(and(eq(itemCharacteristics.characteristicId, id), storedValueBelow(minimum)));
      if (found && found.below > 0) return { ok: false, below: found.below, example: found.example ?? '' };
    }
    await tx.update(characteristics).set({ minimum }).where(eq(characteristics.id, id));
    return { ok: true };
  });
}

/** Rows per statement: a few statements for a whole library, each well under PostgreSQL's 65,535 parameters. */
const WRITE_BATCH = 1000;

function inBatches<T>(rows: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += WRITE_BATCH) batches.push(rows.slice(start, start + WRITE_BATCH));
  return batches;
}

export type FormatChange = { ok: true; converted: number; removed: number } | { ok: false; unconvertible: number; total: number; example: string };

/**
 * Changes the format and re-writes every item's value in it, in one transaction: a value the new format reads
 * (by the same rule as the item editor, the minimum included) is stored as that format stores it; one it cannot read is removed, but only
 * when `removeUnconvertible` says the admin agreed to it. Otherwise nothing changes and the count comes back. What
 * it rewrote and removed is kept (format-changes.ts), so the change can be undone.
 */
export async function changeCharacteristicFormat(db: Database, id: number, format: CharacteristicFormat, removeUnconvertible: boolean): Promise<FormatChange> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ minimum: characteristics.minimum, format: characteristics.format })
      .from(characteristics)
      .where(eq(characteristics.id, id))
      .for('update');
    const rule = { format, minimum: locked?.minimum ?? null };
    const stored = await tx
      .select({ itemId: itemCharacteristics.itemId, value: itemCharacteristics.value })
      .from(itemCharacteristics)
      .where(eq(itemCharacteristics.characteristicId, id));
    const plan = stored.map((row) => ({ ...row, parsed: parseCharacteristicValue(rule, row.value) }));
    const unconvertible = plan.filter((row) => !row.parsed.ok || row.parsed.value === null);
    if (unconvertible.length > 0 && !removeUnconvertible)
      return { ok: false, unconvertible: unconvertible.length, total: stored.length, example: unconvertible[0]!.value };
    const removed = unconvertible.map((row) => row.itemId);
    const rewritten = plan.flatMap((row) =>
      row.parsed.ok && row.parsed.value !== null && row.parsed.value !== row.value ? [{ itemId: row.itemId, value: row.parsed.value }] : [],
    );
    for (const itemIds of inBatches(removed)) {
      await tx.delete(itemCharacteristics).where(and(eq(itemCharacteristics.characteristicId, id), inArray(itemCharacteristics.itemId, itemIds)));
    }
    for (const rows of inBatches(rewritten)) {
      const values = sql.join(
        rows.map((row) => sql`(${row.itemId}::integer, ${row.value}::text)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${itemCharacteristics} set value = converted.value
        from (values ${values}) as converted(item_id, value)
        where ${itemCharacteristics.characteristicId} = ${id} and ${itemCharacteristics.itemId} = converted.item_id`);
    }
    await tx.update(characteristics).set({ format }).where(eq(characteristics.id, id));
    const converted = plan.length - unconvertible.length;
    if (locked && locked.format !== format) {
      const changedValues = plan.flatMap((row): ChangedValue[] => {
        if (!row.parsed.ok || row.parsed.value === null) return [{ itemId: row.itemId, before: row.value, after: null }];
        return row.parsed.value === row.value ? [] : [{ itemId: row.itemId, before: row.value, after: row.parsed.value }];
      });
      await recordFormatChange(tx, { characteristicId: id, from: locked.format, to: format, changedValues, converted });
    }
    return { ok: true, converted, removed: unconvertible.length };
  });
}

/** How many items hold a value of this characteristic (what deleting it removes). */
export async function characteristicValueCount(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(itemCharacteristics)
    .where(eq(itemCharacteristics.characteristicId, id));
  return row?.total ?? 0;
}
