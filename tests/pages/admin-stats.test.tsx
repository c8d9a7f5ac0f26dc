/** The stats page (admin-curation §2 "Admin Stats", §9 "Stats progress bars scale to the largest count"). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { PagePropsMap } from '../../shared/pages';
import { STATS_LINKS } from '../../shared/stats';
import { SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const RANGE = { from: '2024-03-01', to: '2024-03-31' };
const SHARED_ADMIN = { ...SHARED_MEMBER, auth: { ...SHARED_MEMBER.auth, admin: true } };

function statsPage(props: Partial<PagePropsMap['admin/stats/Index']>, path = '/admin/stats') {
  return renderInertiaPage(
    pageObject(
      'admin/stats/Index',
      {
        ...SHARED_ADMIN,
        topByParameter: null,
        topResults: [],
        overTimeResults: [],
        mostOpened: [],
        unmatchedSearches: [],
        range: RANGE,
        path,
        ...props,
        title: 'Stats',
        breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Stats' }],
      },
      { url: `${path}?from=${RANGE.from}&to=${RANGE.to}` },
    ),
  );
}

let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  get = vi.spyOn(router, 'get').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the stats page', () => {
  it('links every stats list with the range kept, the download as a plain browser download', async () => {
    await statsPage({});
    const nav = screen.getByRole('navigation', { name: 'Stats' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(STATS_LINKS.map((link) => link.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(STATS_LINKS.map((link) => `${link.href}?from=2024-03-01&to=2024-03-31`));
    const download = within(nav).getByRole('link', { name: 'Download Http Requests' });
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Over Time' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^By / })).toBeNull();
  });

  it('applies a new date range by visiting the same page with from and to', async () => {
    await statsPage({}, '/admin/stats/url');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(get).toHaveBeenCalledWith('/admin/stats/url', { from: '2024-01-01', to: '2024-03-31' });
  });

  it("shows the 'By {parameter}' list of keys and counts, naming user types and keys that are missing", async () => {
    await statsPage(
      {
        topByParameter: 'user_type_id',
        topResults: [
          { param_key: 3, total_count: 40, param_label: 'Member', deleted: false },
          { param_key: null, total_count: 12, param_label: null, deleted: false },
        ],
      },
      '/admin/stats/user_type_id',
    );
    const list = screen.getByRole('region', { name: 'By User Type' });
    expect(within(list).getByRole('heading', { name: 'By User Type' })).toBeTruthy();
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['3 (Member)40', '(none)12']);
  });

  it('names item and content paths on Top URLs by their titles, linked; a deleted one by its path and (deleted); others by the path', async () => {
    await statsPage(
      {
        topByParameter: 'url',
        topResults: [
          { param_key: '/i/abcdef123456', total_count: 9, param_label: 'Psalm Study', deleted: false },
          { param_key: '/content/cont12345678', total_count: 5, param_label: 'Leader Notes (Psalm Study)', deleted: false },
          { param_key: '/i/gone12345678', total_count: 4, param_label: null, deleted: true },
          { param_key: '/items', total_count: 2, param_label: null, deleted: false },
        ],
      },
      '/admin/stats/url',
    );
    const list = screen.getByRole('region', { name: 'By URL' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Psalm Study/i/abcdef1234569',
      'Leader Notes (Psalm Study)/content/cont123456785',
      '/i/gone12345678 (deleted)4',
      '/items2',
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Psalm Study' }).getAttribute('href')).toBe('/i/abcdef123456');
    expect(within(rows[1]).getByRole('link', { name: 'Leader Notes (Psalm Study)' }).getAttribute('href')).toBe('/content/cont12345678');
    expect(within(rows[2]).queryByRole('link')).toBeNull();
  });

  it('names a referer of the site’s own item page by its title, and leaves other referers as they are', async () => {
    await statsPage(
      {
        topByParameter: 'referer',
        topResults: [
          { param_key: 'https://equip.example/i/abcdef123456', total_count: 3, param_label: 'Psalm Study', deleted: false },
          { param_key: 'https://elsewhere.example/i/abcdef123456', total_count: 2, param_label: null, deleted: false },
        ],
      },
      '/admin/stats/referer',
    );
    const rows = within(screen.getByRole('region', { name: 'By Referrer' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Psalm Studyhttps://equip.example/i/abcdef1234563', 'https://elsewhere.example/i/abcdef1234562']);
    expect(within(rows[0]).getByRole('link', { name: 'Psalm Study' }).getAttribute('href')).toBe('https://equip.example/i/abcdef123456');
  });

  it('lists the most opened items and contents of each user type, visitors first', async () => {
    await statsPage(
      {
        mostOpened: [
          { userTypeId: null, userTypeTitle: null, items: [{ path: '/i/abcdef123456', title: 'Psalm Study', deleted: false, totalCount: 12 }], contents: [] },
          {
            userTypeId: 3,
            userTypeTitle: 'Member',
            items: [
              { path: '/i/gone12345678', title: null, deleted: true, totalCount: 7 },
              { path: '/i/abcdef123456', title: 'Psalm Study', deleted: false, totalCount: 2 },
            ],
            contents: [{ path: '/content/cont12345678', title: 'Leader Notes (Psalm Study)', deleted: false, totalCount: 4 }],
          },
        ],
      },
      '/admin/stats/opened',
    );
    const page = screen.getByRole('region', { name: 'Most Opened' });
    const visitors = within(page).getByRole('region', { name: 'Visitors (not signed in)' });
    expect(
      within(visitors)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Psalm Study/i/abcdef12345612']);
    expect(within(visitors).queryByRole('heading', { name: 'Contents' })).toBeNull();
    const members = within(page).getByRole('region', { name: 'Member' });
    const [items, contents] = within(members).getAllByRole('list');
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['/i/gone12345678 (deleted)7', 'Psalm Study/i/abcdef1234562']);
    expect(
      within(contents)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Leader Notes (Psalm Study)/content/cont123456784']);
  });

  it('says so when nothing was opened in the range', async () => {
    await statsPage({ mostOpened: [] }, '/admin/stats/opened');
    expect(within(screen.getByRole('region', { name: 'Most Opened' })).getByText('Nothing was opened in this range.')).toBeTruthy();
  });

  it('lists the searches that found nothing with their counts and when last seen, in the order given', async () => {
    await statsPage(
      {
        unmatchedSearches: [
          { searchText: 'easter drama', totalCount: 5, lastSearchedAt: '2024-03-02T18:30:00.000Z' },
          { searchText: 'advent', totalCount: 4, lastSearchedAt: '2024-03-03T10:00:00.000Z' },
        ],
      },
      '/admin/stats/unmatched_searches',
    );
    const list = screen.getByRole('region', { name: 'Searches That Found Nothing' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^easter dramalast 2 Mar 20245$/),
      expect.stringMatching(/^adventlast 3 Mar 20244$/),
    ]);
    expect(within(rows[0]).getByLabelText('5 times')).toBeTruthy();
  });

  it('says so when no search found nothing in the range', async () => {
    await statsPage({ unmatchedSearches: [] }, '/admin/stats/unmatched_searches');
    expect(within(screen.getByRole('region', { name: 'Searches That Found Nothing' })).getByText('No unmatched searches in this range.')).toBeTruthy();
  });

  it("shows the 'Over Time' list with bars scaled to the largest count", async () => {
    await statsPage(
      {
        overTimeResults: [
          { date: '2024-03-01', total_count: 50 },
          { date: '2024-03-02', total_count: 200 },
          { date: '2024-03-03', total_count: 0 },
          { date: '2024-03-04', total_count: 100 },
        ],
      },
      '/admin/stats/time',
    );
    const list = screen.getByRole('region', { name: 'Over Time' });
    const bars = within(list).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['25', '100', '0', '50']);
    expect(bars.map((bar) => (bar as HTMLElement).style.width)).toEqual(['25%', '100%', '0%', '50%']);
    expect(within(list).getAllByRole('listitem')[1].textContent).toContain('2024-03-02200');
  });

  it('says so when a list has no requests in the range', async () => {
    await statsPage({ overTimeResults: [] }, '/admin/stats/time/month');
    expect(within(screen.getByRole('region', { name: 'Over Time' })).getByText('No requests in this range.')).toBeTruthy();
  });
});
