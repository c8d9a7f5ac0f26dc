/**
 * The shared pieces of every route schema (route options `schema: { params, querystring, body }`, validated by the
 * zod type provider before the handler runs; refusals are answered by features/errors), and field errors for the
 * few checks a handler still makes itself.
 */
import { z } from 'zod';
import { POSITION_INVALID } from '../../shared/messages';
import type { Route, RouteParamName } from '../../shared/routes';
import { TAG_LABEL_MAX } from '../../shared/taxonomies-admin';
import { REF_PATTERN } from './ref';

/** An opaque ref in a path. Anything else names nothing, so a params schema failure answers 404. */
export const ref = z.string().regex(REF_PATTERN);

/** /tag/{label} and its feed: the label is matched without regard to case or surrounding spaces; longer than a label names none. */
export const tagLabel = z.string().trim().toLowerCase().min(1).max(TAG_LABEL_MAX);

type ParamOverrides<Pattern extends string> = { readonly [Name in RouteParamName<Pattern>]?: z.ZodType };
type ParamsShape<Pattern extends string, Overrides> = { [Name in RouteParamName<Pattern>]: Name extends keyof Overrides ? Overrides[Name] : typeof ref };

/**
 * The params schema of a route (shared/routes.ts): every parameter an opaque `ref`, unless `overrides` gives it a
 * schema of its own (a tag label, a token, a stock picture's id). `schema: { params: paramsOf(ROUTES.itemTask) }`.
 */
export function paramsOf<Pattern extends string, const Overrides extends ParamOverrides<Pattern> = Record<never, never>>(
  contract: Route<Pattern>,
  overrides?: Overrides,
) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of contract.paramNames) shape[name] = (overrides as ParamOverrides<string> | undefined)?.[name] ?? ref;
  return z.object(shape as ParamsShape<Pattern, Overrides>);
}

/** The largest value of a PostgreSQL integer column: ids and counts from a request are bounded by it. */
export const INT4_MAX = 2_147_483_647;
/** A whole number a form or query sent as text or JSON, within the integer columns' range. */
export const wholeNumber = (min = 0, max = INT4_MAX) => z.coerce.number().int().min(min).max(max);

/** A query parameter sent twice arrives as a list; lenient query schemas read its first value. */
export const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * A form body: its fields as `shape`, missing body read as no fields (so each field says what is missing), unknown
 * fields ignored.
 */
export const formBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess((input) => input ?? {}, z.object(shape));

/** A row's new 0-based place in its ordered list (past the end means last), sent as a number or digits. */
export const listPosition = z.preprocess(
  (input) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input),
  z.number({ error: POSITION_INVALID }).int({ error: POSITION_INVALID }).min(0, { error: POSITION_INVALID }).max(100_000, { error: POSITION_INVALID }),
);

/** POST …/reposition of a tag, taxonomy, characteristic or affirmation option: its new place in its list. */
export const repositionBody = formBody({ position: listPosition });
