import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { HISTORY_FIRST_REFRESH_MS, HISTORY_REFRESH_MS } from '../../shared/constants';
import type { NavigationHistory } from '../../shared/props';
import { writeStored } from '../lib/browser-storage';
import { forgetNavigationHistoryExcept, NAVIGATION_HISTORY_CHANGED, NAVIGATION_HISTORY_URL, navigationHistoryStorageKey } from './navigation-history';

const NO_HISTORY: NavigationHistory = { recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] };

/** The history to show, or why there is none yet: it is being fetched, or the fetch failed (offline) with nothing cached. */
export type NavigationHistoryState = NavigationHistory | 'loading' | 'unavailable';

/**
 * The signed-in user's Recent, Frequent and Collections entries: shown from the local cache at
 * once (or from the first page, which the server drew with them), then refreshed from the server 5 s after load and
 * every 60 s, and at once when a page announces a change (`announceNavigationHistoryChange`). With
 * nothing to show (a new browser, no first-page history) the first fetch goes at once.
 */
export function useNavigationHistory(userRef: string | null, firstPageHistory?: NavigationHistory): NavigationHistoryState | null {
  // What the server sent with the first page (and drew in it): shown until a fetch brings newer entries.
  const [fromFirstPage] = useState(() => (userRef && firstPageHistory ? { userRef, history: firstPageHistory } : null));
  // The server has no cache, so hydration reads none either (the server's snapshot), and the cache shows right after.
  const storedText = useSyncExternalStore(
    subscribeToStorage,
    () => (userRef ? readStoredText(userRef) : null),
    () => null,
  );
  const cached = useMemo(() => parseHistory(storedText), [storedText]);
  const [fetched, setFetched] = useState<{ userRef: string; history: NavigationHistory } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userRef) return;
    const stored = parseHistory(readStoredText(userRef)) ?? fromFirstPage?.history ?? null;
    let active = true;
    const refresh = async () => {
      const history = await fetchNavigationHistory();
      if (!active) return;
      if (!history) {
        setFailedFor(userRef);
        return;
      }
      if (history === SIGNED_OUT) {
        // The session ended on the server (elsewhere, or it expired) while this page still shows its person.
        forgetNavigationHistoryExcept(null);
        setFetched({ userRef, history: NO_HISTORY });
        return;
      }
      writeStored(localStorage, navigationHistoryStorageKey(userRef), history);
      setFetched({ userRef, history });
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const firstRefresh = setTimeout(
      () => {
        void refresh();
        interval = setInterval(() => void refresh(), HISTORY_REFRESH_MS);
      },
      stored ? HISTORY_FIRST_REFRESH_MS : 0,
    );
    const refreshNow = () => void refresh();
    window.addEventListener(NAVIGATION_HISTORY_CHANGED, refreshNow);
    return () => {
      active = false;
      clearTimeout(firstRefresh);
      clearInterval(interval);
      window.removeEventListener(NAVIGATION_HISTORY_CHANGED, refreshNow);
    };
  }, [userRef, fromFirstPage]);

  if (!userRef) return null;
  if (fetched?.userRef === userRef) return fetched.history;
  if (fromFirstPage?.userRef === userRef) return fromFirstPage.history;
  if (cached) return cached;
  return failedFor === userRef ? 'unavailable' : 'loading';
}

const SIGNED_OUT = 'signed-out';

/** The fresh history; SIGNED_OUT when the server no longer knows the person; null when it could not be had. */
async function fetchNavigationHistory(): Promise<NavigationHistory | typeof SIGNED_OUT | null> {
  try {
    const response = await fetch(NAVIGATION_HISTORY_URL, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (response.status === 401) return SIGNED_OUT;
    if (!response.ok) throw new Error(`${NAVIGATION_HISTORY_URL} answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isNavigationHistory(body)) throw new Error(`${NAVIGATION_HISTORY_URL} answered an unexpected shape`);
    return body;
  } catch (error) {
    // The sidebar keeps its cached entries; a failure is only logged.
    console.warn('Could not refresh the navigation history', error);
    return null;
  }
}

/** The cached history as stored (a string, which compares by value, as a snapshot must). */
function readStoredText(userRef: string): string | null {
  try {
    return localStorage.getItem(navigationHistoryStorageKey(userRef));
  } catch {
    return null;
  }
}

function parseHistory(text: string | null): NavigationHistory | null {
  try {
    const stored: unknown = text === null ? null : JSON.parse(text);
    return isNavigationHistory(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Another tab's write to the cache (the only change to storage a page is told of). */
function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function isNavigationHistory(value: unknown): value is NavigationHistory {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['recentlyViewedItems', 'frequentlyViewedItems', 'myCollections'].every((key) => Array.isArray(candidate[key]));
}
