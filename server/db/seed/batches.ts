import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, type AnyPgColumn, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import * as schema from '../schema';
import { sqlRows } from '../sql-rows';

/** Rows per statement: each column is one array parameter, so this only bounds a statement's size. */
const MAX_ROWS_PER_STATEMENT = 5000;

function* batchesOf<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_STATEMENT) yield rows.slice(start, start + MAX_ROWS_PER_STATEMENT);
}

/** Multi-row inserts (`unnestInserts`). */
export async function insertRows<T extends PgTable>(db: Database, table: T, rows: readonly PgInsertValue<T>[]): Promise<number> {
  for (const statement of unnestInserts(table, rows)) await db.execute(statement);
  return rows.length;
}

type TableWithRef = PgTable & { id: AnyPgColumn; ref: AnyPgColumn };

/** Inserts rows that carry a ref and answers the generated id of each ref. */
export async function insertReturningIds<T extends TableWithRef>(db: Database, table: T, rows: readonly PgInsertValue<T>[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const statement of unnestInserts(table, rows, sql` returning ${sql.identifier(table.id.name)} as id, ${sql.identifier(table.ref.name)} as ref`)) {
    for (const row of await sqlRows<{ id: number; ref: string }>(db, statement)) ids.set(row.ref, row.id);
  }
  return ids;
}

/**
 * `insert … select … from unnest(…)`: one text array per column, cast back to the column's type, in batches of
 * MAX_ROWS_PER_STATEMENT rows. Drizzle's multi-row `values` built one bound parameter per value, and building those
 * took the seed as long as the database took to insert them. Values pass through the columns' own driver mapping and
 * JavaScript defaults (`$defaultFn`), as Drizzle would; rows that leave different columns to the database's defaults
 * go in separate statements, in the rows' order.
 */
function* unnestInserts(table: PgTable, rows: readonly Record<string, unknown>[], returning: SQL = sql``): Generator<SQL> {
  const columns = Object.entries(getTableColumns(table));
  const complete = rows.map((row) =>
    Object.fromEntries(
      columns.flatMap(([key, column]) => {
        const value = row[key] !== undefined ? row[key] : column.defaultFn?.();
        return value === undefined ? [] : [[key, value]];
      }),
    ),
  );
  // Runs of rows with the same columns, in order, so that ids are given in the order of the rows.
  const runs: Record<string, unknown>[][] = [];
  let lastSignature: string | null = null;
  for (const row of complete) {
    const signature = Object.keys(row).join(',');
    if (signature === lastSignature) runs.at(-1)!.push(row);
    else runs.push([row]);
    lastSignature = signature;
  }
  for (const group of runs) {
    const present = columns.filter(([key]) => key in group[0]);
    for (const batch of batchesOf(group)) {
      const names = present.map(([, column]) => sql.identifier(column.name));
      const arrays = present.map(
        ([key, column]) => sql`${sql.param(batch.map((row) => (row[key] === null ? null : toText(column.mapToDriverValue(row[key])))))}::text[]`,
      );
      const casts = present.map(([, column], index) => sql`${sql.identifier(`c${index}`)}::${sql.raw(castType(column.getSQLType()))}`);
      const aliases = present.map((_, index) => sql.identifier(`c${index}`));
      // In the rows' order (ordinality), so ids are given in that order.
      yield sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${sql.join(aliases, sql`, `)}, row_order) order by row_order${returning}`;
    }
  }
}

/**
 * The type a column's text is cast to: its own, except that strings stay unbounded text, so that the insert's own
 * assignment checks the column's length ("value too long") where an explicit cast to varchar(n) would cut silently.
 */
function castType(sqlType: string): string {
  return /^(varchar|character varying|char|character)\b/.test(sqlType) ? 'text' : sqlType;
}

/** A driver value as the text PostgreSQL casts back to the column's type. */
function toText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function allTables(): PgTable[] {
  return Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
}

/**
 * Empties every application table and restarts the id sequences. The library's version row stays (it only ever
 * rises), and so does library_version_bumps: the truncation's own triggers note a change there, which the commit applies.
 */
export async function truncateAllTables(db: Database): Promise<void> {
  const names = allTables()
    .filter((table) => table !== schema.libraryState && table !== schema.libraryVersionBumps)
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row.count;
}
