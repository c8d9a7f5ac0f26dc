/** The Admin Dashboard /admin (admin-curation §2, §6). */
import { describe, expect, it } from 'vitest';
import { ADMIN_DASHBOARD_BUTTONS, type AdminDashboardButton } from '../../shared/admin';
import { ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import { visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useSessionTestApp({ seed: seedDemoAccounts });

async function dashboardAs(email: string | null) {
  return visit(ctx.app, '/admin', await ctx.as(email));
}

const hrefs = (buttons: AdminDashboardButton[]) => buttons.map((button) => button.href);

describe('GET /admin', () => {
  it('refuses anonymous visitors with the 403 page and the sign-in hint', async () => {
    const { response, page } = await dashboardAs(null);
    expect(response.statusCode).toBe(403);
    expectInertia(page).component('errors/Error').prop('detail', SIGN_IN_HINT);
    const document = await ctx.app.inject({ method: 'GET', url: '/admin' });
    expect(document.statusCode).toBe(403);
    expect(document.body).toContain(ERROR_PAGES[403].title);
    expectInertia(document).prop('detail', SIGN_IN_HINT);
  });

  it('refuses signed-in members who are not admins, without the hint', async () => {
    for (const email of ['member@example.org', 'staff@example.org', 'team@example.org', 'usermanager@example.org']) {
      const { response, page } = await dashboardAs(email);
      expect(response.statusCode).toBe(403);
      expectInertia(page).prop('detail', null);
    }
  });

  it('shows an admin the dashboard with all eight buttons in the spec’s order', async () => {
    const { response, page } = await dashboardAs('admin@example.org');
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('admin/Dashboard')
      .prop('title', 'Admin Dashboard')
      .prop('breadcrumbs', [{ label: 'Admin', href: '/admin' }]);
    expect(hrefs(page.props.buttons)).toEqual([
      '/user',
      '/admin/comment',
      '/admin/characteristic',
      '/admin/affirmation',
      '/admin/taxonomy',
      '/admin/stats',
      '/admin/advanced',
      '/admin/advanced/log-viewer',
    ]);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.each(['admin@example.org', 'superadmin@example.org'])('shows %s Advanced Settings and Server Logs marked SuperAdmin Only', async (email) => {
    const { page } = await dashboardAs(email);
    const buttons = page.props.buttons as AdminDashboardButton[];
    expect(buttons).toEqual(ADMIN_DASHBOARD_BUTTONS);
    expect(buttons.filter((button) => button.superadminOnly).map((button) => [button.label, button.href, button.browser])).toEqual([
      ['Advanced Settings', '/admin/advanced', false],
      ['Server Logs', '/admin/advanced/log-viewer', true],
    ]);
  });

  it('gives an admin who presses a SuperAdmin Only button the 403 page; a superadmin gets through', async () => {
    const admin = await ctx.as('admin@example.org');
    const advanced = await visit(ctx.app, '/admin/advanced', admin);
    expect(advanced.response.statusCode).toBe(403);
    expectInertia(advanced.page).component('errors/Error');
    // Server Logs is a plain browser navigation, so the refusal is the 403 document.
    const logs = await ctx.app.inject({ method: 'GET', url: '/admin/advanced/log-viewer', headers: { cookie: admin.header() } });
    expect(logs.statusCode).toBe(403);
    expectInertia(logs).prop('title', ERROR_PAGES[403].title);

    const superadmin = await ctx.as('superadmin@example.org');
    expect((await visit(ctx.app, '/admin/advanced', superadmin)).response.statusCode).toBe(200);
    const superadminLogs = await ctx.app.inject({ method: 'GET', url: '/admin/advanced/log-viewer', headers: { cookie: superadmin.header() } });
    expect(superadminLogs.statusCode).toBe(200);
  });
});
