/**
 * The date range of every stats page (?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included, UTC). A value that is not
 * a real calendar date between 2000 and 2100 falls back to the default (the last STATS_DEFAULT_RANGE_DAYS days, today
 * included) rather than making an error: these addresses are only ever hand-edited. A range given backwards is turned
 * round. See docs/decisions/curation.md "Request stats".
 */
import { z } from 'zod';
import { STATS_DEFAULT_RANGE_DAYS, STATS_PARAMETERS, type StatsRange } from '../../../shared/stats';
import { DAY_MS } from '../../../shared/dates';

const EARLIEST = '2000-01-01';
const LATEST = '2100-12-31';

/** YYYY-MM-DD of a moment, in UTC. */
export function isoDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && isoDay(new Date(`${value}T00:00:00Z`)) === value)
  .refine((value) => value >= EARLIEST && value <= LATEST);

/** Each day on its own: one that cannot be read is left out. */
const rangeFields = z.object({
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
});

export function defaultRange(now: Date = new Date()): StatsRange {
  return { from: isoDay(new Date(now.getTime() - (STATS_DEFAULT_RANGE_DAYS - 1) * DAY_MS)), to: isoDay(now) };
}

function rangeOf(fields: z.infer<typeof rangeFields>, now: Date): StatsRange {
  const fallback = defaultRange(now);
  const from = fields.from || fallback.from;
  const to = fields.to || fallback.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The range a stats request asks for, defaults filled in; never throws. */
export function parseRange(query: unknown, now: Date = new Date()): StatsRange {
  const parsed = rangeFields.safeParse(query ?? {});
  return rangeOf(parsed.success ? parsed.data : {}, now);
}

/** ?from=&to= of every stats route, as parseRange reads it: never refused. */
export const rangeQuery = rangeFields.transform((fields) => rangeOf(fields, new Date()));

/** /admin/stats/{parameter}: one of the five; anything else names no page (404). */
export const statsParameter = z.enum(STATS_PARAMETERS);

/** The moments a range covers: [start, end). */
export function rangeBounds(range: StatsRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS);
  return { start, end };
}
