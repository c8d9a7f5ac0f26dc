/** Tasks: creating one on an item, settling it (done / re-opened), and the signed-in person's own list (/task). */
import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ItemTask } from '../../../shared/items';
import { TASK_COMPLETED_CUTOFF_ISO } from '../../../shared/tasks';
import { openableItemsCondition, type Viewer } from '../../access/policy';
import { loadViewer } from '../../auth/viewer';
import type { Database } from '../../db/client';
import { items, tasks, users } from '../../db/schema';
import { offsetAndLimit } from '../../lib/pagination';
import { readTask, taskColumns } from './item-part';
import { viewerCanOpen, type ItemRecord } from '../../items';

export interface NewTask {
  itemId: number;
  task: string;
  notes: string;
  priority: number;
  dueDate: string | null;
  forUserId: number;
  byUserId: number;
}

export async function createTask(db: Database, task: NewTask): Promise<string> {
  const [row] = await db.insert(tasks).values(task).returning({ ref: tasks.ref });
  return row.ref;
}

export async function findUserIdByRef(db: Database, ref: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.ref, ref)).limit(1);
  return row?.id ?? null;
}

/**
 * Whether the user may open the item now, decided by the policy with them as the viewer (their level, role, valid
 * shares, the item's state and expiry): a task is only for someone who can see what it is about.
 */
export async function assigneeMayOpen(db: Database, userId: number, item: ItemRecord, now: Date = new Date()): Promise<boolean> {
  const assignee = await loadViewer(db, userId);
  return assignee !== null && (await viewerCanOpen(db, assignee, item, now));
}

/** A task with the facts the policy asks about. */
export async function findTaskByRef(db: Database, ref: string) {
  const [row] = await db
    .select({ id: tasks.id, forUserId: tasks.forUserId, byUserId: tasks.byUserId, itemId: tasks.itemId })
    .from(tasks)
    .where(eq(tasks.ref, ref))
    .limit(1);
  return row ?? null;
}

/** Marks the task done, or open again; a task already in that state keeps its completion time. */
export async function setTaskCompleted(db: Database, taskId: number, completed: boolean, now: Date = new Date()): Promise<void> {
  const alreadyThere = completed ? sql`${tasks.completedAt} is not null` : isNull(tasks.completedAt);
  await db
    .update(tasks)
    .set({ completedAt: completed ? now : null, updatedAt: now })
    .where(and(eq(tasks.id, taskId), sql`not (${alreadyThere})`));
}

const byUser = alias(users, 'task_by_user');

/**
 * Tasks completed before TASK_COMPLETED_CUTOFF_ISO stay out of the list unless Re-Open mode asks for them, so
 * pages hold only what shows.
 */
function shownTasksCondition(reopenMode: boolean): SQL | undefined {
  return reopenMode ? undefined : or(isNull(tasks.completedAt), gt(tasks.completedAt, new Date(TASK_COMPLETED_CUTOFF_ISO)));
}

/**
 * The tasks assigned to the viewer: open first, most urgent first. A task's item is named only when the viewer may
 * still open it (and it has not expired for them); otherwise its ref and title stay null.
 */
export async function listMyTasks(
  db: Database,
  viewer: Viewer & { id: number },
  options: { reopenMode: boolean; page: number; perPage: number },
  now: Date = new Date(),
): Promise<{ tasks: ItemTask[]; total: number }> {
  const where = and(eq(tasks.forUserId, viewer.id), shownTasksCondition(options.reopenMode));
  const mayOpen = openableItemsCondition(viewer, now) ?? sql`true`;
  const { offset, limit } = offsetAndLimit(options.page, options.perPage);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...taskColumns,
        byUserName: byUser.name,
        itemRef: items.ref,
        itemTitle: items.title,
        itemShown: sql<boolean>`coalesce(${items.id} is not null and (${mayOpen}), false)`,
      })
      .from(tasks)
      .leftJoin(items, eq(items.id, tasks.itemId))
      .leftJoin(byUser, eq(byUser.id, tasks.byUserId))
      .where(where)
      .orderBy(sql`${tasks.completedAt} is not null`, desc(tasks.priority), sql`${tasks.dueDate} asc nulls last`, desc(tasks.completedAt), asc(tasks.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return {
    total: Number(total),
    tasks: rows.map((row) =>
      readTask(
        { ...row, completedAt: row.completedAt?.toISOString() ?? null, forUserName: viewer.name, forUserRef: viewer.ref },
        row.itemShown ? { ref: row.itemRef, title: row.itemTitle } : { ref: null, title: null },
        now,
      ),
    ),
  };
}
