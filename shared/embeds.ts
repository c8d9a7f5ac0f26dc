/**
 * Embeds on other sites (docs/decisions/sharing.md "Embeds"): the oEmbed endpoint other sites ask, the cards they
 * show in a frame, and the words on those cards. The cards' own paths are `ROUTES.embedItem` and
 * `ROUTES.embedCollection` (shared/routes.ts).
 */

/** The oEmbed endpoint: `?url={a page's address}&format=json&maxwidth=&maxheight=`. */
export const OEMBED_URL = '/oembed';

/** The only format answered; XML, oEmbed's other one, is 501, as its specification says. */
export const OEMBED_FORMAT = 'json';

/** The oEmbed query a page's discovery link names, for the page at `pageUrl` (an absolute address). */
export function oembedQuery(pageUrl: string): string {
  return `${OEMBED_URL}?${new URLSearchParams({ url: pageUrl, format: OEMBED_FORMAT }).toString()}`;
}

/** How long a public answer (an oEmbed answer, a card) may be kept by browsers, proxies and the embedding site. */
export const EMBED_CACHE_SECONDS = 300;

/** A collection's card lists at most this many of its items. */
export const COLLECTION_CARD_ITEMS = 5;

/** The frame's width when the embedding site sets no maximum. */
export const EMBED_DEFAULT_WIDTH = 480;

export const EMBED_TEXTS = {
  viewOn: (appName: string) => `View on ${appName}`,
  /** Read after every link of a card: each opens the full page in a new tab. */
  newTab: '(opens in a new tab)',
  /** The frame's title, which screen readers announce on the embedding page. */
  frameTitle: (title: string, appName: string) => `${title} on ${appName}`,
  collectionKind: (appName: string) => `A collection on ${appName}`,
  noItems: 'Nothing in this collection can be shown here yet.',
  notAvailableTitle: 'Not available',
  notAvailable: 'This cannot be shown here.',
  oembedNotFound: 'Nothing on this site can be embedded from that address.',
  oembedFormat: 'Only JSON is answered: ask with format=json.',
} as const;
