import { describe, expect, it } from 'vitest';
import { lastPageOf, offsetAndLimit, pageNumbersWithGaps, pageQuery, paginated, paginationLinks } from '../../server/lib/pagination';
import { PAGINATION_LABELS } from '../../shared/pagination';

const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('paginationLinks', () => {
  it('gives Previous, one link per page and Next, with the current page active', () => {
    const links = paginationLinks({ path: '/task', query: {}, page: 2, perPage: 10, total: 25 });
    expect(labels(links)).toEqual([PAGINATION_LABELS.previous, '1', '2', '3', PAGINATION_LABELS.next]);
    expect(links.map((link) => link.url)).toEqual(['/task', '/task', '/task?page=2', '/task?page=3', '/task?page=3']);
    expect(links.filter((link) => link.active).map((link) => link.label)).toEqual(['2']);
  });

  it('leaves Previous empty on the first page and Next empty on the last', () => {
    const first = paginationLinks({ path: '/task', query: {}, page: 1, perPage: 10, total: 25 });
    expect(first[0]).toEqual({ url: '', label: '&laquo; Previous', active: false });
    expect(first.at(-1)?.url).toBe('/task?page=2');
    const last = paginationLinks({ path: '/task', query: {}, page: 3, perPage: 10, total: 25 });
    expect(last[0].url).toBe('/task?page=2');
    expect(last.at(-1)).toEqual({ url: '', label: 'Next &raquo;', active: false });
  });

  it('gives three links (so the component hides them) when everything fits on one page, also when empty', () => {
    expect(labels(paginationLinks({ path: '/task', query: {}, page: 1, perPage: 10, total: 10 }))).toEqual([
      PAGINATION_LABELS.previous,
      '1',
      PAGINATION_LABELS.next,
    ]);
    expect(paginationLinks({ path: '/task', query: {}, page: 1, perPage: 10, total: 0 })).toHaveLength(3);
  });

  it('keeps the other query parameters in every url', () => {
    const links = paginationLinks({ path: '/affirmation', query: { search: 'camp fire', tags: ['a', 'b'], page: '2' }, page: 2, perPage: 10, total: 30 });
    expect(links[0].url).toBe('/affirmation?search=camp+fire&tags=a&tags=b');
    expect(links.at(-1)?.url).toBe('/affirmation?search=camp+fire&tags=a&tags=b&page=3');
  });

  it('links back to the last page from a page past the end, with no page active', () => {
    const links = paginationLinks({ path: '/task', query: {}, page: 9, perPage: 10, total: 25 });
    expect(links[0].url).toBe('/task?page=3');
    expect(links.some((link) => link.active)).toBe(false);
    expect(links.at(-1)?.url).toBe('');
  });

  it('breaks many pages into a window with disabled gaps', () => {
    const links = paginationLinks({ path: '/task', query: {}, page: 25, perPage: 1, total: 50 });
    expect(labels(links)).toEqual([
      PAGINATION_LABELS.previous,
      '1',
      '2',
      '...',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '...',
      '49',
      '50',
      PAGINATION_LABELS.next,
    ]);
    expect(links.filter((link) => link.label === '...').every((gap) => gap.url === '' && !gap.active)).toBe(true);
  });
});

describe('pageNumbersWithGaps', () => {
  it('shows every page up to 13 pages', () => {
    expect(pageNumbersWithGaps(7, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('shows the start or the end in full near either end', () => {
    expect(pageNumbersWithGaps(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, null, 19, 20]);
    expect(pageNumbersWithGaps(20, 20)).toEqual([1, 2, null, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});

describe('pageQuery and offsets', () => {
  it('reads a positive page and turns junk into page 1', () => {
    expect(pageQuery.parse({ page: '3' }).page).toBe(3);
    expect(pageQuery.parse({}).page).toBe(1);
    for (const junk of ['0', '-2', 'abc', '1.5', ['2', '3'], '9999999999']) expect(pageQuery.parse({ page: junk }).page).toBe(1);
  });

  it('turns a page into an offset and a limit', () => {
    expect(offsetAndLimit(3, 24)).toEqual({ offset: 48, limit: 24 });
    expect(lastPageOf(0, 24)).toBe(1);
    expect(lastPageOf(49, 24)).toBe(3);
  });
});

describe('paginated', () => {
  it('says where the last page is when the page asked for is past the end of a list with rows', () => {
    expect(paginated([], { path: '/admin/affirmation', query: {}, page: 7, perPage: 24, total: 30 }).pastLastPage).toEqual({
      page: 7,
      lastPage: 2,
      lastPageUrl: '/admin/affirmation?page=2',
    });
    expect(paginated([], { path: '/admin/comment', query: {}, page: 4, perPage: 24, total: 3 }).pastLastPage).toEqual({
      page: 4,
      lastPage: 1,
      lastPageUrl: '/admin/comment',
    });
  });

  it('says nothing on a page within the list, or when the list is empty (its empty state is true)', () => {
    expect(paginated([1], { path: '/x', query: {}, page: 2, perPage: 1, total: 2 })).not.toHaveProperty('pastLastPage');
    expect(paginated([], { path: '/x', query: {}, page: 5, perPage: 24, total: 0 })).not.toHaveProperty('pastLastPage');
  });

  it('says nothing on a page that has rows, even past the last page of a capped count (history, library health)', () => {
    expect(paginated([1], { path: '/admin/history', query: {}, page: 300, perPage: 50, total: 10_001 })).not.toHaveProperty('pastLastPage');
  });

  it('keeps the list’s other query parameters in the last page’s address', () => {
    expect(paginated([], { path: '/user', query: { search: 'Crowd Person', level: '2', page: '9' }, page: 9, perPage: 25, total: 30 }).pastLastPage).toEqual({
      page: 9,
      lastPage: 2,
      lastPageUrl: '/user?search=Crowd+Person&level=2&page=2',
    });
  });
});
