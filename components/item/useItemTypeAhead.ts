import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { SearchResult } from '../../shared/items';

/**
 * Items matching `text`, from the type-ahead GET /item?search=…&simplejson=true, asked for
 * 500 ms after typing stops; a newer search cancels the one in flight. Failures are only logged.
 */
export function useItemTypeAhead(text: string): SearchResult[] {
  const [results, setResults] = useState<{ text: string; items: SearchResult[] }>({ text: '', items: [] });
  const query = text.trim();
  useEffect(() => {
    if (query === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchMatches(query, controller.signal)
        .then((items) => setResults({ text: query, items }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.error('item search failed', error);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return query !== '' && results.text === query ? results.items : [];
}

async function fetchMatches(search: string, signal: AbortSignal): Promise<SearchResult[]> {
  const params = new URLSearchParams({ search, simplejson: 'true' });
  const response = await fetch(`/item?${params}`, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`item search answered ${response.status}`);
  const body = (await response.json()) as { data: SearchResult[] };
  return body.data;
}
