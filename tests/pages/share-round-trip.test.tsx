import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@inertiajs/core';
import {
  CONFIRM_EMAIL_FIELD,
  EMAIL_SUGGESTION_FIELD,
  SHARE_DIALOG_CLOSE_MS,
  SHARE_MESSAGES,
  SHARE_SLIP_TEXTS,
  type SharingExplanation,
} from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import { ITEM, itemPage } from './item-show-fixtures';
import { pageBack, partialPage, serveInertia, stopServing, type ServerRequest } from './inertia-server';
import { SHARED_MEMBER, renderInertiaPage } from './support';

/** A staff-level item: nothing opens below level 4. */
const EXPLANATION: SharingExplanation = {
  availabilityText: 'People at level 4 (Staff) or above can find and open this item.',
  levelText: [
    'Cannot open this item',
    'Cannot open this item',
    'Cannot open this item',
    'Cannot open this item',
    'Can see this item',
    'Can see this item',
    'Can see this item',
  ],
  levelVisible: [false, false, false, false, true, true, true],
  contentText: 'This item has no files you can see.',
  shareText: 'You can grant one person access to this item.',
  inviteText: null,
  checkAccessEmail: null,
  checkAccessText: null,
};

const ITEM_PAGE = itemPage(SHARED_MEMBER, {}, { share: true, shareToLevel: 5 });
const shareUrl = `/i/${ITEM.ref}/share`;

/** The item page's server for the Share dialog: the explanation on request, each grant answered by `answers` in turn. */
function serveSharing(answers: (() => Page)[]): ServerRequest[] {
  return serveInertia((request) => {
    if (request.method === 'GET') return partialPage(ITEM_PAGE, { sharingExplanation: EXPLANATION });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${request.method} ${request.path}`);
    return answer();
  });
}

const granted = () =>
  pageBack(
    ITEM_PAGE,
    {},
    { notifications: [{ pseudoref: `granted-${Math.random()}`, message: SHARE_MESSAGES.granted('friend@example.com'), type: 'success' }] },
  );

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  stopServing();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openShareDialog() {
  await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
  const dialog = await screen.findByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
  // The explanation has come when the form opens at the lowest level that shows something.
  await within(dialog).findByText(/^Level 4:/);
  return dialog;
}

const levelLabel = (dialog: HTMLElement) => within(dialog).getByText(/^Level \d:/);
/** What the server says a person at the chosen level sees, under the slider. */
const levelText = (dialog: HTMLElement) => levelLabel(dialog).parentElement?.querySelector('.form-text')?.textContent;

describe('the Share dialog on the item page', () => {
  it('keeps the level text, the danger colour and the explanation after an error, and grants on the retry', async () => {
    const requests = serveSharing([() => pageBack(ITEM_PAGE, { email: SHARE_MESSAGES.email }), granted]);
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openShareDialog();
    fireEvent.change(within(dialog).getByRole('slider'), { target: { value: '3' } });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.grantAccess }));

    expect(await within(dialog).findByText(SHARE_MESSAGES.email)).toBeTruthy();
    expect(levelText(dialog)).toBe('Cannot open this item');
    expect(levelLabel(dialog).className).toContain('text-danger');
    expect(within(dialog).getByRole('slider').className).toContain('share-level-danger');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.explain }));
    expect(within(dialog).queryByText('Loading...')).toBeNull();
    expect(within(dialog).getByText(EXPLANATION.availabilityText)).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('slider'), { target: { value: '4' } });
    expect(levelLabel(dialog).className).not.toContain('text-danger');
    const email = within(dialog).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'friend@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    expect(await within(dialog).findByText(SHARE_TEXTS.granted)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.data])).toEqual([
      [shareUrl, { level: 3, email: 'not-an-address', daysValidity: 90 }],
      [shareUrl, { level: 4, email: 'friend@example.com', daysValidity: 90 }],
    ]);
  });

  it('leaves the Share button in place after a grant, for a second one without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests = serveSharing([granted, granted]);
    await renderInertiaPage(ITEM_PAGE);

    for (const address of ['friend@example.com', 'second@example.com']) {
      await user.click(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
      const dialog = await screen.findByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
      await user.type(within(dialog).getByLabelText('Email'), address);
      await user.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.grantAccess }));
      expect(await within(dialog).findByText(SHARE_TEXTS.granted)).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(SHARE_DIALOG_CLOSE_MS + 1_000));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: SHARE_TEXTS.dialogTitle })).toBeNull());
      expect(document.activeElement).toBe(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
    }
    expect(requests.filter((request) => request.method === 'POST').map((request) => (request.data as { email: string }).email)).toEqual([
      'friend@example.com',
      'second@example.com',
    ]);
  });
});

describe('"Did you mean …?" in the Grant form', () => {
  const slip = () =>
    pageBack(ITEM_PAGE, { email: SHARE_MESSAGES.didYouMean('kathryn.jones@example.net'), [EMAIL_SUGGESTION_FIELD]: 'kathryn.jones@example.net' });

  it('offers the known address, which replaces the typed one and is granted', async () => {
    const requests = serveSharing([slip, granted]);
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openShareDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kathryn.jnoes@example.net');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    expect(await within(dialog).findByText(SHARE_MESSAGES.didYouMean('kathryn.jones@example.net'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_SLIP_TEXTS.accept('kathryn.jones@example.net') }));
    expect(await within(dialog).findByText(SHARE_TEXTS.granted)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.data)).toEqual([
      { level: 4, email: 'kathryn.jnoes@example.net', daysValidity: 90 },
      { level: 4, email: 'kathryn.jones@example.net', daysValidity: 90 },
    ]);
  });

  it('sends the address as typed, with confirm_email, when the sharer says it is no slip', async () => {
    const requests = serveSharing([slip, granted]);
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openShareDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kathryn.jnoes@example.net');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    await userEvent.click(await within(dialog).findByRole('button', { name: SHARE_SLIP_TEXTS.keep('kathryn.jnoes@example.net') }));
    expect(await within(dialog).findByText(SHARE_TEXTS.granted)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.data)).toEqual([
      { level: 4, email: 'kathryn.jnoes@example.net', daysValidity: 90 },
      { level: 4, email: 'kathryn.jnoes@example.net', daysValidity: 90, [CONFIRM_EMAIL_FIELD]: 'kathryn.jnoes@example.net' },
    ]);
  });
});
