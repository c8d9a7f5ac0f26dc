/** The comments block on item pages and the moderation list (admin-curation §2, §4, §5, §6, §8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { COMMENT_CONFIRM, COMMENT_MESSAGES, FLAG_REASONS, type Comment } from '../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { EMPTY_STATES, OPENS_IN_NEW_TAB } from '../../shared/messages';
import type { PaginationLink } from '../../shared/pagination';
import { splitLinks } from '../../components/comments/LinkifiedText';
import { ITEM, SHARED_ADMIN, itemPage, mockConfirm, withItem } from './item-show-fixtures';
import { SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const NO_CAN = { can_flag: false, can_update: false, can_delete: false, can_approve: false };

function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    ref: 'comment00001',
    comment: 'A lovely assembly, thank you!',
    flagged: false,
    edited: false,
    when: '2025-03-03T10:15:00.000Z',
    commenter: 'Maya Thompson',
    commenter_ref: 'usermaya0001',
    item_title: ITEM.title,
    item_ref: ITEM.ref,
    ...NO_CAN,
    ...overrides,
  };
}

let post: ReturnType<typeof vi.spyOn>;
let patch: ReturnType<typeof vi.spyOn>;
let destroy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  post = vi.spyOn(router, 'post').mockImplementation(() => undefined);
  patch = vi.spyOn(router, 'patch').mockImplementation(() => undefined);
  destroy = vi.spyOn(router, 'delete').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim());
const commentsSection = () => screen.getByRole('region', { name: 'Comments' });
const commentBox = () => within(commentsSection()).getByRole('textbox', { name: 'Write a comment' });
const sendButton = () => within(commentsSection()).getByRole('button', { name: 'Send' });

async function renderItem(comments: Comment[], { shared = SHARED_MEMBER, canComment = true, errors = {} } = {}) {
  const rendered = await renderInertiaPage(itemPage({ ...shared, errors }, withItem({ comments }), { comment: canComment }));
  // The box's code loads when it is first shown.
  if (canComment) await screen.findByRole('textbox', { name: 'Write a comment' });
  return rendered;
}

describe('the comments on an item page', () => {
  it('shows each comment with its author linking to their user page, when, (edited) and a warning icon when flagged', async () => {
    await renderItem([
      aComment(),
      aComment({
        ref: 'comment00002',
        comment: 'Second thoughts, edited.',
        edited: true,
        flagged: true,
        commenter: 'Daniel Mensah',
        commenter_ref: 'userdaniel01',
      }),
    ]);
    const [first, second] = within(commentsSection()).getAllByRole('listitem');
    expect(within(first).getByText('A lovely assembly, thank you!')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Maya Thompson' }).getAttribute('href')).toBe('/user/usermaya0001');
    expect(within(first).getByText('3 March 2025').getAttribute('datetime')).toBe('2025-03-03T10:15:00.000Z');
    expect(within(first).queryByText(COMMENT_LIST_TEXTS.edited)).toBeNull();
    expect(within(first).queryByRole('img', { name: COMMENT_LIST_TEXTS.flaggedIcon })).toBeNull();
    expect(within(second).getByText(COMMENT_LIST_TEXTS.edited)).toBeTruthy();
    expect(within(second).getByRole('img', { name: COMMENT_LIST_TEXTS.flaggedIcon })).toBeTruthy();
  });

  it('names a comment whose author is gone without a link', async () => {
    await renderItem([aComment({ commenter: null, commenter_ref: null })]);
    expect(within(commentsSection()).getByText(COMMENT_LIST_TEXTS.formerMember)).toBeTruthy();
    expect(within(commentsSection()).queryByRole('link')).toBeNull();
  });

  it('makes web addresses clickable, safely, and leaves markup as inert text', async () => {
    const text = '<img src=x onerror="alert(1)"> <b>see</b> https://example.org/guide?x=1. or javascript:alert(2)';
    await renderItem([aComment({ comment: text })]);
    const row = within(commentsSection()).getAllByRole('listitem')[0];
    const link = within(row).getByRole('link', { name: `https://example.org/guide?x=1 ${OPENS_IN_NEW_TAB}` });
    expect(link.getAttribute('href')).toBe('https://example.org/guide?x=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('nofollow noopener noreferrer ugc');
    expect(row.querySelector('img')).toBeNull();
    expect(row.querySelector('b')).toBeNull();
    expect(row.textContent).toContain(`<img src=x onerror="alert(1)"> <b>see</b> https://example.org/guide?x=1 ${OPENS_IN_NEW_TAB}. or javascript:alert(2)`);
    expect(
      within(row)
        .getAllByRole('link')
        .map((anchor) => anchor.getAttribute('href')),
    ).toEqual(['/user/usermaya0001', 'https://example.org/guide?x=1']);
  });
});

describe('splitLinks', () => {
  it('splits text into plain parts and http(s) addresses, leaving trailing punctuation out', () => {
    expect(splitLinks('Look (https://a.example/x), then http://b.example!')).toEqual([
      { kind: 'text', text: 'Look (' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '), then ' },
      { kind: 'link', text: 'http://b.example', href: 'http://b.example/' },
      { kind: 'text', text: '!' },
    ]);
    expect(splitLinks('ftp://x.example and https:// alone')).toEqual([{ kind: 'text', text: 'ftp://x.example and https:// alone' }]);
  });
});

describe('the comment box', () => {
  it('enables Send from 7 characters (spaces round the text do not count)', async () => {
    await renderItem([]);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(commentBox(), '  abcdef  ');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(commentBox(), 'g');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends with Enter, keeping the scroll position; Shift+Enter starts a new line instead', async () => {
    await renderItem([]);
    await userEvent.type(commentBox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(post).not.toHaveBeenCalled();
    expect((commentBox() as HTMLTextAreaElement).value).toBe('First line\nsecond line');
    await userEvent.type(commentBox(), '{Enter}');
    expect(post).toHaveBeenCalledWith(
      `/i/${ITEM.ref}/comment`,
      { comment: 'First line\nsecond line' },
      expect.objectContaining({ preserveScroll: true, only: ['item'] }),
    );
  });

  it('does not send with Enter under 7 characters', async () => {
    await renderItem([]);
    await userEvent.type(commentBox(), 'short{Enter}');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends with the Send button and empties the box once the server took it', async () => {
    await renderItem([]);
    await userEvent.type(commentBox(), 'Thank you for this!');
    await userEvent.click(sendButton());
    expect(post).toHaveBeenCalledTimes(1);
    const options = post.mock.calls[0][2] as { onSuccess: () => void; onFinish: () => void };
    options.onSuccess();
    options.onFinish();
    await vi.waitFor(() => expect((commentBox() as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows the server’s errors.comment under the input', async () => {
    await renderItem([], { errors: { comment: COMMENT_MESSAGES.tooShort } });
    const error = within(commentsSection()).getByText(COMMENT_MESSAGES.tooShort);
    expect(commentBox().getAttribute('aria-describedby')).toBe(error.id);
    expect(commentBox().className).toContain('is-invalid');
  });

  it('tells visitors that logging in lets them comment (the page’s one prompt has the button), and unverified users to verify', async () => {
    const { unmount } = await renderItem([aComment()], { shared: SHARED_ANONYMOUS, canComment: false });
    expect(within(commentsSection()).getByText(COMMENT_LIST_TEXTS.loginPrompt)).toBeTruthy();
    expect(within(commentsSection()).queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(within(commentsSection()).queryByRole('textbox')).toBeNull();
    expect(within(commentsSection()).getByText('A lovely assembly, thank you!')).toBeTruthy();
    unmount();
    await renderItem([], { canComment: false });
    expect(within(commentsSection()).getByText(COMMENT_LIST_TEXTS.verifyEmail)).toBeTruthy();
    expect(within(commentsSection()).queryByRole('textbox')).toBeNull();
  });
});

describe('comment buttons', () => {
  it('shows a user who may only flag the flag button alone, which asks first with the spec’s question and why', async () => {
    await renderItem([aComment({ can_flag: true })]);
    const row = within(commentsSection()).getAllByRole('listitem')[0];
    await within(row).findByRole('button', { name: 'Flag' });
    expect(buttonsOf(row)).toEqual(['Flag']);
    await userEvent.click(within(row).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag comment' });
    expect(within(dialog).getByText(COMMENT_CONFIRM.flag)).toBeTruthy();
    const flag = within(dialog).getByRole('button', { name: 'Flag' }) as HTMLButtonElement;
    expect(flag.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: COMMENT_MESSAGES.flagReasonLabel }), FLAG_REASONS.spam);
    await userEvent.type(within(dialog).getByRole('textbox', { name: COMMENT_MESSAGES.flagNoteLabel }), 'Selling watches.');
    await userEvent.click(flag);
    const [url, data, options] = post.mock.calls[0]!;
    expect([url, data]).toEqual(['/comment/comment00001/flag', { reason: 'spam', note: 'Selling watches.' }]);
    expect(options).toMatchObject({ preserveScroll: true, only: ['item'] });
  });

  it('cancels a flag without sending anything', async () => {
    await renderItem([aComment({ can_flag: true })]);
    await userEvent.click(await within(commentsSection()).findByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag comment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('shows no buttons to someone who may do nothing with a comment', async () => {
    // Beside a comment one may flag, so the buttons' code has loaded when the other row is read.
    await renderItem([aComment(), aComment({ ref: 'comment00002', can_flag: true })], { canComment: false });
    const [other, flaggable] = within(commentsSection()).getAllByRole('listitem');
    await within(flaggable!).findByRole('button', { name: 'Flag' });
    expect(buttonsOf(other!)).toEqual([]);
  });

  it('lets the author edit (Enter saves with PATCH) and delete after confirmation', async () => {
    const confirm = mockConfirm(true);
    await renderItem([aComment({ can_update: true, can_delete: true })]);
    const row = within(commentsSection()).getAllByRole('listitem')[0];
    await within(row).findByRole('button', { name: 'Edit' });
    expect(buttonsOf(row)).toEqual(['Edit', 'Delete']);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(COMMENT_CONFIRM.delete);
    expect(destroy).toHaveBeenCalledWith('/comment/comment00001', expect.objectContaining({ preserveScroll: true }));

    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const editor = (await within(row).findByRole('textbox', { name: 'Edit the comment' })) as HTMLTextAreaElement;
    expect(editor.value).toBe('A lovely assembly, thank you!');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'A lovely assembly, really.{Enter}');
    expect(patch).toHaveBeenCalledWith('/comment/comment00001', { comment: 'A lovely assembly, really.' }, expect.objectContaining({ preserveScroll: true }));
  });

  it('shows an edit’s error under the edit, not under the new comment box', async () => {
    await renderItem([aComment({ can_update: true })], { errors: { comment: COMMENT_MESSAGES.tooShort } });
    const row = within(commentsSection()).getAllByRole('listitem')[0];
    await userEvent.click(await within(row).findByRole('button', { name: 'Edit' }));
    const editor = await within(row).findByRole('textbox', { name: 'Edit the comment' });
    await userEvent.type(editor, '{Enter}');
    expect(within(row).getByText(COMMENT_MESSAGES.tooShort)).toBeTruthy();
    expect(commentBox().className).not.toContain('is-invalid');
  });

  it('lets an admin approve a flagged comment after confirmation', async () => {
    const confirm = mockConfirm(true);
    await renderInertiaPage(
      itemPage(SHARED_ADMIN, withItem({ comments: [aComment({ flagged: true, can_delete: true, can_approve: true })] }), { comment: true }),
    );
    const row = within(commentsSection()).getAllByRole('listitem')[0];
    await within(row).findByRole('button', { name: 'Approve' });
    expect(buttonsOf(row)).toEqual(['Approve', 'Delete']);
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(confirm).toHaveBeenCalledWith(COMMENT_CONFIRM.approve);
    expect(destroy).toHaveBeenCalledWith('/comment/comment00001/flag', expect.objectContaining({ preserveScroll: true, only: ['item'] }));
  });
});

describe('/admin/comment', () => {
  function adminPage(data: Comment[], links: PaginationLink[]) {
    return pageObject(
      'admin/comment/Index',
      {
        ...SHARED_ADMIN,
        comments: { data: data.map((comment) => ({ ...comment, flagCount: 0, flags: [], neighbours: [], author: null })), links },
        waitingCount: 0,
        repeatFlaggers: [],
        title: 'Comments',
        breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Comments' }],
      },
      { url: '/admin/comment' },
    );
  }
  const fewLinks: PaginationLink[] = [
    { url: '', label: '&laquo; Previous', active: false },
    { url: '/admin/comment', label: '1', active: true },
    { url: '', label: 'Next &raquo;', active: false },
  ];

  it('warns when there are no comments', async () => {
    await renderInertiaPage(adminPage([], fewLinks));
    expect(screen.getByRole('heading', { level: 1, name: 'Comments' })).toBeTruthy();
    expect(screen.getByText(EMPTY_STATES.comments)).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('lists comments with their item, author, flag icon, approve and delete, and the pagination links', async () => {
    const confirm = mockConfirm(true);
    const links: PaginationLink[] = [
      fewLinks[0],
      fewLinks[1],
      { url: '/admin/comment?page=2', label: '2', active: false },
      { url: '/admin/comment?page=2', label: 'Next &raquo;', active: false },
    ];
    await renderInertiaPage(
      adminPage([aComment({ flagged: true, can_delete: true, can_approve: true }), aComment({ ref: 'comment00002', can_delete: true })], links),
    );
    const list = screen.getByRole('list', { name: 'Comments' });
    const [flagged, other] = within(list).getAllByRole('listitem');
    // A comment's buttons load on demand.
    await within(flagged).findByRole('button', { name: 'Approve' });
    await within(other).findByRole('button', { name: 'Delete' });
    expect(within(flagged).getByRole('img', { name: COMMENT_LIST_TEXTS.flaggedIcon })).toBeTruthy();
    expect(within(flagged).getByRole('link', { name: ITEM.title }).getAttribute('href')).toBe(`/i/${ITEM.ref}`);
    expect(within(flagged).getByRole('link', { name: 'Maya Thompson' }).getAttribute('href')).toBe('/user/usermaya0001');
    expect(buttonsOf(flagged)).toEqual(['Approve', 'Delete']);
    expect(buttonsOf(other)).toEqual(['Delete']);
    await userEvent.click(within(flagged).getByRole('button', { name: 'Approve' }));
    expect(confirm).toHaveBeenCalledWith(COMMENT_CONFIRM.approve);
    expect(destroy).toHaveBeenCalledWith(
      '/comment/comment00001/flag',
      expect.objectContaining({ preserveScroll: true, only: ['comments', 'waitingCount', 'repeatFlaggers'] }),
    );
    const pages = screen.getByRole('navigation', { name: 'Comment pages' });
    expect(within(pages).getByRole('link', { name: 'Next »' }).getAttribute('href')).toBe('/admin/comment?page=2');
  });
});
