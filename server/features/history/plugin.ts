/**
 * Runs every request inside its change context (server/db/change-context.ts): the history's trigger then records who
 * made each change, as whom, and through which route, for every transaction the request runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { impersonatorOf } from '../../auth/impersonation';
import { runWithChangeContext, type ChangeContext } from '../../db/change-context';

function changeContextOf(request: FastifyRequest): ChangeContext {
  return {
    actor: request.viewer.id,
    impersonator: impersonatorOf(request)?.id ?? null,
    route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`.slice(0, 200),
    request: request.id,
  };
}

/** The first hook of every request, so each later hook and the handler run inside the context. */
export function recordChangesOfRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => runWithChangeContext(() => changeContextOf(request), done));
}
