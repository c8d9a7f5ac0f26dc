import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { StockImageResult } from '../../../../shared/items';
import { ROUTES } from '../../../../shared/routes';
import { decoder, encodeAs, PREVIEW_WIDTH, resizedJpeg, LARGE_THUMBNAIL_WIDTH, type ImageExtension } from '../processing';
import { isMissingFile, type ImageStore } from '../storage';
import { BUILT_IN_STOCK_IMAGES, BUILT_IN_STOCK_VERSION } from './catalogue';

export const STOCK_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export type StockVariant = 'full' | 'large' | 'preview';

/** One picture of the stock library: built in (SVG) or a file an administrator dropped in the stock folder. */
export interface StockImage {
  id: string;
  keywords: readonly string[];
  /** The format the full image is served in unless a row asks for the other one. */
  extension: ImageExtension;
  /** Changes whenever the source changes, so renders cached under an old version are never served. */
  version: string;
  load(): Promise<Buffer>;
}

export interface StockLibrary {
  all(): Promise<StockImage[]>;
  find(id: string): Promise<StockImage | null>;
  search(query: string): Promise<StockImage[]>;
  /** The variant's bytes, rendered once and then read from the cache. */
  render(image: StockImage, variant: StockVariant, format?: ImageExtension): Promise<{ data: Buffer; extension: ImageExtension }>;
}

export function stockUrls(id: string): Omit<StockImageResult, 'id'> {
  return { preview: ROUTES.stockImagePreview.path({ id }), full: ROUTES.stockImage.path({ id }) };
}

/**
 * The stock library: the built-in illustrations plus any `<name>.jpg` or `<name>.png` in
 * `customDir` (a file with a built-in name replaces that illustration). Renders are cached in `cache`.
 */
export function stockLibrary(customDir: string, cache: ImageStore): StockLibrary {
  const rendering = new Map<string, Promise<Buffer>>();

  async function all(): Promise<StockImage[]> {
    const custom = await customStockImages(customDir);
    const replaced = new Set(custom.map((image) => image.id));
    const builtIn = BUILT_IN_STOCK_IMAGES.filter((image) => !replaced.has(image.id)).map(builtInStockImage);
    return [...builtIn, ...custom];
  }

  async function renderCached(image: StockImage, variant: StockVariant, extension: ImageExtension): Promise<Buffer> {
    const key = `stock-cache/${image.id}-${image.version}-${variant}.${extension}`;
    const cached = await cache.read(key);
    if (cached) return cached;
    // Concurrent first requests for the same picture share one render.
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderVariant(image, variant, extension).then(async (data) => {
        await cache.write(key, data);
        return data;
      });
      rendering.set(key, pending);
      void pending.finally(() => rendering.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  return {
    all,
    async find(id) {
      if (!STOCK_ID_PATTERN.test(id)) return null;
      return (await all()).find((image) => image.id === id) ?? null;
    },
    async search(query) {
      const words = query
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
      return (await all()).filter((image) => words.every((word) => matchesWord(image, word)));
    },
    async render(image, variant, format) {
      const extension = variant === 'full' ? (format ?? image.extension) : 'jpg';
      return { data: await renderCached(image, variant, extension), extension };
    },
  };
}

function matchesWord(image: StockImage, word: string): boolean {
  return image.id.includes(word) || image.keywords.some((keyword) => keyword.includes(word));
}

function builtInStockImage(image: (typeof BUILT_IN_STOCK_IMAGES)[number]): StockImage {
  return {
    id: image.id,
    keywords: image.keywords,
    extension: 'jpg',
    version: `v${BUILT_IN_STOCK_VERSION}`,
    load: async () => sharp(Buffer.from(image.svg)).png().toBuffer(),
  };
}

const CUSTOM_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(jpg|png)$/;

async function customStockImages(dir: string): Promise<StockImage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissingFile(error)) return [];
    throw error;
  }
  const images = await Promise.all(names.sort().map((name) => customStockImage(dir, name)));
  return images.filter((image): image is StockImage => image !== null);
}

async function customStockImage(dir: string, name: string): Promise<StockImage | null> {
  const match = CUSTOM_FILE.exec(name);
  if (!match) return null;
  const file = path.join(dir, name);
  const info = await stat(file);
  if (!info.isFile()) return null;
  const [, id, extension] = match;
  return {
    id,
    keywords: id.split('-'),
    extension: extension as ImageExtension,
    version: `c${info.size}-${Math.floor(info.mtimeMs)}`,
    load: () => readFile(file),
  };
}

async function renderVariant(image: StockImage, variant: StockVariant, extension: ImageExtension): Promise<Buffer> {
  const source = await image.load();
  if (variant === 'preview') return resizedJpeg(source, PREVIEW_WIDTH);
  if (variant === 'large') return resizedJpeg(source, LARGE_THUMBNAIL_WIDTH);
  return encodeAs(decoder(source), extension);
}
