/**
 * An item's access panel for its maintainers and admins ("Who has been given access"): the grants are asked for when
 * it opens, each can be taken back after a confirmation, and the list is asked for again afterwards. (Who may see
 * them is the server's to decide: tests/server/share-removal.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHARE_REMOVAL_TEXTS, type ResourceGrants, type Share } from '../../shared/sharing';
import { ITEM, itemPage, mockConfirm, NO_EDITING } from './item-show-fixtures';
import { partialPage, serveInertia, stopServing } from './inertia-server';
import { renderInertiaPage, SHARED_MEMBER } from './support';

const GRANT: Share = {
  ref: 'grant0000001',
  shared_type: 'item',
  shared_url_path: `/i/${ITEM.ref}?share=grant0000001`,
  shared_image: null,
  shared_title: ITEM.title,
  to_user: 'afiliate@example.org',
  from_user: 'Sarah Okafor',
  date: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  level: 3,
  valid: true,
  expiring_soon: false,
  can_remove: true,
};
const MAINTAINER_PAGE = itemPage(SHARED_MEMBER, { editable: { ...NO_EDITING, fields: true } }, { update: true });

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  stopServing();
  vi.restoreAllMocks();
});

describe("an item's access panel", () => {
  it('loads the grants when opened, removes one after asking, and asks for the list again', async () => {
    let grants: ResourceGrants = { shares: [GRANT], removed: [] };
    const requests = serveInertia((request) => {
      if (request.method === 'DELETE') {
        grants = { shares: [], removed: [] };
        return MAINTAINER_PAGE;
      }
      return partialPage(MAINTAINER_PAGE, { grants });
    });
    const confirm = mockConfirm(true);
    await renderInertiaPage(MAINTAINER_PAGE);
    await userEvent.click(await screen.findByRole('button', { name: SHARE_REMOVAL_TEXTS.panelOpen }));
    const list = await screen.findByRole('list', { name: SHARE_REMOVAL_TEXTS.panelHeading });
    const entry = within(list).getByRole('listitem', { name: ITEM.title });
    expect(entry.textContent).toContain('To afiliate@example.org');
    expect(entry.textContent).toContain('From Sarah Okafor');

    await userEvent.click(within(entry).getByRole('button', { name: SHARE_REMOVAL_TEXTS.removeLabel('afiliate@example.org') }));
    expect(confirm).toHaveBeenCalledWith(SHARE_REMOVAL_TEXTS.confirm('afiliate@example.org', `“${ITEM.title}”`));
    expect(await screen.findByText(SHARE_REMOVAL_TEXTS.nobody)).toBeTruthy();
    await waitFor(() =>
      expect(requests.map((request) => [request.method, request.path, request.only.join(',')])).toEqual([
        ['GET', `/i/${ITEM.ref}`, 'grants'],
        ['DELETE', `/share/${GRANT.ref}`, ''],
        ['GET', `/i/${ITEM.ref}`, 'grants'],
      ]),
    );
  });
});
