import { useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS, screenSizeFor, type ScreenSize } from '../../shared/constants';

/** The spec's screen size class (0, 1, 2), re-read once resizing has settled. */
export function useScreenSize(): ScreenSize {
  const [size, setSize] = useState<ScreenSize>(() => screenSizeFor(window.innerWidth));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(screenSizeFor(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  return size;
}
