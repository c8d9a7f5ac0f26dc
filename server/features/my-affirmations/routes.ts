/** My Affirmations (member-library §2 /affirmation): a paged grid of the items the signed-in person affirmed. */
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { MY_AFFIRMATIONS_TEXTS } from '../../../shared/my-affirmations';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { isSignedIn } from '../../access/policy';
import { forbidden } from '../../lib/http-errors';
import { pageQuery, paginationLinks } from '../../lib/pagination';
import { listAffirmedItems } from './queries';

const MY_AFFIRMATIONS_PATH = '/affirmation';

export async function myAffirmationRoutes(app: FastifyInstance): Promise<void> {
  app.get(MY_AFFIRMATIONS_PATH, async (request, reply) => {
    const viewer = request.viewer;
    if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
    const { page } = pageQuery.parse(request.query ?? {});
    const perPage = DEFAULT_PAGE_SIZE;
    const { items, total } = await listAffirmedItems(app.db, viewer, page, perPage);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('affirmation/Index', {
      items: { data: items, links: paginationLinks({ path: MY_AFFIRMATIONS_PATH, query: {}, page, perPage, total }) },
      emptyText: MY_AFFIRMATIONS_TEXTS.empty,
      title: MY_AFFIRMATIONS_TEXTS.title,
      breadcrumbs: [{ label: MY_AFFIRMATIONS_TEXTS.title }],
    });
  });
}
