import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { Content } from '../../shared/content';
import { SHARE_TEXTS } from '../../shared/share-texts';
import type { SharingExplanation } from '../../shared/sharing';
import { renderInertiaPage, SHARED_ANONYMOUS, SHARED_MEMBER } from './support';
import { itemPage, withItem } from './item-show-fixtures';

const EXPLANATION: SharingExplanation = {
  availabilityText: 'Everyone, including visitors who are not logged in, can find and open this item.',
  levelText: Array.from({ length: 7 }, () => 'Can see this item'),
  levelVisible: [true, true, true, true, true, true, true],
  contentText: 'This item has 1 file you can see: 1 from level 3 (Leaders).',
  shareText: 'You can grant one person access to this item.',
  inviteText: null,
  checkAccessEmail: null,
  checkAccessText: null,
};

const LEADER_NOTES: Content = {
  ref: 'contentnotes',
  label: 'Leader notes',
  description: '',
  format: 'pdf',
  length_minutes: null,
  size: null,
  size_bytes: null,
  copyright: null,
  google_drive_file_id: null,
  export_mode: null,
  minimum_access_level: 3,
  published: true,
  is_sample: false,
  is_sample_of_ref: null,
  is_sample_of_label: null,
  position: 0,
};

beforeEach(() => {
  vi.spyOn(router, 'reload').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('sharing from the item page', () => {
  it('gives everyone the header Share button; Grant Access only with can.share', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SHARE_TEXTS.dialogTitle)).toBeTruthy();
    expect(within(dialog).queryByRole('form', { name: SHARE_TEXTS.grantAccess })).toBeNull();
    expect(within(dialog).getByRole('button', { name: SHARE_TEXTS.copyLink })).toBeTruthy();
  });

  it('offers a share action per content row that grants that row, opening at the row’s own level', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderInertiaPage(
      itemPage(SHARED_MEMBER, { ...withItem({ contents: [LEADER_NOTES] }), sharingExplanation: EXPLANATION }, { share: true, shareToLevel: 4 }),
    );
    await userEvent.click(screen.getByRole('button', { name: `${SHARE_TEXTS.shareButton} Leader notes` }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('slider') as HTMLInputElement).value).toBe('3');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'friend@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    expect(post.mock.calls.at(-1)!.slice(0, 2)).toEqual(['/content/contentnotes/share', { level: 3, email: 'friend@example.com', daysValidity: 90 }]);
  });

  it('shows no row share action to those who cannot share', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ contents: [LEADER_NOTES] })));
    expect(screen.queryByRole('button', { name: `${SHARE_TEXTS.shareButton} Leader notes` })).toBeNull();
  });
});
