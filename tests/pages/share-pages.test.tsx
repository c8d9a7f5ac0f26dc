import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { EMPTY_STATES } from '../../shared/messages';
import { SHARE_TEXTS, type Share } from '../../shared/sharing';
import { pageObject, renderInertiaPage, SHARED_MEMBER } from './support';

const PAGINATION = { currentPage: 1, nextPage: null, previousPage: null, perPage: 24, total: 0 };

function aShare(overrides: Partial<Share> = {}): Share {
  return {
    ref: 'share0000001',
    shared_type: 'item',
    shared_url_path: '/i/item00000001?share=share0000001',
    shared_image: '/image/img000000001/large',
    shared_title: 'Staff Safeguarding Pack',
    to_user: 'friend@example.com',
    from_user: 'Sarah Okafor',
    date: '2026-11-01T10:00:00.000Z',
    expires_at: '2026-11-30T10:00:00.000Z',
    level: 4,
    valid: true,
    expiring_soon: true,
    ...overrides,
  };
}

function sharesPage(direction: 'received' | 'sent', shares: Share[], url = direction === 'sent' ? '/sent' : '/share') {
  const heading = direction === 'sent' ? SHARE_TEXTS.sharedByMe : SHARE_TEXTS.sharedWithMe;
  return pageObject(
    'shares/Index',
    {
      ...SHARED_MEMBER,
      direction,
      heading,
      shares: { data: shares },
      sharesPagination: { ...PAGINATION, total: shares.length },
      emptyText: direction === 'sent' ? EMPTY_STATES.sent : EMPTY_STATES.shared,
    },
    { url },
  );
}

describe('Shared With Me and Shared By Me', () => {
  it('show the empty states', async () => {
    const { unmount } = await renderInertiaPage(sharesPage('received', []));
    expect(screen.getByRole('heading', { name: SHARE_TEXTS.sharedWithMe })).toBeTruthy();
    expect(screen.getByText('No one has shared anything in particular with you yet')).toBeTruthy();
    unmount();
    await renderInertiaPage(sharesPage('sent', []));
    expect(screen.getByText('You have not shared anything with others')).toBeTruthy();
  });

  it('lists what was shared with its image, title link, the other party, and expiry marks', async () => {
    await renderInertiaPage(sharesPage('received', [aShare(), aShare({ ref: 'share0000002', shared_title: 'Old Handbook', valid: false, expiring_soon: false })]));
    const current = screen.getByRole('listitem', { name: 'Staff Safeguarding Pack' });
    expect(within(current).getByRole('link', { name: 'Staff Safeguarding Pack' }).getAttribute('href')).toBe('/i/item00000001?share=share0000001');
    expect(current.querySelector('img')?.getAttribute('src')).toBe('/image/img000000001/large');
    expect(current.textContent).toContain('From Sarah Okafor');
    expect(within(current).getByText('Expiring soon')).toBeTruthy();
    const expired = screen.getByRole('listitem', { name: 'Old Handbook' });
    expect(within(expired).queryByRole('link')).toBeNull();
    expect(within(expired).getByText('Expired')).toBeTruthy();
  });

  it('names the recipient on Shared By Me', async () => {
    await renderInertiaPage(sharesPage('sent', [aShare({ expiring_soon: false, expires_at: null })]));
    const entry = screen.getByRole('listitem', { name: 'Staff Safeguarding Pack' });
    expect(entry.textContent).toContain('To friend@example.com');
    expect(entry.textContent).toContain('forever');
  });
});
