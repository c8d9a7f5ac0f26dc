/**
 * The oEmbed answer (https://oembed.com): which page of this site an address names, and the "rich" answer
 * whose HTML is a frame of that page's card, sized within what the embedding site allows.
 */
import { EMBED_CACHE_SECONDS, EMBED_DEFAULT_WIDTH, EMBED_TEXTS } from '../../../shared/embeds';
import { itemImageUrls } from '../../../shared/items';
import { ROUTES } from '../../../shared/routes';
import { escapeHtml } from '../../lib/html';
import { REF_PATTERN } from '../../lib/ref';
import { absoluteUrl } from '../../lib/site-url';
import type { EmbedCard, Site } from './cards';

/** A page other sites may ask to embed, by the ref its address names (whether it may be embedded is not yet asked). */
export interface EmbeddedPage {
  kind: 'item' | 'collection';
  ref: string;
}

/** No address of this site is longer; a longer one names nothing. */
const ADDRESS_MAX = 2048;

const PAGES = [
  { kind: 'item', pattern: ROUTES.item.pattern },
  { kind: 'collection', pattern: ROUTES.collection.pattern },
] as const;
const PAGE_MATCHERS = PAGES.map(({ kind, pattern }) => ({ kind, path: new RegExp(`^${pattern.replace(':ref', '([^/]+)')}/?$`) }));

/**
 * The item or collection page an address names on this site (APP_URL's host, under its path; http or https, the
 * query and fragment aside), or null for anything else: another host, another page, an address that is no URL.
 */
export function embeddedPageOf(address: string, appUrl: string): EmbeddedPage | null {
  if (address.length > ADDRESS_MAX) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const site = new URL(appUrl);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.host !== site.host || url.username !== '' || url.password !== '') return null;
  const base = site.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${base}/`)) return null;
  const path = url.pathname.slice(base.length);
  for (const { kind, path: matcher } of PAGE_MATCHERS) {
    const ref = matcher.exec(path)?.[1];
    if (ref !== undefined && REF_PATTERN.test(ref)) return { kind, ref };
  }
  return null;
}

/** The most the embedding site allows (oEmbed's maxwidth and maxheight); absent: no limit. */
export interface FrameLimits {
  maxwidth?: number;
  maxheight?: number;
}

/** A card's text (title, description, its link and padding) and each line of a collection's list, in pixels. */
const TEXT_HEIGHT = 190;
const LIST_LINE_HEIGHT = 32;

/** The frame's size: the default width or less, and the height the card needs at that width, or less. */
export function frameSize(card: EmbedCard, limits: FrameLimits): { width: number; height: number } {
  const width = Math.min(EMBED_DEFAULT_WIDTH, limits.maxwidth ?? Infinity);
  const picture = card.pictureRef ? Math.round((width * 9) / 16) : 0;
  const list = card.kind === 'collection' ? LIST_LINE_HEIGHT * Math.max(1, card.items.length) : 0;
  return { width, height: Math.min(picture + TEXT_HEIGHT + list, limits.maxheight ?? Infinity) };
}

export interface OembedAnswer {
  type: 'rich';
  version: '1.0';
  title: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  thumbnail_url?: string;
}

export function oembedAnswer(card: EmbedCard, limits: FrameLimits, site: Site): OembedAnswer {
  const { width, height } = frameSize(card, limits);
  const frame = [
    `<iframe src="${escapeHtml(absoluteUrl(site.appUrl, card.framePath))}"`,
    `width="${width}" height="${height}"`,
    `title="${escapeHtml(EMBED_TEXTS.frameTitle(card.title, site.appName))}"`,
    'loading="lazy" style="border:0"></iframe>',
  ].join(' ');
  return {
    type: 'rich',
    version: '1.0',
    title: card.title,
    provider_name: site.appName,
    provider_url: absoluteUrl(site.appUrl, '/'),
    html: frame,
    width,
    height,
    cache_age: EMBED_CACHE_SECONDS,
    // The site keeps no picture's size, so the thumbnail's width and height are not said (consumers do without).
    ...(card.pictureRef ? { thumbnail_url: absoluteUrl(site.appUrl, itemImageUrls(card.pictureRef).public_thumbnail_large_url) } : {}),
  };
}
