/**
 * Taxonomies and tags: the taxonomy list, one taxonomy with
 * its tag tree, their create, inline edit, delete and drag re-order calls, and the quick-tag matrix of items against a
 * taxonomy's tags (its cells call the item-editing quick tagging routes). Admins only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_TAXONOMIES_TITLE, QUICK_TAG_PER_PAGE, TAXONOMY_MESSAGES, TAXONOMY_TEXTS } from '../../../shared/taxonomies-admin';
import { ADMIN_TAXONOMIES_URL } from '../../../shared/navigation';
import { ROUTES } from '../../../shared/routes';
import { loaded, loads } from '../../access/record-guard';
import { optional } from '../../inertia';
import { paginated } from '../../lib/pagination';
import type { CheckedFieldOf } from '../../lib/single-field';
import { paramsOf, repositionBody } from '../../lib/validation';
import {
  createTag,
  createTaxonomy,
  deleteTag,
  deleteTaxonomy,
  findTagByRef,
  findTagInTaxonomy,
  findTaxonomyByRef,
  listTaxonomies,
  quickTagMatrix,
  repositionTaxonomy,
  tagLabelTaken,
  tagMoveTargets,
  taxonomyDetail,
  taxonomyUsage,
  taxonomyTitleTaken,
  updateTagForceShow,
  updateTagLabel,
  updateTaxonomyField,
  unlessTaken,
  type TagRecord,
} from './queries';
import { createTagBody, createTaxonomyBody, matrixQuery, moveTagBody, TAG_FIELD_RULES, TAXONOMY_FIELD_RULES, type MatrixQuery } from './schemas';
import { moveTag } from './tag-moves';

const ADMIN_CRUMB = { label: 'Admin', href: '/admin' };
const LIST_CRUMB = { label: ADMIN_TAXONOMIES_TITLE, href: ADMIN_TAXONOMIES_URL };

/** The taxonomy or tag the path's ref names: any admin may act on any of them (the admin area's rule). */
const namedTaxonomy = loads('taxonomy', findTaxonomyByRef);
const namedTag = loads('tag', findTagByRef);

export const adminTaxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ADMIN_TAXONOMIES_URL, async (_request, reply) => {
    return reply.inertia('admin/taxonomy/Index', {
      taxonomies: await listTaxonomies(app.db),
      title: ADMIN_TAXONOMIES_TITLE,
      breadcrumbs: [ADMIN_CRUMB, { label: ADMIN_TAXONOMIES_TITLE }],
    });
  });

  app.post(ADMIN_TAXONOMIES_URL, { schema: { body: createTaxonomyBody } }, async (request, reply) => {
    const body = request.body;
    if (await taxonomyTitleTaken(app.db, body.title)) return reply.redirectWithErrors({ title: TAXONOMY_MESSAGES.titleTaken }, ADMIN_TAXONOMIES_URL);
    const created = await unlessTaken(() => createTaxonomy(app.db, body));
    if (created === 'taken') return reply.redirectWithErrors({ title: TAXONOMY_MESSAGES.titleTaken }, ADMIN_TAXONOMIES_URL);
    reply.notify(TAXONOMY_MESSAGES.created(created.title));
    return reply.redirect(ROUTES.adminTaxonomy.path({ ref: created.ref }), 303);
  });

  app.get(ROUTES.adminTaxonomy.pattern, { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomy) } }, async (request, reply) => {
    const taxonomy = loaded(request, namedTaxonomy);
    return reply.inertia('admin/taxonomy/Show', {
      taxonomy: await taxonomyDetail(app.db, taxonomy),
      usage: await taxonomyUsage(app.db, taxonomy.id),
      moveTargets: optional(() => tagMoveTargets(app.db)),
      title: taxonomy.title,
      breadcrumbs: [ADMIN_CRUMB, LIST_CRUMB, { label: taxonomy.title }],
    });
  });

  app.patch(ROUTES.adminTaxonomy.pattern, { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomy) } }, async (request, reply) => {
    const taxonomy = loaded(request, namedTaxonomy);
    const back = ROUTES.adminTaxonomy.path({ ref: taxonomy.ref });
    const field = TAXONOMY_FIELD_RULES.parse(request.body);
    if (!field.ok) return reply.redirectWithErrors(field.errors, back);
    if (field.name === 'title' && (await taxonomyTitleTaken(app.db, field.value, taxonomy.id)))
      return reply.redirectWithErrors({ title: TAXONOMY_MESSAGES.titleTaken }, back);
    if ((await unlessTaken(() => updateTaxonomyField(app.db, taxonomy.id, field.name, field.value))) === 'taken')
      return reply.redirectWithErrors({ title: TAXONOMY_MESSAGES.titleTaken }, back);
    return reply.notify(TAXONOMY_MESSAGES.saved).redirectBack(back);
  });

  app.delete(ROUTES.adminTaxonomy.pattern, { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomy) } }, async (request, reply) => {
    const taxonomy = loaded(request, namedTaxonomy);
    await deleteTaxonomy(app.db, taxonomy.id);
    reply.notify(TAXONOMY_MESSAGES.deleted(taxonomy.title));
    return reply.redirect(ADMIN_TAXONOMIES_URL, 303);
  });

  app.post(
    ROUTES.adminTaxonomyReposition.pattern,
    { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyReposition), body: repositionBody } },
    async (request, reply) => {
      const taxonomy = loaded(request, namedTaxonomy);
      await repositionTaxonomy(app.db, taxonomy.id, request.body.position);
      return reply.redirectBack(ADMIN_TAXONOMIES_URL);
    },
  );

  app.post(
    ROUTES.adminTaxonomyTag.pattern,
    { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyTag), body: createTagBody } },
    async (request, reply) => {
      const taxonomy = loaded(request, namedTaxonomy);
      const back = ROUTES.adminTaxonomy.path({ ref: taxonomy.ref });
      const body = request.body;
      const errors: Record<string, string> = {};
      if (await tagLabelTaken(app.db, taxonomy.id, body.label)) errors.label = TAXONOMY_MESSAGES.labelTaken;
      const parent = body.parent_ref === '' ? null : await findTagInTaxonomy(app.db, taxonomy.id, body.parent_ref);
      if (parent === undefined) errors.parent_ref = TAXONOMY_MESSAGES.parentUnknown;
      if (Object.keys(errors).length > 0) return reply.redirectWithErrors(errors, back);
      const tag = await unlessTaken(() => createTag(app.db, taxonomy.id, body.label, parent?.id ?? null));
      if (tag === 'taken') return reply.redirectWithErrors({ label: TAXONOMY_MESSAGES.labelTaken }, back);
      return reply.notify(TAXONOMY_MESSAGES.tagCreated(tag.label)).redirectBack(back);
    },
  );

  app.patch(ROUTES.adminTag.pattern, { preValidation: namedTag, schema: { params: paramsOf(ROUTES.adminTag) } }, async (request, reply) => {
    const tag = loaded(request, namedTag);
    const back = ROUTES.adminTaxonomy.path({ ref: tag.taxonomyRef });
    const field = TAG_FIELD_RULES.parse(request.body);
    if (!field.ok) return reply.redirectWithErrors(field.errors, back);
    const error = await saveTagField(app, tag, field);
    if (error) return reply.redirectWithErrors({ [field.name]: error }, back);
    return reply.notify(TAXONOMY_MESSAGES.saved).redirectBack(back);
  });

  app.delete(ROUTES.adminTag.pattern, { preValidation: namedTag, schema: { params: paramsOf(ROUTES.adminTag) } }, async (request, reply) => {
    const tag = loaded(request, namedTag);
    const back = ROUTES.adminTaxonomy.path({ ref: tag.taxonomyRef });
    if ((await deleteTag(app.db, tag, tag.taxonomyRequired)) === 'refused')
      return reply.redirectWithErrors({ tag: TAXONOMY_MESSAGES.lastRequiredTag(tag.taxonomyTitle) }, back);
    return reply.notify(TAXONOMY_MESSAGES.tagDeleted(tag.label)).redirectBack(back);
  });

  app.post(
    ROUTES.adminTagReposition.pattern,
    { preValidation: namedTag, schema: { params: paramsOf(ROUTES.adminTagReposition), body: repositionBody } },
    async (request, reply) => {
      const tag = loaded(request, namedTag);
      await moveTag(app.db, tag.id, null, request.body.position);
      return reply.redirectBack(ROUTES.adminTaxonomy.path({ ref: tag.taxonomyRef }));
    },
  );

  app.post(
    ROUTES.adminTagMove.pattern,
    { preValidation: namedTag, schema: { params: paramsOf(ROUTES.adminTagMove), body: moveTagBody } },
    async (request, reply) => {
      const tag = loaded(request, namedTag);
      const back = ROUTES.adminTaxonomy.path({ ref: tag.taxonomyRef });
      const { taxonomy_ref, parent_ref, position } = request.body;
      const taxonomy = await findTaxonomyByRef(app.db, taxonomy_ref);
      if (!taxonomy) return reply.redirectWithErrors({ taxonomy_ref: TAXONOMY_MESSAGES.taxonomyUnknown }, back);
      const refused = await moveTag(app.db, tag.id, { taxonomyId: taxonomy.id, parentRef: parent_ref }, position ?? null);
      if (refused) return reply.redirectWithErrors({ [refused.field]: refused.message }, back);
      return reply.notify(TAXONOMY_MESSAGES.tagMoved(tag.label, taxonomy.title)).redirectBack(back);
    },
  );

  app.get(
    ROUTES.adminTaxonomyItems.pattern,
    { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyItems), querystring: matrixQuery } },
    async (request, reply) => quickTagPage(request, reply, request.query, false),
  );
  app.get(
    ROUTES.adminTaxonomyAllItems.pattern,
    { preValidation: namedTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyAllItems), querystring: matrixQuery } },
    async (request, reply) => quickTagPage(request, reply, request.query, true),
  );
};

/** Saves one tag field; a message for the field when the value is refused. */
async function saveTagField(app: FastifyInstance, tag: TagRecord, field: CheckedFieldOf<typeof TAG_FIELD_RULES>): Promise<string | null> {
  if (field.name === 'force_show_in_filtering') {
    await updateTagForceShow(app.db, tag.id, field.value);
    return null;
  }
  if (field.name === 'label') {
    if (await tagLabelTaken(app.db, tag.taxonomyId, field.value, tag.id)) return TAXONOMY_MESSAGES.labelTaken;
    const saved = await unlessTaken(() => updateTagLabel(app.db, tag.id, field.value));
    return saved === 'taken' ? TAXONOMY_MESSAGES.labelTaken : null;
  }
  // A new parent puts the tag last among its children; the same parent leaves it where it is.
  const refused = await moveTag(app.db, tag.id, { taxonomyId: tag.taxonomyId, parentRef: field.value }, null);
  return refused?.message ?? null;
}

/** The quick-tag matrix: items without a tag in the taxonomy (/item), or all items (/item/all), a page at a time. */
async function quickTagPage(request: FastifyRequest, reply: FastifyReply, { page, search }: MatrixQuery, all: boolean) {
  const db = request.server.db;
  const taxonomy = loaded(request, namedTaxonomy);
  const { rows, total } = await quickTagMatrix(db, { taxonomyId: taxonomy.id, untaggedOnly: !all, search, page, perPage: QUICK_TAG_PER_PAGE });
  const path = (all ? ROUTES.adminTaxonomyAllItems : ROUTES.adminTaxonomyItems).path({ ref: taxonomy.ref });
  const heading = all ? TAXONOMY_TEXTS.quickTagAll : TAXONOMY_TEXTS.quickTagUntagged;
  return reply.inertia('admin/taxonomy/Items', {
    // Lazy: a cell click reloads only the matrix, not the tags.
    taxonomy: async () => taxonomyDetail(db, taxonomy),
    matrix: paginated(rows, { path, query: search ? { search } : {}, page, perPage: QUICK_TAG_PER_PAGE, total }),
    total,
    all,
    filters: { search },
    title: `${taxonomy.title}: ${heading}`,
    breadcrumbs: [ADMIN_CRUMB, LIST_CRUMB, { label: taxonomy.title, href: ROUTES.adminTaxonomy.path({ ref: taxonomy.ref }) }, { label: heading }],
  });
}
