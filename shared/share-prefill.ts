/**
 * An access request's one-click link (access-requests.ts): the item page's query parameters that open its Share dialog
 * filled in for the person who asked. Apart from sharing.ts, since every item page reads them.
 */
export const SHARE_TO_PARAM = 'share_to';
export const SHARE_LEVEL_PARAM = 'share_level';

/** The Share dialog's starting values from an access request's link. */
export interface SharePrefill {
  email: string;
  level: number | null;
}

/** The prefill an item page's URL carries (`?share_to=&share_level=`), or null. */
export function sharePrefillFromUrl(url: string): SharePrefill | null {
  const query = new URL(url, 'http://equip.invalid').searchParams;
  const email = query.get(SHARE_TO_PARAM)?.trim().slice(0, 320);
  if (!email) return null;
  const level = Number(query.get(SHARE_LEVEL_PARAM));
  return { email, level: Number.isInteger(level) && query.get(SHARE_LEVEL_PARAM) !== null ? level : null };
}
