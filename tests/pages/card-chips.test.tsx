/** A card's chips (issue 20 §5): a lock above the viewer's level, its first tags, its length. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@inertiajs/core';
import { screen, within } from '@testing-library/react';
import type { PagePropsMap } from '../../shared/pages';
import type { ItemSummary } from '../../shared/items';
import { anItemSummary } from '../support/item-fixtures';
import { SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

function renderCards(cards: ItemSummary[]) {
  const props: PagePropsMap['items/Index'] = {
    listing: 'all',
    heading: 'All Items',
    items: { data: cards },
    itemsPagination: { currentPage: 1, nextPage: null, previousPage: null, perPage: 24 },
    filters: { search: '', tags: [] },
    selectedTags: [],
    filterTaxonomies: [],
    matchCount: undefined,
    tagCounts: {},
    suggestions: null,
    requiredTaxonomies: [],
    batchEdit: null,
    follow: null,
    tagPage: null,
  };
  const page = pageObject('items/Index', { ...props, ...SHARED_MEMBER, title: 'All Items' }, { url: '/item' });
  const scrollProps = { items: { pageName: 'page', currentPage: 1, previousPage: null, nextPage: null, reset: false } };
  return renderInertiaPage({ ...page, scrollProps } as Page);
}

const chipsOf = (title: string) => {
  const card = screen.getByRole('link', { name: title }).closest('article')!;
  const list = within(card).queryByRole('list', { name: 'About this item' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent)
    : [];
};

describe('card chips', () => {
  it('show the tags and the length, and a lock only above the viewer’s level', async () => {
    await renderCards([
      anItemSummary({ ref: 'item00000001', title: 'Parachute Games', chips: ['Resource', 'Primary'], minutes: 25 }),
      anItemSummary({ ref: 'item00000002', title: 'Leaders Retreat', minimum_access_level: 3 }),
      anItemSummary({ ref: 'item00000003', title: 'Members Notes', minimum_access_level: 1 }),
    ]);
    expect(chipsOf('Parachute Games')).toEqual(['Resource', 'Primary', '25 min']);
    // The member (level 1) sees the Leaders item by a grant: it is locked to Leaders, read as "Only for Leaders".
    expect(chipsOf('Leaders Retreat')).toEqual(['Only for Leaders']);
    expect(chipsOf('Members Notes')).toEqual([]);
  });
});
