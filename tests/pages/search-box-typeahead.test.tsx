import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { SearchResult } from '../../shared/items';
import { typeAheadUrl } from '../../components/layout/search-box-state';
import { HOME_PROPS, SHARED_ANONYMOUS, pageObject, renderInertiaPage } from './support';

const RESULTS: SearchResult[] = [
  { ref: 'camp1', title: 'Camp Songbook', topic: 'Music', blurb: 'Songs for every evening…' },
  { ref: 'camp2', title: 'Camping Safety Training', topic: '', blurb: 'Risk assessments.' },
];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answer: () => Response;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answer = () => Response.json({ data: RESULTS });
  fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const typeAheadCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('simplejson=true')).map(([url]) => String(url));

async function openAndType(text: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_ANONYMOUS }, { url: '/' }));
  await user.click(screen.getByRole('button', { name: 'Open search' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search items' }), text);
  return user;
}

async function waitPastDebounce() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
  });
}

describe('navbar type-ahead', () => {
  it('asks once, 500 ms after the last keystroke, for the typed text', async () => {
    await openAndType('camp');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    });
    expect(typeAheadCalls()).toEqual([]);
    await waitPastDebounce();
    expect(typeAheadCalls()).toEqual([typeAheadUrl('camp')]);
    expect(typeAheadUrl('camp')).toBe('/item?search=camp&simplejson=true');
  });

  it('lists the results as links to their items', async () => {
    await openAndType('camp');
    await waitPastDebounce();
    const list = await screen.findByRole('list', { name: 'Suggested items' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/i/camp1', '/i/camp2']);
    expect(within(links[0]).getByText('Music')).toBeTruthy();
  });

  it('visits the item list with the text on Enter', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    const user = await openAndType('youth games');
    await user.keyboard('{Enter}');
    expect(get).toHaveBeenCalledWith('/item', { search: 'youth games' });
  });

  it('asks nothing while the box is closed or for blank text', async () => {
    const user = await openAndType('   ');
    await waitPastDebounce();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    await waitPastDebounce();
    expect(typeAheadCalls()).toEqual([]);
  });

  it('only logs a failure and shows no suggestions', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = () => new Response('oops', { status: 500 });
    await openAndType('camp');
    await waitPastDebounce();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(warn).toHaveBeenCalledWith('Search suggestions failed', expect.any(Error));
    expect(screen.queryByRole('list', { name: 'Suggested items' })).toBeNull();
  });
});
