import { z } from 'zod';
import { IMAGE_MESSAGES } from '../../../shared/messages';
import { formBody } from '../../lib/validation';
import { isImageExtension, type ImageExtension } from './processing';
import { STOCK_ID_PATTERN } from './stock/library';

/** A stock image's name in a path: anything else names no picture (404). */
export const stockId = z.string().max(200).regex(STOCK_ID_PATTERN);

export const STOCK_SEARCH_MESSAGE = 'Enter at most 200 characters to search for.';

/**
 * GET /image/search `?q=`: the words to look for (none lists every picture), or null when too long or sent twice,
 * which the route answers with its own 422 naming the field.
 */
export const stockSearchQuery = z.object({ q: z.string().max(200).default('').nullable().catch(null) });

/** POST /item/{ref}/image/external: `image` is a stock image id, or the `full` URL /image/search gave for it. */
export const externalImageBody = formBody({
  image: z.string({ error: IMAGE_MESSAGES.nothingChosen }).trim().max(2048, IMAGE_MESSAGES.nothingChosen).optional(),
});

const STOCK_PATH = /^\/image\/stock\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/**
 * The stock image id a submitted value names, or null. Only the path of a URL is read: nothing is
 * ever fetched, so a URL can only ever name a picture already in the stock library.
 */
export function stockIdFrom(value: string): string | null {
  if (STOCK_ID_PATTERN.test(value)) return value;
  let pathname: string;
  try {
    pathname = new URL(value, 'http://equip.invalid').pathname;
  } catch {
    return null;
  }
  return STOCK_PATH.exec(pathname)?.[1] ?? null;
}

/** Item images taken from the stock library are stored as `stock/<id>.<extension>` (as the demo seed does). */
export function stockStorageKey(id: string, extension: ImageExtension): string {
  return `stock/${id}.${extension}`;
}

export function parseStockStorageKey(storageKey: string): { id: string; extension: ImageExtension } | null {
  const match = /^stock\/([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]+)$/.exec(storageKey);
  if (!match || !isImageExtension(match[2])) return null;
  return { id: match[1], extension: match[2] };
}
