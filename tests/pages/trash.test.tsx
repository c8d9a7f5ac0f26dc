/** The trash page (issue 19 §4): what was deleted, by whom and with what; Restore; Delete for good after a confirm. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { pastLastPageText } from '../../shared/messages';
import { TRASH_TEXTS, type TrashEntryView, type TrashPageProps } from '../../shared/trash';
import { ADMIN_AUTH } from './item-show-fixtures';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const admin = { ...SHARED_MEMBER, auth: ADMIN_AUTH, menu: MENUS.admin };
const links = [{ url: '', label: '&laquo; Previous', active: false }];
const ITEM: TrashEntryView = {
  ref: 'trashitem001',
  kind: 'item',
  title: 'Holiday club kit',
  context: 'EQ-00042',
  deletedAt: '2026-11-20T10:15:00Z',
  deletedBy: 'James Whitfield',
  impersonator: 'Ada Admin',
  purgeAt: '2026-12-20T10:15:00Z',
  parts: [
    { label: '2 files and links', count: 2, names: ['Leader guide', 'Slides'] },
    { label: '14 tag links', count: 14, names: ['Games', 'Primary'] },
  ],
  hasDriveFolder: true,
};
const COMMENT: TrashEntryView = {
  ...ITEM,
  ref: 'trashcomm001',
  kind: 'comment',
  title: 'We used this at camp.',
  context: 'Holiday club kit',
  deletedBy: null,
  impersonator: null,
  parts: [],
  hasDriveFolder: false,
};

function page(props: Partial<TrashPageProps> = {}) {
  return pageObject(
    'admin/trash/Index',
    { ...admin, errors: {}, kind: 'all', entries: { data: [ITEM, COMMENT], links }, retentionDays: 30, title: TRASH_TEXTS.title, breadcrumbs: [], ...props },
    { url: '/admin/trash' },
  );
}

let visits: { method: string; url: string }[];
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  visits = [];
  vi.spyOn(router, 'post').mockImplementation((url) => void visits.push({ method: 'post', url: String(url) }));
  vi.spyOn(router, 'delete').mockImplementation((url) => void visits.push({ method: 'delete', url: String(url) }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the trash page', () => {
  it('says how long things wait, and shows each entry with who deleted it and what went with it', async () => {
    await renderInertiaPage(page());
    expect(screen.getByText(/stays here for 30 days/)).toBeTruthy();
    const item = screen.getByRole('article', { name: 'Item “Holiday club kit”' });
    expect(item.textContent).toContain('EQ-00042');
    expect(item.textContent).toContain('Deleted by James Whitfield (as Ada Admin)');
    expect(within(item).getByText('2 files and links: Leader guide, Slides')).toBeTruthy();
    expect(within(item).getByText('14 tag links: Games, Primary, …')).toBeTruthy();
    expect(within(item).getByText(TRASH_TEXTS.driveFolder)).toBeTruthy();
    const comment = screen.getByRole('article', { name: 'Comment “We used this at camp.”' });
    expect(comment.textContent).toContain(`Deleted by ${TRASH_TEXTS.unknownPerson}`);
    expect(within(comment).getByText(TRASH_TEXTS.nothingWithIt)).toBeTruthy();
  });

  it('filters by kind with links that say which one is shown', async () => {
    await renderInertiaPage(page({ kind: 'comment', entries: { data: [COMMENT], links } }));
    const kinds = screen.getByRole('navigation', { name: TRASH_TEXTS.kindFilter });
    expect(within(kinds).getByRole('link', { current: 'page' }).textContent).toBe('Comment');
    expect(within(kinds).getByRole('link', { name: TRASH_TEXTS.allKinds }).getAttribute('href')).toBe('/admin/trash');
    expect(within(kinds).getByRole('link', { name: 'Item' }).getAttribute('href')).toBe('/admin/trash?kind=item');
  });

  it('restores at once, and deletes for good only after the confirm', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await renderInertiaPage(page());
    await user.click(screen.getByRole('button', { name: 'Restore: Item “Holiday club kit”' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good: Comment “We used this at camp.”' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good: Comment “We used this at camp.”' }));
    expect(confirm).toHaveBeenCalledWith(TRASH_TEXTS.deleteForGoodConfirm('We used this at camp.'));
    expect(visits).toEqual([
      { method: 'post', url: '/admin/trash/trashitem001/restore' },
      { method: 'delete', url: '/admin/trash/trashcomm001' },
    ]);
  });

  it('says when the trash is empty', async () => {
    await renderInertiaPage(page({ entries: { data: [], links } }));
    expect(screen.getByText(TRASH_TEXTS.empty)).toBeTruthy();
  });

  it('says a page past the end is past the end, with a link to the last page of the kind, not that the trash is empty', async () => {
    await renderInertiaPage(
      page({ kind: 'comment', entries: { data: [], links, pastLastPage: { page: 5, lastPage: 1, lastPageUrl: '/admin/trash?kind=comment' } } }),
    );
    expect(screen.getByText(pastLastPageText(5, 1), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/admin/trash?kind=comment');
    expect(screen.queryByText(TRASH_TEXTS.emptyOfKind)).toBeNull();
    expect(screen.queryByText(TRASH_TEXTS.empty)).toBeNull();
  });
});
