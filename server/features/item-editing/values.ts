/**
 * zod schemas for the kinds of value an item field or characteristic holds. Each
 * answers a clean value or one error message that is shown under the field.
 */
import { z } from 'zod';
import { ITEM_EDIT_ERRORS } from './messages';

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const WHOLE_NUMBER = /^-?\d{1,15}$/;

/** Empty input clears an optional field. */
const blankToNull = (value: string | null) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export const requiredText = (max: number, requiredMessage: string) =>
  z.string({ error: ITEM_EDIT_ERRORS.text }).trim().min(1, requiredMessage).max(max, ITEM_EDIT_ERRORS.tooLong(max));

export const text = (max: number) => z.string({ error: ITEM_EDIT_ERRORS.text }).trim().max(max, ITEM_EDIT_ERRORS.tooLong(max));

export const optionalText = (max: number) =>
  z.string({ error: ITEM_EDIT_ERRORS.text }).max(max, ITEM_EDIT_ERRORS.tooLong(max)).nullable().transform(blankToNull);

/** One entry per line in the editor; blank entries are dropped. */
export const textList = (maxEntries: number, maxEntryLength: number) =>
  z
    .array(z.string({ error: ITEM_EDIT_ERRORS.authors }).trim().max(maxEntryLength, ITEM_EDIT_ERRORS.tooLong(maxEntryLength)), {
      error: ITEM_EDIT_ERRORS.authors,
    })
    .transform((entries) => entries.filter((entry) => entry !== ''))
    .refine((entries) => entries.length <= maxEntries, ITEM_EDIT_ERRORS.tooManyAuthors(maxEntries));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const optionalHttpUrl = (max: number) => optionalText(max).refine((value) => value === null || isHttpUrl(value), ITEM_EDIT_ERRORS.url);

export const optionalYearMonth = () =>
  z
    .string({ error: ITEM_EDIT_ERRORS.yearMonth })
    .nullable()
    .transform(blankToNull)
    .refine((value) => value === null || YEAR_MONTH.test(value), ITEM_EDIT_ERRORS.yearMonth);

export const optionalDate = () =>
  z
    .string({ error: ITEM_EDIT_ERRORS.date })
    .nullable()
    .transform(blankToNull)
    .refine((value) => value === null || isCalendarDate(value), ITEM_EDIT_ERRORS.date);

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A date (YYYY-MM-DD, the start of that day in UTC) or a full ISO timestamp. */
export const optionalMoment = () =>
  z
    .string({ error: ITEM_EDIT_ERRORS.date })
    .nullable()
    .transform(blankToNull)
    .transform((value, context) => {
      if (value === null) return null;
      const moment = isCalendarDate(value) ? new Date(`${value}T00:00:00Z`) : parseIsoTimestamp(value);
      if (moment) return moment;
      context.addIssue({ code: 'custom', message: ITEM_EDIT_ERRORS.date });
      return z.NEVER;
    });

function parseIsoTimestamp(value: string): Date | null {
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) return null;
  return new Date(value);
}

export const flag = () => z.boolean({ error: ITEM_EDIT_ERRORS.boolean });

/** A whole number from a number input, which may arrive as a number or as its text. */
export const wholeNumber = (message: string = ITEM_EDIT_ERRORS.wholeNumber) =>
  z.union([z.number(), z.string().trim()], { error: message }).transform((value, context) => {
    const number = typeof value === 'number' ? value : WHOLE_NUMBER.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(number)) return number;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

export const yearMonthText = () => z.string({ error: ITEM_EDIT_ERRORS.yearMonth }).trim().regex(YEAR_MONTH, ITEM_EDIT_ERRORS.yearMonth);

/** Yes/no as the editors send it (a boolean, or its text from a select). */
export const yesNo = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: ITEM_EDIT_ERRORS.boolean })
    .transform((value) => value === true || value === 'true' || value === '1');

/** The first message of a failed parse, for the field's error. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? ITEM_EDIT_ERRORS.text;
}
