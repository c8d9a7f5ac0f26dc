import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/routes';
import { allowedBy, publicBecause, signedInViewer } from '../../access/guards';
import { baseCan, canViewItemListing, type Viewer } from '../../access/policy';
import { notFound } from '../../lib/http-errors';
import { paramsOf, tagLabel } from '../../lib/validation';
import { createItem, type NewItem } from './create-item';
import { renderItemIndex } from './index-page';
import { typeAheadJson } from './queries';
import { indexQuery, isTypeAheadRequest, itemQuery, NEW_ITEM_MESSAGES, newItemBody, taxonomyField, type NewItemForm } from './schemas';
import { cachedReadsFor } from './library-cache';
import { loadTagCatalogue, requestTagCatalogue, type TagCatalogue } from './tag-catalogue';
import { redirectedTagPath } from './tag-redirects';
import { requesterKey } from '../../web/rate-limit';

const mayCreateItems = (viewer: Viewer) => baseCan(viewer).create;

/** Item index, tag pages, search, type-ahead, the special listings and the New Item form. */
/** The library's lists are for anyone: each lists only what the viewer may see, by the policy's SQL conditions. */
const listedForTheViewer = publicBecause('lists only what the viewer may see');

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const typeAheadRateLimit = {
    timeWindow: '1 minute',
    // Type-ahead (one request per pause in typing) and page visits count separately, so browsing never blocks the search box.
    keyGenerator: (request: FastifyRequest) => `${requesterKey(request)}:${isTypeAheadRequest(request.query) ? 'type-ahead' : 'index'}`,
    max: (request: FastifyRequest) => (isTypeAheadRequest(request.query) ? app.config.RATE_LIMIT_TYPEAHEAD_MAX : app.config.RATE_LIMIT_MAX),
  };

  app.get(
    '/item',
    { preValidation: listedForTheViewer, config: { rateLimit: typeAheadRateLimit }, schema: { querystring: itemQuery } },
    async (request, reply) => {
      const query = request.query;
      if (!query.typeAhead) return renderItemIndex(request, reply, 'all', query);
      const json = await typeAheadJson(app.db, request.viewer, query.search, await cachedReadsFor(request));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    ROUTES.tag.pattern,
    { preValidation: listedForTheViewer, schema: { params: paramsOf(ROUTES.tag, { label: tagLabel }), querystring: indexQuery } },
    async (request, reply) => {
      const catalogue = await requestTagCatalogue(request);
      const tag = catalogue.tagByLabel(request.params.label);
      if (tag) return renderItemIndex(request, reply, 'tag', request.query, tag);
      // A merged tag's label leads to the tag it was merged into, with the same query (tag-redirects.ts).
      const redirected = await redirectedTagPath(app.db, catalogue, request.params.label);
      if (!redirected) throw notFound();
      const query = request.url.indexOf('?');
      return reply.redirect(query === -1 ? redirected : redirected + request.url.slice(query), 301);
    },
  );

  app.get('/popular', { preValidation: listedForTheViewer, schema: { querystring: indexQuery } }, async (request, reply) =>
    renderItemIndex(request, reply, 'popular', request.query),
  );

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
    return reply.redirect(ROUTES.item.path({ ref }), 303);
  });
};

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
