/**
 * Re-ordering writes: the rows whose place changed get their new position (and, for a list that moves between
 * groups, their new group) in one UPDATE … FROM (VALUES …), however many rows moved; `renumberList` moves a row to
 * an index of its ordered list, or closes the gap a row left, keeping positions 0..n-1.
 */
import { asc, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { takeWritersLock } from './writers-lock';
import type { Database } from './client';

export interface PositionedRow {
  id: number;
  position: number;
}

export interface PositionTarget {
  table: PgTable;
  id: PgColumn;
  position: PgColumn;
}

/** A column every written row is set to, e.g. a collection entry's section. */
export interface SharedValue {
  column: PgColumn;
  value: string | number | null;
}

export async function writePositions(
  db: Pick<Database, 'execute'>,
  target: PositionTarget,
  rows: readonly PositionedRow[],
  shared?: SharedValue,
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::integer, ${row.position}::integer)`),
    sql`, `,
  );
  const assignments: SQL[] = [sql`${sql.identifier(target.position.name)} = moved.position`];
  if (shared) assignments.push(sql`${sql.identifier(shared.column.name)} = ${shared.value}`);
  await db.execute(sql`
    update ${target.table} set ${sql.join(assignments, sql`, `)}
    from (values ${values}) as moved(id, position)
    where ${target.id} = moved.id`);
}

/** A list kept in order by a position column: the rows `members` selects (the whole table when none), by position then id. */
export interface OrderedList extends PositionTarget {
  members?: SQL;
}

/**
 * Numbers the list 0..n-1 in its current order, with `moved` (when given) taken out and put back at `index` (0-based;
 * past the end means last), writing only the rows whose position changed. The one way a row moves within its list
 * (taxonomies, characteristics, affirmation options, a tag among its siblings) and a list closes the gap a row left.
 * Call it inside the write's transaction: it takes the table's list lock first, so concurrent moves of one table's
 * lists queue, and each reads the order the one before it left.
 */
export async function renumberList(db: Pick<Database, 'select' | 'execute'>, list: OrderedList, moved?: { id: number; index: number }): Promise<void> {
  await takeWritersLock(db, `positions:${getTableName(list.table)}`);
  const rows = (await db
    .select({ id: list.id, position: list.position })
    .from(list.table)
    .where(list.members)
    .orderBy(asc(list.position), asc(list.id))) as PositionedRow[];
  const order = rows.map((row) => row.id).filter((id) => id !== moved?.id);
  if (moved && rows.some((row) => row.id === moved.id)) order.splice(Math.min(moved.index, order.length), 0, moved.id);
  const current = new Map(rows.map((row) => [row.id, row.position]));
  const changed = order.map((id, position) => ({ id, position })).filter((row) => current.get(row.id) !== row.position);
  await writePositions(db, list, changed);
}
