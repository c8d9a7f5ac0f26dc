import { useEffect, useState, useSyncExternalStore } from 'react';
import { usePage } from '@inertiajs/react';
import { onDemand } from '../lib/on-demand';
import { takeUnseenNotifications } from './flash-seen';
import { createToastQueue } from './toast-queue';

const ToastStack = onDemand(() => import('./ToastStack'));

/** Shows the page's flash notifications as toasts, each pseudoref once per browser session. */
export default function FlashToasts() {
  const { flash } = usePage();
  const [queue] = useState(createToastQueue);
  // The queue fills in an effect, so a server render and hydration both start from its empty state.
  const shown = useSyncExternalStore(queue.subscribe, queue.current, queue.current);

  useEffect(() => queue.add(takeUnseenNotifications(flash.notifications ?? [])), [flash, queue]);

  // The toasts' code (react-bootstrap's Toast and its transitions) loads with the first notification.
  return shown.length > 0 ? <ToastStack shown={shown} onHidden={(pseudoref) => queue.remove(pseudoref)} /> : null;
}
