/**
 * Request shapes of the profile's access tokens (POST /profile/tokens), and the expiry day as an instant: a token set
 * to expire on a day stops working at the start of that day in the organisation's time zone (TIME_ZONE), the day the
 * profile then shows.
 */
import { z } from 'zod';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_NAME_MAX } from '../../../shared/access-tokens';
import { formBody } from '../../lib/validation';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD that exists (no 2030-02-30). */
function isCalendarDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Today in the time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day begins in the time zone (its first moment, where a clock change skips midnight). */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at a first guess, then at the instant it gives: right on both sides of a change of the clocks.
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(guess, timeZone));
}

const blankToUndefined = (input: unknown) => (input === null || (typeof input === 'string' && input.trim() === '') ? undefined : input);

/** POST /profile/tokens: a name, and an expiry day after today (or none). */
export function createTokenBody(timeZone: string) {
  return formBody({
    name: z
      .string({ error: ACCESS_TOKEN_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: ACCESS_TOKEN_MESSAGES.nameRequired })
      .max(ACCESS_TOKEN_NAME_MAX, { error: ACCESS_TOKEN_MESSAGES.nameTooLong }),
    expires_on: z.preprocess(
      blankToUndefined,
      z
        .string({ error: ACCESS_TOKEN_MESSAGES.expiryInvalid })
        .trim()
        .superRefine((day, context) => {
          if (!isCalendarDay(day)) context.addIssue({ code: 'custom', message: ACCESS_TOKEN_MESSAGES.expiryInvalid });
          else if (day <= todayIn(timeZone)) context.addIssue({ code: 'custom', message: ACCESS_TOKEN_MESSAGES.expiryNotFuture });
        })
        .optional(),
    ),
  }).transform(({ name, expires_on }) => ({ name, expiresAt: expires_on === undefined ? null : startOfDayIn(expires_on, timeZone) }));
}
