import { useEffect, useMemo, useState } from 'react';
import { HISTORY_FIRST_REFRESH_MS, HISTORY_REFRESH_MS } from '../../shared/constants';
import type { NavigationHistory } from '../../shared/props';
import { readStored, writeStored } from '../lib/browser-storage';
import { forgetNavigationHistoryExcept, NAVIGATION_HISTORY_CHANGED, NAVIGATION_HISTORY_URL, navigationHistoryStorageKey } from './navigation-history';

const NO_HISTORY: NavigationHistory = { recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] };

/**
 * The signed-in user's Recent, Frequent and Collections entries: shown from the local cache at
 * once, then refreshed from the server 5 s after load and every 60 s (member-library §7), and at once when a page
 * announces a change (`announceNavigationHistoryChange`).
 */
export function useNavigationHistory(userRef: string | null): NavigationHistory | null {
  const cached = useMemo(() => (userRef ? readCachedHistory(userRef) : null), [userRef]);
  const [fetched, setFetched] = useState<{ userRef: string; history: NavigationHistory } | null>(null);

  useEffect(() => {
    if (!userRef) return;
    let active = true;
    const refresh = async () => {
      const history = await fetchNavigationHistory();
      if (!active || !history) return;
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
    const firstRefresh = setTimeout(() => {
      void refresh();
      interval = setInterval(() => void refresh(), HISTORY_REFRESH_MS);
    }, HISTORY_FIRST_REFRESH_MS);
    const refreshNow = () => void refresh();
    window.addEventListener(NAVIGATION_HISTORY_CHANGED, refreshNow);
    return () => {
      active = false;
      clearTimeout(firstRefresh);
      clearInterval(interval);
      window.removeEventListener(NAVIGATION_HISTORY_CHANGED, refreshNow);
    };
  }, [userRef]);

  if (!userRef) return null;
  return fetched?.userRef === userRef ? fetched.history : cached;
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
    // The sidebar keeps its cached entries; the spec asks only for the failure to be logged.
    console.warn('Could not refresh the navigation history', error);
    return null;
  }
}

function readCachedHistory(userRef: string): NavigationHistory | null {
  const stored = readStored<unknown>(localStorage, navigationHistoryStorageKey(userRef));
  return isNavigationHistory(stored) ? stored : null;
}

function isNavigationHistory(value: unknown): value is NavigationHistory {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['recentlyViewedItems', 'frequentlyViewedItems', 'myCollections'].every((key) => Array.isArray(candidate[key]));
}
