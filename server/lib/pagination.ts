/**
 * Builds the links array of a Paginated list (shared/pagination.ts) in Laravel's shape: '&laquo; Previous', the page
 * numbers (a window round the current page, the first and last two pages, '...' gaps between), 'Next &raquo;'.
 */
import { z } from 'zod';
import { PAGINATION_LABELS, type Paginated, type PaginationLink } from '../../shared/pagination';

/** Pages shown either side of the current one before the list breaks into '...' gaps. */
const PAGE_WINDOW = 3;
/** Pages kept at each end when the list breaks into gaps. */
const PAGE_ENDS = 2;
/** Higher page numbers are treated as junk (they would only make empty pages with huge offsets). */
const MAX_PAGE = 100_000;

export interface PageRequest {
  /** The list's path, e.g. '/task'. */
  path: string;
  /** The current query parameters; every link keeps them and sets its own `page`. */
  query: Record<string, unknown>;
  page: number;
  perPage: number;
  total: number;
}

/**
 * `?page=`: a positive whole number up to `maxPage`, 1 when missing. Junk (text, 0, negatives, repeats) reads as page 1 rather than an
 * error, since it only ever comes from a hand-edited address; a page past the end gives an empty list (and `paginated`'s
 * `pastLastPage`).
 */
export function pageNumber(maxPage = MAX_PAGE) {
  return z
    .preprocess((input) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input), z.number().int().min(1).max(maxPage))
    .catch(1)
    .default(1);
}

export const pageQuery = z.object({ page: pageNumber() });

export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function offsetAndLimit(page: number, perPage: number): { offset: number; limit: number } {
  return { offset: (page - 1) * perPage, limit: perPage };
}

export function paginationLinks({ path, query, page, perPage, total }: PageRequest): PaginationLink[] {
  const lastPage = lastPageOf(total, perPage);
  const urlFor = (target: number) => pageUrl(path, query, target);
  const links: PaginationLink[] = [{ url: page > 1 ? urlFor(Math.min(page - 1, lastPage)) : '', label: PAGINATION_LABELS.previous, active: false }];
  for (const entry of pageNumbersWithGaps(page, lastPage)) {
    links.push(
      entry === null ? { url: '', label: PAGINATION_LABELS.gap, active: false } : { url: urlFor(entry), label: String(entry), active: entry === page },
    );
  }
  links.push({ url: page < lastPage ? urlFor(page + 1) : '', label: PAGINATION_LABELS.next, active: false });
  return links;
}

/**
 * A page of a list as the pages get it: its rows, the links, and, for a page past the end of a list that has rows,
 * where its last page is, so the page says so rather than that the list is empty. A page that has rows is never past
 * the end, even when its number is past the last page of a capped count (history, library health): its rows show.
 */
export function paginated<T>(data: T[], request: PageRequest): Paginated<T> {
  const links = paginationLinks(request);
  const lastPage = lastPageOf(request.total, request.perPage);
  if (request.total === 0 || request.page <= lastPage || data.length > 0) return { data, links };
  return { data, links, pastLastPage: { page: request.page, lastPage, lastPageUrl: pageUrl(request.path, request.query, lastPage) } };
}

/** The page numbers to link, with null where a run of pages is left out. */
export function pageNumbersWithGaps(page: number, lastPage: number): (number | null)[] {
  // Laravel's UrlWindow: all pages while they fit, else a window of 3 either side, the first and last two pages.
  if (lastPage < PAGE_WINDOW * 2 + 8) return range(1, lastPage);
  const head = range(1, PAGE_ENDS);
  const tail = range(lastPage - PAGE_ENDS + 1, lastPage);
  const sliderEdge = PAGE_WINDOW * 2;
  if (page <= sliderEdge) return [...range(1, sliderEdge + PAGE_WINDOW), null, ...tail];
  if (page > lastPage - sliderEdge) return [...head, null, ...range(lastPage - sliderEdge - PAGE_ENDS, lastPage)];
  return [...head, null, ...range(page - PAGE_WINDOW, page + PAGE_WINDOW), null, ...tail];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

function pageUrl(path: string, query: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || value === undefined || value === null) continue;
    for (const single of Array.isArray(value) ? value : [value]) params.append(key, String(single));
  }
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
