/**
 * Admin stats: the links page /admin/stats, the "Top …" lists
 * /admin/stats/{parameter}, the over-time lists /admin/stats/time[/month|/year] and the CSV download
 * /admin/stats/download_http, and the most opened items and contents per user type /admin/stats/opened
 * and the searches that found nothing /admin/stats/unmatched_searches, every one over the date range of ?from=&to=
 * (schemas.ts). Admins only.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATS_DOWNLOAD_URL, STATS_LINKS, STATS_OPENED_URL, STATS_UNMATCHED_SEARCHES_URL, type StatsGrain } from '../../../shared/stats';
import { STATS_URL } from '../../../shared/navigation';
import type { PagePropsMap } from '../../../shared/pages';
import { ROUTES } from '../../../shared/routes';
import { paramsOf } from '../../lib/validation';
import { csvFileName, requestsCsv } from './csv';
import { mostOpened, overTime, topByParameter, unmatchedSearchesIn } from './queries';
import { rangeQuery, statsParameter } from './schemas';

type StatsPage = PagePropsMap['admin/stats/Index'];
type StatsLists = 'topByParameter' | 'topResults' | 'overTimeResults' | 'mostOpened' | 'unmatchedSearches';

const labelOf = (href: string) => STATS_LINKS.find((link) => link.href === href)?.label ?? 'Stats';

function renderStats(reply: FastifyReply, href: string, props: Omit<StatsPage, StatsLists> & Partial<StatsPage>) {
  const here = href === STATS_URL ? [{ label: 'Stats' }] : [{ label: 'Stats', href: STATS_URL }, { label: labelOf(href) }];
  return reply.inertia('admin/stats/Index', {
    topByParameter: null,
    topResults: [],
    overTimeResults: [],
    mostOpened: [],
    unmatchedSearches: [],
    ...props,
    title: 'Stats',
    breadcrumbs: [{ label: 'Admin', href: '/admin' }, ...here],
  });
}

const GRAIN_PATHS: Record<StatsGrain, string> = { day: '/admin/stats/time', month: '/admin/stats/time/month', year: '/admin/stats/time/year' };

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ranged = { schema: { querystring: rangeQuery } };
  // Referers from the site's own pages are named like its URLs (the address people use: APP_URL).
  const ownOrigin = new URL(app.config.APP_URL).origin;

  app.get(STATS_URL, ranged, async (request, reply) => {
    return renderStats(reply, STATS_URL, { range: request.query, path: STATS_URL });
  });

  app.get(STATS_DOWNLOAD_URL, ranged, async (request, reply) => {
    const range = request.query;
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${csvFileName(range)}"`);
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(Readable.from(requestsCsv(app.db, range)));
  });

  app.get(STATS_OPENED_URL, ranged, async (request, reply) => {
    const range = request.query;
    return renderStats(reply, STATS_OPENED_URL, { range, path: STATS_OPENED_URL, mostOpened: await mostOpened(app.db, request.viewer, range) });
  });

  app.get(STATS_UNMATCHED_SEARCHES_URL, ranged, async (request, reply) => {
    const range = request.query;
    const path = STATS_UNMATCHED_SEARCHES_URL;
    return renderStats(reply, path, { range, path, unmatchedSearches: await unmatchedSearchesIn(app.db, range) });
  });

  for (const grain of Object.keys(GRAIN_PATHS) as StatsGrain[]) {
    const path = GRAIN_PATHS[grain];
    app.get(path, ranged, async (request, reply) => {
      const range = request.query;
      return renderStats(reply, path, { range, path, overTimeResults: await overTime(app.db, grain, range) });
    });
  }

  app.get(
    ROUTES.adminStatsTop.pattern,
    { schema: { params: paramsOf(ROUTES.adminStatsTop, { parameter: statsParameter }), querystring: rangeQuery } },
    async (request, reply) => {
      const { parameter } = request.params;
      const range = request.query;
      const path = ROUTES.adminStatsTop.path({ parameter });
      return renderStats(reply, path, {
        range,
        path,
        topByParameter: parameter,
        topResults: await topByParameter(app.db, request.viewer, parameter, range, ownOrigin),
      });
    },
  );
};
