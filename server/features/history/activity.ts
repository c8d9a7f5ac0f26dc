/**
 * The activity feed: every recorded change, newest first, filtered by the acting person (part of their
 * name or e-mail), the kind of change and a range of days, a page at a time or as a CSV file streamed in batches.
 */
import { and, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_COUNT_LIMIT, type ActivityEntry, type ActivityFilters } from '../../../shared/history';
import type { Database } from '../../db/client';
import { escapeLikePattern } from '../../db/like';
import { changeHistory, items, users } from '../../db/schema';
import { csvLine } from '../../lib/csv';
import { rangeBounds } from '../admin-stats';
import { describeChange, userIdsNamedBy } from './describe';
import { recordedChanges, userNames, type RecordedRow } from './queries';

/** The change_history rows the filters select. */
export function activityCondition(filters: ActivityFilters): SQL {
  const { start, end } = rangeBounds(filters);
  const conditions: (SQL | undefined)[] = [gte(changeHistory.createdAt, start), lt(changeHistory.createdAt, end)];
  if (filters.kind === 'advanced') conditions.push(like(changeHistory.kind, 'advanced:%'));
  else if (filters.kind) conditions.push(eq(changeHistory.kind, filters.kind));
  if (filters.person) {
    const pattern = `%${escapeLikePattern(filters.person.toLowerCase())}%`;
    const people = sql`(select ${users.id} from ${users} where lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`;
    conditions.push(or(sql`${changeHistory.actorUserId} in ${people}`, sql`${changeHistory.impersonatorUserId} in ${people}`));
  }
  return and(...conditions)!;
}

/** How many changes match, counting no further than ACTIVITY_COUNT_LIMIT + 1. */
export async function countActivity(db: Database, condition: SQL): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(changeHistory)
    .where(condition)
    .limit(ACTIVITY_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

async function itemsByIds(db: Database, ids: number[]): Promise<ReadonlyMap<number, { ref: string; title: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: items.id, ref: items.ref, title: items.title })
    .from(items)
    .where(inArray(items.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { ref: row.ref, title: row.title }]));
}

async function asActivityEntries(db: Database, rows: RecordedRow[]): Promise<ActivityEntry[]> {
  const [names, itemRows] = await Promise.all([
    userNames(db, rows.flatMap(userIdsNamedBy)),
    itemsByIds(
      db,
      rows.map((row) => row.itemId).filter((id): id is number => id !== null),
    ),
  ]);
  return rows.map((row) => ({
    ...describeChange(row, names),
    kind: row.kind,
    item: row.itemId === null ? null : (itemRows.get(row.itemId) ?? null),
    batch: row.batchId,
  }));
}

export async function activityPage(db: Database, condition: SQL, offset: number, limit: number): Promise<ActivityEntry[]> {
  return asActivityEntries(db, await recordedChanges(db, condition, limit, offset));
}

export const ACTIVITY_CSV_COLUMNS = ['id', 'at', 'who', 'acting_as', 'kind', 'operation', 'summary', 'item_ref', 'item_title', 'route', 'changes'] as const;
// Each row carries its changes' JSON (a blurb may be 20,000 characters): batches stay a few megabytes at most.
const CSV_BATCH_SIZE = 500;

/** The CSV text of the matching changes, newest first: the header line, then a chunk per batch (keyset on id). */
export async function* activityCsv(db: Database, condition: SQL, batchSize = CSV_BATCH_SIZE): AsyncGenerator<string> {
  yield csvLine(ACTIVITY_CSV_COLUMNS);
  let before: number | null = null;
  for (;;) {
    const rows = await recordedChanges(db, before === null ? condition : and(condition, lt(changeHistory.id, before)), batchSize);
    if (rows.length === 0) return;
    const entries = await asActivityEntries(db, rows);
    yield entries
      .map((entry, index) =>
        csvLine([
          entry.id,
          entry.at,
          entry.who,
          entry.actingAs,
          entry.kind,
          rows[index]!.operation,
          entry.summary,
          entry.item?.ref ?? null,
          entry.item?.title ?? null,
          entry.route,
          JSON.stringify(rows[index]!.changes),
        ]),
      )
      .join('');
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1]!.id;
  }
}

export function activityCsvFileName(filters: ActivityFilters): string {
  return `equip-activity-${filters.from}-to-${filters.to}.csv`;
}
