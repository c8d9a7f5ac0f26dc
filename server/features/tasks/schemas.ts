/** Request shapes of tasks (POST /i/{ref}/task, /task/{ref}/complete|incomplete, /task). */
import { z } from 'zod';
import { TASK_PRIORITY } from '../../../shared/enums';
import { TASK_DEFAULT_PRIORITY, TASK_ERRORS, TASK_NOTES_MAX, TASK_REOPEN_PARAM, TASK_TEXT_MAX } from '../../../shared/tasks';
import { pageQuery } from '../../lib/pagination';
import { REF_PATTERN } from '../../lib/ref';
import { firstValue, formBody } from '../../lib/validation';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DAY_LENGTH = 'YYYY-MM-DD'.length;

/** A calendar day as YYYY-MM-DD that exists (no 2025-02-30). */
function isCalendarDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Missing, null and blank are all "not given"; form posts send text, Inertia may send numbers or null. */
const blankToUndefined = (input: unknown) => (input === null || (typeof input === 'string' && input.trim() === '') ? undefined : input);
const numberFromText = (input: unknown) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input);

export const taskBody = formBody({
  task: z.string({ error: TASK_ERRORS.task }).trim().min(1, { error: TASK_ERRORS.task }).max(TASK_TEXT_MAX, { error: TASK_ERRORS.task }),
  notes: z.preprocess(blankToUndefined, z.string({ error: TASK_ERRORS.notes }).trim().max(TASK_NOTES_MAX, { error: TASK_ERRORS.notes }).default('')),
  priority: z.preprocess(
    (input) => numberFromText(blankToUndefined(input)),
    z
      .number({ error: TASK_ERRORS.priority })
      .int({ error: TASK_ERRORS.priority })
      .min(TASK_PRIORITY.LOW, { error: TASK_ERRORS.priority })
      .max(TASK_PRIORITY.HIGH, { error: TASK_ERRORS.priority })
      .default(TASK_DEFAULT_PRIORITY),
  ),
  due_date: z.preprocess(
    blankToUndefined,
    z
      .string({ error: TASK_ERRORS.due_date })
      .trim()
      .max(ISO_DAY_LENGTH, { error: TASK_ERRORS.due_date })
      .refine(isCalendarDay, { error: TASK_ERRORS.due_date })
      .optional(),
  ),
  /** Empty: the task is for whoever creates it. */
  for_user_ref: z.preprocess(
    blankToUndefined,
    z.string({ error: TASK_ERRORS.for_user_ref }).trim().regex(REF_PATTERN, { error: TASK_ERRORS.for_user_ref }).optional(),
  ),
});

/** The longest Re-Open value anyone sends ('true'); a longer one is no value. */
const REOPEN_VALUE_MAX = 16;

/** /task: the page, and Re-Open mode (any value but 0/false/empty switches it on). */
export const myTasksQuery = pageQuery.extend({
  [TASK_REOPEN_PARAM]: z
    .preprocess(firstValue, z.string().max(REOPEN_VALUE_MAX).optional())
    .transform((value) => value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase()))
    .catch(false),
});
