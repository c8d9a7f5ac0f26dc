import { describe, expect, it } from 'vitest';
import { ERROR_PAGES } from '../../shared/messages';
import { seedDemoAccounts } from '../support/seed';
import { useTestApp } from '../support/app';
import { signInAs, visit } from '../support/http';
import { expectInertia, pageFromDocument } from '../../server/inertia/testing';

// Google has credentials, Microsoft and Facebook none: the login buttons show both kinds.
const ctx = useTestApp({ seed: seedDemoAccounts, env: { GOOGLE_CLIENT_ID: 'equip-test-client', GOOGLE_CLIENT_SECRET: 'equip-test-secret' } });

describe('shared props', () => {
  it('an anonymous visitor gets the anonymous auth props, no menus and no permissions', async () => {
    const { page } = await visit(ctx.app, '/');
    expectInertia(page)
      .component('Home')
      .prop('appName', 'Equip')
      .props({ auth: { authenticated: false, admin: false, user: null, email_missing: false, email_unverified: false } })
      .props({ menu: { systemAdmin: false, drafts: false, history: false } })
      .props({ can: { create: false, share: false, admin: false } })
      .errors({});
  });

  it('an admin gets admin auth props and the admin menus', async () => {
    const jar = await signInAs(ctx.app, 'admin@example.org');
    const { page } = await visit(ctx.app, '/', jar);
    expectInertia(page).props({ auth: { authenticated: true, admin: true, email: 'admin@example.org' } });
    expect(page.props.auth.user.ref).toMatch(/^[0-9a-z]+$/);
    expectInertia(page)
      .props({ menu: { systemAdmin: true, unpublished: true, unlisted: true, manageUsers: false } })
      .props({ can: { admin: true, shareToLevel: 6 } });
  });

  it('a user manager sees Manage Users; a manager sees Documentation', async () => {
    const userManager = await visit(ctx.app, '/', await signInAs(ctx.app, 'usermanager@example.org'));
    expectInertia(userManager.page).props({ menu: { manageUsers: true, systemAdmin: false } });
    const manager = await visit(ctx.app, '/', await signInAs(ctx.app, 'manager@example.org'));
    expectInertia(manager.page)
      .props({ menu: { documentation: true, manageUsers: false } })
      .prop('auth.manager', true);
  });

  it('admins and user managers get User Invitations in the sidebar; managers and members do not', async () => {
    for (const [email, shown] of [
      ['admin@example.org', true],
      ['usermanager@example.org', true],
      ['manager@example.org', false],
      ['member@example.org', false],
    ] as const) {
      const { page } = await visit(ctx.app, '/', await signInAs(ctx.app, email));
      expect([email, page.props.menu.invitations]).toEqual([email, shown]);
    }
    expectInertia((await visit(ctx.app, '/')).page).prop('menu.invitations', false);
  });

  it('an anonymous visitor gets the login page’s sign-in buttons for the login modal, disabled ones with the reason', async () => {
    const home = await visit(ctx.app, '/');
    const login = await visit(ctx.app, '/login');
    expectInertia(home.page)
      .prop('loginProviders', login.page.props.providers)
      .prop('loginProviders', [
        { provider: 'google', label: 'Google', href: '/auth/google/redirect', enabled: true, reason: null },
        { provider: 'microsoft', label: 'Microsoft', href: '/auth/microsoft/redirect', enabled: false, reason: 'Not configured on this server' },
        { provider: 'facebook', label: 'Facebook', href: '/auth/facebook/redirect', enabled: false, reason: 'Not configured on this server' },
      ]);
  });

  it('a signed-in user gets no sign-in buttons', async () => {
    const { page } = await visit(ctx.app, '/', await signInAs(ctx.app, 'member@example.org'));
    expectInertia(page).prop('loginProviders', []);
  });

  it('an unverified account is told to verify its e-mail', async () => {
    const { page } = await visit(ctx.app, '/', await signInAs(ctx.app, 'unverified@example.org'));
    expectInertia(page).props({ auth: { authenticated: true, email_unverified: true, email_missing: false } });
  });

  it('marks every host but the production host as not production', async () => {
    expectInertia((await visit(ctx.app, '/')).page).prop('isProductionHost', false);
    const production = await visit(ctx.app, '/', undefined, { host: 'equip.example.org' });
    expectInertia(production.page).prop('isProductionHost', true);
  });
});

describe('home page', () => {
  it('renders the HTML shell with the page object on a first visit', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const page = pageFromDocument(response.body);
    expectInertia(page).component('Home').prop('contactHref', 'mailto:hello@example.org');
  });

  it('sends security headers and a request id', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The browser tells this site which of its pages an action came from (redirect back), and no other site.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Not in development and tests, which run on plain http.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends them on JSON answers and error pages too', async () => {
    for (const url of ['/item?search=prayer&simplejson=true', '/no/such/page']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('breadcrumbs', () => {
  // The layout starts every trail at Equip (/), but only for a page that sends breadcrumbs.
  it('/login has a trail: Equip > Login', async () => {
    const { page } = await visit(ctx.app, '/login');
    expectInertia(page).prop('breadcrumbs', [{ label: 'Login' }]);
  });

  it('/profile has a trail: Equip > Profile', async () => {
    const { page } = await visit(ctx.app, '/profile', await signInAs(ctx.app, 'member@example.org'));
    expectInertia(page)
      .component('profile/Show')
      .prop('breadcrumbs', [{ label: 'Profile' }]);
  });
});

describe('error pages', () => {
  it('an unknown route gives the 404 page on a full load', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    const page = pageFromDocument(response.body);
    expectInertia(page).component('errors/Error').props({ status: 404, title: ERROR_PAGES[404].title, message: ERROR_PAGES[404].message });
  });

  it('an unknown route gives the 404 page object to an Inertia visit', async () => {
    const { response, page } = await visit(ctx.app, '/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-inertia']).toBe('true');
    expectInertia(page).prop('title', '404: Page Not Found');
  });

  it('a JSON request gets a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: ERROR_PAGES[404].message });
  });
});

describe('navigation history', () => {
  it('refuses anonymous visitors', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(401);
  });

  it('gives a signed-in user the three lists', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['frequentlyViewedItems', 'myCollections', 'recentlyViewedItems']);
  });
});
