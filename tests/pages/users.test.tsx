import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { EMPTY_STATES, pastLastPageText } from '../../shared/messages';
import type { PagePropsMap } from '../../shared/pages';
import type { PaginationLink } from '../../shared/pagination';
import type { CanFlags, SharedProps } from '../../shared/props';
import type { UserListEntry, UserPermissions } from '../../shared/users';
import { deletionImpactLines } from '../../shared/account-deletion';
import { HOME_PROPS, MENUS, NO_DELETION_IMPACT, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const SHARED_USER_MANAGER: SharedProps = {
  ...SHARED_MEMBER,
  auth: { ...SHARED_MEMBER.auth, manage_users: true, impersonating: null },
  menu: MENUS.usermanager,
  can: { ...SHARED_MEMBER.can, invite: true, flag_comments: true },
};

function entry(ref: string, name: string, overrides: Partial<UserListEntry> = {}): UserListEntry {
  return {
    ref,
    name,
    email: `${ref}@example.org`,
    user_type: { id: 2, level: 2, title: 'Affiliate' },
    level: 2,
    admin: false,
    manage_users: false,
    login_using: null,
    openable: true,
    ...overrides,
  };
}

const ONE_PAGE: PaginationLink[] = [
  { url: '', label: '&laquo; Previous', active: false },
  { url: '/user', label: '1', active: true },
  { url: '', label: 'Next &raquo;', active: false },
];

type IndexProps = PagePropsMap['user/Index'];
function indexProps(overrides: Partial<IndexProps> = {}): IndexProps {
  const users = overrides.users ?? {
    data: [entry('maya00000001', 'Maya Thompson'), entry('grace0000001', 'Grace Adeyemi', { level: 6, admin: true, openable: false })],
    links: ONE_PAGE,
  };
  return { users, total: users.data.length, filters: { search: '', level: null }, ...overrides };
}

const renderIndex = (props: IndexProps, url = '/user', shared: SharedProps = SHARED_USER_MANAGER) =>
  renderInertiaPage(pageObject('user/Index', { ...props, ...shared, title: 'Users' }, { url }));

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the user list', () => {
  it('links the users the viewer may open and names the others without a link', async () => {
    await renderIndex(indexProps());
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getByRole('link', { name: 'Maya Thompson' }).getAttribute('href')).toBe('/user/maya00000001');
    expect(within(table).getByText('Grace Adeyemi')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Grace Adeyemi' })).toBeNull();
    expect(screen.getByText('2 users')).toBeTruthy();
  });

  it('shows the empty-state text when no user matches', async () => {
    await renderIndex(indexProps({ users: { data: [], links: ONE_PAGE }, filters: { search: 'nobody', level: '4' } }));
    expect(screen.getByText('No users matched your request. Try removing some filters')).toBeTruthy();
    expect(EMPTY_STATES.users).toBe('No users matched your request. Try removing some filters');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a page past the end is past the end, with a link to the last page keeping the filters, not that no user matched', async () => {
    const pastLastPage = { page: 9, lastPage: 2, lastPageUrl: '/user?search=crowd&level=2&page=2' };
    await renderIndex(
      indexProps({ users: { data: [], links: ONE_PAGE, pastLastPage }, total: 30, filters: { search: 'crowd', level: '2' } }),
      '/user?search=crowd&level=2&page=9',
    );
    expect(screen.getByText(pastLastPageText(9, 2), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe('/user?search=crowd&level=2&page=2');
    expect(screen.queryByText(EMPTY_STATES.users)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers the level groups of §9 and visits the list with the chosen one, keeping the search', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(indexProps({ filters: { search: 'maya', level: null } }));
    const group = screen.getByRole('group', { name: 'Level' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Volunteers and Affiliates', 'Chaplains and Leaders', 'Managers', 'Admins']);
    expect(within(group).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Admins' }));
    expect(get).toHaveBeenCalledWith('/user', { search: 'maya', level: '5-6' }, { preserveState: true, preserveScroll: true });
  });

  it('searches 500 ms after the last keystroke, not before', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(indexProps({ filters: { search: '', level: '3' } }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users by name or e-mail' }), 'kwa');
    expect(get).not.toHaveBeenCalled();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/user', { search: 'kwa', level: '3' }, { preserveState: true, preserveScroll: true }), {
      timeout: 2000,
    });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('leads those who may invite to the User Invitations list', async () => {
    await renderIndex(indexProps());
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'User Invitations' }).getAttribute('href')).toBe('/user_invitation');
  });

  it('offers no invitations link to a viewer the server does not let invite', async () => {
    await renderIndex(indexProps(), '/user', { ...SHARED_USER_MANAGER, can: { ...SHARED_USER_MANAGER.can, invite: false } });
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'User Invitations' })).toBeNull();
  });

  it('shows no page links for a single page', async () => {
    await renderIndex(indexProps());
    expect(screen.queryByRole('navigation', { name: 'Pages of users' })).toBeNull();
  });

  it('links the other pages as the server gives them, the total counting every page', async () => {
    const secondOfThree: PaginationLink[] = [
      { url: '/user?search=a&level=2', label: '&laquo; Previous', active: false },
      { url: '/user?search=a&level=2', label: '1', active: false },
      { url: '/user?search=a&level=2&page=2', label: '2', active: true },
      { url: '/user?search=a&level=2&page=3', label: '3', active: false },
      { url: '/user?search=a&level=2&page=3', label: 'Next &raquo;', active: false },
    ];
    const props = indexProps({ filters: { search: 'a', level: '2' } });
    await renderIndex({ ...props, users: { ...props.users, links: secondOfThree }, total: 60 }, '/user?search=a&level=2&page=2');
    const pages = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(within(pages).getByRole('link', { name: '« Previous' }).getAttribute('href')).toBe('/user?search=a&level=2');
    expect(within(pages).getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: 'Next »' }).getAttribute('href')).toBe('/user?search=a&level=2&page=3');
    expect(screen.getByText('60 users')).toBeTruthy();
  });
});

const ALL_PERMISSIONS: UserPermissions = {
  changeUserType: true,
  flags: { admin: true, superadmin: true, manager: true, manage_users: true },
};
const NO_PERMISSIONS: UserPermissions = {
  changeUserType: false,
  flags: { admin: false, superadmin: false, manager: false, manage_users: false },
};

/** The user page's `can` flags for its four actions; the rest as the shared props give them. */
type UserActionFlags = Pick<CanFlags, 'update' | 'delete' | 'flag_comments' | 'impersonate'>;
const ALL_ACTIONS: UserActionFlags = { update: true, delete: true, flag_comments: true, impersonate: true };
const NO_ACTIONS: UserActionFlags = { update: false, delete: false, flag_comments: false, impersonate: false };

type ShowProps = PagePropsMap['user/Show'];
function showProps(overrides: Partial<ShowProps> = {}): ShowProps {
  return {
    user: {
      ref: 'maya00000001',
      name: 'Maya Thompson',
      email: 'member@example.org',
      phone: '+44 1234 567890',
      user_type: { id: 1, level: 1, title: 'Member', description: 'Anyone who has signed up.' },
      login_using: 'google',
      items_created: [{ ref: 'item00000001', title: 'Camp Songbook' }],
      comments: [{ ref: 'cmt000000001', comment: 'Lovely resource', item_ref: 'item00000001', item_title: 'Camp Songbook', flagged: true, approved: false }],
      admin: false,
      superadmin: false,
      manager: false,
      manage_users: true,
    },
    permissions: ALL_PERMISSIONS,
    userTypeChoices: [
      { id: 1, level: 1, title: 'Member', description: '' },
      { id: 2, level: 2, title: 'Affiliate', description: '' },
    ],
    grants: null,
    deletion: { impact: { ...NO_DELETION_IMPACT, itemsMaintained: 1, comments: 1, collections: 3 }, retentionDays: 30 },
    ...overrides,
  };
}
const renderShow = (props: ShowProps, actions: UserActionFlags = ALL_ACTIONS) =>
  renderInertiaPage(
    pageObject('user/Show', { ...props, ...SHARED_USER_MANAGER, can: { ...SHARED_USER_MANAGER.can, ...actions } }, { url: '/user/maya00000001' }),
  );

describe('the user page', () => {
  it('shows name, e-mail, phone, user type, login provider, items created and comments', async () => {
    await renderShow(showProps());
    expect(screen.getByRole('heading', { level: 1, name: 'Maya Thompson' })).toBeTruthy();
    expect(screen.getByText('member@example.org')).toBeTruthy();
    expect(screen.getByText('+44 1234 567890')).toBeTruthy();
    expect(screen.getByText('Member (level 1)')).toBeTruthy();
    expect(screen.getByText('Google')).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Items created' });
    expect(within(items).getByRole('link', { name: 'Camp Songbook' }).getAttribute('href')).toBe('/i/item00000001');
    const commentsSection = screen.getByRole('region', { name: 'Comments' });
    expect(within(commentsSection).getByText('Lovely resource')).toBeTruthy();
    expect(within(commentsSection).getByText('Flagged')).toBeTruthy();
    expect(within(commentsSection).getByText('Unapproved')).toBeTruthy();
  });

  it('offers the actions the server allows, each confirmed first', async () => {
    const del = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    await renderShow(showProps());
    await userEvent.click(screen.getByRole('button', { name: 'Flag all unapproved comments' }));
    expect(post).toHaveBeenCalledWith('/user/maya00000001/flag_all_unapproved_comments', {}, expect.objectContaining({ preserveScroll: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Log in as this user' }));
    expect(post).toHaveBeenCalledWith('/user/maya00000001/impersonate');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Maya Thompson?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/user/maya00000001', expect.objectContaining({ preserveScroll: true }));
  });

  it('does nothing when an action is not confirmed; Delete says first what it changes, as Delete my account does', async () => {
    const del = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await renderShow(showProps());
    await userEvent.click(screen.getByRole('button', { name: 'Flag all unapproved comments' }));
    expect(confirm).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Maya Thompson?' });
    expect(within(dialog).getByText(/signing in does not bring them back/)).toBeTruthy();
    const impact = within(within(dialog).getByRole('list', { name: 'Delete Maya Thompson?' }))
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(impact).toEqual(deletionImpactLines({ ...NO_DELETION_IMPACT, itemsMaintained: 1, comments: 1, collections: 3 }));
    expect(impact).toContain('3 collections are deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
  });

  it('is read-only without permissions: no actions, no edit buttons, unset flags hidden', async () => {
    await renderShow(showProps({ permissions: NO_PERMISSIONS }), NO_ACTIONS);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in as this user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Name' })).toBeNull();
    expect(screen.getByText('Manages users')).toBeTruthy();
    expect(screen.queryByText('Super admin')).toBeNull();
  });

  it.each([
    ['update', ['Edit Name', 'Edit E-mail', 'Edit Phone']],
    ['delete', ['Delete']],
    ['flag_comments', ['Flag all unapproved comments']],
    ['impersonate', ['Log in as this user']],
  ] as const)('offers what can.%s allows, and only then', async (flag, buttons) => {
    const { unmount } = await renderShow(showProps(), { ...NO_ACTIONS, [flag]: true });
    for (const name of buttons) expect(screen.getByRole('button', { name })).toBeTruthy();
    const offered = ['Edit Name', 'Edit E-mail', 'Edit Phone', 'Delete', 'Flag all unapproved comments', 'Log in as this user'].filter((name) =>
      screen.queryByRole('button', { name }),
    );
    expect(offered).toEqual(buttons);
    unmount();
    await renderShow(showProps(), { ...ALL_ACTIONS, [flag]: false });
    for (const name of buttons) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('edits the user type with a select of the offered types, sent as a PATCH to the user', async () => {
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow(showProps());
    await userEvent.click(screen.getByRole('button', { name: 'Edit User type' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'User type' }), 'Affiliate (level 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Save User type' }));
    expect(patch).toHaveBeenCalledWith('/user/maya00000001', { user_type_id: '2' }, expect.anything());
  });
});

describe('the impersonation banner', () => {
  it('shows on every page while acting as someone, with a way back', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    const shared: SharedProps = {
      ...SHARED_MEMBER,
      auth: { ...SHARED_MEMBER.auth, user: { ref: 'maya00000001', name: 'Maya Thompson' }, impersonating: { name: 'Tom Fraser' } },
    };
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...shared }));
    expect(await screen.findByText('You are acting as Maya Thompson')).toBeTruthy();
    expect(screen.getByText('(Signed in as Tom Fraser)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    expect(post).toHaveBeenCalledWith('/user/stop_impersonating', {}, expect.anything());
  });

  it('is absent otherwise', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_USER_MANAGER }));
    expect(screen.queryByText(/You are acting as/)).toBeNull();
  });
});
