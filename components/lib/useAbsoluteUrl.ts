import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A path of this site as a whole address (`https://…/content/…`), for what leaves the screen: a printed page's file
 * addresses. Null on the server, which does not know the address it is reached at, and while the browser hydrates
 * what the server rendered (so the two renders agree); the address follows at once.
 */
export function useAbsoluteUrl(path: string): string | null {
  const origin = useSyncExternalStore<string | null>(
    unchanging,
    () => window.location.origin,
    () => null,
  );
  // An opaque origin ('null': a file opened from disk) makes no address.
  return origin && origin !== 'null' ? new URL(path, origin).href : null;
}
