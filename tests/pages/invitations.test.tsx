import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { http, type HttpClient, type HttpRequestConfig, type Page } from '@inertiajs/core';
import { asUserType, ELEVATE_USERS_TITLE, INVITATION_MESSAGES, type InvitationUserType, type UserInvitation } from '../../shared/invitations';
import { EMPTY_STATES } from '../../shared/messages';
import type { PagePropsMap } from '../../shared/pages';
import type { SharedProps } from '../../shared/props';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const SHARED_USER_MANAGER: SharedProps = {
  ...SHARED_MEMBER,
  auth: { ...SHARED_MEMBER.auth, manage_users: true },
  can: { ...SHARED_MEMBER.can, invite: true },
  menu: MENUS.usermanager,
};

const TYPES: InvitationUserType[] = [
  { id: 11, level: 1, title: 'Member', description: 'Anyone who has signed up.' },
  { id: 12, level: 2, title: 'Affiliate', description: 'Volunteers and partner churches.' },
  { id: 13, level: 3, title: 'Leader', description: 'Chaplains and team leaders.' },
];

const INVITATION: UserInvitation = {
  ref: 'inv000000001',
  user_type: TYPES[1],
  note_to_self: "Holiday club helpers from St Mark's",
  created_at: '2025-03-01T10:00:00.000Z',
  created_by: 'Kwame Boateng',
  created_by_ref: 'usr000000001',
  expires_at: '2025-03-15T10:00:00.000Z',
  expires_in: 'in 14 days',
  expired: false,
  accepted_by: null,
  accepted_by_ref: null,
  accepted_at: null,
  declined_by: null,
  declined_at: null,
  state: 'active',
  sent_to: ['helper@example.com'],
  link: '/user_invitation/inv000000001',
  accept_link: 'http://localhost:3000/invite/secret',
};

function renderIndex(props: Partial<PagePropsMap['user_invitation/Index']> = {}) {
  const page = pageObject(
    'user_invitation/Index',
    { invitations: [], userTypes: TYPES, createOpen: false, ...SHARED_USER_MANAGER, ...props },
    { url: '/user_invitation' },
  );
  return renderInertiaPage(page);
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

describe('the invitation list', () => {
  it('says so when the viewer has not created any invitations', async () => {
    await renderIndex();
    expect(await screen.findByText(EMPTY_STATES.invitations)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists invitations with their type, note, addresses and state', async () => {
    await renderIndex({ invitations: [INVITATION] });
    const row = (await screen.findAllByRole('row'))[1];
    expect(within(row).getByRole('link', { name: 'Affiliate' }).getAttribute('href')).toBe('/user_invitation/inv000000001');
    expect(within(row).getByText("Holiday club helpers from St Mark's")).toBeTruthy();
    expect(within(row).getByText('helper@example.com')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.queryByText(EMPTY_STATES.invitations)).toBeNull();
  });
});

describe("the 'Elevate user(s)' dialog", () => {
  it('is open on /user_invitation/create, offering only the types the server allows', async () => {
    await renderIndex({ createOpen: true });
    const dialog = await screen.findByRole('dialog', { name: ELEVATE_USERS_TITLE });
    const select = within(dialog).getByLabelText('User type');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Member (level 1)', 'Affiliate (level 2)', 'Leader (level 3)']);
    expect((within(dialog).getByLabelText('Reference note') as HTMLInputElement).value).toBe('');
  });

  it('opens from the button and posts user_type_id and note_to_self', async () => {
    const user = userEvent.setup();
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    await renderIndex();
    await user.click(await screen.findByRole('button', { name: ELEVATE_USERS_TITLE }));
    const dialog = await screen.findByRole('dialog', { name: ELEVATE_USERS_TITLE });
    await user.selectOptions(within(dialog).getByLabelText('User type'), 'Leader (level 3)');
    await user.type(within(dialog).getByLabelText('Reference note'), 'New chaplain');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(visit).toHaveBeenCalledTimes(1);
    const [url, options] = visit.mock.calls[0];
    expect(String(url)).toBe('/user_invitation');
    expect(options).toMatchObject({ method: 'post', data: { user_type_id: '13', note_to_self: 'New chaplain' } });
  });
});

describe('the recipient pages', () => {
  it('the redundant page shows the server text, with no way to accept', async () => {
    const message = INVITATION_MESSAGES.redundant('Grace Adeyemi');
    const invitation = { from: 'Grace Adeyemi', user_type: TYPES[1], expires_at: INVITATION.expires_at, expires_in: 'in 14 days' };
    await renderInertiaPage(pageObject('invite/Redundant', { invitation, message, ...SHARED_MEMBER }, { url: '/invite/secret' }));
    expect(
      await screen.findByText('The invitation from Grace Adeyemi will not grant you a higher level of access than you already have, so cannot be accepted.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });

  it('the invitation page posts to the accept link, and declines with DELETE /invite', async () => {
    const user = userEvent.setup();
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const invitation = { from: 'Grace Adeyemi', user_type: TYPES[2], expires_at: INVITATION.expires_at, expires_in: 'in 14 days' };
    await renderInertiaPage(
      pageObject('invite/Show', { invitation, accept_link: '/invite/secret', current_user_type: 'Member', ...SHARED_MEMBER }, { url: '/invite/secret' }),
    );
    expect(await screen.findByRole('heading', { name: 'Grace Adeyemi invites you to become a Leader' })).toBeTruthy();
    expect(screen.getByText(/You are currently a Member\. Accepting changes your user type to Leader, level 3\./)).toBeTruthy();
    expect(screen.queryByText(/You are now/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(post).toHaveBeenCalledWith('/invite/secret');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(remove).toHaveBeenCalledWith('/invite');
  });
});

describe('a user type as a role in a sentence', () => {
  it.each([
    ['Member', 'a Member'],
    ['Affiliate', 'an Affiliate'],
    ['Leader', 'a Leader'],
    ['Admin', 'an Admin'],
    ['Equip Team', 'a member of the Equip Team'],
    ['Staff', 'a member of Staff'],
    ['User', 'a User'],
  ])('reads %s as "%s"', (title, role) => {
    expect(asUserType(title)).toBe(role);
  });
});

describe('the invitation page', () => {
  const showPage = (invitation: UserInvitation, errors: Record<string, string> = {}) =>
    pageObject(
      'user_invitation/Show',
      { invitation, canSend: true, canRegenerate: false, ...SHARED_USER_MANAGER, errors },
      { url: `/user_invitation/${INVITATION.ref}` },
    );

  let requests: HttpRequestConfig[];
  let answer: Page;
  let previousClient: HttpClient;
  beforeEach(() => {
    requests = [];
    previousClient = http.getClient();
    // The server redirects back; the browser follows, so the answer is the invitation page (with props.errors on failure).
    http.setClient({
      request: async (config) => {
        requests.push(config);
        return { status: 200, data: JSON.stringify(answer), headers: { 'x-inertia': 'true', 'content-type': 'application/json' } };
      },
    });
  });
  afterEach(() => http.setClient(previousClient));

  it('keeps the addresses after the server names a bad line, and clears them once the corrected list is sent', async () => {
    const user = userEvent.setup();
    const refused = INVITATION_MESSAGES.invalidAddresses(['second@example']);
    answer = showPage(INVITATION, { addresses: refused });
    await renderInertiaPage(showPage(INVITATION));
    const addresses = (await screen.findByLabelText('E-mail addresses, one per line')) as HTMLTextAreaElement;
    await user.type(addresses, 'first@example.com{Enter}second@example');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText(refused)).toBeTruthy();
    expect(addresses.value).toBe('first@example.com\nsecond@example');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'post',
      url: expect.stringContaining(`/user_invitation/${INVITATION.ref}`),
      data: { addresses: 'first@example.com\nsecond@example' },
    });

    answer = showPage({ ...INVITATION, sent_to: ['first@example.com', 'second@example.com'] });
    await user.type(addresses, '.com');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(addresses.value).toBe(''));
    expect(requests[1]!.data).toEqual({ addresses: 'first@example.com\nsecond@example.com' });
    expect(screen.queryByText(refused)).toBeNull();
    expect(screen.getByText('first@example.com, second@example.com')).toBeTruthy();
  });
});
