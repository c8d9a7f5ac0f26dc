/**
 * The sidebar's Recent, Frequent and Collections history as the rest of the app knows it: where it comes from, how a
 * page announces a change, and each person's cached copy, which leaves the browser when the viewer changes. The groups
 * themselves, and their refreshing (useNavigationHistory.ts), load only for those signed in.
 */
import { useEffect } from 'react';
import { removeStoredWhere } from '../lib/browser-storage';

export const NAVIGATION_HISTORY_URL = '/user/item_history_for_navigation';
/** A window event: what the sidebar's groups list has changed (a collection created, renamed or deleted). */
export const NAVIGATION_HISTORY_CHANGED = 'equip:navigation-history-changed';

/** Asks the sidebar to refresh its Recent, Frequent and Collections groups now rather than at the next minute. */
export function announceNavigationHistoryChange(): void {
  window.dispatchEvent(new Event(NAVIGATION_HISTORY_CHANGED));
}

const STORAGE_KEY_PREFIX = 'equip.navigationHistory.';

/** Cached per user, so a shared browser never shows one person's history to another. */
export function navigationHistoryStorageKey(userRef: string): string {
  return `${STORAGE_KEY_PREFIX}${userRef}`;
}

/** Removes every cached history but this user's (all of them for null). */
export function forgetNavigationHistoryExcept(userRef: string | null): void {
  const kept = userRef === null ? null : navigationHistoryStorageKey(userRef);
  removeStoredWhere(localStorage, (key) => key.startsWith(STORAGE_KEY_PREFIX) && key !== kept);
}

/**
 * Browsers in churches and schools are shared: whenever the viewer changes (logging out, a session that ended on the
 * server, starting or stopping acting as someone else), the cached history of anyone else leaves the browser.
 */
export function useForgetOtherUsersHistory(userRef: string | null): void {
  useEffect(() => forgetNavigationHistoryExcept(userRef), [userRef]);
}
