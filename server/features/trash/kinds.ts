/**
 * The eight kinds of thing that go to the trash: the table each lives in, how the trash page names it and where it was,
 * what comes back into place after a restore (its position among its siblings), and how the rows that went with it
 * are named.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TRASH_PART_NAMES_SHOWN, type TrashKind, type TrashPart } from '../../../shared/trash';
import type { Database, Transaction } from '../../db/client';
import { renumberList, type OrderedList } from '../../db/positions';
import { affirmationOptions, characteristics, itemTags, tags, taxonomies } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import type { CapturedTable, RestoredTable, Row } from './row-graph';

type Runner = Pick<Database, 'execute' | 'select'>;

interface KindDefinition {
  table: string;
  /** What the trash page calls it and where it was. */
  describe(db: Runner, row: Row): Promise<{ title: string; context: string }>;
  /** Puts the restored row back at its place among its siblings; answers rows it had to leave out. */
  afterRestore?(tx: Transaction, row: Row): Promise<RestoredTable[] | void>;
}

const TITLE_LENGTH = 120;

function shortened(text: unknown, length = TITLE_LENGTH): string {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** The `column` of the row `table.id = id`, or '' when it is gone. */
async function nameOf(db: Runner, table: string, column: string, id: unknown): Promise<string> {
  if (id === null || id === undefined) return '';
  const rows = await sqlRows<{ name: string }>(
    db as Database,
    sql`select ${sql.identifier(column)}::text as name from ${sql.identifier(table)} where id = ${Number(id)}`,
  );
  return rows[0]?.name ?? '';
}

function tagSiblings(taxonomyId: number, parentId: number | null): OrderedList {
  return {
    table: tags,
    id: tags.id,
    position: tags.position,
    members: and(eq(tags.taxonomyId, taxonomyId), parentId === null ? isNull(tags.parentId) : eq(tags.parentId, parentId)),
  };
}

const TAXONOMY_ORDER: OrderedList = { table: taxonomies, id: taxonomies.id, position: taxonomies.position };
const CHARACTERISTIC_ORDER: OrderedList = { table: characteristics, id: characteristics.id, position: characteristics.position };
const AFFIRMATION_ORDER: OrderedList = { table: affirmationOptions, id: affirmationOptions.id, position: affirmationOptions.position };

export const TRASH_KIND_DEFINITIONS: Record<TrashKind, KindDefinition> = {
  item: {
    table: 'items',
    describe: async (_db, row) => ({ title: shortened(row.title), context: String(row.code ?? '') }),
  },
  collection: {
    table: 'collections',
    describe: async (db, row) => ({ title: shortened(row.title), context: await nameOf(db, 'users', 'name', row.user_id) }),
  },
  comment: {
    table: 'comments',
    describe: async (db, row) => ({ title: shortened(row.comment), context: shortened(await nameOf(db, 'items', 'title', row.item_id)) }),
  },
  tag: {
    table: 'tags',
    describe: async (db, row) => ({ title: shortened(row.label), context: await nameOf(db, 'taxonomies', 'title', row.taxonomy_id) }),
    // The tag's children became top-level tags when it went: they come back under it, and both lists close up. A parent
    // or child moved to another taxonomy since stays apart; in a one-tag taxonomy an item tagged otherwise since keeps
    // that tag.
    afterRestore: async (tx, row) => {
      const id = Number(row.id);
      const taxonomyId = Number(row.taxonomy_id);
      await tx.execute(sql`update ${tags} set parent_id = null where ${eq(tags.parentId, id)} and ${tags.taxonomyId} <> ${taxonomyId}`);
      const moved = await sqlRows<{ id: number }>(
        tx,
        sql`update ${tags} t set parent_id = null where t.id = ${id} and t.parent_id is not null
            and not exists (select 1 from ${tags} p where p.id = t.parent_id and p.taxonomy_id = t.taxonomy_id)
            returning t.id`,
      );
      const parentId = moved.length > 0 || row.parent_id === null ? null : Number(row.parent_id);
      await renumberList(tx, tagSiblings(taxonomyId, id));
      await renumberList(tx, tagSiblings(taxonomyId, parentId), { id, index: Number(row.position) });
      if (parentId !== null) await renumberList(tx, tagSiblings(taxonomyId, null));
      const dropped = await sqlRows<{ item_id: number }>(
        tx,
        sql`delete from ${itemTags} link where link.tag_id = ${id}
            and exists (select 1 from ${taxonomies} x where x.id = ${taxonomyId} and not x.multiselect)
            and exists (select 1 from ${itemTags} other join ${tags} t on t.id = other.tag_id
                        where other.item_id = link.item_id and other.tag_id <> ${id} and t.taxonomy_id = ${taxonomyId})
            returning link.item_id`,
      );
      return dropped.length > 0 ? [{ table: 'item_tags', restored: 0, skipped: dropped.length }] : [];
    },
  },
  taxonomy: {
    table: 'taxonomies',
    describe: async (_db, row) => ({ title: shortened(row.title), context: '' }),
    afterRestore: (tx, row) => renumberList(tx, TAXONOMY_ORDER, { id: Number(row.id), index: Number(row.position) }),
  },
  characteristic: {
    table: 'characteristics',
    describe: async (_db, row) => ({ title: shortened(row.title), context: '' }),
    afterRestore: (tx, row) => renumberList(tx, CHARACTERISTIC_ORDER, { id: Number(row.id), index: Number(row.position) }),
  },
  // A person goes with their sign-ins, collections, affirmations and follows, and comes back as they were; what they
  // made that stays (items, comments, shares) gets them back as its maker.
  user: {
    table: 'users',
    describe: async (_db, row) => ({ title: shortened(row.name), context: String(row.email ?? '') }),
  },
  // An affirmation option goes with every member's affirmation of it, and comes back with them.
  affirmation: {
    table: 'affirmation_options',
    describe: async (_db, row) => ({ title: shortened(row.title), context: row.is_negative ? 'Disapproval' : '' }),
    afterRestore: (tx, row) => renumberList(tx, AFFIRMATION_ORDER, { id: Number(row.id), index: Number(row.position) }),
  },
};

/** How the trash page names the rows of a table that went with something: by a column, or by a row they point at. */
interface PartNaming {
  /** One row, and more. */
  label: [string, string];
  column?: string;
  /** The rows point at these (the first whose table is not the deleted thing's own is used). */
  lookups?: Array<{ column: string; table: string; name: string }>;
}

const ITEM_LOOKUP = { column: 'item_id', table: 'items', name: 'title' };

const PART_NAMING: Record<string, PartNaming> = {
  contents: { label: ['file or link', 'files and links'], column: 'label' },
  item_images: { label: ['image', 'images'] },
  item_tags: { label: ['tag link', 'tag links'], lookups: [{ column: 'tag_id', table: 'tags', name: 'label' }, ITEM_LOOKUP] },
  item_characteristics: {
    label: ['characteristic value', 'characteristic values'],
    lookups: [{ column: 'characteristic_id', table: 'characteristics', name: 'title' }, ITEM_LOOKUP],
  },
  collection_items: {
    label: ['collection entry', 'collection entries'],
    lookups: [{ column: 'collection_id', table: 'collections', name: 'title' }, ITEM_LOOKUP],
  },
  comments: { label: ['comment', 'comments'], column: 'comment' },
  comment_flags: { label: ['flag', 'flags'] },
  tags: { label: ['tag', 'tags'], column: 'label' },
  tag_label_redirects: { label: ['old label', 'old labels'], column: 'label' },
  tasks: { label: ['task', 'tasks'], column: 'task' },
  shares: { label: ['share', 'shares'] },
  relations: { label: ['related item', 'related items'] },
  item_affirmations: { label: ['affirmation', 'affirmations'] },
  access_requests: { label: ['access request', 'access requests'] },
  item_views: { label: ['view', 'views'] },
  broken_external_link_alerts: { label: ['link check finding', 'link check findings'] },
  drive_health_findings: { label: ['drive check finding', 'drive check findings'] },
  follows: { label: ['follow', 'follows'] },
  characteristic_format_changes: { label: ['format change', 'format changes'] },
  collections: { label: ['collection', 'collections'], column: 'title' },
  identities: { label: ['sign-in account', 'sign-in accounts'], column: 'provider' },
  comment_removals: { label: ['record of a removed comment', 'records of removed comments'] },
};

function partLabel(table: string, count: number): string {
  const [one, more] = PART_NAMING[table]?.label ?? [table.replace(/_/g, ' '), table.replace(/_/g, ' ')];
  return `${count} ${count === 1 ? one : more}`;
}

/** The rows a restore could not bring back, in words: "2 tag links and 1 collection entry". */
export function lostPartsText(lost: Array<{ table: string; skipped: number }>): string {
  const phrases = lost.map(({ table, skipped }) => partLabel(table, skipped));
  if (phrases.length <= 1) return phrases[0] ?? '';
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}

/** What went with the deleted thing, table by table (the thing itself left out), with the first few names of each. */
export async function partsOf(db: Runner, tables: CapturedTable[]): Promise<TrashPart[]> {
  const [root, ...rest] = tables;
  const parts: TrashPart[] = [];
  for (const { table, rows } of rest) {
    const naming = PART_NAMING[table] ?? { label: ['', ''] };
    parts.push({
      label: partLabel(table, rows.length),
      count: rows.length,
      names: await namesOf(db, naming, rows.slice(0, TRASH_PART_NAMES_SHOWN), root!.table, tables),
    });
  }
  return parts;
}

async function namesOf(db: Runner, naming: PartNaming, rows: Row[], rootTable: string, tables: CapturedTable[]): Promise<string[]> {
  if (naming.column) return rows.map((row) => shortened(row[naming.column!], 80));
  const lookup = naming.lookups?.find((each) => each.table !== rootTable);
  if (!lookup) return [];
  const captured = tables.find((each) => each.table === lookup.table)?.rows ?? [];
  const names: string[] = [];
  for (const row of rows) {
    const target = row[lookup.column];
    const inGraph = captured.find((each) => each.id === target);
    const name = inGraph ? String(inGraph[lookup.name] ?? '') : await nameOf(db, lookup.table, lookup.name, target);
    const value = typeof row.value === 'string' ? `: ${row.value}` : '';
    names.push(shortened(`${name}${value}`, 80));
  }
  return names;
}
