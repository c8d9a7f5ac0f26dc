/**
 * Collections saved for offline, kept by the page in the cache the service worker answers from
 * (public/sw.js). The server lists what a collection's copy holds (`/collection/{ref}/offline`): only what this person
 * may open now. Copies are refreshed when the network comes back, and dropped when the server says access is lost, when
 * another person uses the browser, and at sign-out.
 */
import { INERTIA_KEY_PARAM, PAGES_CACHE, SAVED_CACHE, SAVED_INDEX_KEY, SAVING_HEADER, SHELL_CACHE, type OfflineCopy } from '../../shared/offline';
import { ROUTES } from '../../shared/routes';
import { readStored, writeStored } from '../lib/browser-storage';

/** What is saved, by collection ref. */
type SavedIndex = Record<string, OfflineCopy & { savedAt: string }>;

/** Answers that say the person may no longer open it. */
const ACCESS_LOST = [401, 403, 404, 410];
const OWNER_KEY = 'equip-offline-owner';

export function offlineCachesAvailable(): boolean {
  return typeof window !== 'undefined' && 'caches' in window;
}

/** The key an Inertia answer is kept under (as the service worker keys it). */
function inertiaKey(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(INERTIA_KEY_PARAM, '1');
  return url.href;
}

async function readIndex(cache: Cache): Promise<SavedIndex> {
  const stored = await cache.match(SAVED_INDEX_KEY);
  return stored ? ((await stored.json()) as SavedIndex) : {};
}

async function writeIndex(cache: Cache, index: SavedIndex): Promise<void> {
  await cache.put(SAVED_INDEX_KEY, Response.json(index));
}

export async function savedCollectionRefs(): Promise<string[]> {
  if (!offlineCachesAvailable()) return [];
  return Object.keys(await readIndex(await caches.open(SAVED_CACHE)));
}

/**
 * A fresh answer with the same body and headers: a kept answer that came through a redirect could not answer a
 * navigation. `Purpose: prefetch` keeps saving from counting as people opening the pages; the saving header keeps the
 * worker from keeping them a second time. Null when the network fails or the answer comes from elsewhere (a file on
 * Google Drive): that one is left out, the rest is saved.
 */
async function fetchToKeep(path: string, headers: Record<string, string> = {}): Promise<Response | null> {
  try {
    const response = await fetch(path, { credentials: 'same-origin', headers: { Purpose: 'prefetch', [SAVING_HEADER]: '1', ...headers } });
    if (!response.ok) return response;
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch {
    return null;
  }
}

/** Saves (or refreshes) a collection's copy; resolves with what it holds, or with the status that refused it. */
export async function saveCollectionForOffline(ref: string, version: string | null): Promise<OfflineCopy | { refused: number }> {
  const listed = await fetch(ROUTES.collectionOffline.path({ ref }), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!listed.ok) {
    if (ACCESS_LOST.includes(listed.status)) await removeOfflineCopy(ref);
    return { refused: listed.status };
  }
  const copy = (await listed.json()) as OfflineCopy;
  const cache = await caches.open(SAVED_CACHE);
  const inertiaHeaders = { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', ...(version ? { 'X-Inertia-Version': version } : {}) };
  for (const path of copy.pages) {
    const document = await fetchToKeep(path);
    if (document?.ok) await keepBuiltFilesOf(await document.clone().text());
    await keep(cache, path, document);
    await keep(cache, inertiaKey(path), await fetchToKeep(path, inertiaHeaders));
  }
  for (const path of copy.files) await keep(cache, path, await fetchToKeep(path));
  const index = await readIndex(cache);
  await dropUnlisted(cache, index[ref], [copy, ...otherCopies(index, ref)]);
  await writeIndex(cache, { ...index, [ref]: { ...copy, savedAt: new Date().toISOString() } });
  return copy;
}

/** The built scripts and styles a page's document names (its page's own chunk among them), so it renders offline. */
const BUILT_FILE = /(?:src|href)="(\/build\/[^"]+)"/g;

async function keepBuiltFilesOf(html: string): Promise<void> {
  const shell = await caches.open(SHELL_CACHE);
  for (const [, path] of html.matchAll(BUILT_FILE)) {
    if (await shell.match(path!)) continue;
    const response = await fetch(path!);
    if (response.ok) await shell.put(path!, response);
  }
}

async function keep(cache: Cache, key: string, response: Response | null): Promise<void> {
  if (response?.status === 200) await cache.put(key, response);
  else if (response && ACCESS_LOST.includes(response.status)) await cache.delete(key);
}

function otherCopies(index: SavedIndex, ref: string): OfflineCopy[] {
  return Object.entries(index)
    .filter(([other]) => other !== ref)
    .map(([, copy]) => copy);
}

/** What an earlier copy held and no copy still holds (access lost, entry removed, copy removed) goes. */
async function dropUnlisted(cache: Cache, earlier: OfflineCopy | undefined, stillSaved: OfflineCopy[]): Promise<void> {
  if (!earlier) return;
  const kept = new Set(stillSaved.flatMap((copy) => [...copy.pages, ...copy.files]));
  for (const path of [...earlier.pages, ...earlier.files]) {
    if (kept.has(path)) continue;
    await cache.delete(path);
    await cache.delete(inertiaKey(path));
  }
}

export async function removeOfflineCopy(ref: string): Promise<void> {
  const cache = await caches.open(SAVED_CACHE);
  const index = await readIndex(cache);
  const copy = index[ref];
  if (!copy) return;
  delete index[ref];
  await dropUnlisted(cache, copy, Object.values(index));
  await writeIndex(cache, index);
}

/** A saved copy is saved again, when online, once it is this old. */
export const OFFLINE_REFRESH_AFTER_MS = 30 * 60_000;

/**
 * Online: every saved copy older than `OFFLINE_REFRESH_AFTER_MS` is saved again, so it is current and holds only what
 * the person may still open.
 */
export async function refreshSavedCollections(version: string | null, now: number = Date.now()): Promise<void> {
  if (!offlineCachesAvailable()) return;
  const index = await readIndex(await caches.open(SAVED_CACHE));
  for (const [ref, copy] of Object.entries(index)) {
    if (now - Date.parse(copy.savedAt) < OFFLINE_REFRESH_AFTER_MS) continue;
    await saveCollectionForOffline(ref, version).catch(() => undefined);
  }
}

/** Every page and file kept for offline goes (sign-out). */
export async function clearOfflineCopies(): Promise<void> {
  if (!offlineCachesAvailable()) return;
  await Promise.all([caches.delete(PAGES_CACHE), caches.delete(SAVED_CACHE)]);
}

/**
 * When someone else uses this browser than the person the copies were kept for (another person, or the same person
 * acting as someone else or viewing as another level: `owner` names all of it), the copies go.
 */
export async function keepOfflineCopiesFor(owner: string): Promise<void> {
  if (!offlineCachesAvailable()) return;
  if (readStored<string>(localStorage, OWNER_KEY) === owner) return;
  await clearOfflineCopies();
  writeStored(localStorage, OWNER_KEY, owner);
}
