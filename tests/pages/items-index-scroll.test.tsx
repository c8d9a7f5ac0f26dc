import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Page } from '@inertiajs/core';
import { anItemSummary } from '../support/item-fixtures';
import { SHARED_ANONYMOUS, pageObject, renderInertiaPage } from './support';

// In a file of its own: the infinite scroll keeps state in the shared router and history across renders.
const item = anItemSummary({ ref: 'camp1', title: 'Camp Songbook' });

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({}));
});
afterEach(() => vi.restoreAllMocks());

describe('the end of an item list', () => {
  it('is not claimed while more pages remain', async () => {
    const page = pageObject(
      'items/Index',
      {
        ...SHARED_ANONYMOUS,
        listing: 'popular',
        heading: 'Popular',
        items: { data: [item] },
        itemsPagination: { currentPage: 1, nextPage: 2, previousPage: null, perPage: 1 },
        filters: { search: '', tags: [] },
        follow: null,
        tagPage: null,
        selectedTags: [],
        filterTaxonomies: [],
        matchCount: undefined,
        tagCounts: {},
        suggestions: null,
        batchEdit: null,
        requiredTaxonomies: [],
      },
      { url: '/popular' },
    );
    const scrollProps = { items: { pageName: 'page', currentPage: 1, previousPage: null, nextPage: 2, reset: false } };
    await renderInertiaPage({ ...page, scrollProps } as Page);
    expect(screen.getByText('Camp Songbook')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
