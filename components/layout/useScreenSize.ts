import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { RESIZE_DEBOUNCE_MS, SCREEN_SIZE_ATTRIBUTE, SCREEN_SIZE_COOKIE, screenSizeFor, type ScreenSize } from '../../shared/constants';
import { THEME_COOKIE_MAX_AGE_SECONDS } from '../../shared/theme';

/**
 * The size a server-side render assumes: it cannot measure the window, so it guesses from the request
 * (server/web/ssr.ts) and writes its guess on `<html data-screen-size>`, which hydration reads back so the first
 * client render matches the server's markup; the real size follows at once.
 */
export const ServerScreenSizeContext = createContext<ScreenSize>(0);

/** The screen size class (0, 1, 2; shared/constants.ts SCREEN_BREAKPOINTS), re-read once resizing has settled. */
export function useScreenSize(): ScreenSize {
  const serverGuess = useContext(ServerScreenSizeContext);
  return useSyncExternalStore(subscribeToResize, windowScreenSize, () => (typeof window === 'undefined' ? serverGuess : renderedScreenSize()));
}

/**
 * Keeps the measured size in a cookie, so that the server lays out this browser's next first page for its screen
 * instead of guessing from the user agent (a wrong guess moves the whole page once the app starts).
 */
export function useRememberScreenSize(size: ScreenSize): void {
  useEffect(() => {
    document.cookie = `${SCREEN_SIZE_COOKIE}=${size}; path=/; max-age=${THEME_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  }, [size]);
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
