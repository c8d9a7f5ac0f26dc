import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedBy, signedInViewer } from '../../access/guards';
import { baseCan, canViewItemListing, type Viewer } from '../../access/policy';
import { notFound } from '../../lib/http-errors';
import { createItem, type NewItem } from './create-item';
import { renderItemIndex } from './index-page';
import { typeAheadJson } from './queries';
import { indexQuery, isTypeAheadRequest, itemQuery, NEW_ITEM_MESSAGES, newItemBody, tagParams, taxonomyField, type NewItemForm } from './schemas';
import { cachedReadsFor } from './library-cache';
import { loadTagCatalogue, requestTagCatalogue, type TagCatalogue } from './tag-catalogue';

/** Type-ahead requests per minute per address (they come with every pause in typing). */
export const TYPE_AHEAD_PER_MINUTE = 60;

const mayCreateItems = (viewer: Viewer) => baseCan(viewer).create;

/** Item index, tag pages, search, type-ahead, the special listings and the New Item form (member-library §2, §7). */
export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const typeAheadRateLimit = {
    timeWindow: '1 minute',
    // Type-ahead and page visits count separately, so scrolling a long list never blocks the search box.
    keyGenerator: (request: FastifyRequest) => `${request.ip}:${isTypeAheadRequest(request.query) ? 'type-ahead' : 'index'}`,
    max: (request: FastifyRequest) => (isTypeAheadRequest(request.query) ? TYPE_AHEAD_PER_MINUTE : app.config.RATE_LIMIT_MAX),
  };

  app.get('/item', { config: { rateLimit: typeAheadRateLimit }, schema: { querystring: itemQuery }, errorHandler: refuseTypeAheadWithReasons }, async (request, reply) => {
    const query = request.query;
    if (!query.typeAhead) return renderItemIndex(request, reply, 'all', query);
    const json = await typeAheadJson(app.db, request.viewer, query.search, await cachedReadsFor(request));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/tag/:label', { schema: { params: tagParams, querystring: indexQuery } }, async (request, reply) => {
    const catalogue = await requestTagCatalogue(request);
    const tag = catalogue.tagByLabel(request.params.label);
    if (!tag) throw notFound();
    return renderItemIndex(request, reply, 'tag', request.query, tag);
  });

  app.get('/popular', { schema: { querystring: indexQuery } }, async (request, reply) => renderItemIndex(request, reply, 'popular', request.query));

  for (const listing of ['draft', 'unpublished', 'unlisted'] as const) {
    const mayViewListing = (viewer: Viewer) => canViewItemListing(viewer, listing);
    app.get(`/${listing}`, { preValidation: allowedBy(mayViewListing), schema: { querystring: indexQuery } }, async (request, reply) =>
      renderItemIndex(request, reply, listing, request.query),
    );
  }

  app.post('/i', { preValidation: allowedBy(mayCreateItems), schema: { body: newItemBody } }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const catalogue = await loadTagCatalogue(app.db, viewer);
    const newItem = newItemFrom(catalogue, request.body);
    if (!newItem.ok) return reply.redirectWithErrors(newItem.errors, '/item');
    const ref = await createItem(app.db, viewer, newItem.item);
    reply.notify(NEW_ITEM_MESSAGES.created);
    return reply.redirect(`/i/${ref}`, 303);
  });
};

/**
 * Route option of /item: the type-ahead is a JSON API that says what is wrong with its search (422, `errors` by
 * field); any other error there is answered as everywhere else (features/errors).
 */
function refuseTypeAheadWithReasons(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.validationContext !== 'querystring' || !isTypeAheadRequest(request.query)) throw error;
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) errors[issue.instancePath.split('/')[1] || 'form'] ??= issue.message ?? error.message;
  reply.code(422).send({ errors });
}

/**
 * The New Item form's rules that depend on the library: a tag of each required taxonomy the viewer can see, checked
 * with the title's presence so that every missing field is reported at once.
 */
function newItemFrom(catalogue: TagCatalogue, form: NewItemForm): { ok: true; item: NewItem } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (form.title === '') errors.title = NEW_ITEM_MESSAGES.titleRequired;
  const tagIds: number[] = [];
  for (const taxonomy of catalogue.taxonomies.filter((candidate) => candidate.required)) {
    const field = taxonomyField(taxonomy.ref);
    const chosen = taxonomy.tags.find((tag) => tag.ref === form[field]);
    if (chosen) tagIds.push(chosen.id);
    else errors[field] = NEW_ITEM_MESSAGES.choose(taxonomy.title);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, item: { title: form.title, topic: form.topic, tagIds } };
}
