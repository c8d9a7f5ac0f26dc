/*
 * Tasks (docs/decisions/items.md "Tasks"). An item's tasks are its
 * editors' work list (`canSeeItemTasks`), so the same people add to it. A task is settled (Mark as Done, Re-Open) by
 * those it concerns: its assignee, its creator, the item's editors, and admins.
 */
import { isAdmin, isSignedIn, type Viewer } from './levels';
import { canEditItem, type ItemAccessFacts } from './items';
import { canSearchUsers } from './users';

/** What the policy needs to know about a task. */
export interface TaskAccessFacts {
  forUserId: number | null;
  byUserId: number | null;
}

/** Open tasks on an item are the editors' work list. */
export function canSeeItemTasks(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

export function canCreateItemTask(viewer: Viewer, item: ItemAccessFacts): boolean {
  return isSignedIn(viewer) && canSeeItemTasks(viewer, item);
}

/**
 * Anyone who may create a task assigns it to themselves; assigning it to someone else needs finding them first, which
 * only those who may search users can (`canSearchUsers`: admins and user managers).
 */
export function canAssignTaskTo(viewer: Viewer, assignee: { id: number }): boolean {
  return isSignedIn(viewer) && (assignee.id === viewer.id || canSearchUsers(viewer));
}

export function canAssignTasksToOthers(viewer: Viewer): boolean {
  return isSignedIn(viewer) && canSearchUsers(viewer);
}

/** `item` is null when the task belongs to no item (or its item is gone). */
export function canSettleTask(viewer: Viewer, task: TaskAccessFacts, item: ItemAccessFacts | null): boolean {
  if (!isSignedIn(viewer)) return false;
  if (isAdmin(viewer) || task.forUserId === viewer.id || task.byUserId === viewer.id) return true;
  return item !== null && canEditItem(viewer, item);
}

/** The task calls the item page offers this viewer (`taskCan`). */
export function itemTaskCan(viewer: Viewer, item: ItemAccessFacts): { create: boolean; assignOthers: boolean } {
  const create = canCreateItemTask(viewer, item);
  return { create, assignOthers: create && canAssignTasksToOthers(viewer) };
}
