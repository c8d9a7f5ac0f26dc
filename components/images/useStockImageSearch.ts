import { useEffect, useState } from 'react';
import { IMAGE_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { StockImageResult } from '../../shared/items';

export const STOCK_IMAGE_SEARCH_URL = '/image/search';

/** `value`, but only once it has stayed the same for `delayMs`; the first value is there at once. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Stock images matching `query` (GET /image/search, debounced 1 s). Searches only
 * while `active` (the dialog is open); the first search, for everything, runs at once.
 */
export function useStockImageSearch(query: string, active: boolean): StockImageResult[] | null {
  const settledQuery = useDebouncedValue(query.trim(), IMAGE_SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ query: string; results: StockImageResult[] } | null>(null);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    void fetchStockImages(settledQuery, controller.signal).then((results) => {
      if (results) setAnswer({ query: settledQuery, results });
    });
    return () => controller.abort();
  }, [settledQuery, active]);

  return answer?.query === settledQuery ? answer.results : null;
}

async function fetchStockImages(query: string, signal: AbortSignal): Promise<StockImageResult[] | null> {
  const url = `${STOCK_IMAGE_SEARCH_URL}?${new URLSearchParams({ q: query })}`;
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
    if (!response.ok) throw new Error(`${STOCK_IMAGE_SEARCH_URL} answered ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body) || !body.every(isStockImageResult)) throw new Error(`${STOCK_IMAGE_SEARCH_URL} answered an unexpected shape`);
    return body;
  } catch (error) {
    // A failed search is only logged; an aborted search was simply superseded.
    if (!signal.aborted) console.warn('Stock image search failed', error);
    return null;
  }
}

function isStockImageResult(value: unknown): value is StockImageResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['id', 'preview', 'full'].every((key) => typeof candidate[key] === 'string');
}

/** 'children-craft' → 'Children craft', for alt text and labels. */
export function stockImageLabel(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
