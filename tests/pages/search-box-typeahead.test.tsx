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
  await user.type(screen.getByRole('combobox', { name: 'Search items' }), text);
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
      // Half the wait: the fake clock also follows real time (shouldAdvanceTime), so a busy machine must not cross the line.
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2);
    });
    expect(typeAheadCalls()).toEqual([]);
    await waitPastDebounce();
    expect(typeAheadCalls()).toEqual([typeAheadUrl('camp')]);
    expect(typeAheadUrl('camp')).toBe('/item?search=camp&simplejson=true');
  });

  it('lists the results as options, then a row that sees all results', async () => {
    await openAndType('camp');
    await waitPastDebounce();
    const list = await screen.findByRole('listbox', { name: 'Suggested items' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Camp SongbookMusicSongs for every evening…',
      'Camping Safety TrainingRisk assessments.',
      'See all results for “camp”',
    ]);
    expect(screen.getByRole('combobox', { name: 'Search items' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through the options with the arrow keys and opens the highlighted one on Enter', async () => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    const user = await openAndType('camp');
    await waitPastDebounce();
    const input = screen.getByRole('combobox', { name: 'Search items' });
    await screen.findByRole('listbox', { name: 'Suggested items' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toContain('Camping Safety Training');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(visit).toHaveBeenCalledWith('/i/camp2');
  });

  it('wraps round from the first option to the "See all results" row, which searches the list', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    const user = await openAndType('camp');
    await waitPastDebounce();
    await screen.findByRole('listbox', { name: 'Suggested items' });
    await user.keyboard('{ArrowUp}{Enter}');
    expect(get).toHaveBeenCalledWith('/item', { search: 'camp' });
  });

  it('closes the list on Escape, then the box on a second Escape, giving the focus back to its button', async () => {
    const user = await openAndType('camp');
    await waitPastDebounce();
    const input = screen.getByRole('combobox', { name: 'Search items' });
    await screen.findByRole('listbox', { name: 'Suggested items' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Suggested items' })).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open search' }));
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
    const list = screen.getByRole('listbox', { name: 'Suggested items' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['See all results for “camp”']);
  });
});
