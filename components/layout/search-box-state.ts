export interface SearchBoxState {
  open: boolean;
  text: string;
}

export const CLOSED_SEARCH: SearchBoxState = { open: false, text: '' };

/**
 * How the navbar search box follows navigation (member-library §2): an item page clears and
 * closes it, an item list filtered by a search opens it filled with that search, and any other
 * page keeps what the user left.
 */
export function searchBoxStateAfterVisit(url: string, current: SearchBoxState): SearchBoxState {
  const { pathname, searchParams } = new URL(url, 'http://equip.invalid');
  if (pathname.startsWith('/i/')) return CLOSED_SEARCH;
  const search = searchParams.get('search');
  if (search && isItemList(pathname)) return { open: true, text: search };
  return current;
}

function isItemList(pathname: string): boolean {
  return pathname === '/item' || pathname.startsWith('/tag/');
}
