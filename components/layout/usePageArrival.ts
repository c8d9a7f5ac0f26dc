import { useEffect, useRef, useState } from 'react';
import { usePage } from '@inertiajs/react';

/**
 * What a screen reader user needs after a client-side visit to another page: the focus on the new
 * page's h1 (so Tab starts from the page, not from the link that was left behind) and the new
 * title announced once. Visits that stay on the same path (filters, paging, partial reloads) leave
 * the focus where the user is working. Returns the text for a polite live region.
 */
export function usePageArrival(): string {
  const { url } = usePage();
  const pathname = new URL(url, 'http://equip.invalid').pathname;
  const previousPathname = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    // Inertia sets the document title from the page's <Head> as it renders; read it once that has run.
    const timer = setTimeout(() => setAnnouncement(document.title), 100);
    return () => clearTimeout(timer);
  }, [pathname]);

  return announcement;
}
