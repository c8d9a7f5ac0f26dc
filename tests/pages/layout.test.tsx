import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { CURRENT_PAGE_ERRORS_TITLE, EMAIL_BANNER } from '../../shared/messages';
import type { MenuFlags, NavigationHistory } from '../../shared/props';
import { announceNavigationHistoryChange, navigationHistoryStorageKey, NAVIGATION_HISTORY_URL } from '../../components/layout/navigation-history';
import { HOME_PROPS, MEMBER, MENUS, SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

function homePage(shared = SHARED_ANONYMOUS, url = '/') {
  return pageObject('Home', { ...HOME_PROPS, ...shared }, { url });
}

function sidebarLabels(): string[] {
  const sidebar = screen.getByRole('navigation', { name: 'Main' });
  const links = within(sidebar)
    .getAllByRole('link')
    .filter((link) => !link.closest('[aria-label="Recent"], [aria-label="Frequent"], [aria-label="Collections"]'));
  const groups = within(sidebar).queryAllByRole('button');
  const entries = [...links, ...groups].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return entries.map((entry) => entry.textContent?.trim() ?? '');
}

const EMPTY_HISTORY: NavigationHistory = { recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(EMPTY_HISTORY));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('top navbar', () => {
  it('offers an anonymous visitor a Login button that opens the login modal with the three providers', async () => {
    await renderInertiaPage(homePage());
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const modal = await screen.findByRole('dialog', { name: 'Log in or sign up' });
    const providerLinks = within(modal)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/auth/'));
    expect(providerLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Continue with Google', '/auth/google/redirect'],
      ['Continue with Microsoft', '/auth/microsoft/redirect'],
    ]);
    expect(within(modal).getByRole('link', { name: 'More about signing in' })).toHaveProperty('pathname', '/login');
  });

  it('shows in the login modal a provider the server has not configured as disabled, with the reason, as /login does', async () => {
    await renderInertiaPage(homePage());
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const modal = await screen.findByRole('dialog', { name: 'Log in or sign up' });
    const facebook = within(modal).getByRole('button', { name: 'Continue with Facebook' }) as HTMLButtonElement;
    expect(facebook.disabled).toBe(true);
    expect(within(modal).queryByRole('link', { name: /Facebook/ })).toBeNull();
    const reason = document.getElementById(facebook.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Not configured on this server');
    expect(modal.contains(reason)).toBe(true);
  });

  it('hides the Login button on the login page', async () => {
    const page = pageObject('auth/Login', { ...SHARED_ANONYMOUS, providers: [], organisationDomains: [], demoLoginAvailable: false }, { url: '/login' });
    await renderInertiaPage(page);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('gives a signed-in user the user menu in the spec order, ending with Logout', async () => {
    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'User menu for Sam Member' }));
    const entries = await screen.findAllByRole('link', { name: /My Tasks|Shared With Me|Shared To Others|My Collections|My Affirmations|Profile/ });
    expect(entries.map((entry) => [entry.textContent, entry.getAttribute('href')])).toEqual([
      ['My Tasks', '/task'],
      ['Shared With Me', '/share'],
      ['Shared To Others', '/sent'],
      ['My Collections', '/collection'],
      ['My Affirmations', '/affirmation'],
      ['Profile', '/profile'],
    ]);
    const logout = screen.getByRole('button', { name: 'Logout' });
    expect(entries.at(-1)!.compareDocumentPosition(logout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('logs out with a POST to /logout through the Inertia router', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderInertiaPage(homePage(SHARED_MEMBER));
    await userEvent.click(await screen.findByRole('button', { name: 'User menu for Sam Member' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(post).toHaveBeenCalledWith('/logout');
  });

  it('shows the non-production marker only away from the production host', async () => {
    const { unmount } = await renderInertiaPage(homePage({ ...SHARED_ANONYMOUS, isProductionHost: false }));
    expect(screen.getByText('Sandbox')).toBeTruthy();
    unmount();

    await renderInertiaPage(homePage());
    expect(screen.queryByText('Sandbox')).toBeNull();
  });
});

describe('page errors', () => {
  it('shows no warning icon when the page has no errors', async () => {
    await renderInertiaPage(homePage());
    expect(screen.queryByRole('button', { name: new RegExp(CURRENT_PAGE_ERRORS_TITLE) })).toBeNull();
  });

  it('opens the Current Page Errors modal listing each error as key: message', async () => {
    await renderInertiaPage(homePage({ ...SHARED_ANONYMOUS, errors: { email: 'The email is invalid', level: ['Too high', 'Not allowed'] } }));
    await userEvent.click(screen.getByRole('button', { name: `${CURRENT_PAGE_ERRORS_TITLE} (3)` }));

    const modal = await screen.findByRole('dialog', { name: CURRENT_PAGE_ERRORS_TITLE });
    expect(
      within(modal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['email: The email is invalid', 'level: Too high', 'level: Not allowed']);
  });
});

describe('left sidebar', () => {
  const render = (menu: MenuFlags, auth = MEMBER) => renderInertiaPage(homePage({ ...SHARED_MEMBER, auth, menu }));

  it('shows an anonymous visitor only the public entries', async () => {
    await renderInertiaPage(homePage());
    expect(sidebarLabels()).toEqual(['Home', 'Popular', 'All Items']);
  });

  it('adds Drafts and the history groups for a signed-in member', async () => {
    await render(MENUS.member);
    expect(sidebarLabels()).toEqual(['Home', 'Popular', 'Drafts', 'Recent', 'Frequent', 'Collections', 'All Items']);
  });

  it('gives an admin System Admin, User Invitations, Documentation, Unpublished and Unlisted in order', async () => {
    await render(MENUS.admin, { ...MEMBER, admin: true });
    expect(sidebarLabels()).toEqual([
      'Home',
      'System Admin',
      'User Invitations',
      'Documentation',
      'Popular',
      'Drafts',
      'Unpublished',
      'Unlisted',
      'Recent',
      'Frequent',
      'Collections',
      'All Items',
    ]);
  });

  it('gives a manager Documentation', async () => {
    await render(MENUS.manager, { ...MEMBER, manager: true });
    expect(sidebarLabels()).toEqual(['Home', 'Documentation', 'Popular', 'Drafts', 'Recent', 'Frequent', 'Collections', 'All Items']);
  });

  it('gives a user manager Manage Users and User Invitations', async () => {
    await render(MENUS.usermanager, { ...MEMBER, manage_users: true });
    expect(sidebarLabels()).toEqual(['Home', 'Manage Users', 'User Invitations', 'Popular', 'Drafts', 'Recent', 'Frequent', 'Collections', 'All Items']);
  });

  it('places the page’s own entries after Documentation and before Popular', async () => {
    await renderInertiaPage(
      homePage({ ...SHARED_ANONYMOUS, menu: MENUS.manager, sidebarEntries: [{ label: 'Taxonomies', href: '/admin/taxonomy' }] } as typeof SHARED_ANONYMOUS),
    );
    expect(sidebarLabels()).toEqual(['Home', 'Documentation', 'Taxonomies', 'Popular', 'Drafts', 'Recent', 'Frequent', 'Collections', 'All Items']);
  });

  it('links each entry to its route and marks the current page', async () => {
    await render(MENUS.admin, { ...MEMBER, admin: true });
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = Object.fromEntries(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toMatchObject({
      Home: '/',
      'System Admin': '/admin',
      'User Invitations': '/user_invitation',
      Documentation: '/documentation',
      Popular: '/popular',
      Drafts: '/draft',
      Unpublished: '/unpublished',
      Unlisted: '/unlisted',
      'All Items': '/item',
    });
    expect(within(sidebar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('navigation history groups', () => {
  const cached: NavigationHistory = {
    recentlyViewedItems: [{ title: 'Cached Camp Guide', href: '/i/camp', icon: 'bi-journal-text' }],
    frequentlyViewedItems: [],
    myCollections: [],
  };
  const fresh: NavigationHistory = {
    recentlyViewedItems: [{ title: 'Fresh Games Pack', href: '/i/games', icon: 'bi-journal-text' }],
    frequentlyViewedItems: [{ title: 'Often Opened', href: '/i/often', icon: 'bi-tools' }],
    myCollections: [{ title: 'Term 1 Plan', href: '/collection/term1', icon: 'bi-collection' }],
  };

  it('shows the cached history at once and refreshes it from the server 5 s after load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(navigationHistoryStorageKey('usr_sam'), JSON.stringify(cached));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(fresh));

    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(screen.getByRole('link', { name: 'Cached Camp Guide' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).toHaveBeenCalledWith(NAVIGATION_HISTORY_URL, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    expect(await screen.findByRole('link', { name: 'Fresh Games Pack' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Collections' })).getByRole('link', { name: 'Term 1 Plan' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(navigationHistoryStorageKey('usr_sam'))!)).toEqual(fresh);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refreshes at once when a page announces a change (a collection created, renamed or deleted)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(navigationHistoryStorageKey('usr_sam'), JSON.stringify(cached));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(fresh));

    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => announceNavigationHistoryChange());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('link', { name: 'Term 1 Plan' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Collections' })).getByRole('link', { name: 'Term 1 Plan' })).toBeTruthy();
  });

  it('keeps the cached entries and only logs when the refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(navigationHistoryStorageKey('usr_sam'), JSON.stringify(cached));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 500 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await renderInertiaPage(homePage(SHARED_MEMBER));
    await act(() => vi.advanceTimersByTimeAsync(5000));

    expect(warn).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Cached Camp Guide' })).toBeTruthy();
  });

  it('with nothing cached, says it is loading (never "Nothing yet") and fetches at once', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    await renderInertiaPage(homePage(SHARED_MEMBER));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText('Loading…')).toHaveLength(3);
    expect(screen.queryByText('Nothing yet')).toBeNull();

    await act(async () => answer(Response.json({ ...fresh, myCollections: [] })));
    expect(await screen.findByRole('link', { name: 'Fresh Games Pack' })).toBeTruthy();
    expect(screen.getAllByText('Nothing yet')).toHaveLength(1);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('with nothing cached and the server out of reach (offline), says so instead of "Nothing yet"', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(await screen.findAllByText('Not available right now')).toHaveLength(3);
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });
});

describe('navigation history on a shared computer', () => {
  const history: NavigationHistory = {
    recentlyViewedItems: [{ title: 'Camp Guide', href: '/i/camp', icon: 'bi-journal-text' }],
    frequentlyViewedItems: [],
    myCollections: [],
  };
  const SAM = navigationHistoryStorageKey('usr_sam');
  const ALEX = navigationHistoryStorageKey('usr_alex');
  const OTHER_SETTING = 'equip.someOtherSetting';

  beforeEach(() => {
    for (const key of [SAM, ALEX, OTHER_SETTING]) localStorage.setItem(key, JSON.stringify(history));
  });

  /** The page the server answers next, as the router receives it after a visit. */
  async function serverAnswers(shared: typeof SHARED_ANONYMOUS) {
    await act(async () => {
      await router.push({ url: '/', component: 'Home', props: { ...HOME_PROPS, ...shared } });
    });
  }

  it('removes every cached history when the person logs out, and nothing else', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(screen.getByRole('link', { name: 'Camp Guide' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'User menu for Sam Member' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(post).toHaveBeenCalledWith('/logout');
    // POST /logout answers with a redirect to the home page, now anonymous.
    await serverAnswers(SHARED_ANONYMOUS);

    await waitFor(() => expect(localStorage.getItem(SAM)).toBeNull());
    expect(localStorage.getItem(ALEX)).toBeNull();
    expect(localStorage.getItem(OTHER_SETTING)).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Camp Guide' })).toBeNull();
  });

  it('removes what the last person left when a page arrives signed out (their session ended on the server)', async () => {
    await renderInertiaPage(homePage());
    expect(localStorage.getItem(SAM)).toBeNull();
    expect(localStorage.getItem(ALEX)).toBeNull();
    expect(localStorage.getItem(OTHER_SETTING)).not.toBeNull();
  });

  it('keeps only the history of the person now acting, when acting as someone else starts', async () => {
    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(localStorage.getItem(SAM)).not.toBeNull();
    expect(localStorage.getItem(ALEX)).toBeNull();

    localStorage.setItem(ALEX, JSON.stringify(history));
    await serverAnswers({ ...SHARED_MEMBER, auth: { ...MEMBER, user: { ref: 'usr_alex', name: 'Alex Other' } } });
    await waitFor(() => expect(localStorage.getItem(SAM)).toBeNull());
    expect(localStorage.getItem(ALEX)).not.toBeNull();
  });

  it('forgets the history and empties the groups when the refresh says the person is no longer signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ message: 'Sign in to see your history.' }, { status: 401 }));
    await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(screen.getByRole('link', { name: 'Camp Guide' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(localStorage.getItem(SAM)).toBeNull();
    expect(localStorage.getItem(ALEX)).toBeNull();
    expect(localStorage.getItem(OTHER_SETTING)).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Camp Guide' })).toBeNull();
  });
});

describe('email banner', () => {
  it('asks a signed-in user without an e-mail to add one on the profile', async () => {
    await renderInertiaPage(homePage({ ...SHARED_MEMBER, auth: { ...MEMBER, email: null, email_missing: true } }));
    const banner = (await screen.findByText(new RegExp(EMAIL_BANNER.missing))).closest('[role="alert"]') as HTMLElement;
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/profile?email=1');
  });

  it('asks a user with an unverified e-mail to check the inbox and offers to resend', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderInertiaPage(homePage({ ...SHARED_MEMBER, auth: { ...MEMBER, email_unverified: true } }));
    expect(await screen.findByText(EMAIL_BANNER.unverified)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: EMAIL_BANNER.resend }));
    expect(post).toHaveBeenCalledWith('/profile/verify', {}, expect.objectContaining({ preserveScroll: true }));
  });

  it('shows no banner to a verified user or an anonymous visitor', async () => {
    const { unmount } = await renderInertiaPage(homePage(SHARED_MEMBER));
    expect(screen.queryByText(EMAIL_BANNER.unverified)).toBeNull();
    expect(screen.queryByText(new RegExp(EMAIL_BANNER.missing))).toBeNull();
    unmount();
    await renderInertiaPage(homePage({ ...SHARED_ANONYMOUS, auth: { ...SHARED_ANONYMOUS.auth, email_missing: true } }));
    expect(screen.queryByText(new RegExp(EMAIL_BANNER.missing))).toBeNull();
  });
});

describe('the app running', () => {
  it('marks the document once the layout has mounted, which the browser tests wait for on a server-rendered page', async () => {
    delete document.documentElement.dataset.app;
    await renderInertiaPage(homePage(SHARED_ANONYMOUS));
    expect(document.documentElement.dataset.app).toBe('running');
  });
});

describe('breadcrumbs', () => {
  it('start at the product root and end at the current page', async () => {
    await renderInertiaPage(
      homePage({ ...SHARED_ANONYMOUS, breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Stats' }] } as typeof SHARED_ANONYMOUS),
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const crumbs = within(trail).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Equip', 'Admin', 'Stats']);
    expect(within(crumbs[0]).getByRole('link').getAttribute('href')).toBe('/');
    expect(crumbs[2].getAttribute('aria-current')).toBe('page');
  });
});

describe('flash toasts', () => {
  const flash = { notifications: [{ pseudoref: 'flash-1', message: 'Item saved', type: 'success' as const }] };

  it('shows a flash notification as a toast only once per browser session', async () => {
    const { unmount } = await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { flash }));
    expect(await screen.findByText('Item saved')).toBeTruthy();
    unmount();

    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { flash }));
    expect(screen.queryByText('Item saved')).toBeNull();
  });

  it('hides a toast after 5 seconds, pausing while it is hovered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { flash }));
    const toast = (await screen.findByText('Item saved')).closest('.toast') as HTMLElement;

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await userEvent.hover(toast);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText('Item saved')).toBe(toast.querySelector('.toast-body'));

    await userEvent.unhover(toast);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(toast.classList.contains('show')).toBe(true);

    // The remaining 0.5 s run out; the fade-out then starts once React has rendered the hide.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Item saved')).toBeNull();
  });
});
