/** My Affirmations: a paged grid of the items the signed-in person affirmed. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MY_AFFIRMATIONS_TEXTS } from '../../../shared/my-affirmations';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { signedIn, signedInViewer } from '../../access/guards';
import { pageQuery, paginated } from '../../lib/pagination';
import { listAffirmedItems } from './queries';

const MY_AFFIRMATIONS_PATH = '/affirmation';

export const myAffirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(MY_AFFIRMATIONS_PATH, { preValidation: signedIn, schema: { querystring: pageQuery } }, async (request, reply) => {
    const { page } = request.query;
    const perPage = DEFAULT_PAGE_SIZE;
    const { items, total } = await listAffirmedItems(app.db, signedInViewer(request), page, perPage);
    return reply.inertia('affirmation/Index', {
      items: paginated(items, { path: MY_AFFIRMATIONS_PATH, query: {}, page, perPage, total }),
      emptyText: MY_AFFIRMATIONS_TEXTS.empty,
      title: MY_AFFIRMATIONS_TEXTS.title,
      breadcrumbs: [{ label: MY_AFFIRMATIONS_TEXTS.title }],
    });
  });
};
