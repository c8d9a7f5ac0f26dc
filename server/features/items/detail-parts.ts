/**
 * The item page's lists that need no rule beyond the policy: images, characteristics, tasks. Each is SQL for
 * one JSON value of the page's parts statement (`detail.ts`) and a reader of what it answers.
 */
import { and, asc, desc, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TASK_DUE_SOON_DAYS } from '../../../shared/constants';
import { itemImageUrls, type ItemCharacteristic, type ItemImage, type ItemTask } from '../../../shared/items';
import { canSeeCharacteristic, type Viewer } from '../../access/policy';
import { jsonArray, jsonObject } from '../../db/json';
import { characteristics, itemCharacteristics, itemImages, tasks, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ImageRow {
  ref: string;
  extension: string;
}

/** SQL: the item's images as JSON, in their order. */
export function itemImagesSql(itemId: SQLWrapper): SQL {
  return jsonArray(
    jsonObject({ ref: itemImages.ref, extension: itemImages.extension }),
    sql`from ${itemImages} where ${eq(itemImages.itemId, itemId)}`,
    [asc(itemImages.position), asc(itemImages.id)],
  );
}

export function readItemImages(json: unknown): ItemImage[] {
  return (json as ImageRow[]).map((row) => ({ ref: row.ref, extension: row.extension, ...itemImageUrls(row.ref) }));
}

/**
 * SQL: the characteristics as JSON. Editors (`canEditItem`) get every one (unset ones with a null value, so they
 * can fill them in); everyone else only those the item has a value for.
 */
export function itemCharacteristicsSql(itemId: SQLWrapper, editor: boolean): SQL {
  const valueOfThisItem = and(eq(itemCharacteristics.characteristicId, characteristics.id), eq(itemCharacteristics.itemId, itemId));
  const onlySet = editor ? sql`` : sql` where ${isNotNull(itemCharacteristics.value)}`;
  return jsonArray(
    jsonObject({
      ref: characteristics.ref,
      title: characteristics.title,
      format: characteristics.format,
      minimum: characteristics.minimum,
      usage_note: characteristics.usageNote,
      public: characteristics.public,
      value: itemCharacteristics.value,
    }),
    sql`from ${characteristics} left join ${itemCharacteristics} on ${valueOfThisItem}${onlySet}`,
    [asc(characteristics.position), asc(characteristics.title)],
  );
}

/** The characteristics the viewer may see. */
export function readItemCharacteristics(viewer: Viewer, json: unknown): ItemCharacteristic[] {
  return (json as ItemCharacteristic[]).filter((row) => canSeeCharacteristic(viewer, row));
}

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

/** SQL: the item's tasks as JSON, open ones first, most urgent first. Only for those `canSeeItemTasks` lets see them. */
export function itemTasksSql(itemId: SQLWrapper): SQL {
  return jsonArray(
    jsonObject({
      ref: tasks.ref,
      task: tasks.task,
      notes: tasks.notes,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      completedAt: tasks.completedAt,
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
