import type { FastifyInstance, FastifySchema } from 'fastify';

/** One method of one registered route, as Fastify matches it, with the schemas it declares for its input. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: Pick<FastifySchema, 'params' | 'querystring' | 'body'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in registration order: what the route fuzz suite and route listings read. */
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
    for (const method of [route.method].flat()) table.push({ method, url: route.url, schema: route.schema });
  });
}
