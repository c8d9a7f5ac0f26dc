/** The library health page (issue 19 §7): kinds with counts, a page of one kind, tasks from rows, the schedules. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { HEALTH_PROBLEM_KINDS, LIBRARY_HEALTH_TEXTS, type HealthProblemRow, type LibraryHealthPageProps } from '../../shared/library-health';
import { pastLastPageText } from '../../shared/messages';
import { ADMIN_AUTH } from './item-show-fixtures';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const admin = { ...SHARED_MEMBER, auth: ADMIN_AUTH, menu: MENUS.admin };
const links = [{ url: '', label: '&laquo; Previous', active: false }];
const BROKEN: HealthProblemRow = {
  item: { ref: 'itembroken01', code: 'EQ-1', title: 'Broken guide' },
  detail: 'https://x.test/a (HTTP 404)',
  maintainer: 'Sam Staff',
  openTask: false,
};
const TASKED: HealthProblemRow = {
  item: { ref: 'itemtasked01', code: 'EQ-2', title: 'Tasked guide' },
  detail: 'https://x.test/b (HTTP 500)',
  maintainer: 'Sam Staff',
  openTask: true,
};
const ORPHAN: HealthProblemRow = {
  item: { ref: 'itemorphan01', code: 'EQ-3', title: 'Orphan guide' },
  detail: 'https://x.test/c (HTTP 404)',
  maintainer: null,
  openTask: false,
};

function page(props: Partial<LibraryHealthPageProps> = {}, errors: Record<string, string> = {}) {
  return pageObject(
    'admin/health/Index',
    {
      ...admin,
      errors,
      summaries: HEALTH_PROBLEM_KINDS.map((kind) => ({ kind, count: kind === 'broken_link' ? 3 : kind === 'no_content' ? 1001 : 0 })),
      kind: 'broken_link',
      problems: { data: [BROKEN, TASKED, ORPHAN], links },
      schedules: { links: 'weekly', library: 'off', drive: 'daily' },
      title: LIBRARY_HEALTH_TEXTS.title,
      breadcrumbs: [],
      ...props,
    },
    { url: '/admin/health?kind=broken_link' },
  );
}

let posts: { url: string; data: unknown }[];
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  posts = [];
  vi.spyOn(router, 'post').mockImplementation((url, data) => {
    posts.push({ url: String(url), data });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the library health page', () => {
  it('shows each kind with its count (bounded as 1,000+) and the current one as the page', async () => {
    await renderInertiaPage(page());
    const kinds = screen.getByRole('navigation', { name: 'Kinds of problem' });
    expect(within(kinds).getByRole('link', { current: 'page' }).textContent).toBe('Broken external links3');
    expect(within(kinds).getByRole('link', { name: /No content/ }).textContent).toContain('1,000+');
    expect(
      within(kinds)
        .getByRole('link', { name: /No content/ })
        .getAttribute('href'),
    ).toBe('/admin/health?kind=no_content');
    expect(screen.getByRole('heading', { name: 'Broken external links (3)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'EQ-1 Broken guide' }).getAttribute('href')).toBe('/i/itembroken01');
  });

  it("makes a row's task, or every row's, and offers none where a task is open or no maintainer exists", async () => {
    const user = userEvent.setup();
    await renderInertiaPage(page());
    const buttons = screen.getAllByRole('button', { name: new RegExp(`^${LIBRARY_HEALTH_TEXTS.makeTask}:`) });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Make a task: EQ-1 Broken guide']);
    expect(screen.getByText(LIBRARY_HEALTH_TEXTS.taskOpen)).toBeTruthy();
    expect(screen.getByText(/No maintainer/)).toBeTruthy();
    await user.click(buttons[0]!);
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await user.click(screen.getByRole('button', { name: LIBRARY_HEALTH_TEXTS.makeAllTasks }));
    expect(posts).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: LIBRARY_HEALTH_TEXTS.makeAllTasks }));
    expect(confirm).toHaveBeenCalledWith('Make a task for the maintainer of each of the 3 items with this problem?');
    expect(posts).toEqual([
      { url: '/admin/health/tasks', data: { kind: 'broken_link', item_ref: 'itembroken01' } },
      { url: '/admin/health/tasks/all', data: { kind: 'broken_link' } },
    ]);
  });

  it("shows the server's refusal, and says so when a kind has no problem", async () => {
    await renderInertiaPage(page({ kind: 'past_review', problems: { data: [], links } }, { item_ref: 'This item no longer has this problem.' }));
    expect(screen.getByText('This item no longer has this problem.').closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText(LIBRARY_HEALTH_TEXTS.noProblems)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LIBRARY_HEALTH_TEXTS.makeAllTasks })).toBeNull();
  });

  it('says a page past the end is past the end, with a link to the kind’s last page, not that the kind has no problem', async () => {
    const pastLastPage = { page: 4, lastPage: 1, lastPageUrl: '/admin/health?kind=broken_link' };
    await renderInertiaPage(page({ problems: { data: [], links, pastLastPage } }));
    expect(screen.getByText(pastLastPageText(4, 1), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/admin/health?kind=broken_link');
    expect(screen.queryByText(LIBRARY_HEALTH_TEXTS.noProblems)).toBeNull();
  });

  it('saves a schedule', async () => {
    const user = userEvent.setup();
    await renderInertiaPage(page());
    const links = screen.getByRole('form', { name: 'External link check' });
    expect((within(links).getByLabelText('External link check') as HTMLSelectElement).value).toBe('weekly');
    const library = screen.getByRole('form', { name: 'Tags, dates, titles and content' });
    await user.selectOptions(within(library).getByLabelText('Tags, dates, titles and content'), 'Daily');
    await user.click(within(library).getByRole('button', { name: LIBRARY_HEALTH_TEXTS.saveSchedule }));
    expect(posts).toEqual([{ url: '/admin/health/schedule', data: { check: 'library', period: 'daily' } }]);
  });
});
