/**
 * Moving a deleted thing to the trash, restoring it whole, and deleting it for good (docs/decisions/curation.md "A trash instead of loss"). Each runs in one transaction; the drive's bin and image files are dealt with after the commit,
 * so a rolled-back delete or restore never moves a file.
 */
import { eq, sql } from 'drizzle-orm';
import type { TrashKind } from '../../../shared/trash';
import type { Database, Transaction } from '../../db/client';
import { currentChangeContext } from '../../db/change-context';
import { isUniqueViolation } from '../../db/errors';
import { sqlRows } from '../../db/sql-rows';
import { items, trashEntries } from '../../db/schema';
import { partsOf, TRASH_KIND_DEFINITIONS } from './kinds';
import { splitMerge, type MergedInto } from './merges';
import {
  captureRowGraph,
  deleteRowGraph,
  MissingParentError,
  restoreRowGraph,
  type CapturedTable,
  type Relink,
  type RestoredTable,
  type Row,
} from './row-graph';

type Runner = Pick<Database, 'execute' | 'select' | 'insert'>;

/** What a delete put in the trash: its drive folder goes to the drive's bin once the delete is committed. */
export interface Trashed {
  ref: string;
  title: string;
  driveFolderId: string | null;
}

/** How a thing went to the trash, beyond being deleted: a tag merged into another, a person who deleted their own account. */
export interface TrashedHow {
  merge?: MergedInto;
  selfDeleted?: boolean;
}

/**
 * Deletes the row `kind` `id` with everything its foreign keys cascade to, keeping all of it in the trash; clears
 * the references that stay (as the foreign keys would). Null when the row is already gone. Call it in the delete's
 * transaction: the row is locked before it is read, so nothing is added under it unseen.
 */
export async function moveToTrash(tx: Runner, kind: TrashKind, id: number, how: TrashedHow = {}): Promise<Trashed | null> {
  const { merge } = how;
  const selfDeleted = kind === 'user' && how.selfDeleted === true;
  const definition = TRASH_KIND_DEFINITIONS[kind];
  const graph = await captureRowGraph(tx, definition.table, id);
  if (!graph) return null;
  const root = graph.tables[0]!.rows[0]!;
  const described = await definition.describe(tx, root);
  const { title } = described;
  const context = merge ? `Merged into ${merge.targetLabel}` : described.context;
  const parts = await partsOf(tx, graph.tables);
  for (const relink of graph.relinks) await clearRelink(tx, relink);
  await deleteRowGraph(tx, graph);
  const change = currentChangeContext();
  const driveFolderId = await ownDriveFolder(tx, root);
  const [entry] = await tx
    .insert(trashEntries)
    .values({
      kind,
      subjectId: id,
      title: title || '(untitled)',
      context,
      parts,
      rows: graph.tables,
      relinks: graph.relinks,
      driveFolderId,
      mergedInto: merge ?? null,
      // A person's own row is gone by now: the entry names them by `selfDeleted` instead.
      deletedByUserId: selfDeleted ? null : (change?.actor ?? null),
      impersonatorUserId: change?.impersonator ?? null,
      selfDeleted,
    })
    .returning({ ref: trashEntries.ref, title: trashEntries.title });
  return { ref: entry!.ref, title: entry!.title, driveFolderId };
}

/** An item's drive folder, unless another item uses it too (its files are that item's as well). */
async function ownDriveFolder(tx: Runner, root: Row): Promise<string | null> {
  const folder = root.google_drive_folder_id;
  if (typeof folder !== 'string' || folder === '') return null;
  const [shared] = await tx.select({ id: items.id }).from(items).where(eq(items.googleDriveFolderId, folder)).limit(1);
  return shared ? null : folder;
}

/** A reference without a foreign key (users.person_item_id) is cleared here; for the others this is what the delete does anyway. */
async function clearRelink(tx: Runner, relink: Relink): Promise<void> {
  const keyMatch = Object.entries(relink.key).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  await tx.execute(sql`update ${sql.identifier(relink.table)} set ${sql.identifier(relink.column)} = null where ${sql.join(keyMatch, sql` and `)}`);
}

export type RestoreOutcome =
  | { ok: true; kind: TrashKind; title: string; lost: RestoredTable[]; driveFolderId: string | null }
  | { ok: false; reason: 'gone' }
  | { ok: false; reason: 'parent-gone'; parent: string }
  | { ok: false; reason: 'clash' };

class RestoreRefused extends Error {
  constructor(readonly outcome: Extract<RestoreOutcome, { ok: false }>) {
    super(outcome.reason);
  }
}

/** What a trash entry's parent table is called in the refusal ("the item it belonged to is gone"). */
const PARENT_NAMES: Record<string, string> = {
  items: 'item',
  taxonomies: 'taxonomy',
  users: 'person',
  collections: 'collection',
  tags: 'tag',
  characteristics: 'characteristic',
};

/**
 * Writes the entry's rows back with their ids and takes it out of the trash, in one transaction: the entry is deleted
 * first, so two admins restoring it at once restore it once. Refused, changing nothing, when what it belonged to is
 * gone or something made since has its name.
 */
export async function restoreFromTrash(db: Database, ref: string): Promise<RestoreOutcome> {
  try {
    return await db.transaction((tx) => restoreEntry(tx, ref));
  } catch (error) {
    if (error instanceof RestoreRefused) return error.outcome;
    throw error;
  }
}

/**
 * As `restoreFromTrash`, inside the caller's transaction (a person signing in comes back in their sign-in's), as a
 * savepoint: a refused restore changes nothing and the caller's transaction goes on.
 */
export async function restoreInTransaction(tx: Transaction, ref: string): Promise<RestoreOutcome> {
  try {
    return await tx.transaction((savepoint) => restoreEntry(savepoint, ref));
  } catch (error) {
    if (error instanceof RestoreRefused) return error.outcome;
    throw error;
  }
}

async function restoreEntry(tx: Transaction, ref: string): Promise<Extract<RestoreOutcome, { ok: true }>> {
  const [entry] = await tx.delete(trashEntries).where(eq(trashEntries.ref, ref)).returning();
  if (!entry) throw new RestoreRefused({ ok: false, reason: 'gone' });
  const kind = entry.kind as TrashKind;
  const tables = entry.rows as CapturedTable[];
  const restored = await restoreRowGraph(tx, { tables, relinks: entry.relinks as Relink[] }).catch((error: unknown) => {
    if (error instanceof MissingParentError)
      throw new RestoreRefused({ ok: false, reason: 'parent-gone', parent: PARENT_NAMES[error.parentTable] ?? error.parentTable });
    if (isUniqueViolation(error)) throw new RestoreRefused({ ok: false, reason: 'clash' });
    throw error;
  });
  const root = tables[0]!.rows[0]!;
  // A merged tag splits back before its place is settled: until then its items hold the target in its taxonomy.
  if (entry.mergedInto) await splitMerge(tx, Number(root.id), String(root.label), entry.mergedInto as MergedInto);
  const leftOut = (await TRASH_KIND_DEFINITIONS[kind].afterRestore?.(tx, root)) ?? [];
  return { ok: true as const, kind, title: entry.title, lost: lostOf([...restored, ...leftOut]), driveFolderId: entry.driveFolderId };
}

/** The rows left out, one count per table. */
function lostOf(tables: RestoredTable[]): RestoredTable[] {
  const byTable = new Map<string, RestoredTable>();
  for (const { table, restored, skipped } of tables) {
    const known = byTable.get(table) ?? { table, restored: 0, skipped: 0 };
    byTable.set(table, { table, restored: known.restored + restored, skipped: known.skipped + skipped });
  }
  return [...byTable.values()].filter((table) => table.skipped > 0);
}

/** The image store keys of the uploaded images of items in the trash: their files stay until the purge. */
export async function trashedImageKeys(db: Pick<Database, 'execute'>): Promise<string[]> {
  const rows = await sqlRows<{ key: string }>(
    db as Database,
    sql`select image ->> 'storage_key' as key
        from ${trashEntries}, jsonb_array_elements(jsonb_path_query_array(${trashEntries.rows}, '$[*] ? (@.table == "item_images").rows[*]')) image
        where ${trashEntries.kind} = 'item' and image ->> 'source' = 'upload'`,
  );
  return rows.map((row) => row.key);
}
