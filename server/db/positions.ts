/**
 * Re-ordering writes: the rows whose place changed get their new position (and, for a list that moves between
 * groups, their new group) in one UPDATE … FROM (VALUES …), however many rows moved.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
