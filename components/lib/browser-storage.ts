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

/** Removes the stored values whose keys match; like reading, a storage that refuses is left as it is. */
export function removeStoredWhere(storage: Storage, matches: (key: string) => boolean): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null);
    for (const key of keys.filter(matches)) storage.removeItem(key);
  } catch {
    // A disabled storage holds nothing to remove.
  }
}
