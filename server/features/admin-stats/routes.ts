/**
 * Admin stats (admin-curation §2 "Admin Stats", §3, §7, §9): the links page /admin/stats, the "Top …" lists
 * /admin/stats/{parameter}, the over-time lists /admin/stats/time[/month|/year] and the CSV download
 * /admin/stats/download_http, every one over the date range of ?from=&to= (schemas.ts). Admins only.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { STATS_DOWNLOAD_URL, STATS_LINKS, STATS_PARAMETERS, STATS_URL, type StatsGrain, type StatsParameter, type StatsRange } from '../../../shared/stats';
import type { PagePropsMap } from '../../../shared/pages';
import { canSeeStats, isSignedIn } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { csvFileName, requestsCsv } from './csv';
import { overTime, topByParameter } from './queries';
import { parseRange } from './schemas';

type StatsPage = PagePropsMap['admin/stats/Index'];

/** Admins only: anonymous visitors get the 403 page with the hint to sign in, others the plain 403. */
function requireStatsViewer(request: FastifyRequest): void {
  const viewer = request.viewer;
  if (!canSeeStats(viewer)) throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}

const labelOf = (href: string) => STATS_LINKS.find((link) => link.href === href)?.label ?? 'Stats';

function renderStats(reply: FastifyReply, href: string, props: Omit<StatsPage, 'topByParameter' | 'topResults' | 'overTimeResults'> & Partial<StatsPage>) {
  reply.header('Cache-Control', 'private, no-store');
  const here = href === STATS_URL ? [{ label: 'Stats' }] : [{ label: 'Stats', href: STATS_URL }, { label: labelOf(href) }];
  return reply.inertia('admin/stats/Index', {
    topByParameter: null,
    topResults: [],
    overTimeResults: [],
    ...props,
    title: 'Stats',
    breadcrumbs: [{ label: 'Admin', href: '/admin' }, ...here],
  });
}

const GRAIN_PATHS: Record<StatsGrain, string> = { day: '/admin/stats/time', month: '/admin/stats/time/month', year: '/admin/stats/time/year' };

export async function adminStatsRoutes(app: FastifyInstance): Promise<void> {
  app.get(STATS_URL, async (request, reply) => {
    requireStatsViewer(request);
    return renderStats(reply, STATS_URL, { range: parseRange(request.query), path: STATS_URL });
  });

  app.get(STATS_DOWNLOAD_URL, async (request, reply) => {
    requireStatsViewer(request);
    const range: StatsRange = parseRange(request.query);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${csvFileName(range)}"`);
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(Readable.from(requestsCsv(app.db, range)));
  });

  for (const grain of Object.keys(GRAIN_PATHS) as StatsGrain[]) {
    const path = GRAIN_PATHS[grain];
    app.get(path, async (request, reply) => {
      requireStatsViewer(request);
      const range = parseRange(request.query);
      return renderStats(reply, path, { range, path, overTimeResults: await overTime(app.db, grain, range) });
    });
  }

  app.get<{ Params: { parameter: string } }>('/admin/stats/:parameter', async (request, reply) => {
    requireStatsViewer(request);
    const parameter = request.params.parameter as StatsParameter;
    if (!STATS_PARAMETERS.includes(parameter)) throw notFound();
    const range = parseRange(request.query);
    const path = `${STATS_URL}/${parameter}`;
    return renderStats(reply, path, { range, path, topByParameter: parameter, topResults: await topByParameter(app.db, parameter, range) });
  });
}
