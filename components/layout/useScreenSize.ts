import { createContext, useContext, useSyncExternalStore } from 'react';
import { RESIZE_DEBOUNCE_MS, SCREEN_SIZE_ATTRIBUTE, screenSizeFor, type ScreenSize } from '../../shared/constants';

/**
 * The size a server-side render assumes (issue 20 §1): it cannot measure the window, so it guesses from the request
 * (server/web/ssr.ts) and writes its guess on `<html data-screen-size>`, which hydration reads back so the first
 * client render matches the server's markup; the real size follows at once.
 */
export const ServerScreenSizeContext = createContext<ScreenSize>(0);

/** The spec's screen size class (0, 1, 2), re-read once resizing has settled. */
export function useScreenSize(): ScreenSize {
  const serverGuess = useContext(ServerScreenSizeContext);
  return useSyncExternalStore(subscribeToResize, windowScreenSize, () => (typeof window === 'undefined' ? serverGuess : renderedScreenSize()));
}

function windowScreenSize(): ScreenSize {
  return screenSizeFor(window.innerWidth);
}

function renderedScreenSize(): ScreenSize {
  const written = Number(document.documentElement.getAttribute(SCREEN_SIZE_ATTRIBUTE));
  return written === 0 || written === 1 || written === 2 ? written : windowScreenSize();
}

function subscribeToResize(onSettled: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(onSettled, RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}
