/**
 * Internal documentation (member-library §2 /documentation, §6): the handbook pages, for staff and admins and
 * for managers (policy.canReadDocumentation, the same rule as the menu entry).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DOCUMENTATION_SLUG, DOCUMENTATION_URL } from '../../../shared/documentation';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { canReadDocumentation, isSignedIn } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { handbookPage, handbookPages } from './handbook';

const TITLE = 'Documentation';
const slugParams = z.object({ slug: z.string().regex(DOCUMENTATION_SLUG).max(80) });

function requireReader(request: FastifyRequest): void {
  if (!canReadDocumentation(request.viewer)) throw forbidden(isSignedIn(request.viewer) ? null : SIGN_IN_HINT);
}

export async function documentationRoutes(app: FastifyInstance): Promise<void> {
  app.get(DOCUMENTATION_URL, async (request, reply) => {
    requireReader(request);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('documentation/Index', { pages: await handbookPages(), title: TITLE, breadcrumbs: [{ label: TITLE }] });
  });

  app.get(`${DOCUMENTATION_URL}/:slug`, async (request, reply) => {
    requireReader(request);
    const params = slugParams.safeParse(request.params);
    if (!params.success) throw notFound();
    const page = await handbookPage(params.data.slug);
    if (!page) throw notFound();
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('documentation/Show', {
      pages: await handbookPages(),
      page,
      title: page.title,
      breadcrumbs: [{ label: TITLE, href: DOCUMENTATION_URL }, { label: page.title }],
    });
  });
}
