/**
 * The library cache's entries shared by every instance through Redis (docs/decisions/caching.md "One list computation per cluster"). Behind a balancer each instance would otherwise compute every list again after each write that changes
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

/** An instance that claimed a computation and died: the others take it over after this long. */
const CLAIM_MS = 15_000;
/** How often a waiting instance looks for the claimed entry: soon at first, then less often. */
const FIRST_LOOK_MS = 5;
const LATEST_LOOK_MS = 50;
/**
 * Redis keeps an entry at most this long (memory keeps it up to 10 minutes): long enough to serve every instance after
 * the write that changed it, short enough that distinct searches cannot fill Redis (a miss costs a computation, which
 * the database bounds to a few hundred a second).
 */
const SHARED_ENTRY_MS = 60_000;
/** Larger entries stay in the memory of the instance that computed them. */
const LARGEST_SHARED_BYTES = 512 * 1024;

// Stores an entry unless a newer version is there already: a slow, older computation must not replace it.
const PUT_UNLESS_NEWER = `
local current = tonumber(redis.call('HGET', KEYS[1], 'version'))
if current and current > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'entry', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

// The entry if it is of this version (a waiter does not download another version's).
const GET_IF_VERSION = `
if redis.call('HGET', KEYS[1], 'version') == ARGV[1] then return redis.call('HGET', KEYS[1], 'entry') end
return false`;

// Gives up a claim only if it is still ours (after CLAIM_MS another instance may hold it).
const RELEASE_IF_OURS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const AWAY = Symbol('Redis away');

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
   * The entry for `key` at `version`: from Redis, or computed here when this instance claims the computation. While
   * another instance holds the claim, this one waits for its entry; when it ends without one (it failed or died), the
   * claim is tried again, so one instance computes at a time. Redis away: computed here.
   */
  async entryFor(key: string, version: number, validUntil: number, compute: () => Promise<unknown>): Promise<CacheEntry> {
    const entryKey = this.redisKey('entry', key);
    const claimKey = this.redisKey('claim', `${version}|${key}`);
    const claim = randomUUID();
    const giveUpAt = Date.now() + 2 * CLAIM_MS;
    for (;;) {
      const found = await this.read(entryKey, version);
      if (found) return found;
      if (Date.now() >= giveUpAt || (await this.claim(claimKey, claim))) break;
      const computedElsewhere = await this.waitWhileClaimed(entryKey, claimKey, version);
      if (computedElsewhere) return computedElsewhere;
    }
    try {
      return this.share(entryKey, { version, validUntil, value: await compute() });
    } finally {
      void this.attempt(() => this.redis.eval(RELEASE_IF_OURS, 1, claimKey, claim));
    }
  }

  /** The entry another instance stores while it holds the claim; null once it no longer does and stored none. */
  private async waitWhileClaimed(entryKey: string, claimKey: string, version: number): Promise<CacheEntry | null> {
    for (let pause = FIRST_LOOK_MS; ; pause = Math.min(pause * 2, LATEST_LOOK_MS)) {
      await sleep(pause);
      const found = await this.read(entryKey, version);
      if (found) return found;
      const claimed = await this.attempt(() => this.redis.exists(claimKey));
      if (claimed === AWAY || claimed === 0) return null;
    }
  }

  private async read(entryKey: string, version: number): Promise<CacheEntry | null> {
    const stored = await this.attempt(() => this.redis.callBuffer('EVAL', GET_IF_VERSION, 1, entryKey, version) as Promise<Buffer | null>);
    const entry = stored === AWAY || stored === null ? null : decode(stored);
    return entry && answers(entry, version) ? entry : null;
  }

  /** True when this instance should compute: it claimed the key, or Redis cannot say whether another has. */
  private async claim(claimKey: string, claim: string): Promise<boolean> {
    const answer = await this.attempt(() => this.redis.set(claimKey, claim, 'PX', CLAIM_MS, 'NX'));
    return answer === 'OK' || answer === AWAY;
  }

  /**
   * Stores the entry for the other instances, without waiting for Redis, and answers with the stored copy, so this
   * instance serves what the others will (a value that does not survive serialisation shows here first).
   */
  private share(entryKey: string, entry: CacheEntry): CacheEntry {
    const stored = serialize(entry);
    const lifetime = Math.min(SHARED_ENTRY_MS, Math.floor(entry.validUntil - Date.now()));
    if (lifetime > 0 && stored.length <= LARGEST_SHARED_BYTES)
      void this.attempt(() => this.redis.eval(PUT_UNLESS_NEWER, 1, entryKey, entry.version, stored, lifetime));
    return deserialize(stored) as CacheEntry;
  }

  /** A Redis command, or AWAY when Redis is away or slow (its connection logs that once): the cache goes on without it. */
  private async attempt<T>(command: () => Promise<T>): Promise<T | typeof AWAY> {
    try {
      return await command();
    } catch {
      return AWAY;
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
 * release, so each release has keys of its own: the hash of the running script (the whole server, once built) and of
 * the installed dependencies' lock file.
 */
function releaseOfThisProcess(): string {
  const hash = createHash('sha256');
  for (const file of [process.argv[1] ?? '', 'package-lock.json']) {
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update(`unreadable ${file}`);
    }
  }
  return hash.digest('base64url').slice(0, 16);
}
