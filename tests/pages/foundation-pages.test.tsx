import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_PAGES, type ErrorStatus } from '../../shared/messages';
import type { LoginProviderOption } from '../../shared/props';
import { HOME_PROPS, SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});

describe('Home', () => {
  const sectionLinks = () =>
    within(screen.getByRole('navigation', { name: 'Library sections' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('offers Resources and Training to an anonymous visitor', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_ANONYMOUS }));
    expect(sectionLinks()).toEqual([
      ['Resources', '/tag/resource'],
      ['Training', '/tag/training'],
    ]);
  });

  it('adds People and Equipment for a signed-in user', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }));
    expect(sectionLinks()).toEqual([
      ['Resources', '/tag/resource'],
      ['Training', '/tag/training'],
      ['People', '/tag/person'],
      ['Equipment', '/tag/equipment'],
    ]);
  });

  it('shows the intro and the contact link, and titles the page with the product name', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_ANONYMOUS }));
    expect(screen.getByText(HOME_PROPS.intro)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(HOME_PROPS.contactHref);
    expect(screen.getByRole('img', { name: 'Equip logo' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home - Equip'));
  });
});

/** The 4xx icon: the box drawn as two halves, each clipped by a clip path that exists in the page. */
function expectBrokenBox(icon: HTMLElement) {
  expect(icon.tagName.toLowerCase()).toBe('svg');
  const halves = [...icon.querySelectorAll('path')];
  expect(halves).toHaveLength(2);
  for (const half of halves) {
    const clipId = /^url\(#(.+)\)$/.exec(half.getAttribute('clip-path') ?? '')?.[1];
    expect(document.getElementById(clipId ?? '')?.tagName.toLowerCase()).toBe('clippath');
  }
}

describe('error page', () => {
  const statuses = Object.keys(ERROR_PAGES).map(Number) as ErrorStatus[];

  it.each(statuses)('renders %i with its title, message and icon', async (status) => {
    const { title, message } = ERROR_PAGES[status];
    await renderInertiaPage(pageObject('errors/Error', { ...SHARED_ANONYMOUS, status, title, message, detail: null }));

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    if (status >= 500) expect(screen.getByRole('img', { name: 'Sad face' }).className).toContain('bi-emoji-frown');
    else expectBrokenBox(screen.getByRole('img', { name: 'Broken box' }));
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('adds the optional detail', async () => {
    await renderInertiaPage(pageObject('errors/Error', { ...SHARED_ANONYMOUS, status: 403, ...ERROR_PAGES[403], detail: 'Sign in to see staff resources.' }));
    expect(screen.getByText('Sign in to see staff resources.')).toBeTruthy();
  });
});

describe('login page', () => {
  const providers: LoginProviderOption[] = [
    { provider: 'google', label: 'Google', href: '/auth/google/redirect', enabled: true, reason: null },
    { provider: 'microsoft', label: 'Microsoft', href: '/auth/microsoft/redirect', enabled: true, reason: null },
    { provider: 'facebook', label: 'Facebook', href: '/auth/facebook/redirect', enabled: false, reason: 'Facebook sign-in is not configured on this site.' },
  ];
  const loginPage = (demoLoginAvailable: boolean) =>
    pageObject(
      'auth/Login',
      { ...SHARED_ANONYMOUS, providers, organisationDomains: ['example.org'], demoLoginAvailable, title: 'Login', breadcrumbs: [{ label: 'Login' }] },
      { url: '/login' },
    );

  it('links the enabled providers to their redirect routes as plain links', async () => {
    await renderInertiaPage(loginPage(false));
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/auth/google/redirect');
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' }).getAttribute('href')).toBe('/auth/microsoft/redirect');
  });

  it('says who invites and to what before the providers when signing in from an invitation link, and nothing otherwise', async () => {
    const invitation = { from: 'Grace Adeyemi', user_type: { title: 'Affiliate', level: 2, description: 'Volunteers and partner churches.' } };
    const props = { ...SHARED_ANONYMOUS, providers, organisationDomains: [], demoLoginAvailable: false, title: 'Login', invitation };
    await renderInertiaPage(pageObject('auth/Login', props, { url: '/invite/secret' }));
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Grace Adeyemi invites you to become an Affiliate, level 2.');
    expect(note.textContent).toContain('Volunteers and partner churches.');
    // Before the sign-in providers.
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(note.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await renderInertiaPage(loginPage(false));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/invites you/)).toBeNull();
  });

  it('has breadcrumbs starting at Equip', async () => {
    await renderInertiaPage(loginPage(false));
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Equip', 'Login']);
    expect(within(crumbs[0]!).getByRole('link').getAttribute('href')).toBe('/');
  });

  it('disables a provider that is not available and says why', async () => {
    await renderInertiaPage(loginPage(false));
    const facebook = screen.getByRole('button', { name: 'Continue with Facebook' }) as HTMLButtonElement;
    expect(facebook.disabled).toBe(true);
    expect(facebook.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(facebook.getAttribute('aria-describedby')!)!.textContent).toBe('Facebook sign-in is not configured on this site.');
  });

  it('says sign-up is free and points organisational Google accounts to the highest access', async () => {
    await renderInertiaPage(loginPage(false));
    expect(screen.getByText(/Sign-up and login are free/)).toBeTruthy();
    expect(screen.getByText(/organisational Google account \(@example\.org\).*highest access level/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /demo account/ })).toBeNull();
  });

  it('links to the demo sign-in when it is available', async () => {
    await renderInertiaPage(loginPage(true));
    expect(screen.getByRole('link', { name: 'Sign in with a demo account' }).getAttribute('href')).toBe('/dev/login');
  });
});

describe('demo sign-in page', () => {
  it('posts a plain form per account with its e-mail and the XSRF token from the cookie', async () => {
    document.cookie = 'XSRF-TOKEN=token%2Fvalue';
    const accounts = [
      { email: 'admin@example.org', name: 'Ada Admin', level: 6, roles: ['admin'] },
      { email: 'member@example.org', name: 'Max Member', level: 1, roles: [] },
    ];
    await renderInertiaPage(pageObject('dev/Login', { ...SHARED_ANONYMOUS, accounts }, { url: '/dev/login' }));

    expect(screen.getByText(/only on demo and development sites/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Sign in as Max Member' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/dev/login');
    // The token goes in as the form is sent (the server's render cannot read the browser's cookie).
    form.addEventListener('submit', (event) => event.preventDefault());
    fireEvent.submit(form);
    expect(Object.fromEntries(new FormData(form))).toEqual({ email: 'member@example.org', _token: 'token/value' });
  });
});
