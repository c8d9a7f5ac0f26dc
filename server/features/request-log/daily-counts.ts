/**
 * Counts kept per UTC day instead of a row per event (the opens per user type, the searches that found
 * nothing): a batch of events is summed by key in memory, then one INSERT … ON CONFLICT DO UPDATE adds each sum to its
 * day's row. Keys are sorted, so two instances writing overlapping batches lock the rows in the same order and never
 * wait on each other in a circle; a key appears once per statement, which ON CONFLICT DO UPDATE requires.
 */
export interface DailyCount<K> {
  day: string;
  key: K;
  count: number;
  /** The latest event of the key that day. */
  lastAt: Date;
}

/** The batch summed per (UTC day, key), in key order; `keyOf` gives the key's columns, `idOf` what tells keys apart. */
export function dailyCounts<T extends { at: Date }, K>(batch: readonly T[], keyOf: (event: T) => K, idOf: (key: K) => string): DailyCount<K>[] {
  const counts = new Map<string, DailyCount<K>>();
  for (const event of batch) {
    const day = event.at.toISOString().slice(0, 10);
    const key = keyOf(event);
    const id = `${day}\u0000${idOf(key)}`;
    const counted = counts.get(id);
    if (!counted) counts.set(id, { day, key, count: 1, lastAt: event.at });
    else {
      counted.count += 1;
      if (event.at > counted.lastAt) counted.lastAt = event.at;
    }
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, counted]) => counted);
}
