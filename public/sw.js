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
const READING_PAGES = [/^\/$/, /^\/item$/, /^\/popular$/, /^\/tag\/[^/]+$/, /^\/i\/[^/]+$/, /^\/collection\/[^/]+$/];
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
  if (url.pathname.startsWith('/build/') || url.pathname === '/icons.svg' || url.pathname === '/favicon.svg') {
    event.respondWith(builtFile(request));
    return;
  }
  const inertia = request.headers.get('X-Inertia') === 'true';
  // A partial reload asks for a part of a page: never a whole page to keep, and useless offline.
  if (inertia && request.headers.has('X-Inertia-Partial-Component')) return;
  const reading = READING_PAGES.some((pattern) => pattern.test(url.pathname));
  const file = url.pathname.startsWith('/content/') && !request.headers.has('Range');
  if ((reading && (request.mode === 'navigate' || inertia)) || file) event.respondWith(answer(event, request, inertia, reading));
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
async function answer(event, request, inertia, reading) {
  const keys = keysOf(request.url);
  const key = inertia ? keys.inertia : keys.document;
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await keptCopy(key);
    if (kept) return kept;
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
