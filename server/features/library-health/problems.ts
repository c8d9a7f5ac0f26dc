/**
 * The problems of the health page, each kind one SQL condition on an item's row: the page counts it
 * (bounded, as discovery's EXACT_COUNT_LIMIT), pages its rows by item code, and the tasks module makes tasks where it
 * holds and closes them where it no longer does. Every condition reads an index or the item's own row (tag_ids).
 */
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT } from '../../../shared/constants';
import type { HealthProblemKind, HealthProblemRow, HealthProblemSummary } from '../../../shared/library-health';
import { HEALTH_PROBLEM_KINDS } from '../../../shared/library-health';
import type { Database } from '../../db/client';
import { items, tasks, users } from '../../db/schema';

const EXPIRING_WITHIN = sql`interval '30 days'`;
/** How many other items a duplicate title's row names. */
const DUPLICATES_NAMED = 5;

interface ProblemSql {
  /** True for an item (the `items` row in scope) that has the problem. */
  holds: SQL;
  /** What exactly is wrong, as text. */
  detail: SQL<string>;
}

const requiredTaxonomiesMissing = sql`from taxonomies t where t.required and not exists (select 1 from tags g where g.taxonomy_id = t.id and g.id = any(${items.tagIds}))`;
/** A link is broken once its open alert has failed again a day or more after its first failure (external-links.ts). */
const openBrokenAlert = sql`from broken_external_link_alerts a where a.item_id = ${items.id} and a.resolved_at is null and a.url = ${items.availableExternalLink}
  and a.failures >= 2 and a.checked_at >= a.first_failed_at + interval '1 day'`;
const sameTitle = sql`from items o where lower(o.title) collate "C" = lower(${items.title}) collate "C" and o.id <> ${items.id}`;

/** The last drive check's finding of this kind for the item (drive_health_findings' key). */
const driveFinding = (kind: HealthProblemKind) => sql`from drive_health_findings f where f.item_id = ${items.id} and f.kind = ${kind}`;

export function problemSql(kind: HealthProblemKind, now: Date): ProblemSql {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (kind) {
    case 'missing_tag':
      return {
        holds: sql`exists (select 1 ${requiredTaxonomiesMissing})`,
        detail: sql<string>`(select 'Missing: ' || string_agg(t.title, ', ' order by t.position, t.title) ${requiredTaxonomiesMissing})`,
      };
    case 'past_review':
      return { holds: sql`${items.reviewAfter} < (${at} at time zone 'UTC')::date`, detail: sql<string>`'Review after ' || ${items.reviewAfter}::text` };
    case 'expiring_soon':
      return {
        holds: sql`${items.expiresAt} >= ${at} and ${items.expiresAt} < ${at} + ${EXPIRING_WITHIN}`,
        detail: sql<string>`'Expires on ' || to_char(${items.expiresAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      };
    case 'broken_link':
      return {
        holds: sql`exists (select 1 ${openBrokenAlert})`,
        detail: sql<string>`(select a.url || ' (' || a.message || ')' ${openBrokenAlert} order by a.checked_at desc limit 1)`,
      };
    case 'duplicate_title':
      return {
        holds: sql`exists (select 1 ${sameTitle})`,
        detail: sql<string>`(select 'Same title as ' || string_agg(o.code, ', ') from (select o.code ${sameTitle} order by o.code limit ${DUPLICATES_NAMED}) o)`,
      };
    case 'drive_missing':
    case 'drive_sharing':
      return { holds: sql`exists (select 1 ${driveFinding(kind)})`, detail: sql<string>`(select f.detail ${driveFinding(kind)})` };
    case 'no_content':
      return { holds: sql`not exists (select 1 from contents c where c.item_id = ${items.id})`, detail: sql<string>`'No content'` };
  }
}

/** How many items have each kind of problem, each count stopping at EXACT_COUNT_LIMIT + 1. */
export async function problemSummaries(db: Database, now: Date): Promise<HealthProblemSummary[]> {
  return Promise.all(HEALTH_PROBLEM_KINDS.map(async (kind) => ({ kind, count: await boundedCount(db, problemSql(kind, now).holds) })));
}

async function boundedCount(db: Database, holds: SQL): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(items)
    .where(holds)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await db.select({ total: count() }).from(capped);
  return row.total;
}

/** A page of the items with the problem, by item code, with their maintainer and whether the problem's task is open. */
export async function problemRows(db: Database, kind: HealthProblemKind, now: Date, offset: number, limit: number): Promise<HealthProblemRow[]> {
  const { holds, detail } = problemSql(kind, now);
  const rows = await db
    .select({
      ref: items.ref,
      code: items.code,
      title: items.title,
      detail,
      maintainer: users.name,
      openTask: sql<boolean>`exists (select 1 from ${tasks} where ${tasks.problemKey} = ${problemKeySql(kind)} and ${tasks.completedAt} is null)`,
    })
    .from(items)
    .leftJoin(users, eq(users.id, items.createdByUserId))
    .where(holds)
    .orderBy(asc(items.code))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({
    item: { ref: row.ref, code: row.code, title: row.title },
    detail: row.detail ?? '',
    maintainer: row.maintainer,
    openTask: row.openTask,
  }));
}

/** The key of an item's problem on its task: `{kind}:{item id}`. */
export function problemKeySql(kind: HealthProblemKind): SQL<string> {
  return sql<string>`${`${kind}:`} || ${items.id}::text`;
}
