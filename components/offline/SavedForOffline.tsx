import { useEffect, useId, useState } from 'react';
import { OFFLINE_TEXT, SAVED_LIST_DATA_URL, type KeptPage } from '../../shared/offline';
import { useOnline } from './useOfflineCopies';

/**
 * On the pages a person starts from (Home, My Collections), while the browser has no network: the pages kept for
 * offline, as the service worker lists them for this browser's session. Nothing while online, or without a worker.
 */
export default function SavedForOffline() {
  const online = useOnline();
  const [pages, setPages] = useState<KeptPage[] | null>(null);
  const headingId = useId();

  useEffect(() => {
    if (online) return;
    let current = true;
    fetch(SAVED_LIST_DATA_URL)
      .then((response) => (response.ok ? (response.json() as Promise<KeptPage[]>) : null))
      .catch(() => null)
      .then((list) => current && setPages(list));
    return () => {
      current = false;
    };
  }, [online]);

  if (online || pages === null) return null;
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h5">
        {OFFLINE_TEXT.savedListTitle}
      </h2>
      {pages.length === 0 ? (
        <p>{OFFLINE_TEXT.nothingSaved}</p>
      ) : (
        <>
          <p>{OFFLINE_TEXT.savedList}</p>
          <ul>
            {pages.map((page) => (
              <li key={page.path}>
                {/* A whole-page visit: the worker keeps each page's document, not always its app answer. */}
                <a href={page.path}>{page.title}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
