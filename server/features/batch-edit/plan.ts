/**
 * One chunk of a batch, planned and (when applying) written: the same code decides for the preview and for the run,
 * so what the preview says is what the run does (docs/decisions/curation.md "Batch edits"). An item is changed only when the
 * viewer may edit it and may set the value there, exactly as PATCH /i/{ref} and the tag routes decide.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { BatchRefusal } from '../../../shared/batch-edit';
import { VISIBILITY } from '../../../shared/enums';
import { canEditItem, itemAccessColumns, type ItemAccessFacts, type Viewer } from '../../access/policy';
import type { Database, Transaction } from '../../db/client';
import { items, itemTags, tags } from '../../db/schema';
import { itemFieldRestore } from '../item-editing';
import { BATCH_COLUMNS, type ResolvedAction } from './action';

interface BatchItem extends ItemAccessFacts {
  id: number;
  ref: string;
  reviewAfter: string | null;
}

export type ItemOutcome = { ref: string; outcome: 'changed' | 'unchanged' } | { ref: string; outcome: 'refused'; reason: BatchRefusal };

interface ChunkPlan {
  outcomes: ItemOutcome[];
  /** The ids of the items to change. */
  changing: number[];
}

/** Plans the chunk of refs and, when `write`, changes its items: call it in a transaction when writing. */
export async function runChunk(db: Database, viewer: Viewer, action: ResolvedAction, refs: string[], writing?: Transaction): Promise<ItemOutcome[]> {
  const source = writing ?? db;
  const found = await itemsByRef(source, refs, writing !== undefined);
  const plan = action.kind === 'set' ? planSet(viewer, action, refs, found) : await planTags(source, viewer, action, refs, found);
  if (writing && plan.changing.length > 0) await writeChunk(writing, action, plan.changing);
  return plan.outcomes;
}

async function itemsByRef(db: Database, refs: string[], lock: boolean): Promise<Map<string, BatchItem>> {
  const query = db
    .select({ id: items.id, ref: items.ref, reviewAfter: items.reviewAfter, ...itemAccessColumns })
    .from(items)
    .where(inArray(items.ref, refs));
  // Applying locks the rows it decides about, so no edit lands between the decision and the write. NO KEY UPDATE:
  // comments, affirmations and shares of these items (whose foreign keys only need the key to stay) go on meanwhile.
  const rows = lock ? await query.for('no key update') : await query;
  return new Map(rows.map((row) => [row.ref, row]));
}

/** The refs of items the viewer may edit, and the refusal of the others (an unknown ref reads as one not theirs). */
function editable(viewer: Viewer, refs: string[], found: Map<string, BatchItem>, outcomes: ItemOutcome[]): BatchItem[] {
  const result: BatchItem[] = [];
  for (const ref of refs) {
    const item = found.get(ref);
    if (item && canEditItem(viewer, item)) result.push(item);
    else outcomes.push({ ref, outcome: 'refused', reason: 'not_editable' });
  }
  return result;
}

function planSet(viewer: Viewer, action: Extract<ResolvedAction, { kind: 'set' }>, refs: string[], found: Map<string, BatchItem>): ChunkPlan {
  const outcomes: ItemOutcome[] = [];
  const changing: number[] = [];
  for (const item of editable(viewer, refs, found, outcomes)) {
    const refusal = setRefusal(viewer, action, item);
    if (refusal) outcomes.push({ ref: item.ref, outcome: 'refused', reason: refusal });
    else if (sameValue(item[BATCH_COLUMNS[action.column]], action.value)) outcomes.push({ ref: item.ref, outcome: 'unchanged' });
    else {
      outcomes.push({ ref: item.ref, outcome: 'changed' });
      changing.push(item.id);
    }
  }
  return { outcomes, changing };
}

/** Visibility and level are decided per item, as PATCH /i/{ref} decides (itemFieldRestore's rules). */
function setRefusal(viewer: Viewer, action: Extract<ResolvedAction, { kind: 'set' }>, item: BatchItem): BatchRefusal | null {
  if (action.column === 'visibility' && !itemFieldRestore(viewer, item, 'visibility', action.value)) {
    return item.visibility <= VISIBILITY.PENDING && Number(action.value) > VISIBILITY.PENDING ? 'cannot_publish' : 'visibility';
  }
  if (action.column === 'minimum_access_level' && !itemFieldRestore(viewer, item, 'minimum_access_level', action.value)) return 'access_level';
  return null;
}

function sameValue(current: unknown, wanted: unknown): boolean {
  if (current instanceof Date || wanted instanceof Date) return current instanceof Date && wanted instanceof Date && current.getTime() === wanted.getTime();
  return current === wanted;
}

async function planTags(
  db: Database,
  viewer: Viewer,
  action: Extract<ResolvedAction, { kind: 'add_tags' | 'remove_tags' }>,
  refs: string[],
  found: Map<string, BatchItem>,
): Promise<ChunkPlan> {
  const outcomes: ItemOutcome[] = [];
  const changing: number[] = [];
  const candidates = editable(viewer, refs, found, outcomes);
  const held = await tagsHeld(
    db,
    candidates.map((item) => item.id),
    [...new Set(action.tags.map((tag) => tag.taxonomyId))],
  );
  for (const item of candidates) {
    const mine = held.get(item.id) ?? [];
    const has = (tagId: number) => mine.some((link) => link.tagId === tagId);
    if (action.kind === 'add_tags') {
      if (action.tags.every((tag) => has(tag.id))) outcomes.push({ ref: item.ref, outcome: 'unchanged' });
      else {
        outcomes.push({ ref: item.ref, outcome: 'changed' });
        changing.push(item.id);
      }
      continue;
    }
    if (!action.tags.some((tag) => has(tag.id))) outcomes.push({ ref: item.ref, outcome: 'unchanged' });
    else if (losesLastRequiredTag(action.tags, mine)) outcomes.push({ ref: item.ref, outcome: 'refused', reason: 'required_taxonomy' });
    else {
      outcomes.push({ ref: item.ref, outcome: 'changed' });
      changing.push(item.id);
    }
  }
  return { outcomes, changing };
}

/** A required taxonomy never loses its last tag (as removing one tag on the item page decides). */
function losesLastRequiredTag(removed: { id: number; taxonomyId: number; required: boolean }[], held: { tagId: number; taxonomyId: number }[]): boolean {
  const removedIds = new Set(removed.map((tag) => tag.id));
  return removed.some(
    (tag) =>
      tag.required &&
      held.some((link) => link.taxonomyId === tag.taxonomyId) &&
      held.every((link) => link.taxonomyId !== tag.taxonomyId || removedIds.has(link.tagId)),
  );
}

async function tagsHeld(db: Database, itemIds: number[], taxonomyIds: number[]): Promise<Map<number, { tagId: number; taxonomyId: number }[]>> {
  const held = new Map<number, { tagId: number; taxonomyId: number }[]>();
  if (itemIds.length === 0) return held;
  const rows = await db
    .select({ itemId: itemTags.itemId, tagId: itemTags.tagId, taxonomyId: tags.taxonomyId })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(inArray(itemTags.itemId, itemIds), inArray(tags.taxonomyId, taxonomyIds)));
  for (const row of rows) held.set(row.itemId, [...(held.get(row.itemId) ?? []), row]);
  return held;
}

/** One statement per kind of write: the history trigger still records one row per item row changed. */
async function writeChunk(tx: Transaction, action: ResolvedAction, itemIds: number[]): Promise<void> {
  if (action.kind === 'set') {
    await tx
      .update(items)
      .set({ [BATCH_COLUMNS[action.column]]: action.value })
      .where(inArray(items.id, itemIds));
    return;
  }
  const tagIds = action.tags.map((tag) => tag.id);
  if (action.kind === 'remove_tags') {
    await tx.delete(itemTags).where(and(inArray(itemTags.itemId, itemIds), inArray(itemTags.tagId, tagIds)));
  } else {
    // A one-tag taxonomy keeps one: the added tag replaces the item's other tag there, as quick tagging does.
    for (const tag of action.tags.filter((each) => !each.multiselect)) {
      const others = tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.taxonomyId, tag.taxonomyId), notInArray(tags.id, [tag.id])));
      await tx.delete(itemTags).where(and(inArray(itemTags.itemId, itemIds), inArray(itemTags.tagId, others)));
    }
    await tx
      .insert(itemTags)
      .values(itemIds.flatMap((itemId) => tagIds.map((tagId) => ({ itemId, tagId }))))
      .onConflictDoNothing();
  }
  await tx
    .update(items)
    .set({ updatedAt: sql`now()` })
    .where(inArray(items.id, itemIds));
}
