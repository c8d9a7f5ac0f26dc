/** The item page's lists that need no rule beyond the policy: images, characteristics, tasks. */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TASK_DUE_SOON_DAYS } from '../../../shared/constants';
import { itemImageUrls, type ItemCharacteristic, type ItemImage, type ItemTask } from '../../../shared/items';
import { canEditItem, canSeeCharacteristic, canSeeItemTasks, type ItemAccessFacts, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { characteristics, itemCharacteristics, itemImages, tasks, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function loadImages(db: Database, itemId: number): Promise<ItemImage[]> {
  const rows = await db
    .select({ ref: itemImages.ref, extension: itemImages.extension })
    .from(itemImages)
    .where(eq(itemImages.itemId, itemId))
    .orderBy(asc(itemImages.position), asc(itemImages.id));
  return rows.map((row) => ({ ...row, ...itemImageUrls(row.ref) }));
}

/**
 * The characteristics the viewer may see. Editors get every one they may see (unset ones with a
 * null value, so they can fill them in); everyone else only those the item has a value for.
 */
export async function loadCharacteristics(db: Database, viewer: Viewer, item: ItemAccessFacts & { id: number }): Promise<ItemCharacteristic[]> {
  const rows = await db
    .select({
      ref: characteristics.ref,
      title: characteristics.title,
      format: characteristics.format,
      usage_note: characteristics.usageNote,
      public: characteristics.public,
      value: itemCharacteristics.value,
    })
    .from(characteristics)
    .leftJoin(itemCharacteristics, and(eq(itemCharacteristics.characteristicId, characteristics.id), eq(itemCharacteristics.itemId, item.id)))
    .where(canEditItem(viewer, item) ? undefined : isNotNull(itemCharacteristics.value))
    .orderBy(asc(characteristics.position), asc(characteristics.title));
  return rows.filter((row) => canSeeCharacteristic(viewer, row));
}

const forUser = alias(users, 'for_user');
const byUser = alias(users, 'by_user');

/** The item's tasks for its editors (open ones first, most urgent first); nobody else gets any. */
export async function loadItemTasks(db: Database, viewer: Viewer, item: ItemAccessFacts & { id: number; ref: string; title: string }, now: Date): Promise<ItemTask[]> {
  if (!canSeeItemTasks(viewer, item)) return [];
  const rows = await db
    .select({
      ref: tasks.ref,
      task: tasks.task,
      notes: tasks.notes,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      completedAt: tasks.completedAt,
      forUserName: forUser.name,
      forUserRef: forUser.ref,
      byUserName: byUser.name,
    })
    .from(tasks)
    .leftJoin(forUser, eq(forUser.id, tasks.forUserId))
    .leftJoin(byUser, eq(byUser.id, tasks.byUserId))
    .where(eq(tasks.itemId, item.id))
    .orderBy(sql`${tasks.completedAt} is not null`, desc(tasks.priority), sql`${tasks.dueDate} asc nulls last`, asc(tasks.id));
  const today = isoDay(now);
  const soon = isoDay(new Date(now.getTime() + TASK_DUE_SOON_DAYS * DAY_MS));
  return rows.map((row) => {
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
    };
  });
}

function taskPriority(value: number): ItemTask['priority'] {
  return value <= 1 ? 1 : value >= 3 ? 3 : 2;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
