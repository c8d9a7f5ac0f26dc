/**
 * A small seeded pseudo-random generator (mulberry32), so the demo library is the
 * same on every run: same refs, titles, tags and relative dates.
 */
import { DAY_MS } from '../../../shared/dates';

const REF_ALPHABET = '0123456789abcdefghijkmnopqrstuvwxyz';
const REF_LENGTH = 12;

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)];
  }

  /** Up to `count` distinct values, in random order. */
  sample<T>(values: readonly T[], count: number): T[] {
    return this.shuffle(values).slice(0, count);
  }

  shuffle<T>(values: readonly T[]): T[] {
    const copy = [...values];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** A value chosen with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [value, weight] of entries) {
      point -= weight;
      if (point < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** Same shape as the app's refs (server/lib/ref.ts), but reproducible. */
  ref(): string {
    let ref = '';
    for (let i = 0; i < REF_LENGTH; i++) ref += REF_ALPHABET[Math.floor(this.next() * REF_ALPHABET.length)];
    return ref;
  }

  /** A moment between two others. */
  between(earliest: Date, latest: Date): Date {
    return new Date(earliest.getTime() + Math.round(this.next() * (latest.getTime() - earliest.getTime())));
  }

  /** A moment between `minDays` and `maxDays` days before `reference` (negative values lie after it). */
  daysBefore(reference: Date, minDays: number, maxDays: number): Date {
    const offset = minDays + this.next() * (maxDays - minDays);
    return new Date(reference.getTime() - Math.round(offset * DAY_MS));
  }
}

/**
 * Exactly `count` values where each value gets its weighted share (at least one each
 * when count allows), shuffled: a small library still covers every value.
 */
export function spreadByWeight<T>(rng: Random, entries: readonly (readonly [T, number])[], count: number): T[] {
  const counts = weightedShares(
    entries.map(([, weight]) => weight),
    count,
  );
  return rng.shuffle(entries.flatMap(([value], index) => Array<T>(counts[index]).fill(value)));
}

function weightedShares(weights: number[], count: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const minimum = count >= weights.length ? 1 : 0;
  const counts = weights.map((weight) => Math.max(minimum, Math.floor((weight / total) * count)));
  const largest = weights.indexOf(Math.max(...weights));
  counts[largest] += count - counts.reduce((sum, n) => sum + n, 0);
  return counts;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** 'YYYY-MM-DD' for date columns. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM' for year-month columns. */
export function yearMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}
