/** What form bodies send, read the same way everywhere: trimmed text, checkbox values, an inline edit's one field. */
import { HttpError } from './http-errors';

export const trimmed = (input: unknown) => (typeof input === 'string' ? input.trim() : input);

/** Form posts and inline selects send text, Inertia's JSON sends booleans: both are accepted. */
export const booleanInput = (input: unknown) => {
  if (input === 'true' || input === '1' || input === 'on') return true;
  if (input === 'false' || input === '0' || input === '') return false;
  return input;
};

/** A guard for `singleField`: whether a name is one of `fields`. */
export function oneOf<F extends string>(fields: readonly F[]): (name: string) => name is F {
  return (name): name is F => (fields as readonly string[]).includes(name);
}

/**
 * The one field an inline edit's PATCH names (admin-curation §7: "one field named per the field"). A body naming
 * none, several or an unknown one is a malformed request (400 with `message`), not a field error.
 */
export function singleField<F extends string>(body: unknown, isField: (name: string) => name is F, message: string): [name: F, value: unknown] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, message);
  const entries = Object.entries(body);
  if (entries.length !== 1 || !isField(entries[0]![0])) throw new HttpError(400, message);
  return entries[0] as [F, unknown];
}
