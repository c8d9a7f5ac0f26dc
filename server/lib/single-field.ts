/**
 * Inline edits, one field per request: a PATCH body names one
 * field, whose own rule checks its value. `fieldRules` makes a feature's rules; a route picks the field the body sends,
 * checks it, and saves it or goes back with the rule's message under the field:
 *
 *   const AFFIRMATION_FIELD_RULES = fieldRules({ title, is_negative: isNegative }, 'Send exactly one of title, is_negative.');
 *   const field = AFFIRMATION_FIELD_RULES.parse(request.body); // 400 unless the body names exactly one known field
 *   if (!field.ok) return reply.redirectWithErrors(field.errors, back);
 *   field.name === 'title' ? field.value : field.value; // string : boolean
 */
import type { z } from 'zod';
import { HttpError } from './http-errors';
import { formBody } from './validation';

/** The value rule of each field a PATCH may name. */
export type FieldRules = Readonly<Record<string, z.ZodType>>;
export type FieldName<R extends FieldRules> = keyof R & string;

/** A field whose value its rule accepted: one member per field, so narrowing on `name` types `value`. */
export type CheckedField<R extends FieldRules, N extends FieldName<R> = FieldName<R>> = { [K in N]: { ok: true; name: K; value: z.output<R[K]> } }[N];
/** A field whose value its rule refused: the rule's first message under the field's name. */
export interface RefusedField<N extends string = string> {
  ok: false;
  name: N;
  errors: Record<string, string>;
}
export type OneField<R extends FieldRules, N extends FieldName<R> = FieldName<R>> = CheckedField<R, N> | RefusedField<N>;

export interface SingleFieldRules<R extends FieldRules> {
  readonly rules: R;
  /** Whether `name` is one of the fields. */
  has(name: string): name is FieldName<R>;
  /** The one field `body` names, its value unchecked; a body naming none, several or an unknown one is a 400. */
  pick(body: unknown): [name: FieldName<R>, value: unknown];
  /** The value checked by the field's rule (for routes that ask the policy between picking and checking). */
  check<N extends FieldName<R>>(name: N, value: unknown): OneField<R, N>;
  /** `pick`, then `check`. */
  parse(body: unknown): OneField<R>;
  /**
   * The route schema of a PATCH checked before its handler (errors answered by the input layer): every field optional.
   * The route still `pick`s first (in `preValidation`), so the body names one.
   */
  readonly body: z.ZodType<{ [N in FieldName<R>]?: z.output<R[N]> }>;
}

/** The accepted field of a feature's rules: `CheckedFieldOf<typeof TAG_FIELD_RULES>`. */
export type CheckedFieldOf<S> = S extends SingleFieldRules<infer R> ? CheckedField<R> : never;

/**
 * The one field an inline edit's PATCH names, when the names are not a fixed list (`characteristic-{ref}`). A body
 * naming none, several or an unknown one is a malformed request (400 with `message`), not a field error.
 */
export function singleField<F extends string>(body: unknown, isField: (name: string) => name is F, message: string): [name: F, value: unknown] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, message);
  const entries = Object.entries(body);
  if (entries.length !== 1 || !isField(entries[0]![0])) throw new HttpError(400, message);
  return entries[0] as [F, unknown];
}

/** A feature's single-field rules; `badRequest` is the 400's message for a body that does not name exactly one. */
export function fieldRules<const R extends FieldRules>(rules: R, badRequest: string): SingleFieldRules<R> {
  const has = (name: string): name is FieldName<R> => Object.hasOwn(rules, name);
  const check = <N extends FieldName<R>>(name: N, value: unknown): OneField<R, N> => {
    const parsed = rules[name]!.safeParse(value);
    if (parsed.success) return { ok: true, name, value: parsed.data } as CheckedField<R, N>;
    return { ok: false, name, errors: { [name]: parsed.error.issues[0]!.message } };
  };
  const optional = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.optional()]));
  return {
    rules,
    has,
    pick: (body) => singleField(body, has, badRequest),
    check,
    parse: (body) => check(...singleField(body, has, badRequest)),
    body: formBody(optional) as unknown as SingleFieldRules<R>['body'],
  };
}

/** What saving one field answered: saved, or the message to show under the field. */
export type FieldSaveResult = { ok: true } | { ok: false; errors: Record<string, string> };

/** A save refused with `message` under `field`. */
export function fieldRefused(field: string, message: string): FieldSaveResult {
  return { ok: false, errors: { [field]: message } };
}
