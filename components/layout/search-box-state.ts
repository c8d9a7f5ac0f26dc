import type { SearchResult } from '../../shared/items';

export interface SearchBoxState {
  open: boolean;
  text: string;
  /** The text was filled in from the search of the item list being shown, not typed. */
  filledFromList: boolean;
}

export const CLOSED_SEARCH: SearchBoxState = { open: false, text: '', filledFromList: false };

/**
 * How the navbar search box follows navigation: an item page clears and
 * closes it, an item list filtered by a search opens it filled with that search, leaving such a
 * list clears the filled-in text (it no longer describes the page), and any other page keeps what
 * the user typed.
 */
export function searchBoxStateAfterVisit(url: string, current: SearchBoxState): SearchBoxState {
  const { pathname, searchParams } = new URL(url, 'http://equip.invalid');
  if (pathname.startsWith('/i/')) return CLOSED_SEARCH;
  const search = searchParams.get('search');
  if (search && isItemList(pathname)) return { open: true, text: search, filledFromList: true };
  if (current.filledFromList) return CLOSED_SEARCH;
  return current;
}

/** The listbox's last row, which visits the item list filtered by the typed text. */
export function seeAllResultsLabel(text: string): string {
  return `See all results for “${text.trim()}”`;
}

function isItemList(pathname: string): boolean {
  return pathname === '/item' || pathname.startsWith('/tag/');
}

/** The type-ahead: GET /item?search=…&simplejson=true. */
export function typeAheadUrl(text: string): string {
  return `/item?${new URLSearchParams({ search: text.trim(), simplejson: 'true' })}`;
}

/** Results for the typed text; an empty list when the request fails, which is only logged. */
export async function fetchTypeAhead(text: string, signal: AbortSignal): Promise<SearchResult[]> {
  try {
    const response = await fetch(typeAheadUrl(text), { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
    if (!response.ok) throw new Error(`the type-ahead answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isSearchResponse(body)) throw new Error('the type-ahead answered an unexpected shape');
    return body.data;
  } catch (error) {
    if (!signal.aborted) console.warn('Search suggestions failed', error);
    return [];
  }
}

function isSearchResponse(body: unknown): body is { data: SearchResult[] } {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { data?: unknown }).data)) return false;
  return (body as { data: unknown[] }).data.every(
    (entry) =>
      typeof entry === 'object' && entry !== null && typeof (entry as SearchResult).ref === 'string' && typeof (entry as SearchResult).title === 'string',
  );
}
