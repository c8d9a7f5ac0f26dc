/** Tasks, their states, form and calls: texts and rules both sides share. */
import { TASK_COMPLETED_CUTOFF } from './constants';
import { TASK_PRIORITY, TASK_PRIORITY_LABELS } from './enums';
import type { ItemTask } from './items';

/** The task column's length (tasks.task is varchar(500)). */
export const TASK_TEXT_MAX = 500;
export const TASK_NOTES_MAX = 5000;
export const TASK_DEFAULT_PRIORITY = TASK_PRIORITY.MEDIUM;
export const TASK_PRIORITY_CHOICES = [TASK_PRIORITY.LOW, TASK_PRIORITY.MEDIUM, TASK_PRIORITY.HIGH].map((value) => ({
  value,
  label: TASK_PRIORITY_LABELS[value],
}));

/** /task?reopen=1: My Tasks in Re-Open mode, with every completed task and its Re-Open button. */
export const TASK_REOPEN_PARAM = 'reopen';

export const TASK_TEXTS = {
  myTasks: 'My Tasks',
  addTask: 'Add Task',
  markAsDone: 'Mark as Done',
  reOpen: 'Re-Open',
  reOpenMode: 'Re-Open mode',
  done: 'Done',
  /** Asked before a completed task is re-opened. */
  reOpenConfirm: 'Do you want to re-open this task?',
  /** My Tasks: the task's item is one the viewer may no longer open, so its title is not shown. */
  itemUnavailable: 'An item you can no longer open',
} as const;

export const TASK_MESSAGES = {
  created: 'Task added.',
  completed: 'Task marked as done.',
  reopened: 'Task re-opened.',
} as const;

export const TASK_ERRORS = {
  task: `Enter the task (at most ${TASK_TEXT_MAX} characters).`,
  notes: `Notes may have at most ${TASK_NOTES_MAX} characters.`,
  priority: 'Choose Low, Medium or High.',
  due_date: 'Enter the due date as a date, or leave it empty.',
  for_user_ref: 'Choose someone to assign the task to.',
  /** Under for_user_ref: the chosen person may not open the item now (its level, its state, or its expiry). */
  assigneeCannotOpen: 'This person cannot open this item, so the task cannot be assigned to them.',
} as const;

/** Who may create tasks on the item page and whether they may assign them to someone else. */
export interface TaskCan {
  create: boolean;
  assignOthers: boolean;
}

/** The cutoff in the form `Date.toISOString` writes, so completion times compare as text. */
export const TASK_COMPLETED_CUTOFF_ISO = new Date(TASK_COMPLETED_CUTOFF).toISOString();

/**
 * Completed tasks show only when completed after the cutoff, or in Re-Open mode. The server sends
 * the completion time; this is the one place the rule is written.
 */
export function isTaskShown(task: Pick<ItemTask, 'completed' | 'completed_at'>, reopenMode: boolean): boolean {
  if (!task.completed || reopenMode) return true;
  return task.completed_at !== null && task.completed_at > TASK_COMPLETED_CUTOFF_ISO;
}
