/**
 * The icons of the app: Bootstrap Icons by class name ('bi-pencil'), as page data and the server's
 * navigation history name them. The build draws exactly these into one SVG sprite (server/web/icon-sprite.ts), which
 * the server serves, and `components/lib/Icon` points at a symbol of it: inline SVG with no icon font and no icon code
 * in the scripts.
 */
export const ICON_NAMES = [
  'bi-moon-stars',
  'bi-sun',
  'bi-circle-half',
  'bi-arrow-clockwise',
  'bi-arrow-down',
  'bi-arrow-up',
  'bi-bar-chart',
  'bi-bell',
  'bi-bell-slash',
  'bi-box-arrow-in-right',
  'bi-box-arrow-right',
  'bi-box-arrow-up',
  'bi-box-arrow-up-right',
  'bi-rss',
  'bi-chat-left-text',
  'bi-chat-text',
  'bi-check-circle-fill',
  'bi-check-lg',
  'bi-check2-square',
  'bi-chevron-down',
  'bi-chevron-right',
  'bi-chevron-up',
  'bi-clock',
  'bi-clock-history',
  'bi-collection',
  'bi-copy',
  'bi-dash',
  'bi-download',
  'bi-emoji-frown',
  'bi-emoji-smile',
  'bi-envelope',
  'bi-envelope-plus',
  'bi-exclamation-octagon',
  'bi-exclamation-octagon-fill',
  'bi-exclamation-triangle-fill',
  'bi-eye',
  'bi-eye-slash',
  'bi-facebook',
  'bi-file-earmark',
  'bi-file-earmark-font',
  'bi-file-earmark-image',
  'bi-file-earmark-music',
  'bi-file-earmark-pdf',
  'bi-file-earmark-play',
  'bi-file-earmark-ppt',
  'bi-file-earmark-slides',
  'bi-file-earmark-spreadsheet',
  'bi-file-earmark-text',
  'bi-file-earmark-word',
  'bi-fire',
  'bi-flag',
  'bi-folder',
  'bi-folder-plus',
  'bi-folder2-open',
  'bi-funnel',
  'bi-gear',
  'bi-google',
  'bi-grid',
  'bi-grip-vertical',
  'bi-hand-thumbs-down',
  'bi-hand-thumbs-down-fill',
  'bi-hand-thumbs-up',
  'bi-hand-thumbs-up-fill',
  'bi-heart-pulse',
  'bi-house',
  'bi-image',
  'bi-inbox',
  'bi-journal-code',
  'bi-journal-text',
  'bi-layout-sidebar-reverse',
  'bi-link-45deg',
  'bi-list',
  'bi-list-check',
  'bi-lock',
  'bi-microsoft',
  'bi-mortarboard',
  'bi-pencil',
  'bi-pencil-square',
  'bi-people',
  'bi-person',
  'bi-person-badge',
  'bi-person-circle',
  'bi-plus-lg',
  'bi-search',
  'bi-send',
  'bi-share',
  'bi-star',
  'bi-star-fill',
  'bi-tags',
  'bi-three-dots-vertical',
  'bi-tools',
  'bi-trash',
  'bi-upload',
  'bi-wifi-off',
  'bi-x',
  'bi-x-lg',
  'bi-x-square',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/**
 * Where the sprite is served. The query names this list, so a deployment that changes the icons changes the address
 * and browsers may keep each sprite for good.
 */
export const ICON_SPRITE_PATH = '/icons.svg';
export const ICON_SPRITE_URL = `${ICON_SPRITE_PATH}?v=${listHash(ICON_NAMES)}`;

/** A short, stable hash of the names (FNV-1a), computed the same in the browser and on the server. */
function listHash(names: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of names.join(',')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
