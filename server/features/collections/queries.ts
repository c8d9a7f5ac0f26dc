/**
 * Collections and their entries: the owner's list, one collection with its entries as this viewer
 * may see them, the Add to Collection choices, and the writes. Writes that re-number a section lock the collection
 * row first, so two moves in one collection never interleave and positions stay 0..n-1 per section.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CollectionChoice, OwnCollectionSummary } from '../../../shared/collections';
import { collectionSharesToViewer, isSignedIn, openableCollectedItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { collectionItems, collections, items, shares, users } from '../../db/schema';
import { writePositions, type PositionTarget } from '../../db/positions';
import { REF_PATTERN } from '../../lib/ref';
import { firstImageRef } from '../../items';
import { isUniqueViolation } from '../../db/errors';
import { moveToTrash } from '../trash';

/** Both the database and a transaction run these statements. */
type Runner = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const ENTRY_POSITIONS: PositionTarget = { table: collectionItems, id: collectionItems.id, position: collectionItems.position };

export type CollectionRecord = NonNullable<Awaited<ReturnType<typeof findCollectionByRef>>>;

/** The collection behind a ref with its owner's name, whoever asks: check access before showing any of it. */
export async function findCollectionByRef(db: Database, ref: string) {
  const [row] = await db
    .select({
      id: collections.id,
      ref: collections.ref,
      userId: collections.userId,
      title: collections.title,
      description: collections.description,
      public: collections.public,
      ownerDisplayName: users.name,
    })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .where(eq(collections.ref, ref))
    .limit(1);
  return row ?? null;
}

/** Whether a valid share of this collection is addressed to the viewer. */
export async function isCollectionSharedWith(db: Database, viewer: Viewer, collectionId: number, now: Date = new Date()): Promise<boolean> {
  if (!isSignedIn(viewer)) return false;
  const [row] = await db
    .select({ shared: sql<boolean>`true` })
    .from(shares)
    .where(and(eq(shares.collectionId, collectionId), collectionSharesToViewer(viewer, now)))
    .limit(1);
  return Boolean(row);
}

/**
 * My Collections: the owner's collections by title, each with how many of its items the owner may open now (the
 * policy's `openableCollectedItemsCondition`, as the collection page and its sharing explanation count them): an item
 * that became hidden from them since they collected it is not counted, as its entry shows locked.
 */
export async function listOwnCollections(db: Database, owner: Viewer & { id: number }, now: Date = new Date()): Promise<OwnCollectionSummary[]> {
  return db
    .select({
      ref: collections.ref,
      title: collections.title,
      description: collections.description,
      public: collections.public,
      itemCount: sql<number>`count(${items.id})::int`,
    })
    .from(collections)
    .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
    .leftJoin(items, and(eq(items.id, collectionItems.itemId), openableCollectedItemsCondition(owner, now)))
    .where(eq(collections.userId, owner.id))
    .groupBy(collections.id)
    .orderBy(sql`lower(${collections.title})`, asc(collections.id));
}

/**
 * The owner's collections for the Add to Collection dialog, in one statement: the section names in use, and whether
 * each already holds the item (the unique index on collection and item answers that). The outer id is written in
 * full: Drizzle leaves columns unqualified in single-table selects, and a bare "id" in the subqueries would be
 * collection_items.id.
 */
export async function collectionChoicesOf(db: Database, userId: number, itemId: number): Promise<CollectionChoice[]> {
  const collectionId = sql`${collections}.${sql.identifier(collections.id.name)}`;
  const sections = sql<string[] | null>`(
    select array_agg(distinct ${collectionItems.section} order by ${collectionItems.section})
    from ${collectionItems}
    where ${collectionItems.collectionId} = ${collectionId} and ${collectionItems.section} <> '')`;
  const holdsItem = sql<boolean>`exists (
    select from ${collectionItems} where ${collectionItems.collectionId} = ${collectionId} and ${collectionItems.itemId} = ${itemId})`;
  const rows = await db
    .select({ ref: collections.ref, title: collections.title, sections, holdsItem: holdsItem.mapWith(Boolean) })
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(sql`lower(${collections.title})`, asc(collections.id));
  return rows.map((row) => ({ ref: row.ref, title: row.title, sections: row.sections ?? [], holdsItem: row.holdsItem }));
}

export interface EntryRow {
  ref: string;
  note: string;
  section: string;
  position: number;
  /** Whether this viewer may open the item; the item's fields below must not be shown otherwise. */
  openable: boolean;
  itemRef: string;
  itemTitle: string;
  itemBlurb: string;
  imageRef: string | null;
}

/** The collection's entries in order, each with whether this viewer may open its item (the policy's SQL). */
export async function collectionEntries(db: Database, viewer: Viewer, collectionId: number, now: Date = new Date()): Promise<EntryRow[]> {
  return db
    .select({
      ref: collectionItems.ref,
      note: collectionItems.note,
      section: collectionItems.section,
      position: collectionItems.position,
      openable: sql<boolean>`(${openableCollectedItemsCondition(viewer, now)})`.mapWith(Boolean),
      itemRef: items.ref,
      itemTitle: items.title,
      itemBlurb: items.blurb,
      imageRef: firstImageRef,
    })
    .from(collectionItems)
    .innerJoin(items, eq(items.id, collectionItems.itemId))
    .where(eq(collectionItems.collectionId, collectionId))
    .orderBy(asc(collectionItems.section), asc(collectionItems.position), asc(collectionItems.id));
}

export interface NewCollection {
  title: string;
  description: string;
  public: boolean;
}

export async function createCollection(db: Database, userId: number, values: NewCollection): Promise<{ ref: string; title: string }> {
  const [row] = await db
    .insert(collections)
    .values({ userId, ...values })
    .returning({ ref: collections.ref, title: collections.title });
  return row!;
}

export async function updateCollection(db: Database, collectionId: number, values: Partial<NewCollection>): Promise<void> {
  await db
    .update(collections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(collections.id, collectionId));
}

/** To the trash with its entries and the shares of it (foreign keys cascade). */
export async function deleteCollection(db: Database, collectionId: number): Promise<void> {
  await db.transaction((tx) => moveToTrash(tx, 'collection', collectionId));
}

async function lockCollection(tx: Runner, collectionId: number): Promise<void> {
  await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId)).for('update');
}

async function touchCollection(tx: Runner, collectionId: number): Promise<void> {
  await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, collectionId));
}

export type AddOutcome = 'added' | 'duplicate';

/** Appends the item to the end of its section; an item is in a collection once (the unique index settles races). */
export async function addItemToCollection(db: Database, collectionId: number, itemId: number, entry: { note: string; section: string }): Promise<AddOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await lockCollection(tx, collectionId);
      const [already] = await tx
        .select({ id: collectionItems.id })
        .from(collectionItems)
        .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.itemId, itemId)))
        .limit(1);
      if (already) return 'duplicate';
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`count(*)::int` })
        .from(collectionItems)
        .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.section, entry.section)));
      await tx.insert(collectionItems).values({ collectionId, itemId, note: entry.note, section: entry.section, position: next });
      await touchCollection(tx, collectionId);
      return 'added' as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

export type CollectionEntryRecord = NonNullable<Awaited<ReturnType<typeof findCollectionEntry>>>;

/** A collection entry with the facts of its collection the policy needs. */
export async function findCollectionEntry(db: Database, ref: string) {
  const [row] = await db
    .select({
      id: collectionItems.id,
      ref: collectionItems.ref,
      section: collectionItems.section,
      collectionId: collections.id,
      collectionRef: collections.ref,
      userId: collections.userId,
      public: collections.public,
    })
    .from(collectionItems)
    .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
    .where(eq(collectionItems.ref, ref))
    .limit(1);
  return row ?? null;
}

export interface EntryChanges {
  note?: string;
  section?: string;
  /** Where in its (new) section the entry goes, from 0; past the end means last. */
  position?: number;
}

/**
 * Saves an entry's note, section and place in one transaction. Moving it (another section or a position) re-numbers
 * the sections it leaves and joins to 0..n-1, so they never have gaps or ties, and repairs any they had.
 */
export async function updateCollectionEntry(db: Database, entry: CollectionEntryRecord, changes: EntryChanges): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCollection(tx, entry.collectionId);
    // Read again under the lock: the entry may have moved since it was looked up.
    const [current] = await tx.select({ section: collectionItems.section }).from(collectionItems).where(eq(collectionItems.id, entry.id));
    if (!current) return;
    if (changes.note !== undefined) await tx.update(collectionItems).set({ note: changes.note }).where(eq(collectionItems.id, entry.id));
    const moves = changes.position !== undefined || (changes.section !== undefined && changes.section !== current.section);
    if (moves) await placeEntry(tx, entry.collectionId, entry.id, current.section, changes.section ?? current.section, changes.position ?? null);
    await touchCollection(tx, entry.collectionId);
  });
}

/** Removes the entry and closes the gap it leaves in its section. */
export async function removeCollectionEntry(db: Database, entry: CollectionEntryRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCollection(tx, entry.collectionId);
    const [removed] = await tx.delete(collectionItems).where(eq(collectionItems.id, entry.id)).returning({ section: collectionItems.section });
    if (!removed) return;
    const rest = await sectionRows(tx, entry.collectionId, removed.section);
    await renumber(tx, rest, removed.section);
    await touchCollection(tx, entry.collectionId);
  });
}

interface PlacedRow {
  id: number;
  section: string;
  position: number;
}

function sectionRows(tx: Runner, collectionId: number, section: string): Promise<PlacedRow[]> {
  return tx
    .select({ id: collectionItems.id, section: collectionItems.section, position: collectionItems.position })
    .from(collectionItems)
    .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.section, section)))
    .orderBy(asc(collectionItems.position), asc(collectionItems.id));
}

async function placeEntry(tx: Runner, collectionId: number, entryId: number, fromSection: string, toSection: string, position: number | null): Promise<void> {
  const leaving = await sectionRows(tx, collectionId, fromSection);
  const moved = leaving.find((row) => row.id === entryId)!;
  const others = (rows: PlacedRow[]) => rows.filter((row) => row.id !== entryId);
  const joining = fromSection === toSection ? others(leaving) : others(await sectionRows(tx, collectionId, toSection));
  const stayingAt = fromSection === toSection ? leaving.indexOf(moved) : joining.length;
  joining.splice(Math.min(position ?? stayingAt, joining.length), 0, moved);
  if (fromSection !== toSection) await renumber(tx, others(leaving), fromSection);
  await renumber(tx, joining, toSection);
}

/** Writes `section` and positions 0..n-1 in list order, only where they differ. */
async function renumber(tx: Runner, rows: PlacedRow[], section: string): Promise<void> {
  const changed = rows.map((row, position) => ({ ...row, newPosition: position })).filter((row) => row.position !== row.newPosition || row.section !== section);
  await writePositions(
    tx,
    ENTRY_POSITIONS,
    changed.map((row) => ({ id: row.id, position: row.newPosition })),
    { column: collectionItems.section, value: section },
  );
}

/** The collection share behind a shared link's `?share=` ref, if it is one. */
export async function findCollectionShare(db: Database, shareRef: string): Promise<{ collectionRef: string; expiresAt: Date | null } | null> {
  // Read from a page's raw query (`?share=`) before any route schema checks it.
  if (!REF_PATTERN.test(shareRef)) return null;
  const [row] = await db
    .select({ collectionRef: collections.ref, expiresAt: shares.expiresAt })
    .from(shares)
    .innerJoin(collections, eq(collections.id, shares.collectionId))
    .where(and(eq(shares.ref, shareRef), eq(shares.sharedType, 'collection')))
    .limit(1);
  return row ?? null;
}
