import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageBack, serveInertia, stopServing } from './inertia-server';
import { EMPTY_STATES, pastLastPageText } from '../../shared/messages';
import type { PaginationLink } from '../../shared/pagination';
import { LOCKED_SHARE_TITLES, SHARE_REMOVAL_TEXTS, type RemovedShare, type Share } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import { pageObject, renderInertiaPage, SHARED_MEMBER } from './support';

const ONE_PAGE: PaginationLink[] = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/share', label: '1', active: true },
  { url: '', label: 'Next &raquo;', active: false },
];
const FIRST_OF_TWO_SENT_PAGES: PaginationLink[] = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/sent', label: '1', active: true },
  { url: '/sent?page=2', label: '2', active: false },
  { url: '/sent?page=2', label: 'Next &raquo;', active: false },
];

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
    can_remove: false,
    ...overrides,
  };
}

function sharesPage(direction: 'received' | 'sent', shares: Share[], links: PaginationLink[] = ONE_PAGE, url = direction === 'sent' ? '/sent' : '/share') {
  const heading = direction === 'sent' ? SHARE_TEXTS.sharedByMe : SHARE_TEXTS.sharedWithMe;
  return pageObject(
    'shares/Index',
    {
      ...SHARED_MEMBER,
      direction,
      heading,
      shares: { data: shares, links },
      removed: [],
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

  it('say a page past the end is past the end, with a link to the last page, not that nothing was shared', async () => {
    const page = sharesPage('sent', [], ONE_PAGE, '/sent?page=6');
    await renderInertiaPage({
      ...page,
      props: { ...page.props, shares: { data: [], links: ONE_PAGE, pastLastPage: { page: 6, lastPage: 2, lastPageUrl: '/sent?page=2' } } },
    });
    expect(screen.getByText(pastLastPageText(6, 2), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe('/sent?page=2');
    expect(screen.queryByText(EMPTY_STATES.sent)).toBeNull();
  });

  it('lists what was shared with its image, title link, the other party, and expiry marks', async () => {
    await renderInertiaPage(
      sharesPage('received', [aShare(), aShare({ ref: 'share0000002', shared_title: 'Old Handbook', valid: false, expiring_soon: false })]),
    );
    const current = screen.getByRole('listitem', { name: 'Staff Safeguarding Pack' });
    expect(within(current).getByRole('link', { name: 'Staff Safeguarding Pack' }).getAttribute('href')).toBe('/i/item00000001?share=share0000001');
    expect(current.querySelector('img')?.getAttribute('src')).toBe('/image/img000000001/large');
    expect(current.textContent).toContain('From Sarah Okafor');
    expect(within(current).getByText('Expiring soon')).toBeTruthy();
    const expired = screen.getByRole('listitem', { name: 'Old Handbook' });
    expect(within(expired).queryByRole('link')).toBeNull();
    expect(within(expired).getByText('Expired')).toBeTruthy();
  });

  it('shows a share the viewer may no longer open as a locked placeholder, with the share’s own details', async () => {
    const locked = { shared_title: null, shared_url_path: null, shared_image: null };
    await renderInertiaPage(
      sharesPage('received', [
        aShare({ ref: 'share0000003', ...locked }),
        aShare({ ref: 'share0000004', shared_type: 'item_content', ...locked, valid: false, expiring_soon: false }),
        aShare({ ref: 'share0000005', shared_type: 'collection', ...locked }),
      ]),
    );
    const item = screen.getByRole('listitem', { name: LOCKED_SHARE_TITLES.item });
    expect(LOCKED_SHARE_TITLES.item).toBe('An item you cannot open');
    expect(within(item).queryByRole('link')).toBeNull();
    expect(item.querySelector('img')).toBeNull();
    expect(item.textContent).toContain('From Sarah Okafor');
    expect(item.textContent).toContain('Level 4');
    expect(within(item).getByText('Expiring soon')).toBeTruthy();
    const content = screen.getByRole('listitem', { name: LOCKED_SHARE_TITLES.item_content });
    expect(within(content).getByText('Expired')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: LOCKED_SHARE_TITLES.collection })).queryByRole('link')).toBeNull();
  });

  it('names the recipient on Shared By Me', async () => {
    await renderInertiaPage(sharesPage('sent', [aShare({ expiring_soon: false, expires_at: null })]));
    const entry = screen.getByRole('listitem', { name: 'Staff Safeguarding Pack' });
    expect(entry.textContent).toContain('To friend@example.com');
    expect(entry.textContent).toContain('forever');
  });

  it('shows no page links for a single page', async () => {
    await renderInertiaPage(sharesPage('received', [aShare()]));
    expect(screen.queryByRole('navigation', { name: `${SHARE_TEXTS.sharedWithMe} pages` })).toBeNull();
    expect(screen.queryByText('« Previous')).toBeNull();
  });

  it('links the other pages, with Previous disabled on the first and the current page marked', async () => {
    await renderInertiaPage(sharesPage('sent', [aShare()], FIRST_OF_TWO_SENT_PAGES));
    const pages = screen.getByRole('navigation', { name: `${SHARE_TEXTS.sharedByMe} pages` });
    expect(within(pages).queryByRole('link', { name: '« Previous' })).toBeNull();
    expect(within(pages).getByText('« Previous').getAttribute('aria-disabled')).toBe('true');
    expect(within(pages).getByRole('link', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: '2' }).getAttribute('href')).toBe('/sent?page=2');
    expect(within(pages).getByRole('link', { name: 'Next »' }).getAttribute('href')).toBe('/sent?page=2');
  });
});

describe('Remove access on Shared By Me', () => {
  afterEach(() => {
    stopServing();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers Remove access only where the server allows it, asks first, and sends DELETE /share/{ref}', async () => {
    const page = sharesPage('sent', [aShare({ can_remove: true }), aShare({ ref: 'share0000009', shared_title: 'Not mine to end' })]);
    const requests = serveInertia(() => pageBack(page));
    await renderInertiaPage(page);
    const mine = screen.getByRole('listitem', { name: 'Staff Safeguarding Pack' });
    expect(within(screen.getByRole('listitem', { name: 'Not mine to end' })).queryByRole('button')).toBeNull();
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const remove = within(mine).getByRole('button', { name: SHARE_REMOVAL_TEXTS.removeLabel('friend@example.com') });
    await userEvent.click(remove);
    expect(requests).toEqual([]);
    await userEvent.click(remove);
    expect(confirm).toHaveBeenLastCalledWith(SHARE_REMOVAL_TEXTS.confirm('friend@example.com', '“Staff Safeguarding Pack”'));
    await waitFor(() => expect(requests.map((request) => [request.method, request.path])).toEqual([['DELETE', '/share/share0000001']]));
  });

  it('lists the grants removed lately, with who removed each', async () => {
    const removed: RemovedShare = {
      ref: 'share0000010',
      shared_type: 'item',
      shared_title: null,
      to_user: 'afiliate@example.org',
      from_user: 'Sarah Okafor',
      level: 3,
      date: '2026-11-01T10:00:00.000Z',
      removed_at: '2026-11-02T10:00:00.000Z',
      removed_by: 'Grace Adeyemi',
    };
    const page = sharesPage('sent', [aShare()]);
    await renderInertiaPage({ ...page, props: { ...page.props, removed: [removed] } });
    const section = screen.getByRole('region', { name: SHARE_REMOVAL_TEXTS.removedHeading });
    const entry = within(section).getByRole('listitem', { name: LOCKED_SHARE_TITLES.item });
    expect(entry.textContent).toContain('To afiliate@example.org');
    expect(entry.textContent).toContain(SHARE_REMOVAL_TEXTS.removedBy('Grace Adeyemi'));
  });
});
