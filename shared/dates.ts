/**
 * Every date and time Equip shows, on pages and in e-mails alike, in the organisation's time zone (TIME_ZONE, sent
 * to the pages as the `timeZone` shared prop), so one instant reads as the same day everywhere. A calendar day
 * ('2025-03-03', a task's due date) is the same day in every time zone and is shown as it is.
 */

/** Milliseconds in a day: retention sweeps, expiry windows, the trash's purge date. */
export const DAY_MS = 24 * 60 * 60 * 1000;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

type DateStyle = 'day' | 'shortDay' | 'dayAndTime';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'long', year: 'numeric' },
  shortDay: { day: 'numeric', month: 'short', year: 'numeric' },
  dayAndTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    // A browser that does not know a zone the server knows shows UTC rather than no page.
    found = new Intl.DateTimeFormat('en-GB', { ...STYLES[style], timeZone: isKnownTimeZone(timeZone) ? timeZone : 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

function format(value: string | Date, style: DateStyle, timeZone: string): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return formatter(style, 'UTC').format(new Date(`${value}T00:00:00Z`));
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(style, timeZone).format(date);
}

/** '3 March 2025'. */
export function formatDay(value: string | Date, timeZone: string): string {
  return format(value, 'day', timeZone);
}

/** '3 Mar 2025'. */
export function formatShortDay(value: string | Date, timeZone: string): string {
  return format(value, 'shortDay', timeZone);
}

/** '23 Nov, 18:04:05'. */
export function formatDayAndTime(value: string | Date, timeZone: string): string {
  return format(value, 'dayAndTime', timeZone);
}

/** '2021-09' → 'September 2021' (a month, the same everywhere); anything else is shown as it is. */
export function formatYearMonth(value: string): string {
  const match = YEAR_MONTH.exec(value);
  if (!match) return value;
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

/** Whether a time zone name is one this runtime knows ('Europe/London', 'UTC'). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}
