import type { FlashNotification } from '../../shared/props';
import { readStored, writeStored } from '../lib/browser-storage';

const SEEN_KEY = 'equip.seenFlashNotifications';

/**
 * Returns the notifications not yet shown in this browser session and records them as shown:
 * a flash notification appears once per session per pseudoref.
 */
export function takeUnseenNotifications(notifications: FlashNotification[]): FlashNotification[] {
  const stored = readStored<unknown>(sessionStorage, SEEN_KEY);
  const seen = new Set(Array.isArray(stored) ? stored.filter((ref) => typeof ref === 'string') : []);
  const unseen = notifications.filter((notification) => {
    if (seen.has(notification.pseudoref)) return false;
    seen.add(notification.pseudoref);
    return true;
  });
  if (unseen.length > 0) writeStored(sessionStorage, SEEN_KEY, [...seen]);
  return unseen;
}
