/*
 * Equip's service worker (issue 20 §3; docs/decisions.md "Offline"). Hand-written and small: it keeps the built files,
 * the pages a person opened lately and the collections they saved, and answers from them when the network does not.
 * It stores only answers the server gave this browser's own requests, so nothing is kept that the person could not
 * open; signing out drops every cache (Clear-Site-Data on POST /logout, and the page clears them too).
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
/** Never kept: signing in and out, the demo sign-in, feeds and crawler files. */
const NEVER_KEPT = [/^\/auth\//, /^\/logout/, /^\/login/, /^\/dev\//, /\/feed$/, /^\/sitemap/, /^\/robots\.txt$/, /^\/sw\.js$/, /^\/__offline\//];
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
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER_KEPT.some((pattern) => pattern.test(url.pathname))) return;
  if (url.pathname.startsWith('/build/') || url.pathname === '/icons.svg' || url.pathname === '/favicon.svg') {
    event.respondWith(builtFile(request));
    return;
  }
  const inertia = request.headers.get('X-Inertia') === 'true';
  // A partial reload asks for a part of a page: never a whole page to keep, and useless offline.
  if (inertia && request.headers.has('X-Inertia-Partial-Component')) return;
  if (request.mode === 'navigate' || inertia || url.pathname.startsWith('/content/')) event.respondWith(page(request, inertia));
});

/** Built files carry a hash in their names: kept once fetched. */
async function builtFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL_CACHE)).put(request, response.clone());
  return response;
}

/** The key an answer is kept under: an Inertia answer beside the document of the same address. */
function keyOf(url, inertia) {
  if (!inertia) return url;
  const keyed = new URL(url);
  keyed.searchParams.set(INERTIA_KEY_PARAM, '1');
  return keyed.href;
}

/** The network first; what it answered is kept (or, when access is lost, forgotten); without it, the kept copy. */
async function page(request, inertia) {
  const key = keyOf(request.url, inertia);
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = (await (await caches.open(SAVED_CACHE)).match(key)) ?? (await (await caches.open(PAGES_CACHE)).match(key));
    if (kept) return kept;
    throw offline;
  }
  if (response.ok && response.type === 'basic' && !response.redirected) await keep(key, response.clone());
  else if (ACCESS_LOST.includes(response.status)) await forget(key);
  return response;
}

async function keep(key, response) {
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - PAGES_KEPT))) await cache.delete(old);
}

async function forget(key) {
  for (const name of [PAGES_CACHE, SAVED_CACHE]) await (await caches.open(name)).delete(key);
}
