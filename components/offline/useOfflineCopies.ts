/**
 * The layout's side of offline: registers the service worker, keeps offline copies for the person signed
 * in only, refreshes saved collections when the network comes back, and says whether the browser is online.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { usePage } from '@inertiajs/react';
import { SERVICE_WORKER_URL } from '../../shared/offline';
import { keepOfflineCopiesFor, refreshSavedCollections } from './offline-copies';

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** False while the browser has no network; the server's render assumes it has one. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

export function useOfflineCopies(): boolean {
  const { props, version } = usePage();
  const userRef = props.auth.user?.ref ?? '';
  const owner = JSON.stringify([userRef, props.auth.impersonating?.name ?? null, props.auth.viewingAs ?? null]);
  const online = useOnline();

  useEffect(() => {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  }, []);

  // In this order: a new person's refresh must never save the last person's collections again.
  useEffect(() => {
    void keepOfflineCopiesFor(owner)
      .then(() => (online && userRef ? refreshSavedCollections(version) : undefined))
      .catch(() => undefined);
  }, [owner, online, userRef, version]);

  return online;
}
