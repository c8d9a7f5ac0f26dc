/**
 * The read-only JSON API (`/api/v1/…`): items (the index's own list and search), one item as its page opens it,
 * collections, tags and taxonomies, each for `request.viewer` (a visitor, or a personal access token's owner) with the
 * pages' own queries and rules; its OpenAPI document (`/api/openapi.json`) and reference page (`/api`). Its refusals
 * are problem details (features/errors/problem.ts), and the global rate limit counts its requests.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { API_REFERENCE_PATH, API_TEXTS, API_V1_PATHS, OPENAPI_PATH } from '../../../shared/api';
import { ROUTES } from '../../../shared/routes';
import { publicBecause } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { isSignedIn } from '../../access/policy';
import { findItemRecord, OPENS_ITEM } from '../../items';
import { paramsOf } from '../../lib/validation';
import { collectionEntries, findCollectionByRef, mayOpenCollection } from '../collections';
import { itemIndexPage, requestTagCatalogue } from '../discovery';
import { refuseInput } from '../errors';
import { loadItemParts } from '../items';
import { collectionCursor, collectionKeyOf } from './cursor';
import { OPERATION_TAGS, openApiDocument, problemResponse, registerOpenApi } from './openapi';
import { apiItemOf, apiItemSummaryOf, apiTagsOf, apiTaxonomiesOf, collectionLinks, siteUrlOf } from './present';
import { cardsByRef, readableCollectionsPage } from './queries';
import { apiReferencePage } from './reference';
import { API_MESSAGES, apiCollection, apiItem, collectionsList, itemsList, itemsQuery, pageQuery, refParam, tagsList, taxonomiesList } from './schemas';

/** The lists answer what the viewer may read, by the pages' own queries and the policy's conditions. */
const listedForTheViewer = publicBecause('lists only what the viewer may read, by the pages’ own queries');
const aboutTheApi = publicBecause('describes the API, the same for everyone');

const openedItem = loads('item', findItemRecord, OPENS_ITEM);
const openedCollection = loads('collection', findCollectionByRef, { opens: mayOpenCollection });

const refused = {
  401: problemResponse('The token is unknown, revoked or expired (without a token, the API answers as to a visitor).'),
  403: problemResponse('Not yours to read: without a token, one may help.'),
  404: problemResponse('No such record, or the ref names nothing.'),
  410: problemResponse('Expired: no longer available to you.'),
  422: problemResponse('Invalid parameters: errors says what, by parameter.'),
  429: problemResponse('Too many requests: wait a minute.'),
};

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers are checked against their schemas as they are sent: nothing outside them leaves.
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  const site = siteUrlOf(app.config.APP_URL);

  app.get(
    API_V1_PATHS.items,
    {
      preValidation: listedForTheViewer,
      schema: {
        operationId: 'listItems',
        tags: [OPERATION_TAGS.items],
        summary: 'Items you may find',
        description:
          'The item index: the items you may list, in title order, or best matches first with `search`; `tags` narrows them as the index’s filters do. A search answers at most its best 1,000 matches.',
        querystring: itemsQuery,
        response: { 200: itemsList, 401: refused[401], 422: refused[422], 429: refused[429] },
      },
    },
    async (request, reply) => {
      const { search = '', tags = [], cursor, limit } = request.query;
      const catalogue = await requestTagCatalogue(request);
      // A tag the viewer may not see is no tag to them, as the index reads it.
      const unknown = tags.filter((ref) => catalogue.tag(ref) === undefined);
      if (unknown.length > 0) return refuseInput(request, reply, { tags: API_MESSAGES.unknownTags(unknown) });
      const page = await itemIndexPage(request, catalogue, { search, tags: catalogue.selection(tags) }, limit, cursor ?? null);
      if (!page) return refuseInput(request, reply, { cursor: API_MESSAGES.cursor });
      return { data: page.summaries.map((card) => apiItemSummaryOf(card, site)), next_cursor: page.next };
    },
  );

  app.get(
    ROUTES.apiItem.pattern,
    {
      preValidation: openedItem,
      schema: {
        operationId: 'getItem',
        tags: [OPERATION_TAGS.items],
        summary: 'One item',
        description: 'An item you may open, with its tags, characteristics and files (what they are, not their bytes): what its page shows you.',
        params: paramsOf(ROUTES.apiItem, { ref: refParam('item') }),
        response: { 200: apiItem, 401: refused[401], 403: refused[403], 404: refused[404], 410: refused[410], 429: refused[429] },
      },
    },
    async (request) => {
      const record = loaded(request, openedItem);
      const { item } = await loadItemParts(app.db, request.viewer, record, ['item']);
      return apiItemOf(item, record.updatedAt, site);
    },
  );

  app.get(
    API_V1_PATHS.collections,
    {
      preValidation: listedForTheViewer,
      schema: {
        operationId: 'listCollections',
        tags: [OPERATION_TAGS.collections],
        summary: 'Collections you may open',
        description: 'Public collections, your own and those shared with you, in title order.',
        querystring: pageQuery,
        response: { 200: collectionsList, 401: refused[401], 422: refused[422], 429: refused[429] },
      },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const after = cursor === undefined ? null : collectionKeyOf(cursor);
      if (cursor !== undefined && after === null) return refuseInput(request, reply, { cursor: API_MESSAGES.cursor });
      const viewer = request.viewer;
      const page = await readableCollectionsPage(app.db, viewer, limit, after);
      return {
        data: page.collections.map((collection) => ({
          ref: collection.ref,
          title: collection.title,
          description: collection.description,
          public: collection.public,
          owner_name: collection.ownerName,
          owned_by_you: isSignedIn(viewer) && collection.userId === viewer.id,
          item_count: collection.itemCount,
          ...collectionLinks(collection.ref, site),
        })),
        next_cursor: page.next === null ? null : collectionCursor(page.next),
      };
    },
  );

  app.get(
    ROUTES.apiCollection.pattern,
    {
      preValidation: openedCollection,
      schema: {
        operationId: 'getCollection',
        tags: [OPERATION_TAGS.collections],
        summary: 'One collection',
        description: 'A collection you may open, with the items in it that you may open; the others are left out, as its page locks them.',
        params: paramsOf(ROUTES.apiCollection, { ref: refParam('collection') }),
        response: { 200: apiCollection, 401: refused[401], 403: refused[403], 404: refused[404], 429: refused[429] },
      },
    },
    async (request) => {
      const viewer = request.viewer;
      const collection = loaded(request, openedCollection);
      const now = new Date();
      const openable = (await collectionEntries(app.db, viewer, collection.id, now)).filter((entry) => entry.openable);
      const cards = await cardsByRef(
        app.db,
        openable.map((entry) => entry.itemRef),
        now,
      );
      const entries = openable.flatMap((entry) => {
        const card = cards.get(entry.itemRef);
        return card ? [{ section: entry.section, note: entry.note, item: apiItemSummaryOf(card, site) }] : [];
      });
      return {
        ref: collection.ref,
        title: collection.title,
        description: collection.description,
        public: collection.public,
        owner_name: collection.ownerDisplayName,
        owned_by_you: isSignedIn(viewer) && collection.userId === viewer.id,
        item_count: entries.length,
        ...collectionLinks(collection.ref, site),
        entries,
      };
    },
  );

  app.get(
    API_V1_PATHS.tags,
    {
      preValidation: listedForTheViewer,
      schema: {
        operationId: 'listTags',
        tags: [OPERATION_TAGS.tags],
        summary: 'Tags',
        description: 'Every tag of the taxonomies you may see, with its taxonomy: the refs `tags` filters items by.',
        response: { 200: tagsList, 401: refused[401], 429: refused[429] },
      },
    },
    async (request) => ({ data: apiTagsOf(await requestTagCatalogue(request)) }),
  );

  app.get(
    API_V1_PATHS.taxonomies,
    {
      preValidation: listedForTheViewer,
      schema: {
        operationId: 'listTaxonomies',
        tags: [OPERATION_TAGS.tags],
        summary: 'Taxonomies',
        description: 'The taxonomies you may see, in their order, each with its tags as a tree (parents first).',
        response: { 200: taxonomiesList, 401: refused[401], 429: refused[429] },
      },
    },
    async (request) => ({ data: apiTaxonomiesOf(await requestTagCatalogue(request)) }),
  );

  app.get(OPENAPI_PATH, { preValidation: aboutTheApi }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(openApiDocument(app)));

  app.get(API_REFERENCE_PATH, { preValidation: aboutTheApi }, async (_request, reply) =>
    reply.inertia('api/Index', {
      reference: apiReferencePage(openApiDocument(app), app.config.APP_URL, 'prayer'),
      title: API_TEXTS.title,
      breadcrumbs: [{ label: API_TEXTS.title }],
    }),
  );
};
