/**
 * Problems turned into tasks for the item's maintainer. One task per problem kind and item, ever
 * (tasks.problem_key, unique): making it again re-opens a closed one and leaves an open one alone, so a problem that
 * persists never gets a second task; a check that no longer finds the problem closes its task.
 */
import { and, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { HEALTH_PROBLEMS, type HealthProblemKind } from '../../../shared/library-health';
import { TASK_DEFAULT_PRIORITY } from '../../../shared/tasks';
import type { Database } from '../../db/client';
import { items, tasks } from '../../db/schema';
import { problemKeySql, problemSql } from './problems';

interface MakeTasks {
  kind: HealthProblemKind;
  now: Date;
  /** The admin who asked; null for a scheduled check. */
  byUserId: number | null;
  /** Only this item (one row's button); otherwise every item with the problem. */
  itemId?: number;
}

/**
 * Makes (or re-opens) the tasks of the items that have the problem and a maintainer, in one statement; resolves with
 * how many were made or re-opened.
 */
export async function makeProblemTasks(db: Database, { kind, now, byUserId, itemId }: MakeTasks): Promise<number> {
  const { holds, detail } = problemSql(kind, now);
  const where: SQL[] = [holds, isNotNull(items.createdByUserId)];
  if (itemId !== undefined) where.push(eq(items.id, itemId));
  const at = sql`${now.toISOString()}::timestamptz`;
  // Raw SQL: drizzle's insert … select wants every column, the identity id too. 16 random hex digits make each row's
  // ref (a ref's alphabet and length, REF_PATTERN).
  const result = await db.execute(sql`
    insert into ${tasks} (ref, item_id, task, notes, priority, for_user_id, by_user_id, problem_key, created_at, updated_at)
    select left(replace(gen_random_uuid()::text, '-', ''), 16), ${items.id}, ${HEALTH_PROBLEMS[kind].task}, coalesce(${detail}, ''),
      ${TASK_DEFAULT_PRIORITY}::integer, ${items.createdByUserId}, ${byUserId}::integer, ${problemKeySql(kind)}, ${at}, ${at}
    from ${items} where ${and(...where)}
    on conflict (problem_key) where problem_key is not null
    do update set completed_at = null, notes = excluded.notes, for_user_id = excluded.for_user_id, updated_at = excluded.updated_at
    where ${tasks.completedAt} is not null
    returning ${tasks.id}`);
  return rowsOf(result).length;
}

/** The rows of a raw statement: both engines' drivers answer with `rows`. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

/** Closes the open tasks of this kind whose item no longer has the problem; resolves with how many closed. */
export async function closeFixedProblemTasks(db: Database, kind: HealthProblemKind, now: Date): Promise<number> {
  const stillHolds = db
    .select({ one: sql`1` })
    .from(items)
    .where(and(eq(items.id, tasks.itemId), problemSql(kind, now).holds));
  const closed = await db
    .update(tasks)
    .set({ completedAt: now, updatedAt: now })
    .where(and(sql`starts_with(${tasks.problemKey}, ${`${kind}:`})`, isNull(tasks.completedAt), not(sql`exists (${stillHolds})`)))
    .returning({ id: tasks.id });
  return closed.length;
}

export async function hasOpenProblemTask(db: Database, kind: HealthProblemKind, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.problemKey, `${kind}:${itemId}`), isNull(tasks.completedAt)))
    .limit(1);
  return row !== undefined;
}
