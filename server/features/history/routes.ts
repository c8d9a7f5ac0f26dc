/** /admin/history: the activity feed and its CSV export (admins; the admin area's guard, and canSeeActivity). */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVITY_DOWNLOAD_URL, ACTIVITY_PAGE_SIZE, ACTIVITY_URL, HISTORY_TEXTS, activityQueryOf } from '../../../shared/history';
import { allowedBy } from '../../access/guards';
import { canSeeActivity } from '../../access/policy';
import { offsetAndLimit, paginated } from '../../lib/pagination';
import { activityCondition, activityCsv, activityCsvFileName, activityPage, countActivity } from './activity';
import { activityQuery } from './schemas';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { preValidation: allowedBy(canSeeActivity), schema: { querystring: activityQuery } };

  app.get(ACTIVITY_URL, options, async (request, reply) => {
    const { page, ...filters } = request.query;
    const condition = activityCondition(filters);
    const { offset, limit } = offsetAndLimit(page, ACTIVITY_PAGE_SIZE);
    const [total, data] = await Promise.all([countActivity(app.db, condition), activityPage(app.db, condition, offset, limit)]);
    return reply.inertia('admin/history/Index', {
      entries: paginated(data, { path: ACTIVITY_URL, query: activityQueryOf(filters), page, perPage: ACTIVITY_PAGE_SIZE, total }),
      total,
      filters,
      title: HISTORY_TEXTS.activityTitle,
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: HISTORY_TEXTS.activityTitle }],
    });
  });

  app.get(ACTIVITY_DOWNLOAD_URL, options, async (request, reply) => {
    const { page: _page, ...filters } = request.query;
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${activityCsvFileName(filters)}"`);
    return reply.send(Readable.from(activityCsv(app.db, activityCondition(filters))));
  });
};
