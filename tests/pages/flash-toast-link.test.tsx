import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlashData } from '../../shared/props';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

function flashWithLink(pseudoref: string): FlashData {
  return {
    notifications: [
      { pseudoref, message: 'Added to “Holiday Club”.', type: 'success', link: { href: '/collection/coll00000001', label: 'Open the collection' } },
    ],
  };
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a flash notification with a link', () => {
  it('shows the link after the message inside the toast’s alert', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { flash: flashWithLink('link-shown') }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Added to “Holiday Club”. Open the collection');
    expect(within(toast).getByRole('link', { name: 'Open the collection' }).getAttribute('href')).toBe('/collection/coll00000001');
  });

  it('stays while the keyboard is on its link, and runs out once focus leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { flash: flashWithLink('link-focused') }));
    const toast = (await screen.findByRole('alert')).closest('.toast') as HTMLElement;
    const link = within(toast).getByRole('link', { name: 'Open the collection' });

    act(() => link.focus());
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(toast.classList.contains('show')).toBe(true);

    await user.tab();
    expect(toast.contains(document.activeElement)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(toast.classList.contains('show')).toBe(true);

    act(() => (document.activeElement as HTMLElement).blur());
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Open the collection')).toBeNull();
  });
});
