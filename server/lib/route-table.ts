import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { relative } from 'node:path';
import { APP_ROOT } from '../app-root';

/** One method of one registered route, as Fastify matches it, with the schemas it declares for its input. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: Pick<FastifySchema, 'params' | 'querystring' | 'body'>;
  /** The access guards declared on the route (`preValidation`), by the rule each checks; empty: open to anyone. */
  readonly access: string[];
  /** The path parameters the route's record guards load records by (`loads`, server/access/record-guard.ts). */
  readonly recordParams: string[];
  /** Why a route without access guards is open to anyone (`publicBecause`, server/access/guards.ts); null: no reason given. */
  readonly publicBecause: string | null;
  /** The file that registered the route (a plugin's routes, such as the static files, have none of ours on the stack). */
  file: string;
}

/** The access rule a guard checks, as the route table shows it (set on a guard by `describedAs`, server/access/guards.ts). */
export const ACCESS_RULE = Symbol('access rule');

/** The path parameter a record guard loads its record by (set by `loads`, server/access/record-guard.ts). */
export const RECORD_PARAM = Symbol('record param');

/** Why a route is open to anyone, as the route table shows it (set by `publicBecause`, server/access/guards.ts). */
export const PUBLIC_REASON = Symbol('public reason');

/**
 * The routes plugins register, which take no route options of ours: the built client and the files of public/,
 * which every page needs before anyone has signed in.
 */
const PLUGIN_ROUTES_PUBLIC_BECAUSE: Readonly<Record<string, string>> = {
  '/build/*': 'the built client, which every page loads',
  '/sw.js': 'the service worker, a public file',
  '/favicon.svg': 'the icon, a public file',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in registration order: what the route fuzz suite and `npm run routes` read. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records every route as it is added, so the app itself says what it answers (no list kept by hand).
 * Called on the root instance before any route or plugin is registered.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const file = registeringFile(new Error().stack ?? '');
    for (const method of [route.method].flat()) {
      // Read when asked: hooks of the route's own scope may still add guards after this one (guardEveryRoute).
      table.push({
        method,
        url: route.url,
        schema: route.schema,
        file,
        get access() {
          return accessRules(route);
        },
        get recordParams() {
          return recordParams(route);
        },
        get publicBecause() {
          return publicReason(route);
        },
      });
    }
  });
}

/** Only the guards that say which rule they check: other `preValidation` functions check the input's shape. */
function accessRules(route: RouteOptions): string[] {
  return [route.preValidation ?? []].flat().flatMap((guard) => (guard as { [ACCESS_RULE]?: string })[ACCESS_RULE] ?? []);
}

function recordParams(route: RouteOptions): string[] {
  return [route.preValidation ?? []].flat().flatMap((guard) => (guard as { [RECORD_PARAM]?: string })[RECORD_PARAM] ?? []);
}

/** The reason a route declares for being open to anyone, or the one given here for a plugin's route. */
function publicReason(route: RouteOptions): string | null {
  const declared = [route.preValidation ?? []].flat().flatMap((guard) => (guard as { [PUBLIC_REASON]?: string })[PUBLIC_REASON] ?? []);
  return declared[0] ?? PLUGIN_ROUTES_PUBLIC_BECAUSE[route.url] ?? null;
}

/** The first frame of the app's own code that is not this file: where `app.get(…)` was called. */
function registeringFile(stack: string): string {
  for (const match of stack.matchAll(/\((?:file:\/\/)?([^():]+):\d+:\d+\)|at (?:file:\/\/)?([^():\s]+):\d+:\d+/g)) {
    const file = relative(APP_ROOT, match[1] ?? match[2]);
    if (/^(server|scripts)\//.test(file) && !file.endsWith('route-table.ts')) return file;
  }
  return 'a plugin';
}
