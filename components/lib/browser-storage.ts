/**
 * JSON values in localStorage / sessionStorage. Storage can be full, disabled or hold
 * values written by an older release, so every failure reads as "nothing stored".
 */
export function readStored<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStored(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the cache; the page keeps working.
  }
}
