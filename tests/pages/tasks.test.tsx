import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { http, type HttpClient, type HttpRequestConfig } from '@inertiajs/core';
import type { ItemTask } from '../../shared/items';
import { EMPTY_STATES, pastLastPageText } from '../../shared/messages';
import type { PaginationLink, PastLastPage } from '../../shared/pagination';
import { TASK_ERRORS, TASK_TEXTS, type TaskCan } from '../../shared/tasks';
import { ITEM, SHARED_ADMIN, itemPage, mockConfirm, withItem } from './item-show-fixtures';
import { SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const MAINTAINER: TaskCan = { create: true, assignOthers: false };
const ADMIN: TaskCan = { create: true, assignOthers: true };

function aTask(overrides: Partial<ItemTask> = {}): ItemTask {
  return {
    ref: 'taskopen0001',
    task: 'Print the handouts',
    notes: '',
    priority: 2,
    due_date: null,
    due: false,
    due_soon: false,
    completed: false,
    forUserName: 'Sam Member',
    byUserName: 'Sam Member',
    for_user_ref: 'usr_sam',
    item_ref: ITEM.ref,
    item_title: ITEM.title,
    completed_at: null,
    ...overrides,
  };
}

const OLD_DONE = aTask({ ref: 'taskolddone1', task: 'Proofread the old script', completed: true, completed_at: '2024-05-01T09:00:00.000Z' });
const RECENT_DONE = aTask({ ref: 'taskrecent01', task: 'Choose the songs', completed: true, completed_at: '2025-02-01T09:00:00.000Z' });

let post: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).startsWith('/user/search?'))
      return Response.json([{ ref: 'usr_james', nameAndContactForDisplay: 'James Whitfield <staff@example.org>' }]);
    return Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] });
  });
  post = vi.spyOn(router, 'post').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

async function tasksSection() {
  const about = await screen.findByRole('complementary', { name: 'About this item' });
  return within(about).findByRole('region', { name: 'Tasks' });
}

describe('the Tasks section of the item page', () => {
  it('marks an open task as done', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, { ...withItem({ tasks: [aTask()] }), taskCan: MAINTAINER }, { update: true }));
    const row = within(await tasksSection()).getByRole('listitem', { name: 'Print the handouts' });
    expect(within(row).getByText('Medium')).toBeTruthy();
    expect(within(row).getByText('for Sam Member')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: TASK_TEXTS.markAsDone }));
    expect(post).toHaveBeenCalledWith('/task/taskopen0001/complete', {}, expect.objectContaining({ preserveScroll: true }));
  });

  it('shows due and due soon, and tasks completed after the cutoff as done without Re-Open', async () => {
    const tasks = [
      aTask({ ref: 'taskdue00001', task: 'Overdue one', due_date: '2025-01-10', due: true }),
      aTask({ ref: 'tasksoon0001', task: 'Soon one', due_date: '2031-01-12', due_soon: true }),
      RECENT_DONE,
      OLD_DONE,
    ];
    await renderInertiaPage(itemPage(SHARED_MEMBER, { ...withItem({ tasks }), taskCan: MAINTAINER }, { update: true }));
    const section = await tasksSection();
    expect(within(section).getByText('Due 10 January 2025 (overdue)')).toBeTruthy();
    expect(within(section).getByText('Due 12 January 2031 (due soon)')).toBeTruthy();
    const recent = within(section).getByRole('listitem', { name: 'Choose the songs' });
    expect(within(recent).getByText(TASK_TEXTS.done)).toBeTruthy();
    expect(within(recent).queryByRole('button')).toBeNull();
    expect(within(section).queryByText('Proofread the old script')).toBeNull();
  });

  it('shows every completed task in Re-Open mode and re-opens one only after confirmation', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, { ...withItem({ tasks: [aTask(), RECENT_DONE, OLD_DONE] }), taskCan: MAINTAINER }, { update: true }));
    const section = await tasksSection();
    await userEvent.click(within(section).getByRole('checkbox', { name: TASK_TEXTS.reOpenMode }));
    const old = within(section).getByRole('listitem', { name: 'Proofread the old script' });
    expect(within(section).getByRole('listitem', { name: 'Choose the songs' })).toBeTruthy();

    const confirm = mockConfirm(false);
    await userEvent.click(within(old).getByRole('button', { name: TASK_TEXTS.reOpen }));
    expect(confirm).toHaveBeenCalledWith('Do you want to re-open this task?');
    expect(post).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await userEvent.click(within(old).getByRole('button', { name: TASK_TEXTS.reOpen }));
    expect(post).toHaveBeenCalledWith('/task/taskolddone1/incomplete', {}, expect.objectContaining({ preserveScroll: true }));

    await userEvent.click(within(section).getByRole('checkbox', { name: TASK_TEXTS.reOpenMode }));
    expect(within(section).queryByText('Proofread the old script')).toBeNull();
  });

  it("says 'No tasks' when none show, and offers no form to those who may not add tasks", async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, { ...withItem({ tasks: [OLD_DONE] }) }, { update: true }));
    const section = await tasksSection();
    expect(within(section).getByText(EMPTY_STATES.tasks)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: TASK_TEXTS.addTask })).toBeNull();
  });

  describe('the Task form', () => {
    let requests: HttpRequestConfig[];
    let previousClient: HttpClient;
    let answerErrors: Record<string, string>;

    beforeEach(() => {
      post.mockRestore();
      requests = [];
      answerErrors = {};
      previousClient = http.getClient();
      // The server redirects back; the browser follows, so the answer is the item page (with props.errors on failure).
      http.setClient({
        request: async (config) => {
          requests.push(config);
          const page = itemPage(SHARED_MEMBER, { taskCan: MAINTAINER }, { update: true });
          return {
            status: 200,
            data: JSON.stringify({ ...page, props: { ...page.props, errors: answerErrors } }),
            headers: { 'x-inertia': 'true', 'content-type': 'application/json' },
          };
        },
      });
    });
    afterEach(() => http.setClient(previousClient));

    async function openForm(shared = SHARED_MEMBER, taskCan = MAINTAINER) {
      await renderInertiaPage(itemPage(shared, { taskCan }, { update: true }));
      const region =
        shared === SHARED_ADMIN
          ? await within(await screen.findByRole('complementary', { name: 'Item administration' })).findByRole('region', { name: 'Tasks' })
          : await tasksSection();
      await userEvent.click(within(region).getByRole('button', { name: TASK_TEXTS.addTask }));
      return screen.findByRole('dialog', { name: TASK_TEXTS.addTask });
    }

    it('has the task, notes, priority (Medium first), an optional due date and the viewer as assignee, and posts them', async () => {
      const dialog = await openForm();
      expect((within(dialog).getByRole('textbox', { name: 'Task' }) as HTMLInputElement).value).toBe('');
      expect((within(dialog).getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('');
      const priority = within(dialog).getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement;
      expect(
        within(priority)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Low', 'Medium', 'High']);
      expect(priority.selectedOptions[0].textContent).toBe('Medium');
      expect((within(dialog).getByLabelText('Due date (optional)') as HTMLInputElement).type).toBe('date');
      expect(within(within(dialog).getByRole('group', { name: 'Assigned to' })).getByText('You')).toBeTruthy();
      expect(within(dialog).queryByRole('searchbox')).toBeNull();

      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Print the handouts');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Thirty copies');
      await userEvent.selectOptions(priority, 'High');
      await userEvent.click(within(dialog).getByRole('button', { name: TASK_TEXTS.addTask }));
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]).toMatchObject({ method: 'post', url: expect.stringContaining(`/i/${ITEM.ref}/task`) });
      expect(requests[0].data).toEqual({ task: 'Print the handouts', notes: 'Thirty copies', priority: '3', due_date: '', for_user_ref: '' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('lets admins assign the task to someone found by search', async () => {
      const dialog = await openForm(SHARED_ADMIN, ADMIN);
      await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search users to assign the task to' }), 'jam');
      await userEvent.click(await within(dialog).findByRole('button', { name: 'James Whitfield <staff@example.org>' }, { timeout: 2000 }));
      expect(within(within(dialog).getByRole('group', { name: 'Assigned to' })).getByText('James Whitfield <staff@example.org>')).toBeTruthy();
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Check the licence');
      await userEvent.click(within(dialog).getByRole('button', { name: TASK_TEXTS.addTask }));
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0].data).toMatchObject({ task: 'Check the licence', priority: '2', for_user_ref: 'usr_james' });
    });

    it('shows the server’s errors under the fields and stays open', async () => {
      answerErrors = { task: TASK_ERRORS.task, due_date: TASK_ERRORS.due_date };
      const dialog = await openForm();
      await userEvent.click(within(dialog).getByRole('button', { name: TASK_TEXTS.addTask }));
      expect(await within(dialog).findByText(TASK_ERRORS.task)).toBeTruthy();
      expect(within(dialog).getByText(TASK_ERRORS.due_date)).toBeTruthy();
      expect(within(dialog).getByRole('textbox', { name: 'Task' }).className).toContain('is-invalid');
      expect(screen.getByRole('dialog', { name: TASK_TEXTS.addTask })).toBeTruthy();
    });
  });
});

const NO_PAGES: PaginationLink[] = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/task', label: '1', active: true },
  { url: '', label: 'Next &raquo;', active: false },
];
const TWO_PAGES: PaginationLink[] = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/task', label: '1', active: true },
  { url: '/task?page=2', label: '2', active: false },
  { url: '/task?page=2', label: 'Next &raquo;', active: false },
];

function myTasksPage(
  tasks: ItemTask[],
  { links = NO_PAGES, reopenMode = false, pastLastPage }: { links?: PaginationLink[]; reopenMode?: boolean; pastLastPage?: PastLastPage } = {},
) {
  return pageObject(
    'task/Index',
    { ...SHARED_MEMBER, tasks: { data: tasks, links, ...(pastLastPage && { pastLastPage }) }, reopenMode, emptyText: EMPTY_STATES.tasks, title: 'My Tasks' },
    { url: reopenMode ? '/task?reopen=1' : '/task' },
  );
}

describe('My Tasks', () => {
  it("says 'No tasks' when there are none", async () => {
    await renderInertiaPage(myTasksPage([]));
    expect(screen.getByRole('heading', { level: 1, name: 'My Tasks' })).toBeTruthy();
    expect(screen.getByText(EMPTY_STATES.tasks)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'My Tasks pages' })).toBeNull();
  });

  it("says a page past the end is past the end, with a link to the last page, not 'No tasks'", async () => {
    await renderInertiaPage(myTasksPage([], { reopenMode: true, pastLastPage: { page: 7, lastPage: 2, lastPageUrl: '/task?reopen=1&page=2' } }));
    expect(screen.getByText(pastLastPageText(7, 2), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe('/task?reopen=1&page=2');
    expect(screen.queryByText(EMPTY_STATES.tasks)).toBeNull();
  });

  it('lists the tasks with their items, and only the item it may name', async () => {
    const hidden = aTask({ ref: 'taskhidden01', task: 'Secret review', notes: 'Check section 4', item_ref: null, item_title: null });
    await renderInertiaPage(myTasksPage([aTask({ priority: 3 }), hidden], { links: TWO_PAGES }));
    const list = screen.getByRole('list', { name: 'My Tasks' });
    const first = within(list).getByRole('listitem', { name: 'Print the handouts' });
    expect(within(first).getByRole('link', { name: ITEM.title }).getAttribute('href')).toBe(`/i/${ITEM.ref}`);
    expect(within(first).getByText('High')).toBeTruthy();
    const second = within(list).getByRole('listitem', { name: 'Secret review' });
    expect(within(second).getByText(TASK_TEXTS.itemUnavailable)).toBeTruthy();
    expect(within(second).getByText('Check section 4')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'My Tasks pages' }))
        .getByRole('link', { name: '2' })
        .getAttribute('href'),
    ).toBe('/task?page=2');
  });

  it('switches Re-Open mode with a visit, and re-opens after confirmation', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => undefined);
    await renderInertiaPage(myTasksPage([OLD_DONE]));
    expect(screen.queryByText('Proofread the old script')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: TASK_TEXTS.reOpenMode }));
    expect(get).toHaveBeenCalledWith('/task', { reopen: '1' }, expect.objectContaining({ preserveScroll: true }));
  });

  it('gives completed tasks a Re-Open button in Re-Open mode', async () => {
    await renderInertiaPage(myTasksPage([OLD_DONE], { reopenMode: true }));
    expect((screen.getByRole('checkbox', { name: TASK_TEXTS.reOpenMode }) as HTMLInputElement).checked).toBe(true);
    mockConfirm(true);
    await userEvent.click(screen.getByRole('button', { name: TASK_TEXTS.reOpen }));
    expect(post).toHaveBeenCalledWith('/task/taskolddone1/incomplete', {}, expect.objectContaining({ preserveScroll: true }));
  });
});
