/**
 * Logs every HTTP request for the admin stats: an onResponse hook queues a row,
 * the batch writer (recorder.ts) inserts them, and the periodic sweep (sweep.ts) keeps REQUEST_LOG_RETENTION_DAYS.
 * What is left out and how paths are stored: rules.ts. Beside it, and swept with it, two daily counts other features
 * feed through the app's decorations: `app.openCounts` (opens.ts) and `app.unmatchedSearches`
 * (unmatched-searches.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createOpenCounts } from './opens';
import { createRequestLog, type LoggedRequest, type RequestLog } from './recorder';
import { isBot, pathOf, refererOf, staticAssetMatcher } from './rules';
import { sweepOldRequestsPeriodically } from './sweep';
import { createUnmatchedSearchLog } from './unmatched-searches';
import { isMonitoringPath } from '../../web/health-check-paths';

declare module 'fastify' {
  interface FastifyInstance {
    requestLog: RequestLog;
  }
}

export interface RequestLogPluginOptions {
  /** Folder whose top-level files count as static assets (default: public/). */
  publicDir?: string;
}

function loggedRequest(request: FastifyRequest, reply: FastifyReply, path: string): LoggedRequest {
  const referer = request.headers.referer;
  return {
    method: request.method.slice(0, 10),
    url: path,
    referer: refererOf(Array.isArray(referer) ? referer[0] : referer),
    responseCode: reply.statusCode,
    userTypeId: request.viewer.userTypeId,
    durationMs: Math.max(0, Math.round(reply.elapsedTime)),
    createdAt: new Date(),
  };
}

export const requestLogPlugin = fp<RequestLogPluginOptions>(
  async (app: FastifyInstance, options) => {
    const recorder = createRequestLog(app.db, app.log);
    const isStaticAsset = staticAssetMatcher(options.publicDir);
    app.decorate('requestLog', { record: recorder.record, flush: recorder.flush });
    app.addHook('onResponse', (request, reply, done) => {
      const path = pathOf(request.url);
      if (!isStaticAsset(path) && !isMonitoringPath(path) && !isBot(request.headers['user-agent'])) recorder.record(loggedRequest(request, reply, path));
      done();
    });
    const openCounts = createOpenCounts(app.db, app.log);
    app.decorate('openCounts', { record: openCounts.record, flush: openCounts.flush });
    const unmatchedSearches = createUnmatchedSearchLog(app.db, app.log);
    app.decorate('unmatchedSearches', { record: unmatchedSearches.record, flush: unmatchedSearches.flush });
    app.addHook('onClose', async () => {
      await Promise.all([recorder.close(), openCounts.close(), unmatchedSearches.close()]);
    });
    sweepOldRequestsPeriodically(app);
  },
  { name: 'equip-request-log', dependencies: ['equip-viewer'] },
);
