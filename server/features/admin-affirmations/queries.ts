/**
 * Affirmation options as the admin pages manage them (stored in affirmation_options,
 * where is_negative marks a disapproval). Titles are unique regardless of case; the table's unique index
 * settles races. Writes bump the library version by the table's triggers.
 */
import { and, asc, count, countDistinct, eq, ne, sql } from 'drizzle-orm';
import type { AdminAffirmation, AffirmationImpact } from '../../../shared/admin';
import type { Database } from '../../db/client';
import { affirmationOptions, itemAffirmations } from '../../db/schema';
import { moveToTrash } from '../trash';
import { offsetAndLimit } from '../../lib/pagination';
import { isUniqueViolation } from '../../db/errors';
import { renumberList, type OrderedList } from '../../db/positions';

const adminFields = { ref: affirmationOptions.ref, title: affirmationOptions.title, is_negative: affirmationOptions.isNegative };

export type AffirmationRecord = AdminAffirmation & { id: number };

const AFFIRMATION_ORDER: OrderedList = { table: affirmationOptions, id: affirmationOptions.id, position: affirmationOptions.position };

export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'title-taken' };

/** One page of affirmations in the item page's order (position, then creation), and how many there are. */
export async function listAffirmations(db: Database, page: number, perPage: number): Promise<{ rows: AdminAffirmation[]; total: number }> {
  const { offset, limit } = offsetAndLimit(page, perPage);
  const [rows, [count]] = await Promise.all([
    db.select(adminFields).from(affirmationOptions).orderBy(asc(affirmationOptions.position), asc(affirmationOptions.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(affirmationOptions),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findAffirmation(db: Database, ref: string): Promise<AffirmationRecord | null> {
  const [row] = await db
    .select({ id: affirmationOptions.id, ...adminFields })
    .from(affirmationOptions)
    .where(eq(affirmationOptions.ref, ref))
    .limit(1);
  return row ?? null;
}

async function titleTaken(db: Database, title: string, exceptId: number | null): Promise<boolean> {
  const sameTitle = sql`lower(${affirmationOptions.title}) = lower(${title})`;
  const [row] = await db
    .select({ id: affirmationOptions.id })
    .from(affirmationOptions)
    .where(exceptId === null ? sameTitle : and(sameTitle, ne(affirmationOptions.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** Adds it after the others on item pages, unless the title is taken. */
export async function createAffirmation(db: Database, values: { title: string; is_negative: boolean }): Promise<WriteOutcome<{ ref: string; title: string }>> {
  if (await titleTaken(db, values.title, null)) return { ok: false, reason: 'title-taken' };
  try {
    const [row] = await db.transaction((tx) =>
      tx
        .insert(affirmationOptions)
        .values({
          title: values.title,
          isNegative: values.is_negative,
          position: sql`(select coalesce(max(${affirmationOptions.position}), -1) + 1 from ${affirmationOptions})`,
        })
        .returning({ ref: affirmationOptions.ref, title: affirmationOptions.title }),
    );
    return { ok: true, value: row! };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'title-taken' };
    throw error;
  }
}

const COLUMN_OF = { title: 'title', is_negative: 'isNegative' } as const;

/** Saves one field; a title another affirmation has is refused. */
export async function updateAffirmation(db: Database, id: number, field: keyof typeof COLUMN_OF, value: string | boolean): Promise<WriteOutcome<null>> {
  if (field === 'title' && (await titleTaken(db, value as string, id))) return { ok: false, reason: 'title-taken' };
  try {
    await db.transaction((tx) =>
      tx
        .update(affirmationOptions)
        .set({ [COLUMN_OF[field]]: value })
        .where(eq(affirmationOptions.id, id)),
    );
    return { ok: true, value: null };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'title-taken' };
    throw error;
  }
}

/** The affirmations people gave with it go with it (item_affirmations cascades); the options after it close the gap. */
export async function deleteAffirmation(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await moveToTrash(tx, 'affirmation', id);
    await renumberList(tx, AFFIRMATION_ORDER);
  });
}

/** What deleting an option takes with it, said before it is confirmed: its affirmations and how many members made them. */
export async function affirmationImpact(db: Database, id: number, restorableDays: number): Promise<AffirmationImpact> {
  const [row] = await db
    .select({ affirmations: count(), members: countDistinct(itemAffirmations.userId) })
    .from(itemAffirmations)
    .where(eq(itemAffirmations.affirmationOptionId, id));
  return { affirmations: Number(row?.affirmations ?? 0), members: Number(row?.members ?? 0), restorableDays };
}

/** Drag or Move up / down: the option takes `index` in the list (past the end: last), renumbered 0..n-1 in one transaction. */
export async function repositionAffirmation(db: Database, id: number, index: number): Promise<void> {
  await db.transaction(async (tx) => renumberList(tx, AFFIRMATION_ORDER, { id, index }));
}
