import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MY_AFFIRMATIONS_TEXTS, type AffirmedItem } from '../../shared/my-affirmations';
import { pastLastPageText } from '../../shared/messages';
import type { PaginationLink } from '../../shared/pagination';
import { anItemSummary } from '../support/item-fixtures';
import { SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

const ONE_PAGE: PaginationLink[] = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/affirmation', label: '1', active: true },
  { url: '', label: 'Next &raquo;', active: false },
];
const TWO_PAGES: PaginationLink[] = [
  { url: '/affirmation', label: '&laquo; Previous', active: false },
  { url: '/affirmation', label: '1', active: false },
  { url: '/affirmation?page=2', label: '2', active: true },
  { url: '', label: 'Next &raquo;', active: false },
];

function anAffirmedItem(overrides: Partial<AffirmedItem> = {}): AffirmedItem {
  return {
    item: anItemSummary({ ref: 'sheep0000001', title: 'Assembly Plan: The Lost Sheep', topic: 'Schools work' }),
    affirmed_at: '2026-03-01T10:00:00.000Z',
    mine: [{ ref: 'optionhelpful', title: 'Helpful', is_negative: false, value: 2 }],
    affirmations: 3,
    affirmation_stars: 1,
    affirmation_text: '2 affirmations (1 strong), 1 disapproval',
    ...overrides,
  };
}

function affirmationsPage(data: AffirmedItem[], links = ONE_PAGE) {
  return pageObject(
    'affirmation/Index',
    { ...SHARED_MEMBER, items: { data, links }, emptyText: MY_AFFIRMATIONS_TEXTS.empty, title: MY_AFFIRMATIONS_TEXTS.title },
    { url: '/affirmation' },
  );
}

describe('My Affirmations', () => {
  it('shows the empty state', async () => {
    await renderInertiaPage(affirmationsPage([]));
    expect(screen.getByRole('heading', { level: 1, name: 'My Affirmations' })).toBeTruthy();
    expect(screen.getByText('You have not affirmed any items yet')).toBeTruthy();
  });

  it('says a page past the end is past the end, with a link to the last page, not that nothing was affirmed', async () => {
    const page = affirmationsPage([]);
    await renderInertiaPage({
      ...page,
      props: { ...page.props, items: { data: [], links: ONE_PAGE, pastLastPage: { page: 5, lastPage: 2, lastPageUrl: '/affirmation?page=2' } } },
    });
    expect(screen.getByText(pastLastPageText(5, 2), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe('/affirmation?page=2');
    expect(screen.queryByText(MY_AFFIRMATIONS_TEXTS.empty)).toBeNull();
  });

  it('shows each item as a card with what the viewer gave it and its counts', async () => {
    const outdated = anAffirmedItem({
      item: anItemSummary({ ref: 'coin00000001', title: 'Lost Coin Drama Script' }),
      mine: [{ ref: 'optionoutdated', title: 'Outdated', is_negative: true, value: 1 }],
      affirmation_text: '1 disapproval',
    });
    await renderInertiaPage(affirmationsPage([anAffirmedItem(), outdated]));
    const grid = screen.getByRole('list', { name: 'My Affirmations' });
    const sheep = within(grid).getByRole('listitem', { name: 'Assembly Plan: The Lost Sheep' });
    expect(within(sheep).getByRole('link', { name: 'Assembly Plan: The Lost Sheep' }).getAttribute('href')).toBe('/i/sheep0000001');
    expect(within(sheep).getByText('Helpful (strong)')).toBeTruthy();
    expect(within(sheep).getByText('2 affirmations (1 strong), 1 disapproval')).toBeTruthy();
    const coin = within(grid).getByRole('listitem', { name: 'Lost Coin Drama Script' });
    expect(within(coin).getByText('Outdated')).toBeTruthy();
    expect(within(coin).getByText('1 disapproval')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'My Affirmations pages' })).toBeNull();
  });

  it('pages the grid with the pagination links', async () => {
    await renderInertiaPage(affirmationsPage([anAffirmedItem()], TWO_PAGES));
    const nav = screen.getByRole('navigation', { name: 'My Affirmations pages' });
    expect(within(nav).getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '« Previous' }).getAttribute('href')).toBe('/affirmation');
    expect(within(nav).queryByRole('link', { name: 'Next »' })).toBeNull();
  });
});
