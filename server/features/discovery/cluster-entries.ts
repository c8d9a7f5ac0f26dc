/**
 * The library cache's entries shared by every instance through Redis (docs/decisions.md "One list computation per
 * cluster"). Behind a balancer each instance would otherwise compute every list again after each write that changes
 * it: N instances, N times the database work of one. Here the first instance to miss claims the computation; the
 * others wait for its entry (or compute themselves if it fails or Redis is away).
 *
 * The same rules as the cache in memory: an entry is looked up by database generation, access class and key, holds
 * the version it was computed at and its end of validity, and answers only a request whose snapshot has that version.
 * Redis holds nothing a class may not see that memory would not, and nothing of another release (its key says which).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import type { Redis } from 'ioredis';

export interface CacheEntry {
  version: number;
  validUntil: number;
  value: unknown;
}

/**
 * An entry answers snapshots of its own version until it ends. Not an older one's: after a database is restored from a
 * backup its versions count again from the backup's, and an entry of a version it lost must never answer.
 */
export function answers(entry: CacheEntry, version: number): boolean {
  return entry.version === version && Date.now() < entry.validUntil;
}

/** An instance that claimed a computation and died: the others stop waiting for it after this long. */
const CLAIM_MS = 15_000;
/** How often a waiting instance looks for the claimed entry: soon at first, then less often. */
const FIRST_LOOK_MS = 5;
const LATEST_LOOK_MS = 50;

// Gives up a claim only if it is still ours (after CLAIM_MS another instance may hold it).
const RELEASE_IF_OURS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export class ClusterEntries {
  private readonly keyPrefix: string;

  constructor(
    private readonly redis: Redis,
    redisKeyPrefix: string,
    release = releaseOfThisProcess(),
  ) {
    this.keyPrefix = `${redisKeyPrefix}library-cache:${release}:`;
  }

  /**
   * The entry for `key` at `version`: from Redis; or computed here when no other instance is computing it (this one
   * claims it), when the one that was ends without storing it, or when Redis is away. What is computed is stored for
   * the other instances.
   */
  async remember(key: string, version: number, validUntil: number, compute: () => Promise<unknown>): Promise<CacheEntry> {
    const entryKey = this.redisKey('entry', key);
    const claimKey = this.redisKey('claim', `${version}|${key}`);
    const claim = randomUUID();
    const found = await this.read(entryKey, version);
    if (found) return found;
    if (!(await this.claim(claimKey, claim))) {
      const computedElsewhere = await this.waitForOthers(entryKey, claimKey, version);
      if (computedElsewhere) return computedElsewhere;
    }
    try {
      const entry = { version, validUntil, value: await compute() };
      await this.write(entryKey, entry);
      return entry;
    } finally {
      await this.attempt(() => this.redis.eval(RELEASE_IF_OURS, 1, claimKey, claim));
    }
  }

  /** The entry another instance stores while it holds the claim; null once it no longer does and stored none. */
  private async waitForOthers(entryKey: string, claimKey: string, version: number): Promise<CacheEntry | null> {
    for (let pause = FIRST_LOOK_MS; ; pause = Math.min(pause * 2, LATEST_LOOK_MS)) {
      await sleep(pause);
      const found = await this.read(entryKey, version);
      if (found || !(await this.attempt(() => this.redis.exists(claimKey)))) return found;
    }
  }

  private async read(entryKey: string, version: number): Promise<CacheEntry | null> {
    const stored = await this.attempt(() => this.redis.getBuffer(entryKey));
    const entry = stored ? decode(stored) : null;
    return entry && answers(entry, version) ? entry : null;
  }

  /** True when this instance should compute: it claimed the key, or Redis cannot say whether another has. */
  private async claim(claimKey: string, claim: string): Promise<boolean> {
    try {
      return (await this.redis.set(claimKey, claim, 'PX', CLAIM_MS, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  private async write(entryKey: string, entry: CacheEntry): Promise<void> {
    const lifetime = Math.floor(entry.validUntil - Date.now());
    if (lifetime > 0) await this.attempt(() => this.redis.set(entryKey, serialize(entry), 'PX', lifetime));
  }

  /** A Redis command, or null when Redis is away (logged once by its connection): the cache goes on without it. */
  private async attempt<T>(command: () => Promise<T>): Promise<T | null> {
    try {
      return await command();
    } catch {
      return null;
    }
  }

  /** Keys of a bounded length whatever was searched for. */
  private redisKey(kind: 'entry' | 'claim', key: string): string {
    return `${this.keyPrefix}${kind}:${createHash('sha256').update(key).digest('base64url')}`;
  }
}

/** An entry that cannot be read (say, a Node.js of another serialisation format) counts as missing. */
function decode(stored: Buffer): CacheEntry | null {
  try {
    return deserialize(stored) as CacheEntry;
  } catch {
    return null;
  }
}

/**
 * During a rolling deploy two releases share Redis; an entry's shape and the rules it was computed by belong to its
 * release, so each release has keys of its own: the hash of the running script (the whole server, once built).
 */
function releaseOfThisProcess(): string {
  try {
    return createHash('sha256').update(readFileSync(process.argv[1] ?? '')).digest('base64url').slice(0, 16);
  } catch {
    return 'unbuilt';
  }
}
