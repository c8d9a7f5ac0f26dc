import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { baseCan, isSignedIn } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { createItem } from './create-item';
import { assertCanViewListing, renderItemIndex } from './index-page';
import { typeAheadJson } from './queries';
import { fieldErrors, isTypeAheadRequest, NEW_ITEM_MESSAGES, newItemSchema, tagParamsSchema, taxonomyField, typeAheadQuerySchema } from './schemas';
import { cachedReadsFor } from './library-cache';
import { loadTagCatalogue, requestTagCatalogue, type TagCatalogue } from './tag-catalogue';

/** Type-ahead requests per minute per address (they come with every pause in typing). */
export const TYPE_AHEAD_PER_MINUTE = 60;

/** Item index, tag pages, search, type-ahead, the special listings and the New Item form (member-library §2, §7). */
export const discoveryRoutes: FastifyPluginAsync = async (app) => {
  const typeAheadRateLimit = {
    timeWindow: '1 minute',
    // Type-ahead and page visits count separately, so scrolling a long list never blocks the search box.
    keyGenerator: (request: FastifyRequest) => `${request.ip}:${isTypeAheadRequest(request.query) ? 'type-ahead' : 'index'}`,
    max: (request: FastifyRequest) => (isTypeAheadRequest(request.query) ? TYPE_AHEAD_PER_MINUTE : app.config.RATE_LIMIT_MAX),
  };

  app.get('/item', { config: { rateLimit: typeAheadRateLimit } }, async (request, reply) => {
    if (!isTypeAheadRequest(request.query)) return renderItemIndex(request, reply, 'all');
    const parsed = typeAheadQuerySchema.safeParse(request.query);
    reply.header('Cache-Control', 'private, no-store');
    if (!parsed.success) return reply.code(422).send({ errors: fieldErrors(parsed.error) });
    const json = await typeAheadJson(app.db, request.viewer, parsed.data.search, await cachedReadsFor(request));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/tag/:label', async (request, reply) => {
    const params = tagParamsSchema.safeParse(request.params);
    if (!params.success) throw notFound();
    const catalogue = await requestTagCatalogue(request);
    const tag = catalogue.tagByLabel(params.data.label);
    if (!tag) throw notFound();
    return renderItemIndex(request, reply, 'tag', tag);
  });

  app.get('/popular', async (request, reply) => renderItemIndex(request, reply, 'popular'));

  for (const listing of ['draft', 'unpublished', 'unlisted'] as const) {
    app.get(`/${listing}`, async (request, reply) => {
      assertCanViewListing(request, listing);
      return renderItemIndex(request, reply, listing);
    });
  }

  app.post('/i', async (request, reply) => {
    const viewer = request.viewer;
    if (!isSignedIn(viewer) || !baseCan(viewer).create) throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
    const catalogue = await loadTagCatalogue(app.db, viewer);
    const parsed = parseNewItem(catalogue, request.body);
    if (!parsed.success) return reply.redirectWithErrors(parsed.errors, '/item');
    const ref = await createItem(app.db, viewer, parsed.item);
    reply.notify(NEW_ITEM_MESSAGES.created);
    return reply.redirect(`/i/${ref}`, 303);
  });
};

type NewItemParse =
  | { success: true; item: { title: string; topic: string; tagIds: number[] } }
  | { success: false; errors: Record<string, string> };

/** Validates the New Item form against the required taxonomies the viewer can see. */
function parseNewItem(catalogue: TagCatalogue, body: unknown): NewItemParse {
  const required = catalogue.taxonomies.filter((taxonomy) => taxonomy.required);
  const choices = required.map((taxonomy) => ({ ref: taxonomy.ref, title: taxonomy.title, tagRefs: new Set(taxonomy.tags.map((tag) => tag.ref)) }));
  const parsed = newItemSchema(choices).safeParse(body ?? {});
  if (!parsed.success) return { success: false, errors: fieldErrors(parsed.error) };
  const values: Record<string, unknown> = parsed.data;
  const tagIds = required.map((taxonomy) => catalogue.tag(String(values[taxonomyField(taxonomy.ref)]))!.id);
  return { success: true, item: { title: parsed.data.title, topic: parsed.data.topic, tagIds } };
}
