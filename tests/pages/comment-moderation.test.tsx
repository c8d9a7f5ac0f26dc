/** The moderation queue at /admin/comment (issue 19 §5): details of each comment, selection, bulk approve and delete. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { COMMENT_CONFIRM, COMMENT_MESSAGES, FLAG_REASONS, FROM_FLAGS, type ModerationEntry, type RepeatFlagger } from '../../shared/comments';
import type { ValidationErrors } from '../../shared/props';
import { EMPTY_STATES, pastLastPageText } from '../../shared/messages';
import { ITEM, SHARED_ADMIN, mockConfirm } from './item-show-fixtures';
import { pageObject, renderInertiaPage } from './support';

function anEntry(overrides: Partial<ModerationEntry> = {}): ModerationEntry {
  return {
    ref: 'comment00001',
    comment: 'Buy cheap watches at example.com',
    flagged: true,
    edited: false,
    when: '2025-03-03T10:15:00.000Z',
    commenter: 'Maya Thompson',
    commenter_ref: 'usermaya0001',
    item_title: ITEM.title,
    item_ref: ITEM.ref,
    can_flag: false,
    can_update: false,
    can_delete: true,
    can_approve: true,
    flagCount: 2,
    flags: [
      { flagger: 'Daniel Mensah', flagger_ref: 'userdaniel01', reason: 'spam', note: 'Selling watches.', when: '2025-03-04T10:00:00.000Z', approvedFlags: 3 },
      { flagger: 'James Whitfield', flagger_ref: 'userjames001', reason: null, note: null, when: '2025-03-05T10:00:00.000Z', approvedFlags: 0 },
    ],
    neighbours: [
      { ref: 'comment00000', comment: 'Great for Year 6.', commenter: 'Sarah Okafor', when: '2025-03-02T10:00:00.000Z', position: 'before' },
      { ref: 'comment00009', comment: 'Please remove the advert above.', commenter: 'Priya Patel', when: '2025-03-06T10:00:00.000Z', position: 'after' },
    ],
    author: {
      commentCount: 4,
      removedCount: 1,
      recent: [
        {
          ref: 'comment00005',
          comment: 'Another advert.',
          item_ref: 'itemother001',
          item_title: 'Other item',
          when: '2025-03-01T10:00:00.000Z',
          flagged: true,
        },
      ],
    },
    ...overrides,
  };
}

const LINKS = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/admin/comment', label: '1', active: true },
  { url: '', label: 'Next &raquo;', active: false },
];

function queuePage(data: ModerationEntry[], { repeatFlaggers = [] as RepeatFlagger[], errors = {} as ValidationErrors, waitingCount = 1 } = {}) {
  return pageObject(
    'admin/comment/Index',
    {
      ...SHARED_ADMIN,
      errors,
      comments: { data, links: LINKS },
      waitingCount,
      repeatFlaggers,
      title: 'Comments',
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Comments' }],
    },
    { url: '/admin/comment' },
  );
}

let post: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  post = vi.spyOn(router, 'post').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const rows = () => within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem', { name: /^Comment by/ });
const bar = () => screen.getByRole('group', { name: 'Selected comments' });

describe('the moderation queue', () => {
  it('says a page past the end is past the end, not that there are no comments', async () => {
    const pastLastPage = { page: 5, lastPage: 2, lastPageUrl: '/admin/comment?page=2' };
    const page = queuePage([]);
    await renderInertiaPage({ ...page, props: { ...page.props, comments: { data: [], links: LINKS, pastLastPage } } });
    expect(await screen.findByText(pastLastPageText(5, 2), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe('/admin/comment?page=2');
    expect(screen.queryByText(EMPTY_STATES.comments)).toBeNull();
  });

  it('shows each comment’s flags with flaggers and reasons, a repeat flagger marked, its neighbours and its author’s history', async () => {
    await renderInertiaPage(queuePage([anEntry()], { waitingCount: 3 }));
    expect(screen.getByText('3 comments wait for moderation.')).toBeTruthy();
    const row = rows()[0];
    expect(within(row).getByText('2 flags:')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Daniel Mensah' }).getAttribute('href')).toBe('/user/userdaniel01');
    expect(row.textContent).toContain(`${FLAG_REASONS.spam} — “Selling watches.”`);
    expect(row.textContent).toContain('no reason given');
    expect(within(row).getByText('3 earlier flags on approved comments')).toBeTruthy();
    expect(within(row).getByText('Comments around it on the item')).toBeTruthy();
    expect(row.textContent).toContain('Please remove the advert above.');
    expect(within(row).getByText('The author: 4 comments, 1 removed by admins')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Other item' }).getAttribute('href')).toBe('/i/itemother001');
  });

  it('lists repeat flaggers of approved comments beside the queue', async () => {
    await renderInertiaPage(queuePage([anEntry()], { repeatFlaggers: [{ name: 'Daniel Mensah', ref: 'userdaniel01', approvedFlags: 3, totalFlags: 4 }] }));
    const panel = screen.getByRole('heading', { name: 'Repeat flaggers of approved comments' }).parentElement!;
    expect(panel.textContent).toContain('Daniel Mensah: 3 of 4 flags on comments admins approved');
  });

  it('selects one by one or all on the page, by keyboard, and approves the selected after the question', async () => {
    const confirm = mockConfirm(true);
    await renderInertiaPage(queuePage([anEntry(), anEntry({ ref: 'comment00002', commenter: 'Sarah Okafor' })]));
    const approve = within(bar()).getByRole('button', { name: 'Approve selected' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    const first = screen.getByRole('checkbox', { name: `Select the comment by Maya Thompson on ${ITEM.title}` });
    first.focus();
    await userEvent.keyboard(' ');
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    expect(within(bar()).getByText('2 selected')).toBeTruthy();
    await userEvent.click(approve);
    expect(confirm).toHaveBeenCalledWith('Do you want to approve these 2 comments?');
    expect(post).toHaveBeenCalledWith('/admin/comment/approve', { refs: ['comment00001', 'comment00002'] }, expect.objectContaining({ preserveScroll: true }));
  });

  it('asks the spec’s question for one comment, and sends nothing when declined', async () => {
    const confirm = mockConfirm(false);
    await renderInertiaPage(queuePage([anEntry()]));
    await userEvent.click(screen.getByRole('checkbox', { name: /Select the comment by Maya Thompson/ }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Approve selected' }));
    expect(confirm).toHaveBeenCalledWith(COMMENT_CONFIRM.approve);
    expect(post).not.toHaveBeenCalled();
  });

  it('offers no bulk approve while a selected comment is not flagged', async () => {
    await renderInertiaPage(queuePage([anEntry({ flagged: false, can_approve: false, flags: [], flagCount: 0 })]));
    await userEvent.click(screen.getByRole('checkbox', { name: /Select the comment/ }));
    expect((within(bar()).getByRole('button', { name: 'Approve selected' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(bar()).getByText(COMMENT_MESSAGES.bulkNotApprovable)).toBeTruthy();
  });

  it('deletes the selected through a dialog that asks the spec’s question and the reason the authors are told', async () => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => undefined);
    await renderInertiaPage(queuePage([anEntry()]));
    await userEvent.click(screen.getByRole('checkbox', { name: /Select the comment/ }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Delete selected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 comment' });
    expect(within(dialog).getByText(COMMENT_CONFIRM.delete)).toBeTruthy();
    const reason = within(dialog).getByRole('combobox', { name: 'The reason the authors are told' }) as HTMLSelectElement;
    expect(reason.value).toBe(FROM_FLAGS);
    await userEvent.selectOptions(reason, FLAG_REASONS.personal);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Words to the authors (optional)' }), 'No phone numbers, please.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const calls = [...post.mock.calls, ...visit.mock.calls.map(([url, options]) => [url, (options as { data: unknown }).data])];
    expect(calls[0]!.slice(0, 2)).toEqual(['/admin/comment/delete', { refs: ['comment00001'], reason: 'personal', note: 'No phone numbers, please.' }]);
  });

  it('selects every waiting comment on every page, sending how many it saw, to approve or to delete (issue 34 §5)', async () => {
    const confirm = mockConfirm(true);
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => undefined);
    await renderInertiaPage(queuePage([anEntry(), anEntry({ ref: 'comment00002', commenter: 'Sarah Okafor' })], { waitingCount: 1234 }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select the comment by Maya Thompson on ${ITEM.title}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 1,234 waiting, on every page' }));
    expect(within(bar()).getByText('1,234 selected')).toBeTruthy();
    // A comment ticked on the page is not also sent: all waiting takes its place.
    expect((screen.getByRole('checkbox', { name: /Select the comment by Maya Thompson/ }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(bar()).getByRole('button', { name: 'Approve selected' }));
    expect(confirm).toHaveBeenCalledWith('Do you want to approve these 1,234 comments?');
    expect(post).toHaveBeenCalledWith('/admin/comment/approve', { waiting: 1234 }, expect.objectContaining({ preserveScroll: true }));

    await userEvent.click(within(bar()).getByRole('button', { name: 'Delete selected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1,234 comments' });
    expect(within(dialog).getByText('Are you sure you want to delete these 1,234 comments?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const calls = [...post.mock.calls, ...visit.mock.calls.map(([url, options]) => [url, (options as { data: unknown }).data])];
    expect(calls.find((call) => call[0] === '/admin/comment/delete')!.slice(0, 2)).toEqual([
      '/admin/comment/delete',
      { waiting: 1234, reason: FROM_FLAGS, note: '' },
    ]);
  });

  it('shows a refused selection’s error above the list', async () => {
    await renderInertiaPage(queuePage([anEntry()], { errors: { refs: COMMENT_MESSAGES.bulkUnknown } }));
    expect(screen.getByRole('alert').textContent).toBe(COMMENT_MESSAGES.bulkUnknown);
  });
});
