/**
 * Library health: the problems the health page lists, the words it uses, and the checks an admin can
 * schedule to turn problems into tasks by themselves (docs/decisions/curation.md "Library health, turned into tasks").
 */
import type { Paginated } from './pagination';

export const LIBRARY_HEALTH_URL = '/admin/health';
/** POST: one row's task ({ kind, item_ref }) or every row's of a kind ({ kind }). */
export const LIBRARY_HEALTH_TASK_URL = '/admin/health/tasks';
export const LIBRARY_HEALTH_ALL_TASKS_URL = '/admin/health/tasks/all';
/** POST { check, period }: schedule a check, or stop it ('off'). */
export const LIBRARY_HEALTH_SCHEDULE_URL = '/admin/health/schedule';
export const LIBRARY_HEALTH_PAGE_SIZE = 25;

/** The kinds of problem, in the page's order, with the words of their heading and of the task made from a row. */
export const HEALTH_PROBLEMS = {
  missing_tag: { title: 'Missing a required tag', task: 'Add the required tags' },
  past_review: { title: 'Past their review date', task: 'Review this item' },
  expiring_soon: { title: 'Expiring within 30 days', task: 'Renew or retire this item: it expires soon' },
  broken_link: { title: 'Broken external links', task: 'Fix the broken external link' },
  duplicate_title: { title: 'Duplicate titles', task: 'Give this item a title of its own' },
  no_content: { title: 'No content', task: 'Add content to this item' },
  drive_missing: { title: 'Content files missing in the drive', task: 'Upload the missing content file again' },
  drive_sharing: { title: 'Shared too widely in the drive', task: 'Narrow the drive sharing of this item' },
} as const;

export type HealthProblemKind = keyof typeof HEALTH_PROBLEMS;
export const HEALTH_PROBLEM_KINDS = Object.keys(HEALTH_PROBLEMS) as HealthProblemKind[];

/** The checks a schedule runs: each finds its kinds again, makes tasks for new problems and closes those fixed. */
export const LIBRARY_HEALTH_CHECKS = {
  links: { title: 'External link check', kinds: ['broken_link'] },
  library: { title: 'Tags, dates, titles and content', kinds: ['missing_tag', 'past_review', 'expiring_soon', 'duplicate_title', 'no_content'] },
  drive: { title: 'Drive files and sharing', kinds: ['drive_missing', 'drive_sharing'] },
} as const satisfies Record<string, { title: string; kinds: readonly HealthProblemKind[] }>;

export type LibraryHealthCheck = keyof typeof LIBRARY_HEALTH_CHECKS;
export const LIBRARY_HEALTH_CHECK_NAMES = Object.keys(LIBRARY_HEALTH_CHECKS) as LibraryHealthCheck[];

export const HEALTH_SCHEDULE_PERIODS = { off: 'Not scheduled', daily: 'Daily', weekly: 'Weekly' } as const;
export type HealthSchedulePeriod = keyof typeof HEALTH_SCHEDULE_PERIODS;

export interface HealthProblemRow {
  item: { ref: string; code: string; title: string };
  /** What exactly is wrong: the missing taxonomies, the date, the link and its status. */
  detail: string;
  /** The maintainer's name; null when the item has none (no task can be made for it). */
  maintainer: string | null;
  /** The open task made from this problem, if any. */
  openTask: boolean;
}

export interface HealthProblemSummary {
  kind: HealthProblemKind;
  /** Up to EXACT_COUNT_LIMIT + 1 (shown as "1,000+"). */
  count: number;
}

export const LIBRARY_HEALTH_TEXTS = {
  title: 'Library health',
  intro: 'Problems in the library, each one a task for the item’s maintainer in one click.',
  makeTask: 'Make a task',
  makeAllTasks: 'Make tasks for all',
  /** Asked before every row of a kind becomes a task. */
  makeAllConfirm: (count: string) => `Make a task for the maintainer of each of the ${count} items with this problem?`,
  taskOpen: 'Task open',
  noMaintainer: 'No maintainer',
  noProblems: 'No problems of this kind.',
  schedules: 'Scheduled checks',
  scheduleHelp: 'A scheduled check makes a task for each new problem it finds and closes the task when the problem is gone.',
  saveSchedule: 'Save',
} as const;

export const LIBRARY_HEALTH_MESSAGES = {
  taskMade: 'Task made for the item’s maintainer.',
  tasksMade: (count: number) => `${count} task${count === 1 ? '' : 's'} made or re-opened.`,
  scheduled: 'Schedule saved.',
} as const;

export const LIBRARY_HEALTH_ERRORS = {
  item: 'No such item.',
  notAProblem: 'This item no longer has this problem.',
  taskOpen: 'A task for this problem is open already.',
  noMaintainer: 'This item has no maintainer: choose one on the item first.',
} as const;

export interface LibraryHealthPageProps {
  summaries: HealthProblemSummary[];
  kind: HealthProblemKind;
  problems: Paginated<HealthProblemRow>;
  schedules: Record<LibraryHealthCheck, HealthSchedulePeriod>;
}
