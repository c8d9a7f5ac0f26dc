/*
 * Equip's service worker (issue 20 §3; docs/decisions.md "Offline"). Hand-written and small: it keeps the built files,
 * the pages a person opened lately and the collections they saved, and answers from them when the network does not.
 * It stores only answers the server gave this browser's own requests, so nothing is kept that the person could not
 * open; signing out drops every cache (Clear-Site-Data on POST /logout, and the page clears them too); a copy is shown
 * only while the browser still holds the session that fetched it.
 *
 * The cache names and keys are shared/offline.ts's; tests/server/offline.test.ts keeps these copies equal to them.
 */
const PAGES_CACHE = 'equip-pages-v1';
const SAVED_CACHE = 'equip-saved-v1';
const SHELL_CACHE = 'equip-shell-v1';
const INERTIA_KEY_PARAM = '__inertia';
const CACHES = [PAGES_CACHE, SAVED_CACHE, SHELL_CACHE];
/** The pages opened lately that are kept; the oldest go first. */
const PAGES_KEPT = 60;
/**
 * The pages worth reading without a network, and the only ones kept as they are opened: the library, items and
 * collections. Personal and admin pages, exports and files are never kept that way (files only in a saved copy).
 */
const READING_PAGES = [/^\/$/, /^\/item$/, /^\/popular$/, /^\/tag\/[^/]+$/, /^\/i\/[^/]+$/, /^\/collection$/, /^\/collection\/[^/]+$/];
/**
 * The words of the page that answers, without a network, a page that is not kept (issue 36 §5): never the browser's
 * own error page. The same words as shared/offline.ts's OFFLINE_TEXT.
 */
const NOT_SAVED_TITLE = 'Not saved for offline';
const NOT_SAVED_TEXT = 'You are offline, and this page was not saved for offline. These pages were, and open now:';
const SAVED_LIST_URL = '/__offline/saved';
const SAVED_LIST_DATA_URL = '/__offline/saved.json';
/** The pages a person starts from: without a network and without a copy, the list of saved pages stands in for them. */
const START_PAGES = ['/', '/collection'];
const SAVED_LIST_TITLE = 'Saved for offline';
const SAVED_LIST_TEXT = 'These pages open without a network:';
const NOTHING_SAVED_TEXT = 'You are offline, and nothing is saved for offline yet. Open a page or save a collection while you have a signal.';
/** A saved copy's own requests: the page stores their answers itself. */
const SAVING_HEADER = 'X-Equip-Offline-Save';
/** Until when the session that fetched a kept page lasts: after it, the copy is not shown (shared/offline.ts). */
const SESSION_EXPIRES_HEADER = 'Equip-Session-Expires';
/** The key of the session that fetched a kept page, and the cookie that holds the key of the browser's session now. */
const OFFLINE_KEY_HEADER = 'Equip-Offline-Key';
const OFFLINE_KEY_COOKIE = 'equip_offline';
/** An answer that says the person may no longer open the page: its copies go. */
const ACCESS_LOST = [401, 403, 404, 410];

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!CACHES.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || request.headers.has(SAVING_HEADER)) return;
  // The worker's own key for an Inertia answer is never a page's address.
  if (url.searchParams.has(INERTIA_KEY_PARAM)) return;
  if (url.pathname === SAVED_LIST_URL) {
    event.respondWith(keptPagesPage(SAVED_LIST_TITLE, SAVED_LIST_TEXT, 200));
    return;
  }
  if (url.pathname === SAVED_LIST_DATA_URL) {
    event.respondWith(keptPages().then((pages) => Response.json(pages, { headers: { 'Cache-Control': 'no-store' } })));
    return;
  }
  if (url.pathname.startsWith('/build/') || url.pathname === '/icons.svg' || url.pathname === '/favicon.svg') {
    event.respondWith(builtFile(request));
    return;
  }
  const inertia = request.headers.get('X-Inertia') === 'true';
  // A partial reload asks for a part of a page: never a whole page to keep, and useless offline.
  if (inertia && request.headers.has('X-Inertia-Partial-Component')) return;
  const reading = READING_PAGES.some((pattern) => pattern.test(url.pathname));
  const file = url.pathname.startsWith('/content/') && !request.headers.has('Range');
  const navigation = request.mode === 'navigate';
  if ((reading && (navigation || inertia)) || file || navigation) event.respondWith(answer(event, request, inertia, reading, navigation));
});

/** Built files carry a hash in their names: kept once fetched. */
async function builtFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200) await (await caches.open(SHELL_CACHE)).put(request, response.clone());
  return response;
}

/** The key an answer is kept under: an Inertia answer beside the document of the same address. */
function keysOf(url) {
  const inertia = new URL(url);
  inertia.searchParams.set(INERTIA_KEY_PARAM, '1');
  return { document: url, inertia: inertia.href };
}

/**
 * The network first. A reading page it answers is kept (after the answer goes out); one it refuses is forgotten in
 * both its forms. Without a network, the kept copy, unless the session that fetched it has ended.
 */
async function answer(event, request, inertia, reading, navigation) {
  const keys = keysOf(request.url);
  const key = inertia ? keys.inertia : keys.document;
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await keptCopy(key);
    if (kept) return kept;
    // The installed app opens at its start page: a place to start from, not a page that says it is missing.
    if (navigation && START_PAGES.includes(new URL(request.url).pathname)) return keptPagesPage(SAVED_LIST_TITLE, SAVED_LIST_TEXT, 200);
    if (navigation) return keptPagesPage(NOT_SAVED_TITLE, NOT_SAVED_TEXT, 503);
    throw offline;
  }
  if (reading && response.status === 200 && response.type === 'basic' && !response.redirected)
    event.waitUntil(keep(key, response.clone()).catch(() => undefined));
  else if (ACCESS_LOST.includes(response.status)) event.waitUntil(forget(keys));
  return response;
}

async function keptCopy(key) {
  for (const name of [SAVED_CACHE, PAGES_CACHE]) {
    const cache = await caches.open(name);
    const kept = await cache.match(key);
    if (!kept) continue;
    const expires = kept.headers.get(SESSION_EXPIRES_HEADER);
    if ((expires && Date.parse(expires) < Date.now()) || !(await heldByThisBrowser(kept))) {
      await cache.delete(key);
      continue;
    }
    return kept;
  }
  return undefined;
}

/**
 * Whether the session that fetched a kept copy is still the browser's: its key is in the cookie (cleared cookies, a
 * sign-in of someone else, the server's answer after the session ended all change it). A visitor's copy has no key.
 * Where a browser gives a worker no cookie store, the session's end (above) and the page's own check at its next
 * load (components/offline) are what remain.
 */
async function heldByThisBrowser(kept) {
  const owner = kept.headers.get(OFFLINE_KEY_HEADER);
  if (!owner || !self.cookieStore) return true;
  const held = await self.cookieStore.get(OFFLINE_KEY_COOKIE).catch(() => null);
  return held?.value === owner;
}

/** The pages kept for this browser's session, each with its title, the saved collections' first. */
async function keptPages() {
  const pages = new Map();
  for (const name of [SAVED_CACHE, PAGES_CACHE]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.searchParams.has(INERTIA_KEY_PARAM) || pages.has(url.pathname) || !READING_PAGES.some((pattern) => pattern.test(url.pathname))) continue;
      const kept = await keptCopy(request.url);
      if (!kept) continue;
      // A page's title ends with ' - ' and the app's name (member-library §2): the list names the page alone.
      const title = (/<title[^>]*>([^<]*)<\/title>/.exec(await kept.text())?.[1] ?? url.pathname).replace(/ - [^-]+$/, '');
      pages.set(url.pathname, title);
    }
  }
  return [...pages].map(([path, title]) => ({ path, title }));
}

/** A page of the worker's own, in the app's styles when it has them: what is kept, after why it is shown. */
async function keptPagesPage(title, text, status) {
  const pages = await keptPages();
  const styles = (await (await caches.open(SHELL_CACHE)).keys()).map((request) => new URL(request.url).pathname).filter((path) => path.endsWith('.css'));
  const list = pages.map(({ path, title }) => `<li><a href="${path}">${title}</a></li>`).join('');
  const body = pages.length > 0 ? `<p>${text}</p><ul>${list}</ul>` : `<p>${NOTHING_SAVED_TEXT}</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head><body><main class="container py-4"><h1 class="h3">${title}</h1>${body}</main></body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

async function keep(key, response) {
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - PAGES_KEPT))) await cache.delete(old);
}

async function forget(keys) {
  for (const name of [PAGES_CACHE, SAVED_CACHE]) {
    const cache = await caches.open(name);
    await cache.delete(keys.document);
    await cache.delete(keys.inertia);
  }
}
