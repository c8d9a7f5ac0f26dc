/** Display helpers for item fields (dates: shared/dates.ts). */

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
