import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * A path with broken percent-encoding (`/i/%ZZ`) would make Fastify answer its own JSON before any hook runs.
 * Rewritten to a path no route has, it reaches the not-found handler like any request, with its session and
 * viewer, and that handler answers the app's 400 page.
 */
const UNDECODABLE = Symbol('equip.undecodableUrl');
const NO_ROUTE_PATH = '/.undecodable-url';

export function rewriteUndecodableUrl(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  try {
    decodeURIComponent(url.split('?', 1)[0]!);
    return url;
  } catch {
    (raw as IncomingMessage & { [UNDECODABLE]?: true })[UNDECODABLE] = true;
    return NO_ROUTE_PATH;
  }
}

export function hadUndecodableUrl(request: FastifyRequest): boolean {
  return (request.raw as IncomingMessage & { [UNDECODABLE]?: true })[UNDECODABLE] === true;
}
