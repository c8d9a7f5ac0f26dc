/** "View as level N" (issue 19 §6): the banner on every page while previewing, and the controls that start a preview. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { SharedProps } from '../../shared/props';
import { END_VIEW_AS_URL, VIEW_AS_TEXT, VIEW_AS_URL, viewAsLabel } from '../../shared/view-as';
import { EMAIL_BANNER } from '../../shared/messages';
import { HOME_PROPS, SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';
import { SHARED_ADMIN, itemPage } from './item-show-fixtures';

afterEach(() => vi.restoreAllMocks());

/** A preview as level 2, as the server sends it: a signed-in member with no e-mail on record, and the banner's words. */
const PREVIEW_LEVEL_2: SharedProps = {
  ...SHARED_MEMBER,
  auth: {
    ...SHARED_MEMBER.auth,
    email: null,
    email_missing: true,
    user: { ref: 'preview', name: 'Level 2 member (preview)' },
    viewingAs: { target: 2, label: viewAsLabel(2) },
  },
};

const PREVIEW_VISITOR: SharedProps = {
  ...SHARED_ANONYMOUS,
  auth: { ...SHARED_ANONYMOUS.auth, viewingAs: { target: 'visitor', label: viewAsLabel('visitor') } },
};

describe('the preview banner', () => {
  it('says whom the page is shown to, in a labelled region whose status a screen reader announces', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...PREVIEW_LEVEL_2 }));
    const region = screen.getByRole('region', { name: VIEW_AS_TEXT.bannerRegion });
    expect(within(region).getByRole('status').textContent).toContain('Viewing as Level 2 — Affiliates (volunteers, churches, international)');
    expect(within(region).getByRole('status').textContent).toContain(VIEW_AS_TEXT.readOnly);
  });

  it('ends the preview', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...PREVIEW_LEVEL_2 }));
    await userEvent.click(screen.getByRole('button', { name: VIEW_AS_TEXT.end }));
    expect(post).toHaveBeenCalledWith(END_VIEW_AS_URL, {}, expect.anything());
  });

  it('replaces the e-mail banner, which the preview’s member has no address for', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...PREVIEW_LEVEL_2 }));
    expect(screen.queryByText(new RegExp(EMAIL_BANNER.missing))).toBeNull();
  });

  it('shows for a visitor preview too, with its own words', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...PREVIEW_VISITOR }));
    const status = within(screen.getByRole('region', { name: VIEW_AS_TEXT.bannerRegion })).getByRole('status');
    expect(status.textContent).toContain('Viewing as a visitor (signed out)');
    expect(status.textContent).toContain(VIEW_AS_TEXT.visitorReadOnly);
    expect(screen.getByRole('button', { name: VIEW_AS_TEXT.end })).toBeTruthy();
  });

  it('is absent when nobody previews', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }));
    expect(screen.queryByRole('region', { name: VIEW_AS_TEXT.bannerRegion })).toBeNull();
  });
});

describe('starting a preview', () => {
  it('is offered on the item page with the levels the server allows, and posts the one chosen with the page to come back to', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderInertiaPage(itemPage(SHARED_ADMIN, {}, { viewAs: ['visitor', 0, 1, 2, 3] }));
    await userEvent.click(await screen.findByRole('button', { name: VIEW_AS_TEXT.control }));
    expect(screen.getAllByRole('button', { name: /^Level \d/ }).map((button) => button.textContent)).toEqual([
      'Level 0 — Public',
      'Level 1 — Logged in',
      'Level 2 — Affiliates',
      'Level 3 — Leaders',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Level 2 — Affiliates' }));
    expect(post).toHaveBeenCalledWith(VIEW_AS_URL, { as: '2', return_to: expect.stringMatching(/^\/i\//) });
  });

  it('is not offered to those the server offers none', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    expect(screen.queryByRole('button', { name: VIEW_AS_TEXT.control })).toBeNull();
  });

  it('is in the user menu for admins', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    const admin: SharedProps = { ...SHARED_ADMIN, can: { ...SHARED_ADMIN.can, viewAs: ['visitor', 0, 1, 2, 3, 4, 5, 6] } };
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...admin }));
    await userEvent.click(await screen.findByRole('button', { name: 'User menu for Sam Member' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor (signed out)' }));
    expect(post).toHaveBeenCalledWith(VIEW_AS_URL, { as: 'visitor', return_to: '/' });
  });
});
