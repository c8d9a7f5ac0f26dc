/**
 * Every route declares who may use it: an access rule on the route (`allowedBy`, `signedIn`, a record's
 * `loads(record, find, { may })`) or, for a route open to anyone by its nature, the reason (`publicBecause`). A
 * route that declares neither leaves the decision to its handler, where no one reading the route table sees it.
 * A route whose path names a record loads it by a record guard, so the record's own rule is on the route too.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../../server/lib/route-table';
import { useTestApp } from '../support/app';

const ctx = useTestApp();

/** The path parameters of a route's url (`/i/:ref/tag/:tagRef` → ref, tagRef; `/build/*` → none). */
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

const undeclared = (route: RouteEntry) => route.access.length === 0 && route.publicBecause === null;

/** A param the route's schema limits to a fixed set of words (`/admin/stats/:parameter`) names no record. */
function namesAChoice(route: RouteEntry, param: string): boolean {
  const params = route.schema?.params;
  return params instanceof z.ZodObject && params.shape[param] instanceof z.ZodEnum;
}

/** A route whose path names a record that no record guard loads: its handler alone checks that record. */
const recordUnguarded = (route: RouteEntry) =>
  route.publicBecause === null && route.recordParams.length === 0 && paramsOf(route.url).some((param) => !namesAChoice(route, param));

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

  it('loads the record a route’s path names by a record guard, which names its rule', () => {
    const missing = ctx.app.routeTable
      .filter(recordUnguarded)
      .map((route) => `${route.method} ${route.url} (${route.file}): preValidation: loads('record', findByRef, { may: rule }) (server/access/record-guard.ts)`);
    expect(missing, `routes that check their record in the handler:\n${missing.join('\n')}`).toEqual([]);
  });

  it('loads each record by a param the route’s path has', () => {
    const wrong = ctx.app.routeTable.filter((route) => route.recordParams.some((param) => !paramsOf(route.url).includes(param)));
    expect(wrong.map((route) => `${route.method} ${route.url}: ${route.recordParams.join(', ')}`)).toEqual([]);
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
