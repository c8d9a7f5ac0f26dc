/**
 * A tab left open across a deploy asks for chunks the new build no longer has (their names carry a content hash).
 * Vite reports such a failed load as `vite:preloadError`: the page reloads to pick up the new build, at most once a
 * minute, so a chunk that fails for another reason (no network, a broken deploy) cannot reload it in a loop; then the
 * part is left out (components/lib/on-demand.tsx) or the visit fails as before.
 */
import { readStored, writeStored } from '../lib/browser-storage';

const LAST_RELOAD_KEY = 'equip.reloadedForNewBuildAt';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

export function reloadOnceForNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = readStored<number>(sessionStorage, LAST_RELOAD_KEY) ?? 0;
    if (!navigator.onLine || Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return;
    writeStored(sessionStorage, LAST_RELOAD_KEY, Date.now());
    event.preventDefault();
    window.location.reload();
  });
}
