/**
 * Merging a tag into another of its taxonomy (docs/decisions/curation.md "Merging tags and taxonomies as CSV"): its impact preview and
 * the merge itself, one transaction. Every item tagged with the source gets the target (once), the source's child tags
 * move under the target (after the target's own children), the source goes to the trash (where a restore splits the
 * merge back), and its lowercased label is kept in tag_label_redirects so /tag/{label} leads to the target
 * (discovery/tag-redirects.ts reads it).
 */
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROUTES } from '../../../shared/routes';
import { TAG_MERGE_MESSAGES, type TagMergePreview, type TagMergeTarget } from '../../../shared/tag-merge';
import type { Database, Transaction } from '../../db/client';
import { moveRedirects, redirectOldLabel } from './label-redirects';
import { renumberList, writePositions } from '../../db/positions';
import { follows, itemTags, tags } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import { moveToTrash } from '../trash';
import { treeOrder } from '../../lib/tree-order';
import { siblingsOf, taxonomyTagRows, type TagRow } from './queries';

/** The source tag and every tag below it (ids): none of them can be the target. */
function subtreeIds(rows: readonly TagRow[], sourceId: number): Set<number> {
  const below = new Set([sourceId]);
  for (const { row } of treeOrder(rows)) if (row.parentId !== null && below.has(row.parentId)) below.add(row.id);
  // treeOrder visits parents first, so one pass finds every descendant.
  return below;
}

/** The tags of the source's taxonomy it may be merged into, in tree order, labelled 'Parent > Child'. */
export async function mergeTargets(db: Database, source: TagRow): Promise<TagMergeTarget[]> {
  const rows = await taxonomyTagRows(db, source.taxonomyId);
  const blocked = subtreeIds(rows, source.id);
  return treeOrder(rows)
    .filter(({ row }) => !blocked.has(row.id))
    .map(({ row, parent }) => ({ ref: row.ref, fullLabel: parent ? `${parent.label} > ${row.label}` : row.label }));
}

export type MergeTargetCheck = { ok: true; target: TagRow } | { ok: false; message: string };

/** The target `ref` names, if the source may be merged into it: another tag of its taxonomy, not below it. */
export async function checkMergeTarget(db: Database, source: TagRow, targetRef: string): Promise<MergeTargetCheck> {
  if (targetRef === '') return { ok: false, message: TAG_MERGE_MESSAGES.targetRequired };
  const rows = await taxonomyTagRows(db, source.taxonomyId);
  const target = rows.find((row) => row.ref === targetRef);
  if (!target || target.id === source.id) return { ok: false, message: TAG_MERGE_MESSAGES.targetUnknown };
  if (subtreeIds(rows, source.id).has(target.id)) return { ok: false, message: TAG_MERGE_MESSAGES.targetBelow };
  return { ok: true, target };
}

/** /tag/{label}: the path of a tag's page. */
export function tagPagePath(label: string): string {
  return ROUTES.tag.path({ label: label.toLowerCase() });
}

/** What merging `source` into `target` would change, counted now (admins see every item, so the counts are over all). */
export async function mergePreview(db: Database, source: TagRow, target: TagRow): Promise<TagMergePreview> {
  const targetLinks = alias(itemTags, 'target_links');
  const [counts] = await db
    .select({ items: count(), alreadyTagged: count(targetLinks.itemId) })
    .from(itemTags)
    .leftJoin(targetLinks, and(eq(targetLinks.itemId, itemTags.itemId), eq(targetLinks.tagId, target.id)))
    .where(eq(itemTags.tagId, source.id));
  const childTags = await db.$count(tags, eq(tags.parentId, source.id));
  return {
    targetRef: target.ref,
    targetLabel: target.label,
    items: Number(counts?.items ?? 0),
    alreadyTagged: Number(counts?.alreadyTagged ?? 0),
    childTags: Number(childTags),
    oldPath: tagPagePath(source.label),
    newPath: tagPagePath(target.label),
  };
}

/**
 * Merges `sourceId` into `targetId` in one transaction, checked again inside it against the tree as it is then (a
 * concurrent move or delete cannot slip between the check and the write). The item links are written in item order
 * (the lock order, server/db/client.ts). The source goes to the trash with its own links (so each item's history names
 * both tags) and with what the merge moved (`MergedInto`): restoring it there splits the merge back.
 * 'gone' when either tag no longer exists.
 */
export async function mergeTag(db: Database, sourceId: number, targetId: number): Promise<'merged' | 'gone' | { refused: string }> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(tags).where(eq(tags.id, sourceId)).for('update');
    const [target] = await tx.select().from(tags).where(eq(tags.id, targetId)).for('update');
    if (!source || !target) return 'gone' as const;
    const check = await checkMergeTarget(tx, source, target.ref);
    if (!check.ok) return { refused: check.message };
    const added = await sqlRows<{ item_id: number }>(
      tx,
      sql`
      insert into ${itemTags} (item_id, tag_id)
      select ${itemTags.itemId}, ${target.id}::integer from ${itemTags} where ${itemTags.tagId} = ${source.id}
      order by ${itemTags.itemId}
      on conflict do nothing
      returning item_id`,
    );
    const movedChildIds = await moveChildrenUnder(tx, source, target);
    const movedRedirectLabels = await keepRedirects(tx, source, target);
    const movedFollowUserIds = await moveFollows(tx, source, target);
    await moveToTrash(tx, 'tag', source.id, {
      merge: {
        targetTagId: target.id,
        targetLabel: target.label,
        addedItemIds: added.map((row) => row.item_id),
        movedChildIds,
        movedFollowUserIds,
        movedRedirectLabels,
      },
    });
    await renumberList(tx, siblingsOf(source.taxonomyId, source.parentId));
    return 'merged' as const;
  });
}

/**
 * Whoever followed the source follows the target; someone who followed both keeps their one follow of the target (the
 * source's goes to the trash with it). Answers the people whose follow moved.
 */
async function moveFollows(tx: Transaction, source: TagRow, target: TagRow): Promise<number[]> {
  const moved = await tx
    .update(follows)
    .set({ tagId: target.id })
    .where(and(eq(follows.tagId, source.id), sql`${follows.userId} not in (select ${follows.userId} from ${follows} where ${follows.tagId} = ${target.id})`))
    .returning({ userId: follows.userId });
  return moved.map((row) => row.userId);
}

/** The source's children, in their order, go last among the target's. Answers them, in that order. */
async function moveChildrenUnder(tx: Transaction, source: TagRow, target: TagRow): Promise<number[]> {
  const children = await tx.select({ id: tags.id }).from(tags).where(eq(tags.parentId, source.id)).orderBy(asc(tags.position), asc(tags.id));
  if (children.length === 0) return [];
  const [last] = await tx
    .select({ position: max(tags.position) })
    .from(tags)
    .where(eq(tags.parentId, target.id));
  const first = (last?.position ?? -1) + 1;
  const placed = children.map((child, index) => ({ id: child.id, position: first + index }));
  await writePositions(tx, { table: tags, id: tags.id, position: tags.position }, placed, { column: tags.parentId, value: target.id });
  return children.map((child) => child.id);
}

/**
 * /tag/{source label} leads to the target from now on, and so do the labels that led to the source (before its delete
 * takes them). Answers those labels.
 */
async function keepRedirects(tx: Transaction, source: TagRow, target: TagRow): Promise<string[]> {
  const moved = await moveRedirects(tx, source.id, target.id);
  await redirectOldLabel(tx, source.label, target.label, target.id);
  return moved;
}
