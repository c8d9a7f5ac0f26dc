/**
 * The collections list's cursors: the key of the page's last row (its title as the list orders it, and its id) as
 * base64url JSON. Opaque to clients; one that does not read as a key is refused, never read as the first page.
 */
import { collectionKey, type CollectionKey } from './schemas';

export function collectionCursor(key: CollectionKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor holds, or null when it holds none. */
export function collectionKeyOf(cursor: string): CollectionKey | null {
  try {
    const parsed = collectionKey.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
