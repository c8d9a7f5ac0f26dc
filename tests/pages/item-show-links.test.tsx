import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import ItemCard from '../../components/items/ItemCard';
import AppLink from '../../components/lib/AppLink';
import { PREFETCH_HOVER_DELAY_MS } from '../../shared/constants';
import { RELATED } from './item-show-fixtures';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

let prefetch: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  prefetch = vi.spyOn(router, 'prefetch').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

async function renderLinks() {
  const page = { ...pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { url: '/item' }), component: 'test/Links' } as Page;
  await renderInertiaPage(page, () => (
    <>
      <ItemCard item={RELATED.item} />
      <AppLink href="/tag/resource">Resources list</AppLink>
    </>
  ));
}

const hoverLongEnough = () => new Promise((resolve) => setTimeout(resolve, PREFETCH_HOVER_DELAY_MS * 3));

describe('links to item pages from list cards', () => {
  it('lead to the item without prefetching it on hover, since opening an item page counts a view', async () => {
    await renderLinks();
    const link = screen.getByRole('link', { name: RELATED.item.title });
    expect(link.getAttribute('href')).toBe(`/i/${RELATED.item.ref}`);
    await userEvent.hover(link);
    await hoverLongEnough();
    expect(prefetch).not.toHaveBeenCalled();

    // Other links do prefetch on hover, so the check above can fail.
    await userEvent.hover(screen.getByRole('link', { name: 'Resources list' }));
    await hoverLongEnough();
    expect(prefetch).toHaveBeenCalled();
  });
});
