/**
 * A deleted thing's rows, whole: the row itself and every row its delete cascades to, found by following the
 * database's foreign keys (catalog.ts), and the references from rows that stay, which the delete clears. Captured in
 * the delete's transaction before the delete, and written back by `restoreRowGraph` with the same ids, so links from
 * elsewhere (a share's URL, the History) find it again.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { readCatalog, shapeOf, type Catalog, type Reference } from './catalog';

type Runner = Pick<Database, 'execute'>;
export type Row = Record<string, unknown>;

export interface CapturedTable {
  table: string;
  rows: Row[];
}

/** A row that stays but pointed at a captured row: the delete clears `column`, a restore sets it back to `value`. */
export interface Relink {
  table: string;
  column: string;
  key: Row;
  value: unknown;
}

export interface RowGraph {
  /** Parents before children, so they can be written back in this order. */
  tables: CapturedTable[];
  relinks: Relink[];
}

/** What one restore wrote back of each table, and what it could not (its parent, a tag say, is gone). */
export interface RestoredTable {
  table: string;
  restored: number;
  skipped: number;
}

/**
 * Columns that triggers keep from other tables (items.tag_ids from item_tags, migration 0017): written back empty, so
 * the triggers fill them from what is actually restored.
 */
const DERIVED_COLUMNS: Record<string, Record<string, SQL>> = {
  items: { tag_ids: sql`'{}'::integer[]` },
};

const identifier = (name: string) => sql.identifier(name);

/**
 * Rows never kept in the trash, which go for good with a deleted person (their foreign key's cascade): sessions, so a
 * restored person signs in again rather than finding a session revived; personal access tokens, so a program holding
 * one is not let in again by a restore; data exports, whose archives are swept meanwhile.
 */
const NEVER_KEPT = new Set(['sessions', 'personal_access_tokens', 'data_exports']);

/** `column = any(values)`, the values passed as one JSON parameter and cast to the column's type. */
function oneOf(column: SQL, values: unknown[], type: string): SQL {
  return sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::${sql.raw(type)}[])`;
}

async function selectRows(db: Runner, catalog: Catalog, table: string, where: SQL, lock = false): Promise<Row[]> {
  const shape = shapeOf(catalog, table);
  const generated = Object.keys(shape.types).filter((column) => !shape.columns.includes(column));
  const rows = await sqlRows<{ row: Row }>(
    db as Database,
    sql`select to_jsonb(t) - array(select jsonb_array_elements_text(${JSON.stringify(generated)}::jsonb)) as row from ${identifier(table)} t where ${where}${lock ? sql` for update` : sql``}`,
  );
  return rows.map((found) => found.row);
}

function keyOf(row: Row, primaryKey: string[]): string {
  return JSON.stringify(primaryKey.map((column) => row[column]));
}

/**
 * The row `table.id = id` (locked, so nothing is added under it meanwhile) and every row that goes with it, or null
 * when the row is gone.
 */
export async function captureRowGraph(db: Runner, table: string, id: number): Promise<RowGraph | null> {
  const catalog = await readCatalog(db);
  const root = await selectRows(db, catalog, table, sql`t.id = ${id}`, true);
  if (root.length === 0) return null;
  const captured = new Map<string, Map<string, Row>>();
  const capture = (into: string, rows: Row[]): Row[] => {
    const primaryKey = shapeOf(catalog, into).primaryKey;
    const known = captured.get(into) ?? new Map<string, Row>();
    captured.set(into, known);
    const fresh = rows.filter((row) => !known.has(keyOf(row, primaryKey)));
    for (const row of fresh) known.set(keyOf(row, primaryKey), row);
    return fresh;
  };
  const relinks: Relink[] = [];
  const pending: CapturedTable[] = [{ table, rows: capture(table, root) }];
  while (pending.length > 0) {
    const parent = pending.shift()!;
    for (const reference of catalog.references.filter((each) => each.parent === parent.table && !NEVER_KEPT.has(each.child))) {
      const values = [...new Set(parent.rows.map((row) => row[reference.parentColumn]).filter((value) => value !== null && value !== undefined))];
      if (values.length === 0) continue;
      const type = shapeOf(catalog, reference.child).types[reference.childColumn]!;
      const children = await selectRows(db, catalog, reference.child, oneOf(sql`t.${identifier(reference.childColumn)}`, values, type));
      if (reference.onDelete === 'cascade') {
        const fresh = capture(reference.child, children);
        if (fresh.length > 0) pending.push({ table: reference.child, rows: fresh });
      } else {
        relinks.push(...children.map((child) => relinkOf(catalog, reference, child)));
      }
    }
  }
  const stays = (relink: Relink) => !captured.get(relink.table)?.has(keyOf(relink.key, shapeOf(catalog, relink.table).primaryKey));
  return {
    tables: parentsFirst(catalog, [...captured.keys()]).map((name) => ({ table: name, rows: [...captured.get(name)!.values()] })),
    relinks: relinks.filter(stays),
  };
}

function relinkOf(catalog: Catalog, reference: Reference, child: Row): Relink {
  const key = Object.fromEntries(shapeOf(catalog, reference.child).primaryKey.map((column) => [column, child[column]]));
  return { table: reference.child, column: reference.childColumn, key, value: child[reference.childColumn] };
}

/**
 * Deletes the captured rows, children first and the deleted thing last: what the foreign keys would cascade to, in an
 * order that lets the history name what each row pointed at (an item's tag link names its tag).
 */
export async function deleteRowGraph(db: Runner, graph: RowGraph): Promise<void> {
  const catalog = await readCatalog(db);
  for (const { table, rows } of [...graph.tables].reverse()) {
    const primaryKey = shapeOf(catalog, table).primaryKey.map(identifier);
    const keys = sql`select ${sql.join(
      primaryKey.map((column) => sql`r.${column}`),
      sql`, `,
    )} from jsonb_populate_recordset(null::${identifier(table)}, ${JSON.stringify(rows)}::jsonb) r`;
    await db.execute(sql`delete from ${identifier(table)} where (${sql.join(primaryKey, sql`, `)}) in (${keys})`);
  }
}

/** The captured tables ordered so each comes after every captured table it references (self-references aside). */
function parentsFirst(catalog: Catalog, tables: string[]): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const reference of catalog.references) {
      if (reference.child === table && reference.parent !== table && tables.includes(reference.parent)) visit(reference.parent, path);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Writes the rows back, parents first, with their ids. A row that belongs (by a cascading foreign key) to something
 * gone since (a tag, a collection, a person) is skipped; a reference that a delete would clear is cleared. The first table's rows (the deleted thing
 * itself) must all come back: a clash with a row made since throws the database's unique violation, and a parent gone
 * throws `MissingParentError`. Rows of other tables that clash (an item added to the collection again) are skipped.
 */
export async function restoreRowGraph(db: Runner, graph: RowGraph): Promise<RestoredTable[]> {
  const catalog = await readCatalog(db);
  const restored: RestoredTable[] = [];
  for (const [index, { table, rows }] of graph.tables.entries()) {
    const isRoot = index === 0;
    if (isRoot) await refuseMissingParents(db, catalog, table, rows);
    const written = await insertRows(db, catalog, table, rows, !isRoot);
    restored.push({ table, restored: written, skipped: rows.length - written });
  }
  for (const relink of graph.relinks) await writeRelink(db, relink);
  return restored;
}

export class MissingParentError extends Error {
  constructor(readonly parentTable: string) {
    super(`The ${parentTable} row a restored row needs is gone`);
    this.name = 'MissingParentError';
  }
}

/** What the row belongs to (a cascading reference) must be there; an optional reference to something gone is cleared. */
const belongsTo = (reference: Reference) => reference.onDelete === 'cascade';

async function refuseMissingParents(db: Runner, catalog: Catalog, table: string, rows: Row[]): Promise<void> {
  for (const reference of catalog.references.filter((each) => each.child === table && belongsTo(each))) {
    const values = [...new Set(rows.map((row) => row[reference.childColumn]).filter((value) => value !== null && value !== undefined))];
    if (values.length === 0) continue;
    const type = shapeOf(catalog, reference.parent).types[reference.parentColumn]!;
    const found = await sqlRows<{ total: number }>(
      db as Database,
      sql`select count(*)::integer as total from ${identifier(reference.parent)} t where ${oneOf(sql`t.${identifier(reference.parentColumn)}`, values, type)}`,
    );
    if (Number(found[0]?.total ?? 0) < values.length) throw new MissingParentError(reference.parent);
  }
}

async function insertRows(db: Runner, catalog: Catalog, table: string, rows: Row[], skipClashes: boolean): Promise<number> {
  const shape = shapeOf(catalog, table);
  const json = JSON.stringify(rows);
  const batch = sql`jsonb_populate_recordset(null::${identifier(table)}, ${json}::jsonb)`;
  const references = catalog.references.filter((reference) => reference.child === table && catalog.tables.has(reference.parent));
  const exists = (reference: Reference) => {
    const found = sql`exists (select 1 from ${identifier(reference.parent)} p where p.${identifier(reference.parentColumn)} = r.${identifier(reference.childColumn)})`;
    // A row may reference another row of the same batch (a tag's parent among a taxonomy's tags): the foreign key is
    // checked at the end of the statement, when both are in.
    return reference.parent === table
      ? sql`(${found} or exists (select 1 from ${batch} s where s.${identifier(reference.parentColumn)} = r.${identifier(reference.childColumn)}))`
      : found;
  };
  const values = shape.columns.map((column) => {
    const derived = DERIVED_COLUMNS[table]?.[column];
    if (derived) return derived;
    const reference = references.find((each) => each.childColumn === column && !belongsTo(each));
    const value = sql`r.${identifier(column)}`;
    return reference ? sql`case when ${exists(reference)} then ${value} end` : value;
  });
  // A row whose owner is gone (a view of a deleted person, a link to a deleted tag) stays behind.
  const required = references
    .filter(belongsTo)
    .map((reference) => (reference.nullable ? sql`(r.${identifier(reference.childColumn)} is null or ${exists(reference)})` : exists(reference)));
  const inserted = await sqlRows<{ one: number }>(
    db as Database,
    sql`insert into ${identifier(table)} (${sql.join(shape.columns.map(identifier), sql`, `)}) overriding system value
        select ${sql.join(values, sql`, `)} from ${batch} r
        ${required.length > 0 ? sql`where ${sql.join(required, sql` and `)}` : sql``}
        ${skipClashes ? sql`on conflict do nothing` : sql``}
        returning 1 as one`,
  );
  return inserted.length;
}

async function writeRelink(db: Runner, relink: Relink): Promise<void> {
  const row = JSON.stringify({ ...relink.key, [relink.column]: relink.value });
  const keyMatch = Object.keys(relink.key).map((column) => sql`t.${identifier(column)} = r.${identifier(column)}`);
  await db.execute(
    sql`update ${identifier(relink.table)} t set ${identifier(relink.column)} = r.${identifier(relink.column)}
        from jsonb_populate_record(null::${identifier(relink.table)}, ${row}::jsonb) r
        where ${sql.join(keyMatch, sql` and `)} and t.${identifier(relink.column)} is null`,
  );
}
