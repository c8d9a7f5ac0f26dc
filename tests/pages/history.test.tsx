/** The item's History dialog and the activity feed (issue 19 §2). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { HISTORY_TEXTS, type ActivityEntry, type HistoryEntry, type ItemHistory } from '../../shared/history';
import { pastLastPageText } from '../../shared/messages';
import { ADMIN_AUTH, SHARED_ADMIN, itemPage } from './item-show-fixtures';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const TITLE_CHANGE: HistoryEntry = {
  id: 2,
  at: '2026-03-03T10:04:05.000Z',
  who: 'Sam Staff',
  actingAs: null,
  summary: 'Changed title',
  route: 'PATCH /i/:ref',
  changes: [{ label: 'Title', from: 'First title', to: 'Second title', restore: { method: 'patch', url: '/i/itempublic01', data: { title: 'First title' } } }],
};
const TAG_ADDED: HistoryEntry = {
  id: 1,
  at: '2026-03-02T10:04:05.000Z',
  who: 'Ada Admin',
  actingAs: 'Tom Fraser',
  summary: 'Added tag “Games” (Topic)',
  route: 'POST /i/:ref/tag/:tagRef',
  changes: [],
};
const HISTORY: ItemHistory = { entries: [TITLE_CHANGE, TAG_ADDED], truncated: false };

let visits: { url: string; options: Record<string, unknown> }[];
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  visits = [];
  vi.spyOn(router, 'visit').mockImplementation((url, options = {}) => {
    visits.push({ url: String(url), options: options as Record<string, unknown> });
  });
  vi.spyOn(router, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the item's History", () => {
  it('is offered only to those the server lets see it', async () => {
    await renderInertiaPage(itemPage(SHARED_ADMIN, { canSeeHistory: true, history: HISTORY }));
    expect(await screen.findByRole('button', { name: HISTORY_TEXTS.itemHistoryButton })).toBeTruthy();
    cleanup();
    // Its code has loaded above, so it would show at once.
    await renderInertiaPage(itemPage(SHARED_ADMIN, { canSeeHistory: false }));
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.itemHistoryButton })).toBeNull();
  });

  it('asks for the History when opened, shows each change, and restores an earlier value by the item’s own edit', async () => {
    const user = userEvent.setup();
    await renderInertiaPage(itemPage(SHARED_ADMIN, { canSeeHistory: true, history: HISTORY }));
    await user.click(await screen.findByRole('button', { name: HISTORY_TEXTS.itemHistoryButton }));
    expect(router.reload).toHaveBeenCalledWith({ only: ['history'] });
    const dialog = await screen.findByRole('dialog', { name: HISTORY_TEXTS.itemHistoryTitle });
    const changes = within(dialog).getAllByRole('article');
    expect(changes.map((change) => change.getAttribute('aria-label'))).toEqual(['Changed title', 'Added tag “Games” (Topic)']);
    expect(within(changes[0]!).getByText('First title')).toBeTruthy();
    expect(within(changes[1]!).getByText(/by Tom Fraser, acting as them/)).toBeTruthy();
    // Only what the server offers to restore has a button.
    expect(within(changes[1]!).queryByRole('button', { name: /Restore/ })).toBeNull();
    await user.click(within(changes[0]!).getByRole('button', { name: `${HISTORY_TEXTS.restore}: Title “First title”` }));
    expect(visits).toEqual([{ url: '/i/itempublic01', options: expect.objectContaining({ method: 'patch', data: { title: 'First title' } }) }]);
  });

  it('says so when nothing has been recorded', async () => {
    const user = userEvent.setup();
    await renderInertiaPage(itemPage({ ...SHARED_ADMIN, auth: ADMIN_AUTH }, { canSeeHistory: true, history: { entries: [], truncated: false } }));
    await user.click(await screen.findByRole('button', { name: HISTORY_TEXTS.itemHistoryButton }));
    expect(await screen.findByText(HISTORY_TEXTS.empty)).toBeTruthy();
  });
});

describe('the activity feed', () => {
  const entry: ActivityEntry = { ...TITLE_CHANGE, kind: 'item', item: { ref: 'itempublic01', title: 'Assembly Plan' }, batch: null };
  const admin = { ...SHARED_MEMBER, auth: ADMIN_AUTH, menu: MENUS.admin };
  const links = [{ url: '', label: '&laquo; Previous', active: false }];

  it('lists changes with their item, and a CSV export that keeps the filters', async () => {
    await renderInertiaPage(
      pageObject(
        'admin/history/Index',
        {
          ...admin,
          entries: { data: [entry], links },
          total: 1,
          filters: { person: 'sam', kind: 'item', from: '2026-01-01', to: '2026-03-31' },
          title: 'Activity',
          breadcrumbs: [],
        },
        { url: '/admin/history' },
      ),
    );
    expect(screen.getByRole('heading', { name: HISTORY_TEXTS.activityTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Assembly Plan' }).getAttribute('href')).toBe('/i/itempublic01');
    expect(screen.getByRole('link', { name: HISTORY_TEXTS.exportCsv }).getAttribute('href')).toBe(
      '/admin/history/download?person=sam&kind=item&from=2026-01-01&to=2026-03-31',
    );
    expect((screen.getByLabelText('Person') as HTMLInputElement).value).toBe('sam');
    // The feed shows; it restores nothing.
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('says when no change matches', async () => {
    await renderInertiaPage(
      pageObject(
        'admin/history/Index',
        {
          ...admin,
          entries: { data: [], links },
          total: 0,
          filters: { person: '', kind: null, from: '2026-01-01', to: '2026-03-31' },
          title: 'Activity',
          breadcrumbs: [],
        },
        { url: '/admin/history' },
      ),
    );
    expect(screen.getByText(HISTORY_TEXTS.activityEmpty)).toBeTruthy();
  });

  it('says a page past the end is past the end, with a link to the last page keeping the filters, not that no change matches', async () => {
    const lastPageUrl = '/admin/history?person=&kind=item&from=2026-01-01&to=2026-03-31&page=3';
    await renderInertiaPage(
      pageObject(
        'admin/history/Index',
        {
          ...admin,
          entries: { data: [], links, pastLastPage: { page: 8, lastPage: 3, lastPageUrl } },
          total: 120,
          filters: { person: '', kind: 'item', from: '2026-01-01', to: '2026-03-31' },
          title: 'Activity',
          breadcrumbs: [],
        },
        { url: '/admin/history?kind=item&page=8' },
      ),
    );
    expect(screen.getByText(pastLastPageText(8, 3), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 3' }).getAttribute('href')).toBe(lastPageUrl);
    expect(screen.queryByText(HISTORY_TEXTS.activityEmpty)).toBeNull();
  });
});
