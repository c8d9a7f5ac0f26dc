/** The offline banner (issue 20 §3): said while the browser has no network, gone when it comes back. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { OFFLINE_TEXT } from '../../shared/offline';
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
