/**
 * The cards other sites show in a frame: a small HTML document of its own, written here with every text escaped,
 * not the app (none of its scripts or styles). Its style and its one small script are inline, allowed by their
 * hashes in the cards' Content-Security-Policy (frames.ts), which allows nothing else but the site's own pictures.
 */
import { createHash } from 'node:crypto';
import { EMBED_TEXTS } from '../../../shared/embeds';
import { itemImageUrls } from '../../../shared/items';
import { escapeHtml } from '../../lib/html';
import { absoluteUrl } from '../../lib/site-url';

/** What a card shows of an item or a collection, all of it something a visitor may open. */
export interface EmbedCard {
  kind: 'item' | 'collection';
  title: string;
  /** One line, cut at a word; empty when there is none. */
  description: string;
  /** The full page, which the card's link opens. */
  pagePath: string;
  /** The card itself, which the oEmbed answer's frame shows. */
  framePath: string;
  /** The card's picture: the item's first, or the first of a collection's items shown. */
  pictureRef: string | null;
  /** A collection's first items (an item's card has none). */
  items: { title: string; path: string }[];
}

export interface Site {
  appName: string;
  appUrl: string;
}

/** Fits a frame from 320 px up: one column, the picture no taller than half the frame, long words broken. */
const STYLE = [
  '*{box-sizing:border-box}',
  'html{color-scheme:light}',
  'body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#fff}',
  '.card{border:1px solid #dee2e6;border-radius:8px;overflow:hidden}',
  '.picture{display:block;width:100%;height:auto;aspect-ratio:16/9;max-height:50vh;object-fit:cover;background:#e9ecef}',
  '.text{padding:12px 16px}',
  'h1{font-size:1.25rem;line-height:1.25;margin:0 0 8px}',
  'p,ul{margin:0 0 12px}',
  'h1,p,li{overflow-wrap:anywhere}',
  'ul{padding-left:20px}',
  'li{margin:4px 0}',
  '.kind{font-size:.875rem;color:#565e64;margin-bottom:4px}',
  '.view{margin:0;font-weight:600}',
  'a{color:#0a58ca}',
  'a:focus-visible{outline:2px solid #0a58ca;outline-offset:2px}',
  '.hint{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
].join('');

/**
 * WordPress shows a discovered embed in a frame sandboxed with scripts only (no pop-ups, no top navigation), where
 * no link of the card would open; it adds `#?secret=…` to the frame's address and listens for its own messages. There
 * the card hands a link to the embedding page, which opens it, and says how tall it is; anywhere else it does nothing.
 */
const SCRIPT = [
  '(() => {',
  'const secret = /[#?&]secret=([A-Za-z0-9]+)/.exec(location.hash);',
  'if (!secret || parent === window) return;',
  "const send = (message, value) => parent.postMessage({ message, value, secret: secret[1] }, '*');",
  "const sendHeight = () => send('height', Math.ceil(document.documentElement.getBoundingClientRect().height));",
  "addEventListener('load', sendHeight);",
  "addEventListener('resize', sendHeight);",
  "document.addEventListener('click', (event) => {",
  "const link = event.target instanceof Element ? event.target.closest('a[href]') : null;",
  'if (!link) return;',
  'event.preventDefault();',
  "send('link', link.href);",
  '});',
  '})();',
].join('\n');

const hashOf = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
/** For the cards' Content-Security-Policy (frames.ts). */
export const CARD_STYLE_HASH = hashOf(STYLE);
export const CARD_SCRIPT_HASH = hashOf(SCRIPT);

export const HTML = 'text/html; charset=utf-8';

function documentOf(title: string, body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // The page itself is what search engines should find, not its card.
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    `<script>${SCRIPT}</script>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A link to a page of the site, opened in a new tab, saying so to screen readers. */
function newTabLink(site: Site, path: string, text: string): string {
  const hint = `<span class="hint"> ${escapeHtml(EMBED_TEXTS.newTab)}</span>`;
  return `<a href="${escapeHtml(absoluteUrl(site.appUrl, path))}" target="_blank" rel="noopener">${escapeHtml(text)}${hint}</a>`;
}

/** The card's document. Its picture repeats what the title says, so it is decorative (empty alt). */
export function cardDocument(card: EmbedCard, site: Site): string {
  const picture = card.pictureRef
    ? [
        `<img class="picture" src="${escapeHtml(absoluteUrl(site.appUrl, itemImageUrls(card.pictureRef).public_thumbnail_large_url))}" alt="" width="800" height="450">`,
      ]
    : [];
  const list =
    card.kind === 'collection'
      ? card.items.length > 0
        ? ['<ul>', ...card.items.map((item) => `<li>${newTabLink(site, item.path, item.title)}</li>`), '</ul>']
        : [`<p>${escapeHtml(EMBED_TEXTS.noItems)}</p>`]
      : [];
  return documentOf(`${card.title} - ${site.appName}`, [
    '<article class="card">',
    ...picture,
    '<div class="text">',
    ...(card.kind === 'collection' ? [`<p class="kind">${escapeHtml(EMBED_TEXTS.collectionKind(site.appName))}</p>`] : []),
    `<h1>${escapeHtml(card.title)}</h1>`,
    ...(card.description ? [`<p>${escapeHtml(card.description)}</p>`] : []),
    ...list,
    `<p class="view">${newTabLink(site, card.pagePath, EMBED_TEXTS.viewOn(site.appName))}</p>`,
    '</div>',
    '</article>',
  ]);
}

/** What a frame shows for anything a visitor may not open, or that does not exist: the same for both. */
export function notAvailableDocument(site: Site): string {
  return documentOf(`${EMBED_TEXTS.notAvailableTitle} - ${site.appName}`, [
    '<article class="card">',
    '<div class="text">',
    `<h1>${escapeHtml(EMBED_TEXTS.notAvailableTitle)}</h1>`,
    `<p class="view">${escapeHtml(EMBED_TEXTS.notAvailable)}</p>`,
    '</div>',
    '</article>',
  ]);
}
