import type { FlashNotification } from '../../shared/props';

/**
 * The toasts on screen. Notifications arrive with page visits and leave on their own timers,
 * so they live outside React state, read with useSyncExternalStore.
 */
export function createToastQueue() {
  let toasts: readonly FlashNotification[] = [];
  const listeners = new Set<() => void>();
  const publish = (next: readonly FlashNotification[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    current: () => toasts,
    add(arrivals: FlashNotification[]) {
      if (arrivals.length > 0) publish([...toasts, ...arrivals]);
    },
    remove(pseudoref: string) {
      publish(toasts.filter((toast) => toast.pseudoref !== pseudoref));
    },
  };
}
