/** Request shapes shared by the admin area's routes. */
import { z } from 'zod';
import { pageQuery } from '../../lib/pagination';
import { REF_PATTERN } from '../../lib/ref';

/** A route's {ref}: anything else names nothing (404). */
export const refParams = z.object({ ref: z.string().regex(REF_PATTERN) });

/** ?page= of a paged admin list. */
export const listQuery = pageQuery;

export const trimmed = (input: unknown) => (typeof input === 'string' ? input.trim() : input);

/** Form posts and inline selects send text, Inertia's JSON sends booleans: both are accepted. */
export const booleanInput = (input: unknown) => {
  if (input === 'true' || input === '1' || input === 'on') return true;
  if (input === 'false' || input === '0' || input === '') return false;
  return input;
};

/** The one field a PATCH body names, or null when it names none or several, or one not in `fields`. */
export function singleField<F extends string>(body: unknown, fields: readonly F[]): [name: F, value: unknown] | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body);
  if (entries.length !== 1 || !(fields as readonly string[]).includes(entries[0]![0])) return null;
  return entries[0] as [F, unknown];
}

export { fieldErrors } from '../../lib/validation';
