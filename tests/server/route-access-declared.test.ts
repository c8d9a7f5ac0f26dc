/**
 * Every route declares who may use it: an access rule on the route (`allowedBy`, `signedIn`, a record's
 * `loads(record, find, { may })`) or, for a route open to anyone by its nature, the reason (`publicBecause`). A
 * route that declares neither leaves the decision to its handler, where no one reading the route table sees it.
 */
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/lib/route-table';
import { useTestApp } from '../support/app';

const ctx = useTestApp();

/** The path parameters of a route's url (`/i/:ref/tag/:tagRef` → ref, tagRef; `/build/*` → none). */
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

const undeclared = (route: RouteEntry) => route.access.length === 0 && route.publicBecause === null;

function whatToDeclare(route: RouteEntry): string {
  const params = paramsOf(route.url);
  const where = route.file === 'a plugin' ? 'PLUGIN_ROUTES_PUBLIC_BECAUSE in server/lib/route-table.ts' : route.file;
  const advice =
    params.length > 0
      ? `it names a record (:${params.join(', :')}): declare preValidation: loads('record', findByRef, { may: rule }) ` +
        `(server/access/record-guard.ts), or publicBecause('why') when the param is the credential (a token)`
      : `declare preValidation: allowedBy(rule) or signedIn (server/access/guards.ts), or publicBecause('why') for a page anyone may open`;
  return `${route.method} ${route.url} (${where}): ${advice}`;
}

describe('access declared on every route', () => {
  it('finds the routes from the app itself, records and public ones among them', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(100);
    expect(ctx.app.routeTable.filter((route) => paramsOf(route.url).length > 0).length).toBeGreaterThan(50);
  });

  it('has no route with a record param whose handler alone decides', () => {
    const missing = ctx.app.routeTable.filter((route) => paramsOf(route.url).length > 0 && undeclared(route)).map(whatToDeclare);
    expect(missing, `routes with a record param and no declared rule:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no route at all whose handler alone decides', () => {
    const missing = ctx.app.routeTable.filter(undeclared).map(whatToDeclare);
    expect(missing, `routes with no declared rule nor reason:\n${missing.join('\n')}`).toEqual([]);
  });

  it('names the record and its rules where a route loads one', () => {
    const access = (method: string, url: string) => ctx.app.routeTable.find((route) => route.method === method && route.url === url)?.access;
    expect(access('PATCH', '/collection/:ref')).toEqual(['collection: mayOpenCollection + canEditCollection']);
    expect(access('DELETE', '/collection/:ref')).toEqual(['collection: mayOpenCollection + canDeleteCollection']);
    expect(access('GET', '/i/:ref')).toEqual(['item: mayOpenItem']);
    expect(access('PATCH', '/i/:ref')).toEqual(['signed in', 'item: canEditItem']);
    expect(access('POST', '/i/:ref/task')?.[1]).toMatch(/^item: mayOpenItem \+ canCreateItemTask/);
  });

  it('gives the reason of a route open to anyone, a plugin’s included', () => {
    const reason = (url: string) => ctx.app.routeTable.find((route) => route.method === 'GET' && route.url === url)?.publicBecause;
    expect(reason('/invite/:token')).toMatch(/token is the credential/);
    expect(reason('/build/*')).toBeTruthy();
    expect(reason('/healthz')).toBeTruthy();
    // A route with a rule needs no reason.
    expect(reason('/collection/:ref')).toBeNull();
  });
});
