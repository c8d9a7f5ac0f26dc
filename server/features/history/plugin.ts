/**
 * The history's place in the app: every request runs inside its change context (server/db/change-context.ts), so the
 * history's trigger records who made each change, as whom, and through which route, for every transaction the request
 * runs; and old changes are swept after HISTORY_RETENTION_DAYS (retention.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { impersonatorOf } from '../../auth/impersonation';
import { previewerOf } from '../../auth/view-as';
import { runWithChangeContext, type ChangeContext } from '../../db/change-context';
import { sweepOldHistoryPeriodically } from './retention';

function changeContextOf(request: FastifyRequest): ChangeContext {
  return {
    // A preview's viewer is synthetic (server/auth/view-as.ts): whatever it may write is the previewer's doing.
    actor: previewerOf(request)?.id ?? request.viewer.id,
    impersonator: impersonatorOf(request)?.id ?? null,
    route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`.slice(0, 200),
    request: request.id,
  };
}

/** Registered before every other hook, so each later hook and the handler run inside the context. */
export function registerHistory(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => runWithChangeContext(() => changeContextOf(request), done));
  sweepOldHistoryPeriodically(app);
}
