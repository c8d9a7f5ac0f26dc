/** Display helpers for item fields. Dates are shown in UTC, as the server stores them. */

const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** '2021-09' → 'September 2021'; anything else is shown as it is. */
export function formatYearMonth(value: string): string {
  const match = YEAR_MONTH.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** An ISO day or timestamp → '3 March 2025'. */
export function formatDay(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Only http(s) addresses become links, so a stored value can never run script when clicked. */
export function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
