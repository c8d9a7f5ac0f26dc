/** The Follow button, the profile's Digests card and the unfollow page (issue 20 §4). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { FOLLOW_MESSAGES, FOLLOW_TEXT, UNFOLLOWED_FLASH, type FollowOffer } from '../../shared/follows';
import type { PagePropsMap } from '../../shared/pages';
import { PROFILE_TEXT } from '../../shared/profile';
import { NO_DELETION_IMPACT, SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

type Call = { method: string; url: string; data?: unknown };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  vi.spyOn(router, 'post').mockImplementation((url, data = {}) => void calls.push({ method: 'POST', url: String(url), data }));
  vi.spyOn(router, 'delete').mockImplementation((url) => void calls.push({ method: 'DELETE', url: String(url) }));
});
afterEach(() => vi.restoreAllMocks());

function indexPage(follow: FollowOffer | null, shared = SHARED_MEMBER) {
  const props: PagePropsMap['items/Index'] = {
    listing: 'tag',
    heading: 'Children',
    items: { data: [] },
    itemsPagination: { currentPage: 1, nextPage: null, previousPage: null, perPage: 24 },
    filters: { search: '', tags: ['tagchildren1'] },
    selectedTags: [],
    filterTaxonomies: [],
    matchCount: 0,
    tagCounts: {},
    suggestions: null,
    requiredTaxonomies: [],
    batchEdit: null,
    follow,
    tagPage: { ref: 'tagchildren1', path: '/tag/children' },
  };
  return renderInertiaPage(pageObject('items/Index', { ...props, ...shared, title: 'Children' }, { url: '/tag/Children' }));
}

const TAG_OFFER: FollowOffer = { target: { tag: 'tagchildren1' }, following: null, canFollow: true, feedUrl: '/tag/Children/feed' };

describe('the Follow button', () => {
  it('follows the tag of the page, and offers its feed', async () => {
    await indexPage(TAG_OFFER);
    await userEvent.click(screen.getByRole('button', { name: FOLLOW_TEXT.follow.tag }));
    expect(calls).toEqual([{ method: 'POST', url: '/follow', data: { tag: 'tagchildren1' } }]);
    expect(screen.getByRole('link', { name: FOLLOW_TEXT.feed }).getAttribute('href')).toBe('/tag/Children/feed');
  });

  it('once followed, says so and unfollows', async () => {
    await indexPage({ ...TAG_OFFER, following: 'follow000001' });
    expect(screen.getByText(FOLLOW_TEXT.following)).toBeTruthy();
    expect(screen.queryByRole('button', { name: FOLLOW_TEXT.follow.tag })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: FOLLOW_TEXT.unfollow }));
    expect(calls).toEqual([{ method: 'DELETE', url: '/follow/follow000001' }]);
  });

  it('shows a visitor the feed alone, and nothing where there is nothing to follow', async () => {
    await indexPage({ ...TAG_OFFER, canFollow: false }, SHARED_ANONYMOUS);
    expect(screen.queryByRole('button', { name: FOLLOW_TEXT.follow.tag })).toBeNull();
    expect(screen.getByRole('link', { name: FOLLOW_TEXT.feed })).toBeTruthy();
  });

  it('is absent without an offer', async () => {
    await indexPage(null);
    expect(screen.queryByTestId('follow')).toBeNull();
  });
});

describe('the profile’s Digests card', () => {
  async function renderProfile(digests: PagePropsMap['profile/Show']['digests'], errors: Record<string, string> = {}) {
    const user = {
      ref: 'usr_sam',
      name: 'Sam Member',
      email: 'sam@example.org',
      email_verified: false,
      phone: null,
      user_type: { id: 2, level: 1, title: 'Member', description: '' },
      login_using: null,
    };
    const shared = { ...SHARED_MEMBER, errors, can: { ...SHARED_MEMBER.can, create_self_item: true, change_email: true } };
    const accessTokens = { tokens: [], canCreate: false, cannotCreateBecause: null, created: null };
    const dataExports = { exports: [], canRequest: false, cannotRequestBecause: null };
    const accountDeletion = { impact: NO_DELETION_IMPACT, retentionDays: 30, refusal: null };
    const props = { user, personItem: null, emailPromptOpen: false, digests, accessTokens, dataExports, accountDeletion, ...shared, title: PROFILE_TEXT.title };
    return renderInertiaPage(pageObject('profile/Show', props, { url: '/profile' }));
  }

  it('saves a new frequency, and lists what is followed with Unfollow', async () => {
    await renderProfile({
      frequency: 'weekly',
      follows: [
        { ref: 'follow000001', kind: 'tag', label: 'Children', url: '/tag/Children' },
        { ref: 'follow000002', kind: 'search', label: 'easter', url: '/item?search=easter' },
      ],
    });
    const card = screen.getByRole('heading', { name: FOLLOW_TEXT.digestsTitle }).closest('.card') as HTMLElement;
    expect(within(card).getByText(FOLLOW_TEXT.needsVerifiedEmail)).toBeTruthy();
    // An unverified address gets no digest, so none can be sent now.
    expect((within(card).getByRole('button', { name: FOLLOW_TEXT.sendNow }) as HTMLButtonElement).disabled).toBe(true);
    const save = within(card).getByRole('button', { name: FOLLOW_TEXT.saveFrequency });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(card).getByRole('radio', { name: 'No digests' }));
    await userEvent.click(save);
    expect(calls).toEqual([{ method: 'POST', url: '/profile/digests', data: { frequency: 'none' } }]);
    expect(within(card).getByRole('link', { name: 'easter' }).getAttribute('href')).toBe('/item?search=easter');
    await userEvent.click(within(card).getByRole('button', { name: 'Unfollow Tag “Children”' }));
    expect(calls.at(-1)).toEqual({ method: 'DELETE', url: '/follow/follow000001' });
  });

  it('says when nothing is followed, and shows a refused frequency', async () => {
    await renderProfile({ frequency: 'daily', follows: [] }, { frequency: 'Choose how often your digest comes.' });
    expect(screen.getByText(FOLLOW_TEXT.nothingFollowed)).toBeTruthy();
    expect(screen.getByText('Choose how often your digest comes.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Daily' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the unfollow page', () => {
  const TOKEN = `follow000001.${'a'.repeat(43)}`;
  it('asks before it stops the follow', async () => {
    await renderInertiaPage(
      pageObject(
        'follow/Unfollow',
        { follow: { kind: 'tag', label: 'Children', url: '/tag/Children' }, token: TOKEN, ...SHARED_ANONYMOUS, title: 'Unfollow' },
        { url: `/unfollow/${TOKEN}` },
      ),
    );
    expect(screen.getByText(FOLLOW_TEXT.unfollowQuestion('Children'), { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: FOLLOW_TEXT.unfollowButton }));
    expect(calls).toEqual([{ method: 'POST', url: `/unfollow/${TOKEN}`, data: {} }]);
  });

  it('confirms a stopped follow, linking the followed page only when the server gives it', async () => {
    const done = { kind: 'collection' as const, label: 'Leaders Planning', url: null };
    await renderInertiaPage(
      pageObject(
        'follow/Unfollow',
        { follow: null, token: TOKEN, ...SHARED_ANONYMOUS, title: 'Unfollow' },
        { url: `/unfollow/${TOKEN}`, flash: { [UNFOLLOWED_FLASH]: done } },
      ),
    );
    expect(screen.getByText(FOLLOW_TEXT.unfollowDone('Leaders Planning'))).toBeTruthy();
    expect(screen.queryByText(FOLLOW_MESSAGES.linkGone, { exact: false })).toBeNull();
    expect(screen.queryByRole('link', { name: FOLLOW_TEXT.unfollowDoneLink.collection })).toBeNull();
    expect(screen.getByRole('link', { name: FOLLOW_TEXT.toLibrary }).getAttribute('href')).toBe('/');
    cleanup();
    await renderInertiaPage(
      pageObject(
        'follow/Unfollow',
        { follow: null, token: TOKEN, ...SHARED_ANONYMOUS, title: 'Unfollow' },
        { url: `/unfollow/${TOKEN}`, flash: { [UNFOLLOWED_FLASH]: { kind: 'tag', label: 'Children', url: '/tag/Children' } } },
      ),
    );
    expect(screen.getByRole('link', { name: FOLLOW_TEXT.unfollowDoneLink.tag }).getAttribute('href')).toBe('/tag/Children');
  });

  it('says a spent link names nothing', async () => {
    await renderInertiaPage(
      pageObject('follow/Unfollow', { follow: null, token: TOKEN, ...SHARED_ANONYMOUS, title: 'Unfollow' }, { url: `/unfollow/${TOKEN}` }),
    );
    expect(screen.getByText(FOLLOW_MESSAGES.linkGone, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: FOLLOW_TEXT.unfollowButton })).toBeNull();
  });
});
