/**
 * The item page's tasks part: SQL for one JSON value of the page's parts statement (`items/detail.ts`) and its
 * reader; My Tasks reads one task of any item the same way (`readTask`).
 */
import { asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TASK_DUE_SOON_DAYS } from '../../../shared/constants';
import type { ItemTask } from '../../../shared/items';
import { jsonArray, jsonObject } from '../../db/json';
import { tasks, users } from '../../db/schema';
import { DAY_MS } from '../../../shared/dates';

const forUser = alias(users, 'for_user');
const byUser = alias(users, 'by_user');

/** A task as the item page's JSON (and My Tasks) read it. */
export interface TaskRow {
  ref: string;
  task: string;
  notes: string;
  priority: number;
  dueDate: string | null;
  completedAt: string | null;
  forUserName: string | null;
  forUserRef: string | null;
  byUserName: string | null;
}

/** A task's own columns, as the item page's JSON and My Tasks read them. */
export const taskColumns = {
  ref: tasks.ref,
  task: tasks.task,
  notes: tasks.notes,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  completedAt: tasks.completedAt,
};

/** SQL: the item's tasks as JSON, open ones first, most urgent first. Only for those `canSeeItemTasks` lets see them. */
export function itemTasksSql(itemId: SQLWrapper): SQL {
  return jsonArray(
    jsonObject({
      ...taskColumns,
      forUserName: forUser.name,
      forUserRef: forUser.ref,
      byUserName: byUser.name,
    }),
    sql`from ${tasks}
      left join ${users} as ${forUser} on ${eq(forUser.id, tasks.forUserId)}
      left join ${users} as ${byUser} on ${eq(byUser.id, tasks.byUserId)}
      where ${eq(tasks.itemId, itemId)}`,
    [sql`${tasks.completedAt} is not null`, desc(tasks.priority), sql`${tasks.dueDate} asc nulls last`, asc(tasks.id)],
  );
}

export function readItemTasks(json: unknown, item: { ref: string; title: string }, now: Date): ItemTask[] {
  const days = dueDays(now);
  return (json as TaskRow[]).map((row) => itemTask(row, item, days));
}

/** One task of any item (My Tasks); the item's ref and title are null where the viewer may not see them. */
export function readTask(row: TaskRow, item: { ref: string | null; title: string | null }, now: Date): ItemTask {
  return itemTask(row, item, dueDays(now));
}

function dueDays(now: Date): { today: string; soon: string } {
  return { today: isoDay(now), soon: isoDay(new Date(now.getTime() + TASK_DUE_SOON_DAYS * DAY_MS)) };
}

function itemTask(row: TaskRow, item: { ref: string | null; title: string | null }, { today, soon }: { today: string; soon: string }): ItemTask {
  const completed = row.completedAt !== null;
  const due = !completed && row.dueDate !== null && row.dueDate <= today;
  return {
    ref: row.ref,
    task: row.task,
    notes: row.notes,
    priority: taskPriority(row.priority),
    due_date: row.dueDate,
    due,
    due_soon: !completed && !due && row.dueDate !== null && row.dueDate <= soon,
    completed,
    forUserName: row.forUserName,
    byUserName: row.byUserName,
    for_user_ref: row.forUserRef,
    item_ref: item.ref,
    item_title: item.title,
    completed_at: row.completedAt === null ? null : new Date(row.completedAt).toISOString(),
  };
}

function taskPriority(value: number): ItemTask['priority'] {
  return value <= 1 ? 1 : value >= 3 ? 3 : 2;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
