/**
 * The pages by name (every file under pages/, one chunk each), loaded for a visit, or ahead of one so the click that follows
 * does not wait for the code.
 */
import type { HttpResponse } from '@inertiajs/core';
import type { ResolvedComponent } from '@inertiajs/react';

// Lazy globs give every page its own chunk; the layout ships with the entry.
const pageModules = import.meta.glob<{ default: ResolvedComponent }>('../../pages/**/*.tsx');

export async function resolvePage(name: string): Promise<ResolvedComponent> {
  const load = pageModules[`../../pages/${name}.tsx`];
  if (!load) throw new Error(`No page component named "${name}" in pages/`);
  return (await load()).default;
}

/** Loads every page's code: for the server-side render, which then knows every part a page may load on demand. */
export async function loadEveryPage(): Promise<void> {
  await Promise.all(Object.values(pageModules).map((load) => load()));
}

/** Loads a page's code ahead of a visit to it (a link hovered or focused); a failure waits for the visit to show. */
export function preloadPage(name: string): void {
  if (pageModules[`../../pages/${name}.tsx`]) void resolvePage(name).catch(() => {});
}

/**
 * The page a prefetched answer (a link hovered for PREFETCH_HOVER_DELAY_MS) will show: its chunk loads now, so the
 * click that follows waits for neither the answer nor the code. Anything but an Inertia page is left alone.
 */
export function preloadPrefetchedPage(response: HttpResponse): void {
  const component = pageComponentOf(response.data);
  if (component !== null) preloadPage(component);
}

function pageComponentOf(data: unknown): string | null {
  try {
    const page: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    const component = typeof page === 'object' && page !== null && 'component' in page ? page.component : null;
    return typeof component === 'string' ? component : null;
  } catch {
    return null;
  }
}
