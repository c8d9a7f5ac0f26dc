/** The profile's "Download my data" card: asking, why one may not ask now, and each request's state. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { DATA_EXPORT_MESSAGES, DATA_EXPORT_TEXT, type DataExportSection } from '../../shared/data-export';
import type { LayoutExtras, PagePropsMap } from '../../shared/pages';
import { PROFILE_TEXT } from '../../shared/profile';
import DownloadMyData from '../../components/profile/DownloadMyData';
import type { SharedProps } from '../../shared/props';
import { SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

let posts: string[];

beforeEach(() => {
  posts = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  vi.spyOn(router, 'post').mockImplementation((url, _data, options = {}) => {
    posts.push(String(url));
    options.onStart?.({} as never);
    options.onFinish?.({} as never);
  });
});

afterEach(() => vi.restoreAllMocks());

/**
 * The card inside the app's layout, as the profile page renders it from its `dataExports` prop; the page's other
 * sections are their own tests' (tests/pages/profile-show.test.tsx).
 */
function ProfileCard({ dataExports }: Pick<PagePropsMap['profile/Show'], 'dataExports'>) {
  return <DownloadMyData {...dataExports} />;
}

async function renderCard(dataExports: DataExportSection) {
  const props = { dataExports, ...SHARED_MEMBER, title: PROFILE_TEXT.title } as unknown as PagePropsMap['profile/Show'] & SharedProps & LayoutExtras;
  await renderInertiaPage(pageObject('profile/Show', props, { url: '/profile' }), ProfileCard);
  return screen.getByRole('region', { name: DATA_EXPORT_TEXT.title });
}

describe('Download my data', () => {
  it('says when nothing was asked for, and Prepare my data posts the request', async () => {
    const card = await renderCard({ exports: [], canRequest: true, cannotRequestBecause: null });
    expect(within(card).getByText(DATA_EXPORT_TEXT.none)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: DATA_EXPORT_TEXT.request }));
    expect(posts).toEqual(['/profile/data-export']);
  });

  it('lists each request with its state: preparing, ready until a day, expired, not prepared', async () => {
    const card = await renderCard({
      exports: [
        { ref: 'export000004', requestedAt: '2026-03-09T10:00:00Z', state: 'preparing', expiresAt: null },
        { ref: 'export000003', requestedAt: '2026-03-02T10:00:00Z', state: 'ready', expiresAt: '2026-03-09T10:05:00Z' },
        { ref: 'export000002', requestedAt: '2026-02-01T10:00:00Z', state: 'expired', expiresAt: null },
        { ref: 'export000001', requestedAt: '2026-01-01T10:00:00Z', state: 'failed', expiresAt: null },
      ],
      canRequest: false,
      cannotRequestBecause: DATA_EXPORT_TEXT.preparing,
    });
    // While one is being prepared there is nothing to press, only what happens next.
    expect(within(card).queryByRole('button', { name: DATA_EXPORT_TEXT.request })).toBeNull();
    expect(within(card).getByText(DATA_EXPORT_TEXT.preparing)).toBeTruthy();
    const rows = within(within(card).getByRole('list', { name: DATA_EXPORT_TEXT.listLabel })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${DATA_EXPORT_TEXT.states.preparing}${DATA_EXPORT_TEXT.requested} 9 Mar, 10:00:00`,
      `${DATA_EXPORT_TEXT.states.ready}${DATA_EXPORT_TEXT.requested} 2 Mar, 10:00:00${DATA_EXPORT_TEXT.readyUntil('9 March 2026')}`,
      `${DATA_EXPORT_TEXT.states.expired}${DATA_EXPORT_TEXT.requested} 1 Feb, 10:00:00`,
      `${DATA_EXPORT_TEXT.states.failed}${DATA_EXPORT_TEXT.requested} 1 Jan, 10:00:00`,
    ]);
    // The page never has the link: only the e-mail carries it.
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('says why one may not ask, without the button', async () => {
    const card = await renderCard({ exports: [], canRequest: false, cannotRequestBecause: DATA_EXPORT_MESSAGES.needsVerifiedEmail });
    expect(within(card).getByText(DATA_EXPORT_MESSAGES.needsVerifiedEmail)).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
