import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { ReloadOptions } from '@inertiajs/core';
import {
  ADVANCED_ACTION_BUTTONS,
  ADVANCED_HELLO_GREETING,
  ADVANCED_MESSAGES,
  ADVANCED_RUN_POLL_MS,
  type AdvancedAction,
  type AdvancedRunView,
  type LastCheck,
} from '../../shared/advanced';
import type { SharedProps } from '../../shared/props';
import { SHARED_ADMIN } from './item-show-fixtures';
import { pageObject, renderInertiaPage } from './support';

let post: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
/** The options of every router.reload call, in order, so a test can finish a reload itself. */
let reloads: ReloadOptions[];

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  post = vi.spyOn(router, 'post').mockImplementation(() => undefined);
  reloads = [];
  reload = vi.spyOn(router, 'reload').mockImplementation((options: ReloadOptions = {}) => {
    reloads.push(options);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

interface AdvancedPageOptions {
  errors?: SharedProps['errors'];
  run?: AdvancedRunView | null;
  recentRuns?: AdvancedRunView[];
  lastChecks?: Partial<Record<AdvancedAction, LastCheck>>;
}

function advancedPage(response: string, { errors = {}, run = null, recentRuns = [], lastChecks = {} }: AdvancedPageOptions = {}) {
  return pageObject(
    'admin/advanced/Index',
    {
      ...SHARED_ADMIN,
      errors,
      response,
      run,
      recentRuns,
      lastChecks,
      title: 'Advanced',
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Advanced' }],
    },
    { url: '/admin/advanced' },
  );
}

function advancedRun(overrides: Partial<AdvancedRunView> = {}): AdvancedRunView {
  return {
    id: 7,
    action: 'check-external-links',
    label: 'Check External Links',
    status: 'running',
    progress: 'Checked 40 of 120 links',
    startedAt: '2026-11-23T18:04:05.000Z',
    finishedAt: null,
    startedBy: 'Ada Admin',
    ...overrides,
  };
}

/** Moves the fake clock on, letting React apply whatever the timers did. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Ends the latest reload as Inertia would: its onFinish runs. */
function finishLastReload() {
  const options = reloads.at(-1);
  expect(options?.onFinish).toBeTypeOf('function');
  // The component's onFinish ignores the visit it is given.
  act(() => options?.onFinish?.({} as Parameters<NonNullable<ReloadOptions['onFinish']>>[0]));
}

describe('Admin Advanced page', () => {
  it('warns that it is for superadmins, shows breadcrumbs and no response box without a response', async () => {
    await renderInertiaPage(advancedPage(''));
    expect(screen.getByRole('heading', { level: 1, name: 'Advanced' })).toBeTruthy();
    expect(screen.getByText(ADVANCED_MESSAGES.warning).closest('.alert')?.className).toContain('alert-danger');
    const breadcrumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(breadcrumbs).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(within(breadcrumbs).getByText('Advanced')).toBeTruthy();
    expect(screen.queryByLabelText('Response')).toBeNull();
  });

  it('shows the last response in a black, monospace, pre-wrapped box', async () => {
    await renderInertiaPage(advancedPage('about (2025-03-01 10:00 UTC)\n\nApplication:      Equip 0.1.0'));
    const box = screen.getByLabelText('Response');
    expect(box.tagName).toBe('PRE');
    expect(box.textContent).toBe('about (2025-03-01 10:00 UTC)\n\nApplication:      Equip 0.1.0');
    expect(box.style.background).toMatch(/^(#000|rgb\(0, 0, 0\))/);
    expect(box.style.whiteSpace).toBe('pre-wrap');
  });

  it('has one button per visible action, and none for the hidden ones', async () => {
    await renderInertiaPage(advancedPage(''));
    const group = screen.getByRole('group', { name: 'Actions' });
    const visible = ADVANCED_ACTION_BUTTONS.filter((entry) => !entry.hidden);
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(visible.map((entry) => entry.label));
    expect(within(group).queryByRole('button', { name: 'Notion Seeder' })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Clear Failed Deployment Tasks' })).toBeNull();
  });

  it('posts the action value of the pressed button to /admin/advanced', async () => {
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    await renderInertiaPage(advancedPage(''));
    await userEvent.click(screen.getByRole('button', { name: 'Check External Links' }));
    expect(post).toHaveBeenCalledWith('/admin/advanced', { action: 'check-external-links', confirmed: true }, expect.any(Object));
    await userEvent.click(screen.getByRole('button', { name: 'Wrong Drive Folder Names' }));
    expect(post).toHaveBeenLastCalledWith('/admin/advanced', { action: 'wrong-drive-folder-names', confirmed: false }, expect.any(Object));
  });

  it('asks before an action that changes data, saying what it changes and what its check last found (issue 34 §5)', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const lastChecks = { 'orphaned-drive-files': { at: '2026-11-28T09:30:00.000Z', summary: '3 orphaned files, 12.4 MB.' } };
    await renderInertiaPage(advancedPage('', { lastChecks }));
    await userEvent.click(screen.getByRole('button', { name: 'Fix Orphaned Drive Files' }));
    expect(confirm).toHaveBeenLastCalledWith(
      expect.stringMatching(
        /^Fix Orphaned Drive Files moves every drive file that no item refers to into the drive's bin\. The last Orphaned Drive Files run \(28 Nov, \d\d:30:00\) reported: 3 orphaned files, 12\.4 MB\. Go on\?$/,
      ),
    );
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Fix Orphaned Drive Files' }));
    expect(post).toHaveBeenLastCalledWith('/admin/advanced', { action: 'orphaned-drive-files-fix', confirmed: true }, expect.any(Object));
    await userEvent.click(screen.getByRole('button', { name: 'Fix Wrong Drive Folder Names' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Fix Wrong Drive Folder Names renames every item folder whose name is wrong. Wrong Drive Folder Names has not been run yet: run it first to see what this would change. Go on?',
    );
  });

  it('has a Hello button that only shows an alert', async () => {
    const alert = vi.fn<(message?: string) => void>();
    Object.defineProperty(window, 'alert', { configurable: true, writable: true, value: alert });
    await renderInertiaPage(advancedPage(''));
    await userEvent.click(screen.getByRole('button', { name: 'Hello' }));
    expect(alert).toHaveBeenCalledWith(ADVANCED_HELLO_GREETING);
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a refused action’s field error and links to Server Logs as a plain navigation', async () => {
    await renderInertiaPage(advancedPage("Refused: 'x' is not an action.", { errors: { action: ADVANCED_MESSAGES.unknownAction } }));
    expect(screen.getByText(ADVANCED_MESSAGES.unknownAction)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Server Logs' }).getAttribute('href')).toBe('/admin/advanced/log-viewer');
  });
});

describe('Admin Advanced page: a running action', () => {
  it('shows the running action with its label, who started it and its progress', async () => {
    await renderInertiaPage(advancedPage('', { run: advancedRun() }));
    const alert = screen.getByRole('group', { name: 'Running action' });
    expect(alert.className).toContain('alert-info');
    expect(within(alert).getByText('Check External Links').tagName).toBe('STRONG');
    expect(alert.textContent).toContain('Check External Links is running: started');
    expect(alert.textContent).toContain('by Ada Admin');
    expect(within(alert).getByRole('status').textContent).toBe('Running');
    const progress = within(alert).getByText('Checked 40 of 120 links');
    expect(progress.getAttribute('aria-live')).toBe('polite');
    expect(within(alert).queryByText('Starting…')).toBeNull();
  });

  it('says “Starting…” before the first progress line, and leaves out “by” when the account is gone', async () => {
    await renderInertiaPage(advancedPage('', { run: advancedRun({ progress: '', startedBy: '' }) }));
    const alert = screen.getByRole('group', { name: 'Running action' });
    expect(within(alert).getByText('Starting…').getAttribute('aria-live')).toBe('polite');
    expect(alert.textContent).not.toContain(' by ');
  });

  it('shows no running alert when nothing runs', async () => {
    await renderInertiaPage(advancedPage(''));
    expect(screen.queryByRole('group', { name: 'Running action' })).toBeNull();
    expect(screen.queryByText('Starting…')).toBeNull();
  });

  it('polls one reload at a time, ADVANCED_RUN_POLL_MS apart, for the run and the report', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderInertiaPage(advancedPage('', { run: advancedRun() }));
    await advance(ADVANCED_RUN_POLL_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloads[0]?.only).toEqual(expect.arrayContaining(['run', 'response']));

    // The first reload has not finished: no second one, however long it takes.
    await advance(ADVANCED_RUN_POLL_MS * 5);
    expect(reload).toHaveBeenCalledTimes(1);

    finishLastReload();
    await advance(ADVANCED_RUN_POLL_MS - 1);
    expect(reload).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(reloads[1]?.only).toEqual(expect.arrayContaining(['run', 'response']));
  });

  it('stops polling when the page goes away, even if a reload finishes afterwards', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { unmount } = await renderInertiaPage(advancedPage('', { run: advancedRun() }));
    await advance(ADVANCED_RUN_POLL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
    finishLastReload();
    await advance(ADVANCED_RUN_POLL_MS * 10);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('cancels the pending poll when the page goes away before it fires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { unmount } = await renderInertiaPage(advancedPage('', { run: advancedRun() }));
    await advance(ADVANCED_RUN_POLL_MS - 1);
    unmount();
    await advance(ADVANCED_RUN_POLL_MS * 10);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not poll when nothing runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderInertiaPage(advancedPage('about report', { recentRuns: [advancedRun({ status: 'done', finishedAt: '2026-11-23T18:04:47.000Z' })] }));
    await advance(ADVANCED_RUN_POLL_MS * 10);
    expect(reload).not.toHaveBeenCalled();
  });

  it('disables only the running action’s own button, and the others still post', async () => {
    await renderInertiaPage(advancedPage('', { run: advancedRun() }));
    const group = screen.getByRole('group', { name: 'Actions' });
    const own = within(group).getByRole('button', { name: 'Check External Links...' });
    expect(own).toHaveProperty('disabled', true);
    expect(within(group).queryByRole('button', { name: 'Check External Links' })).toBeNull();
    const other = within(group).getByRole('button', { name: 'About' });
    expect(other).toHaveProperty('disabled', false);
    await userEvent.click(own);
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(other);
    expect(post).toHaveBeenCalledWith('/admin/advanced', { action: 'about', confirmed: false }, expect.any(Object));
  });

  it('disables every button while an action is being posted', async () => {
    post.mockImplementation((_url: string, _data: unknown, options?: { onStart?: () => void }) => {
      options?.onStart?.();
    });
    await renderInertiaPage(advancedPage(''));
    const group = screen.getByRole('group', { name: 'Actions' });
    await userEvent.click(within(group).getByRole('button', { name: 'About' }));
    expect(within(group).getByRole('button', { name: 'About...' })).toHaveProperty('disabled', true);
    for (const button of within(group).getAllByRole('button')) expect(button).toHaveProperty('disabled', true);
  });
});

describe('Admin Advanced page: recent runs', () => {
  const runs: AdvancedRunView[] = [
    advancedRun({ id: 12, status: 'running' }),
    advancedRun({ id: 11, action: 'about', label: 'About', status: 'done', progress: '', finishedAt: '2026-11-23T18:04:47.000Z' }),
    advancedRun({ id: 10, action: 'drive_stats', label: 'Drive Stats', status: 'failed', finishedAt: '2026-11-23T18:05:05.000Z', startedBy: 'Bo Curator' }),
    advancedRun({ id: 9, action: 'all-users', label: 'All Users', status: 'interrupted', finishedAt: null, startedBy: '' }),
  ];

  it('lists each run with its status and a link to its report, or to follow it while it runs', async () => {
    await renderInertiaPage(advancedPage('', { recentRuns: runs }));
    const section = screen.getByRole('region', { name: 'Recent runs' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Recent runs' })).toBeTruthy();
    const table = within(section).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);

    const expected = [
      { label: 'Check External Links', status: 'Running', by: 'Ada Admin', link: /^Follow/, href: '/admin/advanced?run=12' },
      { label: 'About', status: 'Done', by: 'Ada Admin', link: /^Show report/, href: '/admin/advanced?run=11' },
      { label: 'Drive Stats', status: 'Failed', by: 'Bo Curator', link: /^Show report/, href: '/admin/advanced?run=10' },
      { label: 'All Users', status: 'Interrupted', by: '', link: /^Show report/, href: '/admin/advanced?run=9' },
    ];
    rows.forEach((row, index) => {
      const want = expected[index]!;
      const cells = within(row).getAllByRole('cell');
      expect(cells[0]?.textContent).toBe(want.label);
      expect(cells[1]?.textContent).toBe(want.status);
      expect(cells[4]?.textContent).toBe(want.by);
      const link = within(row).getByRole('link', { name: want.link });
      expect(link.getAttribute('href')).toBe(want.href);
      expect(link.textContent).toContain(want.label);
    });
    expect(within(rows[1]!).getByRole('cell', { name: '42 s' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('cell', { name: '1 min 0 s' })).toBeTruthy();
    expect(within(table).getAllByRole('link', { name: /^Follow/ })).toHaveLength(1);
    expect(within(table).getAllByRole('link', { name: /^Show report/ })).toHaveLength(3);
  });

  it('shows no Recent runs section when there are none', async () => {
    await renderInertiaPage(advancedPage(''));
    expect(screen.queryByRole('heading', { name: 'Recent runs' })).toBeNull();
    expect(screen.queryByText('Recent runs')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Documentation pages', () => {
  it('lists the pages and shows one with its navigation', async () => {
    const pages = [
      { slug: 'getting-started', title: 'Getting started for curators', summary: 'Equip is the shared library.' },
      { slug: 'moderation', title: 'Moderation', summary: 'Members can comment.' },
    ];
    await renderInertiaPage(pageObject('documentation/Index', { ...SHARED_ADMIN, pages, title: 'Documentation' }, { url: '/documentation' }));
    const list = screen.getByLabelText('Documentation pages');
    expect(
      within(list)
        .getByRole('link', { name: /Moderation/ })
        .getAttribute('href'),
    ).toBe('/documentation/moderation');
  });

  it('shows a page’s HTML and marks the current page in the navigation', async () => {
    const pages = [
      { slug: 'getting-started', title: 'Getting started for curators', summary: '' },
      { slug: 'moderation', title: 'Moderation', summary: '' },
    ];
    const page = { slug: 'moderation', title: 'Moderation', html: '<h2>Flagged comments</h2><p>Approve or delete.</p>' };
    await renderInertiaPage(pageObject('documentation/Show', { ...SHARED_ADMIN, pages, page, title: 'Moderation' }, { url: '/documentation/moderation' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Flagged comments' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Documentation pages' });
    expect(within(nav).getByRole('link', { name: 'Moderation' }).getAttribute('aria-current')).toBe('page');
  });
});
