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
          { param_key: 3, total_count: 40, param_label: 'Member' },
          { param_key: null, total_count: 12, param_label: null },
        ],
      },
      '/admin/stats/user_type_id',
    );
    const list = screen.getByRole('region', { name: 'By user_type_id' });
    expect(within(list).getByRole('heading', { name: 'By user_type_id' })).toBeTruthy();
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['3 (Member)40', '(none)12']);
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
