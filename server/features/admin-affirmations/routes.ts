/**
 * Affirmations: the paged list,
 * creating one, editing it one field at a time, and deleting it. Admins only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_LABEL, ADMIN_URL, AFFIRMATION_MESSAGES, AFFIRMATIONS_TITLE } from '../../../shared/admin';
import { ADMIN_AFFIRMATIONS_URL } from '../../../shared/navigation';
import { ROUTES } from '../../../shared/routes';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { affirmationOptionCan } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import { offsetAndLimit, pageQuery, paginated } from '../../lib/pagination';
import { paramsOf, repositionBody } from '../../lib/validation';
import {
  affirmationImpact,
  createAffirmation,
  deleteAffirmation,
  findAffirmation,
  listAffirmations,
  repositionAffirmation,
  updateAffirmation,
} from './queries';
import { AFFIRMATION_FIELD_RULES, createAffirmationBody } from './schemas';

const LIST_CRUMBS = [
  { label: ADMIN_LABEL, href: ADMIN_URL },
  { label: AFFIRMATIONS_TITLE, href: ADMIN_AFFIRMATIONS_URL },
];

/** The affirmation the path names (404 when there is none): any admin may act on any (the admin area's rule). */
const namedAffirmation = loads('affirmation', findAffirmation);

export const adminAffirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ADMIN_AFFIRMATIONS_URL, { schema: { querystring: pageQuery } }, async (request, reply) => {
    const { page } = request.query;
    const { rows, total } = await listAffirmations(app.db, page, DEFAULT_PAGE_SIZE);
    return reply.inertia('admin/affirmation/Index', {
      affirmations: paginated(rows, { path: ADMIN_AFFIRMATIONS_URL, query: {}, page, perPage: DEFAULT_PAGE_SIZE, total }),
      order: { offset: offsetAndLimit(page, DEFAULT_PAGE_SIZE).offset, total },
      can: affirmationOptionCan(request.viewer),
      title: AFFIRMATIONS_TITLE,
      breadcrumbs: LIST_CRUMBS,
    });
  });

  app.post(ADMIN_AFFIRMATIONS_URL, { schema: { body: createAffirmationBody } }, async (request, reply) => {
    const created = await createAffirmation(app.db, request.body);
    if (!created.ok) return reply.redirectWithErrors({ title: AFFIRMATION_MESSAGES.titleTaken }, ADMIN_AFFIRMATIONS_URL);
    return reply.notify(AFFIRMATION_MESSAGES.created(created.value.title)).redirectBack(ADMIN_AFFIRMATIONS_URL);
  });

  app.get(
    ROUTES.adminAffirmation.pattern,
    { preValidation: namedAffirmation, schema: { params: paramsOf(ROUTES.adminAffirmation) } },
    async (request, reply) => {
      const { id, ...affirmation } = loaded(request, namedAffirmation);
      return reply.inertia('admin/affirmation/Show', {
        affirmation,
        // What Delete takes with it, said in its confirmation.
        impact: await affirmationImpact(app.db, id, app.config.TRASH_RETENTION_DAYS),
        can: affirmationOptionCan(request.viewer),
        title: affirmation.title,
        breadcrumbs: [...LIST_CRUMBS, { label: affirmation.title, href: ROUTES.adminAffirmation.path({ ref: affirmation.ref }) }],
      });
    },
  );

  app.patch(
    ROUTES.adminAffirmation.pattern,
    { preValidation: namedAffirmation, schema: { params: paramsOf(ROUTES.adminAffirmation) } },
    async (request, reply) => {
      const affirmation = loaded(request, namedAffirmation);
      const back = ROUTES.adminAffirmation.path({ ref: affirmation.ref });
      const field = AFFIRMATION_FIELD_RULES.parse(request.body);
      if (!field.ok) return reply.redirectWithErrors(field.errors, back);
      const saved = await updateAffirmation(app.db, affirmation.id, field.name, field.value);
      if (!saved.ok) return reply.redirectWithErrors({ title: AFFIRMATION_MESSAGES.titleTaken }, back);
      return reply.notify(AFFIRMATION_MESSAGES.saved).redirectBack(back);
    },
  );

  app.post(
    ROUTES.adminAffirmationReposition.pattern,
    { preValidation: namedAffirmation, schema: { params: paramsOf(ROUTES.adminAffirmationReposition), body: repositionBody } },
    async (request, reply) => {
      const affirmation = loaded(request, namedAffirmation);
      await repositionAffirmation(app.db, affirmation.id, request.body.position);
      return reply.redirectBack(ADMIN_AFFIRMATIONS_URL);
    },
  );

  app.delete(
    ROUTES.adminAffirmation.pattern,
    { preValidation: namedAffirmation, schema: { params: paramsOf(ROUTES.adminAffirmation) } },
    async (request, reply) => {
      const affirmation = loaded(request, namedAffirmation);
      await deleteAffirmation(app.db, affirmation.id);
      reply.notify(AFFIRMATION_MESSAGES.deleted(affirmation.title));
      return reply.redirect(ADMIN_AFFIRMATIONS_URL, 303);
    },
  );
};
