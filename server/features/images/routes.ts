import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_MESSAGES } from '../../../shared/messages';
import type { StockImageResult } from '../../../shared/items';
import { ROUTES } from '../../../shared/routes';
import { allowedForJson, publicBecause, signedIn } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { mayOpenItem } from '../../items';
import { canEditItem, canPreviewItem, canSearchStockImages, type ItemAccessFacts } from '../../access/policy';
import { notFound } from '../../lib/http-errors';
import { newRef } from '../../lib/ref';
import { paramsOf } from '../../lib/validation';
import { refuseInput } from '../errors';
import { contentTypeOf, type ImageExtension } from './processing';
import { appendItemImages, deleteItemImage, findImageWithItem, findItemForImages, type ItemImageRow } from './queries';
import { externalImageBody, parseStockStorageKey, STOCK_SEARCH_MESSAGE, stockId, stockIdFrom, stockSearchQuery, stockStorageKey } from './schemas';
import { removeImageFiles } from './file-cleanup';
import { imagesDirIn, largeKeyOf, localImageStore, type ImageStore } from './storage';
import { stockLibrary, stockUrls, type StockLibrary, type StockVariant } from './stock/library';
import { addUploadedImages, multipartOptions, prepareAll, receiveImageFiles } from './uploads';
import { perMinute } from '../../web/rate-limit';

export interface ImageRoutesOptions {
  /** Where uploaded files and cached stock renders live; defaults to DATA_DIR/images. */
  store?: ImageStore;
}

/** Item images are access-controlled, so only the viewer's own browser may keep them, and not for long. */
const ITEM_IMAGE_CACHE = 'private, max-age=3600';
/** Stock images are the same for everyone; a day lets a replaced picture show up again. */
const STOCK_IMAGE_CACHE = 'public, max-age=86400';

const NOTICES = {
  unknownStockImage: 'Please select one of the stock images',
  added: (count: number) => (count === 1 ? 'Image added' : `${count} images added`),
  removed: 'Image removed',
};

/**
 * Item images: upload, stock search and pick, removal, and serving every
 * image only to viewers who may open its item.
 */
export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, options) => {
  const imagesDir = imagesDirIn(app.config.DATA_DIR);
  const store = options.store ?? localImageStore(imagesDir);
  const stock = stockLibrary(path.join(imagesDir, 'stock'), store);
  // Registered here, not app-wide, so only these routes accept multipart bodies.
  await app.register(multipart, multipartOptions(app.config.IMAGE_MAX_BYTES));

  const uploadRateLimit = perMinute(app.config.RATE_LIMIT_UPLOAD_MAX);

  app.post(
    ROUTES.itemImageUpload.pattern,
    { config: { rateLimit: uploadRateLimit }, preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemImageUpload) } },
    async (request, reply) => {
      const item = loaded(request, editedItem);
      const back = ROUTES.item.path({ ref: item.ref });
      if (!request.isMultipart()) return reply.redirectWithErrors({ image: IMAGE_MESSAGES.nothingChosen }, back);
      const received = await receiveImageFiles(request, app.config.IMAGE_MAX_BYTES);
      if (!received.ok) return reply.redirectWithErrors({ imageUpload: received.message }, back);
      if (received.value.length === 0) return reply.redirectWithErrors({ image: IMAGE_MESSAGES.nothingChosen }, back);
      const prepared = await prepareAll(received.value);
      if (!prepared.ok) return reply.redirectWithErrors({ imageUpload: prepared.message }, back);
      await addUploadedImages(app.db, store, item.id, prepared.value);
      return reply.notify(NOTICES.added(prepared.value.length)).redirectBack(back);
    },
  );

  app.post(
    ROUTES.itemImageExternal.pattern,
    { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemImageExternal), body: externalImageBody } },
    async (request, reply) => {
      const item = loaded(request, editedItem);
      const back = ROUTES.item.path({ ref: item.ref });
      const chosen = request.body.image;
      if (!chosen) return reply.redirectWithErrors({ image: IMAGE_MESSAGES.nothingChosen }, back);
      const id = stockIdFrom(chosen);
      const stockImage = id ? await stock.find(id) : null;
      if (!stockImage) return reply.redirectWithErrors({ image: NOTICES.unknownStockImage }, back);
      const storageKey = stockStorageKey(stockImage.id, stockImage.extension);
      await appendItemImages(app.db, item.id, [{ ref: newRef(), extension: stockImage.extension, source: 'stock', storageKey }]);
      return reply.notify(NOTICES.added(1)).redirectBack(back);
    },
  );

  app.delete(ROUTES.image.pattern, { preValidation: [signedIn, removedImage], schema: { params: paramsOf(ROUTES.image) } }, async (request, reply) => {
    const found = loaded(request, removedImage);
    await deleteItemImage(app.db, found.image.id);
    await removeImageFiles(store, [found.image], request.log);
    return reply.notify(NOTICES.removed).redirectBack(ROUTES.item.path({ ref: found.item.ref }));
  });

  app.get('/image/search', { preValidation: maySearchStockImages, schema: { querystring: stockSearchQuery } }, async (request, reply) => {
    const { q } = request.query;
    if (q === null) return refuseInput(request, reply, { q: STOCK_SEARCH_MESSAGE });
    const results: StockImageResult[] = (await stock.search(q)).map((image) => ({ id: image.id, ...stockUrls(image.id) }));
    return results;
  });

  const stockPicture = publicBecause('a stock picture, the same for everyone');
  app.get(
    ROUTES.stockImage.pattern,
    { preValidation: stockPicture, schema: { params: paramsOf(ROUTES.stockImage, { id: stockId }) } },
    async (request, reply) => serveStock(reply, stock, request.params.id, 'full'),
  );
  app.get(
    ROUTES.stockImagePreview.pattern,
    { preValidation: stockPicture, schema: { params: paramsOf(ROUTES.stockImagePreview, { id: stockId }) } },
    async (request, reply) => serveStock(reply, stock, request.params.id, 'preview'),
  );

  app.get(ROUTES.image.pattern, { preValidation: openedImage, schema: { params: paramsOf(ROUTES.image) } }, async (request, reply) => {
    const { image, item } = loaded(request, openedImage);
    return serveItemImage(otherSitesMayShow(reply, item), stock, store, image, 'full');
  });
  app.get(ROUTES.imageLarge.pattern, { preValidation: openedImage, schema: { params: paramsOf(ROUTES.imageLarge) } }, async (request, reply) => {
    const { image, item } = loaded(request, openedImage);
    return serveItemImage(otherSitesMayShow(reply, item), stock, store, image, 'large');
  });
};

/** The stock search is a JSON endpoint: anonymous visitors get 401 with a message rather than the 403 page. */
const maySearchStockImages = allowedForJson(canSearchStockImages, { signIn: 'Sign in to search stock images.' });

/** The item whose pictures the viewer edits. */
const editedItem = loads('item', findItemForImages, { may: canEditItem });

/** A picture to remove, of an item the viewer edits. */
const removedImage = loads('image', findImageWithItem, { may: (viewer, found) => canEditItem(viewer, found.item), rule: 'canEditItem of its item' });

/**
 * A picture is served only to viewers who may open its item, answering as the item's page does (403, 410), so it
 * never tells anyone more, or less, than that page.
 */
const openedImage = loads('image', findImageWithItem, {
  opens: (viewer, found, request) => mayOpenItem(viewer, found.item, request),
  goneDetail: (found) => found.item.expiresNote,
  rule: 'mayOpenItem of its item',
});

/**
 * A picture of an item a visitor may open may be shown by other sites: by an embedded card, whose frame WordPress
 * sandboxes without an origin of its own, and as an oEmbed thumbnail (docs/decisions/sharing.md "Embeds"). Any other
 * picture keeps the same-origin resource policy every answer has.
 */
function otherSitesMayShow(reply: FastifyReply, item: ItemAccessFacts): FastifyReply {
  return canPreviewItem(item) ? reply.header('cross-origin-resource-policy', 'cross-origin') : reply;
}

async function serveItemImage(reply: FastifyReply, stock: StockLibrary, store: ImageStore, image: ItemImageRow, variant: 'full' | 'large') {
  const file = await itemImageFile(image, variant, stock, store);
  if (!file) throw notFound();
  return sendImage(reply, file.data, file.extension, ITEM_IMAGE_CACHE);
}

async function itemImageFile(image: ItemImageRow, variant: 'full' | 'large', stock: StockLibrary, store: ImageStore) {
  if (image.source === 'upload') {
    const data = await store.read(variant === 'large' ? largeKeyOf(image.storageKey) : image.storageKey);
    const extension: ImageExtension = variant === 'large' || image.extension !== 'png' ? 'jpg' : 'png';
    return data ? { data, extension } : null;
  }
  if (image.source === 'stock') {
    const key = parseStockStorageKey(image.storageKey);
    const stockImage = key ? await stock.find(key.id) : null;
    return stockImage && key ? stock.render(stockImage, variant, key.extension) : null;
  }
  // Pictures are never fetched from other sites, so any other source has nothing to serve.
  return null;
}

async function serveStock(reply: FastifyReply, stock: StockLibrary, id: string, variant: StockVariant) {
  const image = await stock.find(id);
  if (!image) throw notFound();
  const file = await stock.render(image, variant);
  return sendImage(reply, file.data, file.extension, STOCK_IMAGE_CACHE);
}

function sendImage(reply: FastifyReply, data: Buffer, extension: ImageExtension, cacheControl: string) {
  return reply
    .header('Content-Type', contentTypeOf(extension))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .header('Content-Disposition', 'inline')
    .send(data);
}
