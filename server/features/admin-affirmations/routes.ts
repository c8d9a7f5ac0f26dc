/**
 * Affirmations (admin-curation §2 "Admin affirmations list" and "Admin affirmation detail", §5, §7): the paged list,
 * creating one, editing it one field at a time, and deleting it. Admins only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_AFFIRMATIONS_URL,
  ADMIN_LABEL,
  ADMIN_URL,
  adminAffirmationUrl,
  AFFIRMATION_FIELDS,
  AFFIRMATION_MESSAGES,
  AFFIRMATIONS_TITLE,
} from '../../../shared/admin';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { affirmationOptionCan, canManageAffirmationOptions } from '../../access/policy';
import { notFound } from '../../lib/http-errors';
import { paginationLinks } from '../../lib/pagination';
import { requirePolicy } from '../admin/access';
import { fieldErrors, listQuery, oneOf, refParams, singleField } from '../admin/schemas';
import { createAffirmation, deleteAffirmation, findAffirmation, listAffirmations, updateAffirmation, type AffirmationRecord } from './queries';
import { affirmationFieldSchemas, createAffirmationBody } from './schemas';

const BAD_EDIT_REQUEST = `Send exactly one of ${AFFIRMATION_FIELDS.join(', ')}.`;
const LIST_CRUMBS = [
  { label: ADMIN_LABEL, href: ADMIN_URL },
  { label: AFFIRMATIONS_TITLE, href: ADMIN_AFFIRMATIONS_URL },
];

/** The affirmation the URL names: 403 for non-admins before anything else, then 404 when there is none. */
async function affirmationOf(request: FastifyRequest): Promise<AffirmationRecord> {
  requirePolicy(request.viewer, canManageAffirmationOptions);
  const params = refParams.safeParse(request.params);
  const affirmation = params.success ? await findAffirmation(request.server.db, params.data.ref) : null;
  if (!affirmation) throw notFound();
  return affirmation;
}

export async function adminAffirmationRoutes(app: FastifyInstance): Promise<void> {
  app.get(ADMIN_AFFIRMATIONS_URL, async (request, reply) => {
    requirePolicy(request.viewer, canManageAffirmationOptions);
    const { page } = listQuery.parse(request.query ?? {});
    const { rows, total } = await listAffirmations(app.db, page, DEFAULT_PAGE_SIZE);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('admin/affirmation/Index', {
      affirmations: { data: rows, links: paginationLinks({ path: ADMIN_AFFIRMATIONS_URL, query: {}, page, perPage: DEFAULT_PAGE_SIZE, total }) },
      can: affirmationOptionCan(request.viewer),
      title: AFFIRMATIONS_TITLE,
      breadcrumbs: LIST_CRUMBS,
    });
  });

  app.post(ADMIN_AFFIRMATIONS_URL, async (request, reply) => {
    requirePolicy(request.viewer, canManageAffirmationOptions);
    const body = createAffirmationBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), ADMIN_AFFIRMATIONS_URL);
    const created = await createAffirmation(app.db, body.data);
    if (!created.ok) return reply.redirectWithErrors({ title: AFFIRMATION_MESSAGES.titleTaken }, ADMIN_AFFIRMATIONS_URL);
    return reply.notify(AFFIRMATION_MESSAGES.created(created.value.title)).redirectBack(ADMIN_AFFIRMATIONS_URL);
  });

  app.get(`${ADMIN_AFFIRMATIONS_URL}/:ref`, async (request, reply) => {
    const { id: _id, ...affirmation } = await affirmationOf(request);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('admin/affirmation/Show', {
      affirmation,
      can: affirmationOptionCan(request.viewer),
      title: affirmation.title,
      breadcrumbs: [...LIST_CRUMBS, { label: affirmation.title, href: adminAffirmationUrl(affirmation.ref) }],
    });
  });

  app.patch(`${ADMIN_AFFIRMATIONS_URL}/:ref`, async (request, reply) => {
    const affirmation = await affirmationOf(request);
    const back = adminAffirmationUrl(affirmation.ref);
    const field = singleField(request.body, oneOf(AFFIRMATION_FIELDS), BAD_EDIT_REQUEST);
    const [name, value] = field;
    const parsed = affirmationFieldSchemas[name].safeParse(value);
    if (!parsed.success) return reply.redirectWithErrors({ [name]: parsed.error.issues[0]!.message }, back);
    const saved = await updateAffirmation(app.db, affirmation.id, name, parsed.data);
    if (!saved.ok) return reply.redirectWithErrors({ title: AFFIRMATION_MESSAGES.titleTaken }, back);
    return reply.notify(AFFIRMATION_MESSAGES.saved).redirectBack(back);
  });

  app.delete(`${ADMIN_AFFIRMATIONS_URL}/:ref`, async (request, reply) => {
    const affirmation = await affirmationOf(request);
    await deleteAffirmation(app.db, affirmation.id);
    reply.notify(AFFIRMATION_MESSAGES.deleted(affirmation.title));
    return reply.redirect(ADMIN_AFFIRMATIONS_URL, 303);
  });
}
