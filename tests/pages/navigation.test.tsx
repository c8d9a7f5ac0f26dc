import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { CLOSED_SEARCH, searchBoxStateAfterVisit } from '../../components/layout/search-box-state';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const homeProps = { ...HOME_PROPS, ...SHARED_MEMBER };

/** A client-side visit through the real router, as after a server response. */
async function visit(url: string, flash = {}) {
  await act(async () => {
    router.push({ url, component: 'Home', props: homeProps, flash });
    await vi.waitFor(() => expect(window.location.href).toContain(url));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});

describe('search box state after a visit', () => {
  const open = { open: true, text: 'camp', filledFromList: false };

  it('clears and closes on an item page', () => {
    expect(searchBoxStateAfterVisit('/i/abc123', open)).toEqual(CLOSED_SEARCH);
  });

  it('opens filled with the search of an item list', () => {
    expect(searchBoxStateAfterVisit('/item?search=games%20night', CLOSED_SEARCH)).toEqual({ open: true, text: 'games night', filledFromList: true });
    expect(searchBoxStateAfterVisit('/tag/resource?search=bible', CLOSED_SEARCH)).toEqual({ open: true, text: 'bible', filledFromList: true });
  });

  it('keeps what the user typed elsewhere', () => {
    expect(searchBoxStateAfterVisit('/popular', open)).toBe(open);
    expect(searchBoxStateAfterVisit('/item', open)).toBe(open);
  });

  it('clears the text filled in from a filtered list once the page is another one', () => {
    const filled = searchBoxStateAfterVisit('/item?search=camp', CLOSED_SEARCH);
    expect(searchBoxStateAfterVisit('/popular', filled)).toEqual(CLOSED_SEARCH);
    expect(searchBoxStateAfterVisit('/item', filled)).toEqual(CLOSED_SEARCH);
    expect(searchBoxStateAfterVisit('/item?search=games', filled)).toEqual({ open: true, text: 'games', filledFromList: true });
  });
});

describe('the persistent layout across visits', () => {
  it('opens the search box on an item list search, and clears it on an item page', async () => {
    await renderInertiaPage(pageObject('Home', homeProps, { url: '/' }));
    const searchField = () => screen.getByRole('combobox', { name: 'Search items', hidden: true }) as HTMLInputElement;
    expect(searchField().closest('form')!.hidden).toBe(true);

    await visit('/item?search=camp');
    expect(searchField().closest('form')!.hidden).toBe(false);
    expect(searchField().value).toBe('camp');

    await visit('/i/abc123');
    expect(searchField().closest('form')!.hidden).toBe(true);
    expect(searchField().value).toBe('');
  });

  it('searches the item list with the typed text', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderInertiaPage(pageObject('Home', homeProps, { url: '/' }));

    await userEvent.click(screen.getByRole('button', { name: 'Open search' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search items' }), 'youth games{Enter}');
    expect(get).toHaveBeenCalledWith('/item', { search: 'youth games' });
  });

  it('shows a toast for a notification flashed on a later visit', async () => {
    await renderInertiaPage(pageObject('Home', homeProps, { url: '/' }));
    await visit('/popular', { notifications: [{ pseudoref: 'later-1', message: 'Shared with Alex', type: 'info' }] });
    await waitFor(() => expect(screen.getByText('Shared with Alex')).toBeTruthy());
  });
});
