/**
 * The offline banner (issue 20 §3): said while the browser has no network, gone when it comes back; and the list of
 * saved pages on the pages a person starts from (issue 36 §5).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { OFFLINE_TEXT, SAVED_LIST_DATA_URL } from '../../shared/offline';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

function goOnline(value: boolean) {
  online = value;
  act(() => void window.dispatchEvent(new Event(value ? 'online' : 'offline')));
}

describe('the offline banner', () => {
  it('shows while the browser is offline, in a polite live region, and goes when it is back', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { url: '/' }));
    expect(screen.queryByText(OFFLINE_TEXT.banner)).toBeNull();
    goOnline(false);
    expect(screen.getByText(OFFLINE_TEXT.banner).closest('[aria-live="polite"]')).not.toBeNull();
    goOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT.banner)).toBeNull();
  });
});

describe('the saved pages on Home', () => {
  it('lists what the worker keeps while offline, and nothing while online', async () => {
    vi.mocked(fetch).mockImplementation(async (input) =>
      String(input) === SAVED_LIST_DATA_URL
        ? Response.json([{ path: '/collection/c1', title: 'Camp songs' }])
        : Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }),
    );
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { url: '/' }));
    expect(screen.queryByRole('region', { name: OFFLINE_TEXT.savedListTitle })).toBeNull();
    goOnline(false);
    const list = await screen.findByRole('region', { name: OFFLINE_TEXT.savedListTitle });
    expect(list.querySelector('a[href="/collection/c1"]')?.textContent).toBe('Camp songs');
    goOnline(true);
    expect(screen.queryByRole('region', { name: OFFLINE_TEXT.savedListTitle })).toBeNull();
  });

  it('says nothing is saved when the worker keeps nothing', async () => {
    vi.mocked(fetch).mockImplementation(async (input) =>
      String(input) === SAVED_LIST_DATA_URL ? Response.json([]) : Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }),
    );
    online = false;
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { url: '/' }));
    expect(await screen.findByText(OFFLINE_TEXT.nothingSaved)).toBeTruthy();
  });
});
