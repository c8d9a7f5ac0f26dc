/**
 * What the database itself says about its tables, read once per process: the foreign keys (which rows a delete
 * cascades to, and which it clears), each table's columns and primary key. The trash follows them, so a table added
 * later with a foreign key to an item goes to the trash and back with it without anyone listing it here.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';

type Reader = Pick<Database, 'execute'>;

/** One reference from `child.childColumn` to `parent.parentColumn`. */
export interface Reference {
  child: string;
  childColumn: string;
  parent: string;
  parentColumn: string;
  /** What deleting the parent does: 'cascade' deletes the child, 'set null' clears the reference. */
  onDelete: 'cascade' | 'set null';
  /** Whether the child column may be null (a reference to something gone is then cleared on restore). */
  nullable: boolean;
}

export interface TableShape {
  /** The columns a restore writes back: every column but generated ones. */
  columns: string[];
  primaryKey: string[];
  /** The SQL type of each column, for casting keys. */
  types: Record<string, string>;
}

export interface Catalog {
  references: Reference[];
  tables: Map<string, TableShape>;
}

/**
 * References the database does not know as foreign keys but a delete must follow: a person's page item
 * (users.person_item_id), which deleting the item clears.
 */
const UNDECLARED_REFERENCES: Reference[] = [
  { child: 'users', childColumn: 'person_item_id', parent: 'items', parentColumn: 'id', onDelete: 'set null', nullable: true },
];

const DELETE_ACTIONS: Record<string, Reference['onDelete'] | undefined> = { c: 'cascade', n: 'set null' };

let cached: Promise<Catalog> | null = null;

/** The catalog, read from the database on first use (the schema is the migrations', the same for every database). */
export function readCatalog(db: Reader): Promise<Catalog> {
  cached ??= loadCatalog(db).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function loadCatalog(db: Reader): Promise<Catalog> {
  const foreignKeys = await sqlRows<{
    child: string;
    child_column: string;
    parent: string;
    parent_column: string;
    action: string;
    nullable: boolean;
    width: number;
  }>(
    db as Database,
    sql`select child.relname as child, child_attribute.attname as child_column, parent.relname as parent,
          parent_attribute.attname as parent_column, constraint_row.confdeltype as action,
          not child_attribute.attnotnull as nullable, cardinality(constraint_row.conkey) as width
        from pg_constraint constraint_row
        join pg_class child on child.oid = constraint_row.conrelid
        join pg_class parent on parent.oid = constraint_row.confrelid
        join pg_attribute child_attribute on child_attribute.attrelid = constraint_row.conrelid and child_attribute.attnum = constraint_row.conkey[1]
        join pg_attribute parent_attribute on parent_attribute.attrelid = constraint_row.confrelid and parent_attribute.attnum = constraint_row.confkey[1]
        where constraint_row.contype = 'f' and constraint_row.connamespace = 'public'::regnamespace
        order by child.relname, child_attribute.attname`,
  );
  const references: Reference[] = [...UNDECLARED_REFERENCES];
  for (const key of foreignKeys) {
    const onDelete = DELETE_ACTIONS[key.action];
    // Only single-column keys exist; a restricting key would refuse the delete itself, so it has nothing to follow.
    if (!onDelete || Number(key.width) !== 1) continue;
    references.push({
      child: key.child,
      childColumn: key.child_column,
      parent: key.parent,
      parentColumn: key.parent_column,
      onDelete,
      nullable: Boolean(key.nullable),
    });
  }
  const columns = await sqlRows<{ table_name: string; column_name: string; type: string; generated: boolean; primary: boolean }>(
    db as Database,
    sql`select class.relname as table_name, attribute.attname as column_name, format_type(attribute.atttypid, attribute.atttypmod) as type,
          attribute.attgenerated <> '' as generated,
          exists (select 1 from pg_index index_row where index_row.indrelid = class.oid and index_row.indisprimary and attribute.attnum = any(index_row.indkey)) as primary
        from pg_class class
        join pg_attribute attribute on attribute.attrelid = class.oid and attribute.attnum > 0 and not attribute.attisdropped
        where class.relnamespace = 'public'::regnamespace and class.relkind = 'r'
        order by class.relname, attribute.attnum`,
  );
  const tables = new Map<string, TableShape>();
  for (const column of columns) {
    const shape = tables.get(column.table_name) ?? { columns: [], primaryKey: [], types: {} };
    shape.types[column.column_name] = column.type;
    if (!column.generated) shape.columns.push(column.column_name);
    if (column.primary) shape.primaryKey.push(column.column_name);
    tables.set(column.table_name, shape);
  }
  return { references, tables };
}

export function shapeOf(catalog: Catalog, table: string): TableShape {
  const shape = catalog.tables.get(table);
  if (!shape) throw new Error(`No table ${table}`);
  return shape;
}
