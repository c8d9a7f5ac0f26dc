import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { ACCESS_RULE } from '../access/guards';

/** One method of one registered route, as Fastify matches it, with the schemas it declares for its input. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: Pick<FastifySchema, 'params' | 'querystring' | 'body'>;
  /** The guards declared on the route (`preValidation`), by the rule each checks; empty: open to anyone. */
  readonly access: string[];
  /** The file that registered the route (a plugin's routes, such as the static files, have none of ours on the stack). */
  file: string;
}

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
      table.push({ method, url: route.url, schema: route.schema, file, get access() { return accessRules(route); } });
    }
  });
}

function accessRules(route: RouteOptions): string[] {
  return [route.preValidation ?? []].flat().map((guard) => (guard as { [ACCESS_RULE]?: string })[ACCESS_RULE] ?? (guard.name || 'an unnamed check'));
}

/** The first frame of the app's own code that is not this file: where `app.get(…)` was called. */
function registeringFile(stack: string): string {
  for (const match of stack.matchAll(/\((?:file:\/\/)?([^():]+):\d+:\d+\)|at (?:file:\/\/)?([^():\s]+):\d+:\d+/g)) {
    const path = match[1] ?? match[2];
    const inApp = /\/(server|scripts)\//.exec(path);
    if (inApp && !path.includes('node_modules') && !path.endsWith('route-table.ts')) return path.slice(inApp.index + 1);
  }
  return 'a plugin';
}
