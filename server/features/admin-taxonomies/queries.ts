/** Reads and writes of the admin taxonomy and tag pages (docs/decisions/curation.md "Taxonomies and tags"). */
import { and, asc, count, eq, ilike, inArray, isNull, max, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type {
  AdminTag,
  AdminTaxonomyDetail,
  AdminTaxonomySummary,
  QuickTagRow,
  TagMoveTarget,
  TaxonomyField,
  TaxonomyUsage,
} from '../../../shared/taxonomies-admin';
import { alias } from 'drizzle-orm/pg-core';
import { renumberList, writePositions, type OrderedList, type PositionTarget } from '../../db/positions';
import { treeOrder } from '../../lib/tree-order';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { items, itemTags, tags, taxonomies } from '../../db/schema';
import { offsetAndLimit } from '../../lib/pagination';
import { tagFields } from '../discovery';
import { escapeLikePattern } from '../../db/like';
import { firstImageRef } from '../../items';
import { itemImageUrls } from '../../../shared/items';
import type { CreateTaxonomyInput } from './schemas';
import { moveToTrash } from '../trash';
import { redirectOldLabel } from './label-redirects';

const TAG_POSITIONS: PositionTarget = { table: tags, id: tags.id, position: tags.position };
const TAXONOMY_ORDER: OrderedList = { table: taxonomies, id: taxonomies.id, position: taxonomies.position };

type TaxonomyRow = typeof taxonomies.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

export interface TagRecord extends TagRow {
  taxonomyRef: string;
  taxonomyTitle: string;
  taxonomyRequired: boolean;
}

/** A race the pre-checks lost (two saves of one title or label at once) reads as 'taken', never a 500. */
export async function unlessTaken<T>(write: () => Promise<T>): Promise<T | 'taken'> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const COLUMN_OF: Record<TaxonomyField, keyof TaxonomyRow> = {
  title: 'title',
  usage_note: 'usageNote',
  required: 'required',
  multiselect: 'multiselect',
  public: 'public',
  show_in_filtering: 'showInFiltering',
};

function toTaxonomyFields(row: TaxonomyRow): Omit<AdminTaxonomySummary, 'tag_count'> {
  return {
    ref: row.ref,
    title: row.title,
    usage_note: row.usageNote,
    required: row.required,
    multiselect: row.multiselect,
    public: row.public,
    show_in_filtering: row.showInFiltering,
  };
}

export async function listTaxonomies(db: Database): Promise<AdminTaxonomySummary[]> {
  const tagCount = db.$count(tags, eq(tags.taxonomyId, taxonomies.id));
  const rows = await db.select({ taxonomy: taxonomies, tagCount }).from(taxonomies).orderBy(asc(taxonomies.position), asc(taxonomies.id));
  return rows.map(({ taxonomy, tagCount: total }) => ({ ...toTaxonomyFields(taxonomy), tag_count: Number(total) }));
}

export async function findTaxonomyByRef(db: Database, ref: string): Promise<TaxonomyRow | null> {
  const [row] = await db.select().from(taxonomies).where(eq(taxonomies.ref, ref));
  return row ?? null;
}

/** Whether another taxonomy already has this title (compared without case). */
export async function taxonomyTitleTaken(db: Database, title: string, exceptId: number | null = null): Promise<boolean> {
  const sameTitle = eq(sql`lower(${taxonomies.title})`, title.toLowerCase());
  const [row] = await db
    .select({ id: taxonomies.id })
    .from(taxonomies)
    .where(exceptId === null ? sameTitle : and(sameTitle, ne(taxonomies.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function createTaxonomy(db: Database, input: CreateTaxonomyInput): Promise<TaxonomyRow> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(taxonomies.position) }).from(taxonomies);
    const [created] = await tx
      .insert(taxonomies)
      .values({
        title: input.title,
        usageNote: input.usage_note,
        required: input.required,
        multiselect: input.multiselect,
        public: input.public,
        showInFiltering: input.show_in_filtering,
        position: (last?.position ?? -1) + 1,
      })
      .returning();
    return created!;
  });
}

export async function updateTaxonomyField(db: Database, id: number, field: TaxonomyField, value: string | boolean): Promise<void> {
  await db.transaction((tx) =>
    tx
      .update(taxonomies)
      .set({ [COLUMN_OF[field]]: value })
      .where(eq(taxonomies.id, id)),
  );
}

/**
 * To the trash with its tags (tags.taxonomy_id cascades), and with them every item's links to them (item_tags.tag_id
 * cascades); the taxonomies after it close the gap.
 */
export async function deleteTaxonomy(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await moveToTrash(tx, 'taxonomy', id);
    await renumberList(tx, TAXONOMY_ORDER);
  });
}

/** Drag or Move up / down: the taxonomy takes `index` in the list (past the end: last), renumbered 0..n-1 in one transaction. */
export async function repositionTaxonomy(db: Database, id: number, index: number): Promise<void> {
  await db.transaction(async (tx) => renumberList(tx, TAXONOMY_ORDER, { id, index }));
}

/** Every taxonomy with its tags in tree order: where the Move to… dialog can put a tag. */
export async function tagMoveTargets(db: Database): Promise<TagMoveTarget[]> {
  const [all, rows] = await Promise.all([
    db.select({ id: taxonomies.id, ref: taxonomies.ref, title: taxonomies.title }).from(taxonomies).orderBy(asc(taxonomies.position), asc(taxonomies.id)),
    db.select().from(tags).orderBy(asc(tags.position), asc(tags.id)),
  ]);
  return all.map((taxonomy) => ({
    ref: taxonomy.ref,
    title: taxonomy.title,
    tags: treeOrder(rows.filter((row) => row.taxonomyId === taxonomy.id)).map(({ row, parent }) => ({
      ref: row.ref,
      fullLabel: tagFields(row, parent).fullLabel,
    })),
  }));
}

export async function taxonomyTagRows(db: Database, taxonomyId: number): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.taxonomyId, taxonomyId)).orderBy(asc(tags.position), asc(tags.id));
}

/**
 * The taxonomy's tags with how many items carry each, in the one query that lists them (a correlated count per row,
 * served by item_tags' tag index). Admins see every item, so drafts and expired items count too.
 */
async function countedTagRows(db: Database, taxonomyId: number): Promise<{ rows: TagRow[]; itemCounts: Map<number, number> }> {
  const itemCount = db.$count(itemTags, eq(itemTags.tagId, tags.id));
  const counted = await db.select({ tag: tags, itemCount }).from(tags).where(eq(tags.taxonomyId, taxonomyId)).orderBy(asc(tags.position), asc(tags.id));
  return { rows: counted.map(({ tag }) => tag), itemCounts: new Map(counted.map(({ tag, itemCount: total }) => [tag.id, Number(total)])) };
}

/** The tags in tree order: each parent followed by its children, siblings by position. */
export function tagTree(rows: TagRow[], itemCounts: ReadonlyMap<number, number>): AdminTag[] {
  return treeOrder(rows).map(({ row, parent }) => toAdminTag(row, parent, itemCounts.get(row.id) ?? 0));
}

function toAdminTag(row: TagRow, parent: TagRow | undefined, itemCount: number): AdminTag {
  return { ...tagFields(row, parent), position: row.position, itemCount };
}

export async function taxonomyDetail(db: Database, taxonomy: TaxonomyRow): Promise<AdminTaxonomyDetail> {
  const { rows, itemCounts } = await countedTagRows(db, taxonomy.id);
  return { ...toTaxonomyFields(taxonomy), tags: tagTree(rows, itemCounts) };
}

/**
 * What the taxonomy page warns with before a change: how many items carry any tag of the taxonomy (what deleting it
 * takes), and how many carry none (what making it Required leaves untagged). Each tag's own count (what deleting the
 * tag takes) is its itemCount. Admins see every item, so the counts are over the whole library.
 */
export async function taxonomyUsage(db: Database, taxonomyId: number): Promise<TaxonomyUsage> {
  const hasTag = db
    .select({ one: sql`1` })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(eq(itemTags.itemId, items.id), eq(tags.taxonomyId, taxonomyId)));
  const [totals] = await db
    .select({
      tagged: sql<number>`count(*) filter (where exists (${hasTag}))::int`,
      untagged: sql<number>`count(*) filter (where not exists (${hasTag}))::int`,
    })
    .from(items);
  return {
    taggedItems: totals?.tagged ?? 0,
    untaggedItems: totals?.untagged ?? 0,
  };
}

export async function findTagByRef(db: Database, ref: string): Promise<TagRecord | null> {
  const [row] = await db
    .select({ tag: tags, taxonomyRef: taxonomies.ref, taxonomyTitle: taxonomies.title, taxonomyRequired: taxonomies.required })
    .from(tags)
    .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .where(eq(tags.ref, ref));
  return row ? { ...row.tag, taxonomyRef: row.taxonomyRef, taxonomyTitle: row.taxonomyTitle, taxonomyRequired: row.taxonomyRequired } : null;
}

export async function findTagInTaxonomy(db: Database, taxonomyId: number, ref: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.taxonomyId, taxonomyId), eq(tags.ref, ref)));
  return row;
}

/** Whether another tag of the taxonomy has this label (compared without case, as the unique index does). */
export async function tagLabelTaken(db: Database, taxonomyId: number, label: string, exceptId: number | null = null): Promise<boolean> {
  const conditions = [eq(tags.taxonomyId, taxonomyId), eq(sql`lower(${tags.label})`, label.toLowerCase())];
  if (exceptId !== null) conditions.push(ne(tags.id, exceptId));
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Whether putting `tagId` under `parent` would make it its own ancestor. */
export function makesCycle(rows: TagRow[], tagId: number, parent: TagRow): boolean {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<number>();
  for (let current: TagRow | undefined = parent; current; current = current.parentId === null ? undefined : byId.get(current.parentId)) {
    if (current.id === tagId || seen.has(current.id)) return true;
    seen.add(current.id);
  }
  return false;
}

/** A tag's siblings: the tags of its taxonomy under the same parent (or at the top level), ordered by position. */
export function siblingsOf(taxonomyId: number, parentId: number | null): OrderedList {
  return { ...TAG_POSITIONS, members: and(eq(tags.taxonomyId, taxonomyId), parentId === null ? isNull(tags.parentId) : eq(tags.parentId, parentId)) };
}

async function nextSiblingPosition(db: Database, taxonomyId: number, parentId: number | null): Promise<number> {
  const [last] = await db
    .select({ position: max(tags.position) })
    .from(tags)
    .where(siblingsOf(taxonomyId, parentId).members);
  return (last?.position ?? -1) + 1;
}

/** A new tag goes last among its siblings. */
export async function createTag(db: Database, taxonomyId: number, label: string, parentId: number | null): Promise<TagRow> {
  return db.transaction(async (tx) => {
    const position = await nextSiblingPosition(tx, taxonomyId, parentId);
    const [created] = await tx.insert(tags).values({ taxonomyId, label, parentId, position }).returning();
    return created!;
  });
}

/** Renames a tag; its old label's address leads to it from now on, as a merged tag's does. */
export async function updateTagLabel(db: Database, id: number, label: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ label: tags.label }).from(tags).where(eq(tags.id, id)).for('update');
    if (!before) return;
    await tx.update(tags).set({ label }).where(eq(tags.id, id));
    await redirectOldLabel(tx, before.label, label, id);
  });
}

export async function updateTagForceShow(db: Database, id: number, value: boolean): Promise<void> {
  await db.transaction((tx) => tx.update(tags).set({ forceShowInFiltering: value }).where(eq(tags.id, id)));
}

/** Items for which this tag is their only tag in the taxonomy: a required taxonomy's tag cannot go while any exist. */
export async function itemsLeftWithoutTag(db: Database, tag: TagRow): Promise<number> {
  const links = alias(itemTags, 'own_links');
  const otherTag = db
    .select({ one: sql`1` })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(eq(itemTags.itemId, links.itemId), eq(tags.taxonomyId, tag.taxonomyId), ne(tags.id, tag.id)));
  const [row] = await db
    .select({ total: count() })
    .from(links)
    .where(and(eq(links.tagId, tag.id), notExists(otherTag)));
  return Number(row?.total ?? 0);
}

/**
 * The tag goes to the trash with its item links (cascade); its children become top-level tags, placed after the existing ones. In a
 * required taxonomy it stays ('refused') while an item has no other tag there; the check and the delete are one transaction.
 */
export async function deleteTag(db: Database, tag: TagRow, required: boolean): Promise<'deleted' | 'refused'> {
  return db.transaction(async (tx) => {
    if (required && (await itemsLeftWithoutTag(tx, tag)) > 0) return 'refused' as const;
    const children = await tx.select({ id: tags.id }).from(tags).where(eq(tags.parentId, tag.id)).orderBy(asc(tags.position), asc(tags.id));
    await moveToTrash(tx, 'tag', tag.id);
    const first = await nextSiblingPosition(tx, tag.taxonomyId, null);
    const placed = children.map((child, index) => ({ id: child.id, position: first + index }));
    await writePositions(tx, TAG_POSITIONS, placed, { column: tags.parentId, value: null });
    await renumberList(tx, siblingsOf(tag.taxonomyId, tag.parentId));
    return 'deleted' as const;
  });
}

export interface MatrixRequest {
  taxonomyId: number;
  untaggedOnly: boolean;
  search: string;
  page: number;
  perPage: number;
}

/** Items (all of them, whatever their visibility: admins only) by title, with their tags in the taxonomy. */
export async function quickTagMatrix(db: Database, request: MatrixRequest): Promise<{ rows: QuickTagRow[]; total: number }> {
  const hasTag = db
    .select({ one: sql`1` })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .where(and(eq(itemTags.itemId, items.id), eq(tags.taxonomyId, request.taxonomyId)));
  const conditions: SQL[] = [];
  if (request.untaggedOnly) conditions.push(notExists(hasTag));
  if (request.search) conditions.push(ilike(items.title, `%${escapeLikePattern(request.search)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { offset, limit } = offsetAndLimit(request.page, request.perPage);
  const [totalRow] = await db.select({ total: count() }).from(items).where(where);
  const page = await db
    .select({ id: items.id, ref: items.ref, code: items.code, title: items.title, imageRef: firstImageRef })
    .from(items)
    .where(where)
    .orderBy(asc(sql`lower(${items.title})`), asc(items.id))
    .offset(offset)
    .limit(limit);
  const links =
    page.length === 0
      ? []
      : await db
          .select({ itemId: itemTags.itemId, tagRef: tags.ref })
          .from(itemTags)
          .innerJoin(tags, eq(tags.id, itemTags.tagId))
          .where(
            and(
              eq(tags.taxonomyId, request.taxonomyId),
              inArray(
                itemTags.itemId,
                page.map((row) => row.id),
              ),
            ),
          );
  return {
    total: Number(totalRow?.total ?? 0),
    rows: page.map((row) => ({
      ref: row.ref,
      code: row.code,
      title: row.title,
      thumbnailUrl: row.imageRef ? itemImageUrls(row.imageRef).public_thumbnail_large_url : null,
      tagRefs: links.filter((link) => link.itemId === row.id).map((link) => link.tagRef),
    })),
  };
}
