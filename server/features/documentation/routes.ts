/**
 * Internal documentation: the handbook pages, for staff and admins and
 * for managers (policy.canReadDocumentation, the same rule as the menu entry).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENTATION_URL } from '../../../shared/navigation';
import { ROUTES } from '../../../shared/routes';
import { allowedBy } from '../../access/guards';
import { canReadDocumentation } from '../../access/policy';
import { notFound } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { handbookPage, handbookPages } from './handbook';
import { documentationSlug } from './schemas';

const TITLE = 'Documentation';

export const documentationRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = allowedBy(canReadDocumentation);

  app.get(DOCUMENTATION_URL, { preValidation: readers }, async (_request, reply) => {
    return reply.inertia('documentation/Index', { pages: await handbookPages(), title: TITLE, breadcrumbs: [{ label: TITLE }] });
  });

  app.get(
    ROUTES.documentationPage.pattern,
    { preValidation: readers, schema: { params: paramsOf(ROUTES.documentationPage, { slug: documentationSlug }) } },
    async (request, reply) => {
      const page = await handbookPage(request.params.slug);
      if (!page) throw notFound();
      return reply.inertia('documentation/Show', {
        pages: await handbookPages(),
        page,
        title: page.title,
        breadcrumbs: [{ label: TITLE, href: DOCUMENTATION_URL }, { label: page.title }],
      });
    },
  );
};
