/** Business constants (timings, limits, breakpoints), in one place. */
export const PRODUCT_NAME_DEFAULT = 'Equip';

export const TOAST_DURATION_MS = 5000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_POSITION = 'top-end' as const;

/** @public The value on record; Bootstrap's stylesheet applies it, so no code reads it. */
export const MODAL_FADE_MS = 300;
/** @public The value on record; Bootstrap's stylesheet applies it, so no code reads it. */
export const MODAL_SIZES = { sm: 576, md: 768, lg: 992 } as const;

export const PREFETCH_HOVER_DELAY_MS = 75;
export const PREFETCH_CACHE_MS = 30_000;

export const SEARCH_DEBOUNCE_MS = 500;
export const USER_SEARCH_DEBOUNCE_MS = 500;
export const IMAGE_SEARCH_DEBOUNCE_MS = 1000;
export const RESIZE_DEBOUNCE_MS = 1000;

export const INFINITE_SCROLL_BUFFER_PX = 400;

export const HISTORY_FIRST_REFRESH_MS = 5000;
export const HISTORY_REFRESH_MS = 60_000;

// Sharing's constants (Link Copied, the dialog closing, the Grant form's defaults and validity options) live in
// shared/sharing.ts with the rest of sharing.

export const DRAG_ANIMATION_MS = 250;

export const DRIVE_LABEL_MAX = 32;
export const DRIVE_LABEL_CUT = 29;

export const COMMENT_MIN_LENGTH = 7;
export const PAGINATION_MIN_LINKS = 4; // shown when there are more than 3 links
export const INLINE_ARRAY_MIN_ROWS = 3;

/** Completed tasks show only when completed after this cutoff. */
export const TASK_COMPLETED_CUTOFF = '2024-07-01T00:00:00Z';
/** An open task is due soon when its due date is within this many days. */
export const TASK_DUE_SOON_DAYS = 7;

/** Screen size classes: under 900 → 0, 900–1199 → 1, 1200+ → 2. */
export const SCREEN_BREAKPOINTS = { md: 900, lg: 1200 } as const;
export type ScreenSize = 0 | 1 | 2;
/** On `<html>` of a server-rendered page: the screen size the render assumed, which hydration assumes too. */
export const SCREEN_SIZE_ATTRIBUTE = 'data-screen-size';
/**
 * On `<html>` of a server-rendered page: the parts on demand the render drew (their ids, space-separated), whose code
 * the document preloads and the browser loads before it hydrates, so that they come alive as drawn rather than drawn
 * anew (components/lib/on-demand.tsx).
 */
export const RENDERED_PARTS_ATTRIBUTE = 'data-parts';
/** The screen size class this browser last measured, so the server lays out its next page for it (server/web/ssr.ts). */
export const SCREEN_SIZE_COOKIE = 'screen-size';
export function screenSizeFor(width: number): ScreenSize {
  if (width < SCREEN_BREAKPOINTS.md) return 0;
  if (width < SCREEN_BREAKPOINTS.lg) return 1;
  return 2;
}
/** @public Admin area breakpoints: Bootstrap's grid in the admin layout applies them. */
export const ADMIN_BREAKPOINTS = { xs: 0, sm: 640, md: 1024, lg: 1440, xl: 1920 } as const;

export const CONTENT_MAX_WIDTH_PX = 1200;

export const UPLOAD_TYPES = ['pdf', 'docx', 'jpg', 'png', 'pptx', 'txt', 'mp4', 'mp3', 'mov'] as const;
export const IMAGE_UPLOAD_TYPES = ['jpg', 'png'] as const;

export const PAGE_SIZE = 24;
/**
 * Counting and search ranking stop after this many matches (decisions: "Fast without the cache"): beyond it a count
 * reads "1,000+", and a search shows its best this-many matches.
 */
export const EXACT_COUNT_LIMIT = 1000;
/** Items an empty item index suggests instead (closest titles or popular ones in the chosen filters). */
export const SUGGESTION_LIMIT = 4;

/** The performance mark of the moment the app took over a page, its controls working from then (`npm run slow-phone`). */
export const APP_RUNNING_MARK = 'equip-app-running';
