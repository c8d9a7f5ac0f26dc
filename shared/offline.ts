/**
 * Installable, with collections saved for offline (docs/decisions/front-end.md "Offline"). The service worker
 * (public/sw.js) and the page share these names: a test keeps the worker's copies equal to them.
 */

export const MANIFEST_URL = '/manifest.webmanifest';
export const SERVICE_WORKER_URL = '/sw.js';
/** The app's icons for the home screen, drawn from public/favicon.svg. */
export const APP_ICON_SIZES = [192, 512] as const;
export const appIconUrl = (size: number) => `/app-icon-${size}.png`;
/** The icon's blue: the browser's bar and the splash screen of the installed app. */
export const THEME_COLOR = '#0d6efd';

/** Pages a person opened lately (documents and Inertia answers), kept for reading without a signal. */
export const PAGES_CACHE = 'equip-pages-v1';
/** Collections saved for offline: their pages and files. */
export const SAVED_CACHE = 'equip-saved-v1';
/** The built scripts, styles and icons. */
export const SHELL_CACHE = 'equip-shell-v1';
/** The key an Inertia answer is kept under beside the document of the same address. */
export const INERTIA_KEY_PARAM = '__inertia';
/** Marks a saved copy's own requests, which the worker lets through without keeping them (the page keeps them). */
export const SAVING_HEADER = 'X-Equip-Offline-Save';
/** On a signed-in person's answers: when their session ends, after which a kept copy of the answer is not shown. */
export const SESSION_EXPIRES_HEADER = 'Equip-Session-Expires';
/**
 * On a signed-in person's answers, and in a cookie scripts may read while that session lasts: a key of the session
 * (not its id). A kept copy of the answer is shown offline only while the browser's cookie holds the same key, so a
 * copy never outlives the session that saved it in a browser whose cookies were cleared or whose session ended.
 */
export const OFFLINE_KEY_HEADER = 'Equip-Offline-Key';
export const OFFLINE_KEY_COOKIE = 'equip_offline';
/** The service worker's page of what is kept for offline (it answers this address itself; the server has none). */
export const SAVED_LIST_URL = '/__offline/saved';
/** The same list as data, for the pages a person starts from (Home, My Collections) while offline. */
export const SAVED_LIST_DATA_URL = '/__offline/saved.json';
/** A page the worker keeps for this browser's session, by its title. */
export interface KeptPage {
  path: string;
  title: string;
}
/**
 * The pages a person starts from, which the worker answers with its list of saved pages when it has no copy of them:
 * the installed app's start page (the manifest's `start_url`) and My Collections.
 */
export const START_PAGES = ['/', '/collection'];
/** Where the list of saved collections is kept, in the saved cache. */
export const SAVED_INDEX_KEY = '/__offline/saved-collections';

/** What saving a collection stores, as the server decides: the pages and files this viewer may open now. */
export interface OfflineCopy {
  pages: string[];
  files: string[];
}

export const OFFLINE_TEXT = {
  banner: 'You are offline. Pages you opened lately and collections you saved still open.',
  save: 'Save for offline',
  saving: 'Saving for offline…',
  saved: 'Saved for offline',
  remove: 'Remove offline copy',
  savedNotice: (pages: number, files: number) =>
    `Saved for offline: ${pages} ${pages === 1 ? 'page' : 'pages'} and ${files} ${files === 1 ? 'file' : 'files'}.`,
  saveFailed: 'Could not save it for offline. Try again when you have a signal.',
  /** The service worker's page for a page not kept, without a network (public/sw.js keeps copies of these). */
  notSavedTitle: 'Not saved for offline',
  notSaved: 'You are offline, and this page was not saved for offline. These pages were, and open now:',
  savedListTitle: 'Saved for offline',
  savedList: 'These pages open without a network:',
  seeSaved: 'See what is saved for offline',
  nothingSaved: 'You are offline, and nothing is saved for offline yet. Open a page or save a collection while you have a signal.',
} as const;
