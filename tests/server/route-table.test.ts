/**
 * The route table (server/lib/route-table.ts, printed by `npm run routes`): every route with the access rule declared
 * on it and the file that registers it, read from the app itself.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADVANCED_URL } from '../../shared/advanced';
import { useTestApp } from '../support/app';

const ctx = useTestApp();
const entry = (method: string, url: string) => ctx.app.routeTable.find((route) => route.method === method && route.url === url);

describe('the route table', () => {
  it('names the rule each route declares, a scope’s guard included', () => {
    expect(entry('GET', '/user')?.access).toEqual(['canManageUsers']);
    expect(entry('POST', '/i')?.access).toEqual(['mayCreateItems']);
    expect(entry('GET', '/user/item_history_for_navigation')?.access).toEqual(['isSignedIn (JSON)']);
    expect(entry('PATCH', '/admin/tag/:ref')?.access).toEqual(['canOpenAdminArea', 'tag']);
    // Advanced's own guard and the area's, in either order: each refuses alone.
    expect(entry('GET', ADVANCED_URL)?.access).toHaveLength(2);
    expect(entry('GET', ADVANCED_URL)?.access).toEqual(expect.arrayContaining(['canOpenAdminArea', 'canUseAdvanced']));
    expect(entry('GET', '/invite/:token')?.access).toEqual([]);
  });

  it('puts every admin route in the admin area, behind its guard', () => {
    const adminRoutes = ctx.app.routeTable.filter((route) => route.url.startsWith('/admin'));
    expect(adminRoutes.length).toBeGreaterThan(20);
    expect(adminRoutes.filter((route) => !route.access.includes('canOpenAdminArea')).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('names the file that registers each route', () => {
    expect(entry('GET', '/i/:ref')?.file).toBe('server/features/items/routes.ts');
    const unknown = ctx.app.routeTable
      .filter((route) => route.file !== 'a plugin' && !existsSync(route.file))
      .map((route) => `${route.method} ${route.url}: ${route.file}`);
    expect(unknown).toEqual([]);
    expect(ctx.app.routeTable.filter((route) => route.file === 'a plugin').map((route) => route.url)).toEqual(expect.arrayContaining(['/build/*']));
  });
});
