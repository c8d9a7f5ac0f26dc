/**
 * SQL that answers rows as JSON, so one statement can bring several lists at once (the item page's parts).
 * Keys are written out (`json_build_object`), and arrays keep their order inside the aggregate, which a
 * sorted subquery would not promise. Timestamps come back as ISO strings in JSON: `jsonTimestamp` reads them.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** SQL: one JSON object whose keys are the field names, as written. */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`Not a plain JSON key: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * SQL: the JSON array of `row` over the rows that `from` (FROM, joins and WHERE) reads, in `orderBy` order;
 * `[]` when there are none.
 */
export function jsonArray(row: SQL, from: SQL, orderBy: SQL[]): SQL {
  return sql`(select coalesce(json_agg(${row} order by ${sql.join(orderBy, sql`, `)}), '[]'::json) ${from})`;
}

/** A timestamp read from JSON (an ISO string, any offset) as the Date the driver gives for the column. */
export function jsonTimestamp(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}
