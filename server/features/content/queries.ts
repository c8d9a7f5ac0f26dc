/** Reading and writing content rows. */
import { and, asc, count, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contents, items } from '../../db/schema';
import { writePositions } from '../../db/positions';
import { newRef, REF_PATTERN } from '../../lib/ref';
import { findItemRecordById, type ContentRecord, type ItemRecord } from '../../items';

export type NewContentRow = Omit<typeof contents.$inferInsert, 'id' | 'itemId' | 'ref' | 'position'>;

/** The content row of an item that uses this drive file, if any. */
export async function findContentByDriveFile(db: Database, driveFileId: string): Promise<{ content: ContentRecord; item: ItemRecord } | null> {
  const [content] = await db.select().from(contents).where(eq(contents.googleDriveFileId, driveFileId)).orderBy(asc(contents.id)).limit(1);
  if (!content) return null;
  const item = await findItemRecordById(db, content.itemId);
  return item ? { content, item } : null;
}

/** The item whose folder this is, if any. */
export async function findItemByFolder(db: Database, folderId: string): Promise<ItemRecord | null> {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.googleDriveFolderId, folderId)).limit(1);
  return row ? findItemRecordById(db, row.id) : null;
}

/** Every content row of an item, in order (the folder view matches them to files). */
export async function contentsOfItem(db: Database, itemId: number): Promise<ContentRecord[]> {
  return db.select().from(contents).where(eq(contents.itemId, itemId)).orderBy(asc(contents.position), asc(contents.id));
}

/** Drive files any content row uses, among these ids. */
export async function linkedDriveFileIds(db: Database, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: contents.googleDriveFileId })
    .from(contents)
    .where(and(isNotNull(contents.googleDriveFileId), inArray(contents.googleDriveFileId, [...fileIds])));
  return new Set(rows.map((row) => row.id!));
}

/** The full version a sample may point at: a content row of the same item that is not a sample itself. */
export async function findFullVersion(db: Database, itemId: number, ref: string): Promise<ContentRecord | null> {
  // From a form field no schema checks as a ref: an upload's `sampleOfRef`, a content edit's `is_sample_of_ref`.
  if (!REF_PATTERN.test(ref)) return null;
  const [row] = await db
    .select()
    .from(contents)
    .where(and(eq(contents.ref, ref), eq(contents.itemId, itemId), isNull(contents.isSampleOfId)))
    .limit(1);
  return row ?? null;
}

/**
 * The item's row, locked for the rest of the transaction: the item's content rows and their positions are then
 * ours alone (NO KEY UPDATE: what only refers to the item, a comment or an affirmation, is not held up). Taken before any content row, the lock order every writer of these rows follows (server/db/client.ts).
 */
async function lockItemRow(tx: Pick<Database, 'execute'>, itemId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${items} where ${eq(items.id, itemId)} for no key update`);
}

/**
 * Appends rows after the item's last one, in one transaction: either all of them are there or none. The item's
 * row is locked before the last position is read, so two uploads at once never take the same positions.
 */
export async function appendContents(db: Database, itemId: number, rows: readonly NewContentRow[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockItemRow(tx, itemId);
    const [last] = await tx
      .select({ position: max(contents.position) })
      .from(contents)
      .where(eq(contents.itemId, itemId));
    const start = (last?.position ?? -1) + 1;
    const values = rows.map((row, index) => ({ ...row, itemId, ref: newRef(), position: start + index }));
    const inserted = await tx.insert(contents).values(values).returning({ ref: contents.ref });
    return inserted.map((row) => row.ref);
  });
}

export async function updateContentColumns(db: Database, contentId: number, columns: Partial<NewContentRow>): Promise<void> {
  await db.transaction((tx) => tx.update(contents).set(columns).where(eq(contents.id, contentId)));
}

/** Removes the row only; a sample of it stops being one (the foreign key sets null). */
export async function deleteContent(db: Database, contentId: number): Promise<void> {
  await db.transaction((tx) => tx.delete(contents).where(eq(contents.id, contentId)));
}

/**
 * Swaps a row with its neighbour below (`increase`) or above, in one transaction. Positions may have gaps or
 * ties in older data, so the swap renumbers the two by the order the page shows. Answers false at either end.
 */
export async function repositionContent(db: Database, content: ContentRecord, increase: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockItemRow(tx, content.itemId);
    const ordered = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.itemId, content.itemId))
      .orderBy(asc(contents.position), asc(contents.id));
    const index = ordered.findIndex((row) => row.id === content.id);
    const neighbour = index + (increase ? 1 : -1);
    if (index < 0 || neighbour < 0 || neighbour >= ordered.length) return false;
    [ordered[index], ordered[neighbour]] = [ordered[neighbour]!, ordered[index]!];
    await writePositions(
      tx,
      { table: contents, id: contents.id, position: contents.position },
      ordered.map((row, position) => ({ id: row.id, position })),
    );
    return true;
  });
}

/** Counts one open, in one statement. */
export async function countContentOpen(db: Database, contentId: number, now: Date = new Date()): Promise<void> {
  await db
    .update(contents)
    // updated_at stays: an open is not an edit.
    .set({ openCount: sql`${contents.openCount} + 1`, lastOpenedAt: now, updatedAt: sql`${contents.updatedAt}` })
    .where(eq(contents.id, contentId));
}

/** Whether another row of the item is a sample of this one (it cannot then become a sample itself). */
export async function hasSamples(db: Database, contentId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(contents).where(eq(contents.isSampleOfId, contentId));
  return (row?.n ?? 0) > 0;
}
