/**
 * Paginated lists: a data array plus a links array. Each link has a url (empty disables it), a label
 * (may contain markup, e.g. '&laquo; Previous') and an active flag. The Pagination component shows the links only when
 * there are more than 3 of them (PAGINATION_MIN_LINKS).
 */
export interface PaginationLink {
  url: string;
  label: string;
  active: boolean;
}

export interface Paginated<T> {
  data: T[];
  links: PaginationLink[];
  /** Set when the page asked for is past the end of a list that has rows (an old link, a hand-edited address). */
  pastLastPage?: PastLastPage;
}

/** A page asked for past a list's end: its number, and the list's last page with its address. */
export interface PastLastPage {
  page: number;
  lastPage: number;
  lastPageUrl: string;
}

/** Where a page of an ordered list sits in the whole list (the first row's 0-based place, and all the rows), for moves that cross pages. */
export interface ListPlace {
  offset: number;
  total: number;
}

/** Rows per page of the lists built on Paginated (Equip's own choice). */
export const DEFAULT_PAGE_SIZE = 24;

/** The label texts of the first and last link, as Laravel's paginator writes them. */
export const PAGINATION_LABELS = { previous: '&laquo; Previous', next: 'Next &raquo;', gap: '...' } as const;
