/**
 * A taxonomy's tags from CSV (docs/decisions/curation.md "Merging tags and taxonomies as CSV"): the file read with csv-parse, the
 * plan of what it changes (adds, renames, moves, re-orders, the filtering flag; deletes only when asked), and its
 * application in one transaction that plans again from the tree as it is then and applies only if that plan is the
 * one previewed (its fingerprint). A file with any error changes nothing and says what is wrong, row by row.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  TAXONOMY_CSV_COLUMNS,
  TAXONOMY_CSV_ERRORS_SHOWN,
  TAXONOMY_CSV_MAX_ROWS,
  TAXONOMY_CSV_MESSAGES as MESSAGES,
  type TaxonomyCsvColumn,
  type TaxonomyCsvPreview,
} from '../../../shared/taxonomy-csv';
import { TAG_LABEL_MAX } from '../../../shared/taxonomies-admin';
import type { Database, Transaction } from '../../db/client';
import { itemTags, tags, taxonomies } from '../../db/schema';
import { treeOrder } from '../../lib/tree-order';
import type { TagRow } from './queries';
import { moveToTrash } from '../trash';
import { redirectOldLabel } from './label-redirects';

/** One row of the file, as read: null where its column is absent (or, for position and the flag, its cell empty). */
export interface CsvTagRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  ref: string | null;
  label: string;
  /** The parent's label, '' for the top level; null when the file has no parent column (the tag keeps its parent). */
  parent: string | null;
  position: number | null;
  forceShow: boolean | null;
}

export type ReadResult = { ok: true; rows: CsvTagRow[] } | { ok: false; message: string };

/** A cell the export guarded against formulas ('=1) reads back as written (=1). */
function unguarded(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const FLAG_VALUES: Record<string, boolean> = { yes: true, true: true, '1': true, no: false, false: false, '0': false };

function errorsText(errors: string[]): string {
  const shown = errors.slice(0, TAXONOMY_CSV_ERRORS_SHOWN);
  if (errors.length > shown.length) shown.push(MESSAGES.moreErrors(errors.length - shown.length));
  return shown.join('\n');
}

/** Reads the file: a header row naming known columns (label among them), then one tag a row. */
export function readTaxonomyCsv(text: string): ReadResult {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 });
  } catch (error) {
    return { ok: false, message: MESSAGES.unreadable(error instanceof Error ? error.message : String(error)) };
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, message: MESSAGES.empty };
  const names = header.map((name) => name.toLowerCase());
  for (const [index, name] of names.entries()) {
    if (!(TAXONOMY_CSV_COLUMNS as readonly string[]).includes(name)) return { ok: false, message: MESSAGES.unknownColumn(header[index]) };
    if (names.indexOf(name) !== index) return { ok: false, message: MESSAGES.repeatedColumn(header[index]) };
  }
  if (!names.includes('label')) return { ok: false, message: MESSAGES.noLabelColumn };
  if (body.length > TAXONOMY_CSV_MAX_ROWS) return { ok: false, message: MESSAGES.tooManyRows };
  const column = (record: string[], name: TaxonomyCsvColumn): string | null => {
    const index = names.indexOf(name);
    return index === -1 ? null : unguarded(record[index] ?? '');
  };
  const errors: string[] = [];
  const rows = body.map((record, index): CsvTagRow => {
    const row = index + 2;
    const label = column(record, 'label') ?? '';
    if (label === '') errors.push(MESSAGES.labelRequired(row));
    else if (label.length > TAG_LABEL_MAX) errors.push(MESSAGES.labelTooLong(row, TAG_LABEL_MAX));
    const position = column(record, 'position');
    if (position && !/^\d{1,6}$/.test(position)) errors.push(MESSAGES.positionInvalid(row));
    const flag = column(record, 'force_show_in_filtering')?.toLowerCase() ?? '';
    if (flag !== '' && !(flag in FLAG_VALUES)) errors.push(MESSAGES.flagInvalid(row));
    return {
      row,
      ref: column(record, 'ref') || null,
      label,
      parent: column(record, 'parent'),
      position: position && /^\d{1,6}$/.test(position) ? Number(position) : null,
      forceShow: flag in FLAG_VALUES ? FLAG_VALUES[flag] : null,
    };
  });
  return errors.length > 0 ? { ok: false, message: errorsText(errors) } : { ok: true, rows };
}

/** A tag of the result: an existing one (id) or a new one (null), where it goes and what it is called. */
interface PlannedTag {
  id: number | null;
  label: string;
  /** Index into `tags` of its parent, or null at the top level. */
  parent: number | null;
  position: number;
  forceShow: boolean;
}

export interface ImportPlan {
  tags: PlannedTag[];
  deleteIds: number[];
  renamedIds: number[];
  preview: Omit<TaxonomyCsvPreview, 'fingerprint' | 'deletes'> & { deletes: { id: number; label: string }[] };
}

const lower = (label: string) => label.toLowerCase();

/** Each row's existing tag: by ref first, then by label among the tags no ref claimed. */
function matchRows(existing: readonly TagRow[], rows: readonly CsvTagRow[], errors: string[]): (TagRow | null)[] {
  const byRef = new Map(existing.map((tag) => [tag.ref, tag]));
  const claimed = new Set<number>();
  const matches = rows.map((row) => {
    if (row.ref === null) return null;
    const tag = byRef.get(row.ref);
    if (!tag) errors.push(MESSAGES.refUnknown(row.row, row.ref));
    else if (claimed.has(tag.id)) errors.push(MESSAGES.refRepeated(row.row, row.ref));
    else {
      claimed.add(tag.id);
      return tag;
    }
    return null;
  });
  return matches.map((match, index) => {
    if (match || rows[index].ref !== null) return match;
    const tag = existing.find((candidate) => !claimed.has(candidate.id) && lower(candidate.label) === lower(rows[index].label));
    if (tag) claimed.add(tag.id);
    return tag ?? null;
  });
}

/** Whether the parents make a cycle: a planned tag under itself. */
function inCycle(planned: readonly PlannedTag[], start: number): boolean {
  const seen = new Set<number>();
  for (let current: number | null = planned[start].parent; current !== null; current = planned[current].parent) {
    if (current === start || seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}

/** Each tag's index among its current siblings (tree order puts siblings by position, then id). */
function currentIndexes(existing: readonly TagRow[]): Map<number, number> {
  const indexes = new Map<number, number>();
  const counters = new Map<number | null, number>();
  for (const { row } of treeOrder(existing)) {
    const next = counters.get(row.parentId) ?? 0;
    indexes.set(row.id, next);
    counters.set(row.parentId, next + 1);
  }
  return indexes;
}

/**
 * What importing `rows` into a taxonomy holding `existing` does, or every reason it cannot. The result keeps every tag
 * the file does not name (unless `deleteMissing`), where it is; file rows without a position keep a tag's place under
 * the same parent and put a new or moved one last.
 */
export function planImport(
  existing: readonly TagRow[],
  rows: readonly CsvTagRow[],
  deleteMissing: boolean,
): { ok: true; plan: ImportPlan } | { ok: false; message: string } {
  const errors: string[] = [];
  const matches = matchRows(existing, rows, errors);
  const matchedIds = new Set(matches.flatMap((tag) => (tag ? [tag.id] : [])));
  const kept = deleteMissing ? [] : existing.filter((tag) => !matchedIds.has(tag.id));
  const deleted = deleteMissing ? treeOrder(existing).flatMap(({ row }) => (matchedIds.has(row.id) ? [] : [row])) : [];

  // The result's tags: the file's rows in order, then the tags kept as they are.
  const planned: PlannedTag[] = [
    ...rows.map((row, index) => ({
      id: matches[index]?.id ?? null,
      label: row.label,
      parent: null,
      position: 0,
      forceShow: row.forceShow ?? matches[index]?.forceShowInFiltering ?? false,
    })),
    ...kept.map((tag) => ({ id: tag.id, label: tag.label, parent: null, position: 0, forceShow: tag.forceShowInFiltering })),
  ];
  const byLabel = new Map<string, number>();
  planned.forEach((tag, index) => {
    const earlier = byLabel.get(lower(tag.label));
    if (earlier === undefined) byLabel.set(lower(tag.label), index);
    else if (index < rows.length)
      errors.push(earlier < rows.length ? MESSAGES.labelRepeated(rows[index].row, tag.label) : MESSAGES.labelTaken(rows[index].row, tag.label));
    else if (earlier < rows.length) errors.push(MESSAGES.labelTaken(rows[earlier].row, tag.label));
  });
  const indexOfId = new Map(planned.flatMap((tag, index) => (tag.id === null ? [] : [[tag.id, index] as const])));
  const existingById = new Map(existing.map((tag) => [tag.id, tag]));
  const currentParent = (id: number | null) => {
    const parentId = id === null ? null : (existingById.get(id)?.parentId ?? null);
    return parentId === null ? null : (indexOfId.get(parentId) ?? null);
  };
  planned.forEach((tag, index) => {
    const row = index < rows.length ? rows[index] : null;
    if (row === null || row.parent === null) tag.parent = currentParent(tag.id);
    else if (row.parent === '') tag.parent = null;
    else {
      const parent = byLabel.get(lower(row.parent));
      if (parent === undefined) errors.push(MESSAGES.parentUnknown(row.row, row.parent));
      else tag.parent = parent;
    }
  });
  planned.forEach((tag, index) => {
    if (index < rows.length && inCycle(planned, index)) errors.push(MESSAGES.parentCycle(rows[index].row, tag.label));
  });
  if (errors.length > 0) return { ok: false, message: errorsText(errors) };
  placeSiblings(planned, rows, existing);
  return { ok: true, plan: describe(planned, rows, existing, deleted, deleteMissing) };
}

/** Positions 0..n-1 under each parent: an explicit position first, else the tag's current place when its parent stays, else last. */
function placeSiblings(planned: PlannedTag[], rows: readonly CsvTagRow[], existing: readonly TagRow[]): void {
  const indexes = currentIndexes(existing);
  const parentOf = new Map(existing.map((tag) => [tag.id, tag.parentId]));
  const parentId = (tag: PlannedTag) => (tag.parent === null ? null : planned[tag.parent].id);
  const key = (tag: PlannedTag, index: number): [number, number, number] => {
    const explicit = index < rows.length ? rows[index].position : null;
    const stays = tag.id !== null && parentOf.get(tag.id) === parentId(tag);
    const place = explicit ?? (stays ? indexes.get(tag.id!)! : Number.MAX_SAFE_INTEGER);
    return [place, index < rows.length ? 0 : 1, index];
  };
  const groups = new Map<number | null, number[]>();
  planned.forEach((tag, index) => groups.set(tag.parent, [...(groups.get(tag.parent) ?? []), index]));
  for (const members of groups.values()) {
    const sorted = members
      .map((index) => ({ index, key: key(planned[index], index) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
    sorted.forEach(({ index }, position) => (planned[index].position = position));
  }
}

function describe(
  planned: PlannedTag[],
  rows: readonly CsvTagRow[],
  existing: readonly TagRow[],
  deleted: readonly TagRow[],
  deleteMissing: boolean,
): ImportPlan {
  const byId = new Map(existing.map((tag) => [tag.id, tag]));
  const indexes = currentIndexes(existing);
  const labelOfExisting = (id: number | null) => (id === null ? '' : (byId.get(id)?.label ?? ''));
  const parentLabel = (tag: PlannedTag) => (tag.parent === null ? '' : planned[tag.parent].label);
  const preview: ImportPlan['preview'] = { adds: [], renames: [], moves: [], reorders: [], forceShow: [], deletes: [], unchanged: 0, deleteMissing };
  const renamedIds: number[] = [];
  planned.forEach((tag, index) => {
    const before = tag.id === null ? undefined : byId.get(tag.id);
    if (!before) {
      preview.adds.push({ label: tag.label, parent: parentLabel(tag) });
      return;
    }
    let changed = false;
    if (before.label !== tag.label) {
      preview.renames.push({ from: before.label, to: tag.label });
      renamedIds.push(before.id);
      changed = true;
    }
    const parentId = tag.parent === null ? null : planned[tag.parent].id;
    if (parentId !== before.parentId) {
      preview.moves.push({ label: tag.label, from: labelOfExisting(before.parentId), to: parentLabel(tag) });
      changed = true;
    } else if (indexes.get(before.id) !== tag.position) {
      preview.reorders.push(tag.label);
      changed = true;
    }
    if (before.forceShowInFiltering !== tag.forceShow) {
      preview.forceShow.push({ label: tag.label, value: tag.forceShow });
      changed = true;
    }
    if (!changed && index < rows.length) preview.unchanged += 1;
  });
  preview.deletes = deleted.map((tag) => ({ id: tag.id, label: tag.label }));
  return { tags: planned, deleteIds: deleted.map((tag) => tag.id), renamedIds, preview };
}

/** What the preview and Apply both plan from: the file, the choice, and the taxonomy's tags as they are. */
function fingerprintOf(existing: readonly TagRow[], csv: string, deleteMissing: boolean): string {
  const state = existing.map((tag) => [tag.id, tag.ref, tag.label, tag.parentId, tag.position, tag.forceShowInFiltering]);
  return createHash('sha256').update(JSON.stringify({ state, csv, deleteMissing })).digest('base64url');
}

async function tagsOf(db: Database, taxonomyId: number): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.taxonomyId, taxonomyId)).orderBy(asc(tags.position), asc(tags.id));
}

/** Items carrying a tag of the taxonomy, every one of which would be deleted: a required taxonomy refuses that. */
async function itemsLeftUntagged(db: Database, taxonomyId: number, deleteIds: number[]): Promise<number> {
  if (deleteIds.length === 0) return 0;
  const kept = alias(itemTags, 'kept_links');
  const keptTag = db
    .select({ one: sql`1` })
    .from(kept)
    .innerJoin(tags, eq(tags.id, kept.tagId))
    .where(and(eq(kept.itemId, itemTags.itemId), eq(tags.taxonomyId, taxonomyId), notInArray(kept.tagId, deleteIds)));
  const [row] = await db
    .select({ items: sql<number>`count(distinct ${itemTags.itemId})::int` })
    .from(itemTags)
    .where(and(inArray(itemTags.tagId, deleteIds), sql`not exists (${keptTag})`));
  return row?.items ?? 0;
}

export type PreviewResult = { ok: true; preview: TaxonomyCsvPreview } | { ok: false; message: string };

/** The preview of importing `csv`: what changes, or why it cannot. Reads only. */
export async function previewImport(db: Database, taxonomyId: number, csv: string, deleteMissing: boolean): Promise<PreviewResult & { plan?: ImportPlan }> {
  const read = readTaxonomyCsv(csv);
  if (!read.ok) return read;
  const [taxonomy] = await db.select().from(taxonomies).where(eq(taxonomies.id, taxonomyId));
  const existing = await tagsOf(db, taxonomyId);
  const planned = planImport(existing, read.rows, deleteMissing);
  if (!planned.ok) return planned;
  const { plan } = planned;
  if (taxonomy?.required) {
    const untagged = await itemsLeftUntagged(db, taxonomyId, plan.deleteIds);
    if (untagged > 0) return { ok: false, message: MESSAGES.leavesUntagged(untagged, taxonomy.title) };
  }
  const itemCounts = await deletedItemCounts(db, plan.deleteIds);
  const deletes = plan.preview.deletes.map(({ id, label }) => ({ label, itemCount: itemCounts.get(id) ?? 0 }));
  return { ok: true, plan, preview: { ...plan.preview, deletes, fingerprint: fingerprintOf(existing, csv, deleteMissing) } };
}

async function deletedItemCounts(db: Database, deleteIds: number[]): Promise<Map<number, number>> {
  if (deleteIds.length === 0) return new Map();
  const rows = await db.select({ tagId: itemTags.tagId, items: count() }).from(itemTags).where(inArray(itemTags.tagId, deleteIds)).groupBy(itemTags.tagId);
  return new Map(rows.map((row) => [row.tagId, Number(row.items)]));
}

/**
 * Applies the import previewed as `fingerprint`, in one transaction: planned again there, and refused ('changed') when
 * the taxonomy or the file is no longer what was previewed.
 */
export async function applyImport(
  db: Database,
  taxonomyId: number,
  csv: string,
  deleteMissing: boolean,
  fingerprint: string,
): Promise<{ ok: true; preview: TaxonomyCsvPreview } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const result = await previewImport(tx, taxonomyId, csv, deleteMissing);
    if (!result.ok) return result;
    if (result.preview.fingerprint !== fingerprint) return { ok: false as const, message: MESSAGES.changedSincePreview };
    await writePlan(tx, taxonomyId, result.plan!);
    return { ok: true as const, preview: result.preview };
  });
}

/**
 * Deletes first (to the trash, which takes their item links before the tags, so each item's history names the tag), then renamed tags take a
 * label no one can type (a control character and their ref) so that labels can swap without breaking the unique
 * index, then new tags are inserted, and one UPDATE gives every tag its label, parent, position and flag.
 */
async function writePlan(tx: Transaction, taxonomyId: number, plan: ImportPlan): Promise<void> {
  if (plan.deleteIds.length > 0) {
    for (const id of plan.deleteIds) await moveToTrash(tx, 'tag', id);
  }
  const oldLabels = plan.renamedIds.length === 0 ? [] : await tx.select({ id: tags.id, label: tags.label }).from(tags).where(inArray(tags.id, plan.renamedIds));
  if (plan.renamedIds.length > 0)
    await tx
      .update(tags)
      .set({ label: sql`chr(1) || ${tags.ref}` })
      .where(inArray(tags.id, plan.renamedIds));
  const ids = plan.tags.map((tag) => tag.id);
  const added = plan.tags.flatMap((tag, index) => (tag.id === null ? [index] : []));
  if (added.length > 0) {
    const inserted = await tx
      .insert(tags)
      .values(
        added.map((index) => ({
          taxonomyId,
          label: plan.tags[index].label,
          position: plan.tags[index].position,
          forceShowInFiltering: plan.tags[index].forceShow,
        })),
      )
      .returning({ id: tags.id });
    added.forEach((index, order) => (ids[index] = inserted[order].id));
  }
  const values = plan.tags.map((tag, index) => {
    const parentId = tag.parent === null ? null : ids[tag.parent];
    return sql`(${ids[index]}::integer, ${tag.label}::varchar, ${parentId}::integer, ${tag.position}::integer, ${tag.forceShow}::boolean)`;
  });
  if (values.length === 0) return;
  await tx.execute(sql`
    update ${tags} set label = planned.label, parent_id = planned.parent_id, position = planned.position, force_show_in_filtering = planned.force_show
    from (values ${sql.join(values, sql`, `)}) as planned(id, label, parent_id, position, force_show)
    where ${tags.id} = planned.id
      and (${tags.label}, ${tags.parentId}, ${tags.position}, ${tags.forceShowInFiltering})
        is distinct from (planned.label, planned.parent_id, planned.position, planned.force_show)`);
  // A renamed tag's old address leads to it, as one renamed on its own page does.
  for (const { id, label } of oldLabels) await redirectOldLabel(tx, label, plan.tags[ids.indexOf(id)]!.label, id);
}
