/**
 * Internal documentation: the handbook pages, for staff and admins and
 * for managers (policy.canReadDocumentation, the same rule as the menu entry).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENTATION_URL } from '../../../shared/navigation';
import { ROUTES } from '../../../shared/routes';
import { allowedBy } from '../../access/guards';
import { canReadDocumentation } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import { paramsOf } from '../../lib/validation';
import { handbookPage, handbookPages } from './handbook';
import { documentationSlug } from './schemas';
import { DOCUMENTATION_SLUG } from '../../../shared/documentation';

/** A handbook page, by its slug: each is for every reader of the documentation. */
const openedHandbookPage = loads('handbook page', (_db, slug) => handbookPage(slug), { param: 'slug', pattern: DOCUMENTATION_SLUG });

const TITLE = 'Documentation';

export const documentationRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = allowedBy(canReadDocumentation);

  app.get(DOCUMENTATION_URL, { preValidation: readers }, async (_request, reply) => {
    return reply.inertia('documentation/Index', { pages: await handbookPages(), title: TITLE, breadcrumbs: [{ label: TITLE }] });
  });

  app.get(
    ROUTES.documentationPage.pattern,
    { preValidation: [readers, openedHandbookPage], schema: { params: paramsOf(ROUTES.documentationPage, { slug: documentationSlug }) } },
    async (request, reply) => {
      const page = loaded(request, openedHandbookPage);
      return reply.inertia('documentation/Show', {
        pages: await handbookPages(),
        page,
        title: page.title,
        breadcrumbs: [{ label: TITLE, href: DOCUMENTATION_URL }, { label: page.title }],
      });
    },
  );
};
