/**
 * Embeds for other sites (docs/decisions/sharing.md "Embeds"): `GET /oembed`, the oEmbed answer for the address of
 * an item or a collection, and the cards its frame shows, `GET /embed/i/{ref}` and `GET /embed/collection/{ref}`. Only
 * what a visitor may open (the link previews' rule, `canPreviewItem` and `canPreviewCollection`), answered as a visitor
 * whoever asks (visitor-only.ts), so the answers are public and cached; anything else is the same 404, whether it is
 * restricted, expired or unknown.
 */
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMBED_CACHE_SECONDS, EMBED_TEXTS, OEMBED_FORMAT, OEMBED_URL } from '../../../shared/embeds';
import { ROUTES } from '../../../shared/routes';
import { publicBecause } from '../../access/guards';
import { canPreviewCollection, canPreviewItem } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-errors';
import { paramsOf, wholeNumber } from '../../lib/validation';
import { findItemRecord } from '../../items';
import { findCollectionByRef } from '../collections';
import { cardDocument, HTML, notAvailableDocument, type EmbedCard, type Site } from './cards';
import { embeddedPageOf, oembedAnswer, type EmbeddedPage } from './oembed';
import { collectionCard, itemCard } from './queries';
import { EMBED_ROUTE, OEMBED_ROUTE } from './visitor-only';

const PUBLIC_CACHE = `public, max-age=${EMBED_CACHE_SECONDS}`;

/** Whatever refuses a card, the answer is the same 404: nothing tells a restricted record from a missing one. */
const OPEN_TO_VISITORS = { refusal: () => notFound(), rule: 'what a visitor may open, whoever asks (404 otherwise)' } as const;
const embeddedItem = loads('item', findItemRecord, { ...OPEN_TO_VISITORS, opens: (_viewer, item) => canPreviewItem(item) });
const embeddedCollection = loads('collection', findCollectionByRef, { ...OPEN_TO_VISITORS, opens: (_viewer, collection) => canPreviewCollection(collection) });

const forOtherSites = publicBecause('answers only for what a visitor may open, as a visitor, whoever asks');

const frameDimension = wholeNumber(1, 10_000).optional();
const oembedQuery = z.object({
  // Any text: an address that names nothing embeddable is the same 404 as a restricted page.
  url: z.string().optional(),
  // oEmbed's two formats: XML is answered 501, as the specification says; any other word is no format (400).
  format: z.enum([OEMBED_FORMAT, 'xml']).optional(),
  maxwidth: frameDimension,
  maxheight: frameDimension,
});

/** The card of the page an address names, when a visitor may open it now; null for anything else. */
async function embeddableCard(db: Database, page: EmbeddedPage | null, now: Date): Promise<EmbedCard | null> {
  if (page?.kind === 'item') {
    const item = await findItemRecord(db, page.ref);
    return item && canPreviewItem(item, now) ? itemCard(db, item) : null;
  }
  if (page?.kind === 'collection') {
    const collection = await findCollectionByRef(db, page.ref);
    return collection && canPreviewCollection(collection) ? collectionCard(db, collection, now) : null;
  }
  return null;
}

/** A ref the params schema refuses, or a record the guard did not find or let through. */
const namesNothingEmbeddable = (error: FastifyError) => error.validationContext === 'params' || (error instanceof HttpError && error.statusCode === 404);

export const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  const site: Site = { appName: app.config.APP_NAME, appUrl: app.config.APP_URL };

  // The cards' 404 is a card too, not the app's page; every other error goes on to the app's error pages.
  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    if (!namesNothingEmbeddable(error)) throw error;
    return reply.code(404).type(HTML).send(notAvailableDocument(site));
  });

  // Programs ask from anywhere, browsers' scripts included, and nothing in the answer is personal.
  const oembedReply = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');

  app.get(OEMBED_URL, { preValidation: forOtherSites, config: OEMBED_ROUTE, schema: { querystring: oembedQuery } }, async (request, reply) => {
    const { url, format = OEMBED_FORMAT, maxwidth, maxheight } = request.query;
    if (format !== OEMBED_FORMAT) return oembedReply(reply).code(501).send({ error: EMBED_TEXTS.oembedFormat });
    const card = await embeddableCard(app.db, url === undefined ? null : embeddedPageOf(url, site.appUrl), new Date());
    if (!card) return oembedReply(reply).code(404).send({ error: EMBED_TEXTS.oembedNotFound });
    return oembedReply(reply)
      .header('cache-control', PUBLIC_CACHE)
      .send(oembedAnswer(card, { maxwidth, maxheight }, site));
  });

  const sendCard = (reply: FastifyReply, card: EmbedCard) => reply.type(HTML).header('cache-control', PUBLIC_CACHE).send(cardDocument(card, site));

  app.get(
    ROUTES.embedItem.pattern,
    { preValidation: embeddedItem, config: EMBED_ROUTE, schema: { params: paramsOf(ROUTES.embedItem) } },
    async (request, reply) => sendCard(reply, await itemCard(app.db, loaded(request, embeddedItem))),
  );

  app.get(
    ROUTES.embedCollection.pattern,
    { preValidation: embeddedCollection, config: EMBED_ROUTE, schema: { params: paramsOf(ROUTES.embedCollection) } },
    async (request, reply) => sendCard(reply, await collectionCard(app.db, loaded(request, embeddedCollection), new Date())),
  );
};
