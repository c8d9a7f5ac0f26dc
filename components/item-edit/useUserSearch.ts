import { useEffect, useState } from 'react';
import { USER_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { UserSearchResult } from '../../shared/items';
import { USER_SEARCH_URL } from '../../shared/users';

export type UserSearcher = (query: string) => Promise<UserSearchResult[]>;

/** GET /user/search?query=…; a failure is only logged and finds nobody. */
export const fetchUsers: UserSearcher = async (query) => {
  try {
    const response = await fetch(`${USER_SEARCH_URL}?${new URLSearchParams({ query })}`, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`${USER_SEARCH_URL} answered ${response.status}`);
    const body: unknown = await response.json();
    return Array.isArray(body) ? body.filter(isUserSearchResult) : [];
  } catch (error) {
    console.warn('User search failed', error);
    return [];
  }
};

function isUserSearchResult(value: unknown): value is UserSearchResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.ref === 'string' && typeof candidate.nameAndContactForDisplay === 'string';
}

/** Users matching the query, searched USER_SEARCH_DEBOUNCE_MS after the last keystroke. */
export function useUserSearch(query: string, search: UserSearcher = fetchUsers): UserSearchResult[] {
  const [found, setFound] = useState<{ query: string; users: UserSearchResult[] }>({ query: '', users: [] });
  const wanted = query.trim();

  useEffect(() => {
    if (wanted === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void search(wanted).then((users) => {
        if (current) setFound({ query: wanted, users });
      });
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, search]);

  return found.query === wanted ? found.users : [];
}
