/**
 * In-memory results of item lists, searches, type-ahead and the tag catalogue (docs/performance.md).
 *
 * Never stale, by construction:
 * - Every entry records the library version it was computed at. Any write to what these results show raises
 *   `library_state.version` as its transaction commits, together with the write (migrations 0002, 0005, 0035), and
 *   each request reads the version before it looks anything up, so once a write commits no request is answered from
 *   before it.
 * - Lists, searches, filters and the type-ahead depend on a lists version instead (`'lists'`), which only writes to
 *   what they read raise (migration 0015): a comment or an affirmation leaves every cached list in place. For the
 *   lists of a level (below) it is that level's own (`level_lists_versions`, migration 0019), which only writes to
 *   items that level may list, and to tags and taxonomies, raise: an edit to a draft or to a level-5 item leaves
 *   the lists of levels 0-4 in place. Admins' and personal lists follow `lists_version`, raised by every such write.
 * - An entry also ends at the next moment a result changes with no write: the next item or share expiry.
 * - Entries are per access class: admins; everyone else by level, unless the viewer maintains items or has
 *   received shares (which make their lists their own), in which case by user, level and verified e-mail. A level's
 *   entries are computed for someone of that level with nothing of their own (`rememberList`), never for the person
 *   asking: a write that gave them an item or a share after their snapshot was read (which raises no level's version)
 *   must not put it in the lists of everyone of their level.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNotNull, min, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { effectiveLevel, isAdmin, isSignedIn, levelOnlyViewer, sharesAddressedTo, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items, libraryState, sessions, shares, users } from '../../db/schema';
import { answers, ClusterEntries, type CacheEntry } from './cluster-entries';

declare module 'fastify' {
  interface FastifyInstance {
    libraryCache: LibraryCache;
  }
}

/** `app.libraryCache`, sized by LIBRARY_CACHE_ENTRIES (0: off), shared by every instance with REDIS_URL. */
export const libraryCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cluster = app.redis ? new ClusterEntries(app.redis, app.config.REDIS_KEY_PREFIX) : null;
    app.decorate('libraryCache', new LibraryCache(app.config.LIBRARY_CACHE_ENTRIES, cluster));
  },
  { name: 'equip-library-cache' },
);

/** Where a request's lists may be answered from: the cache and the snapshot this request read. */
export interface CachedReads {
  cache: LibraryCache;
  snapshot: LibrarySnapshot | null;
}

const readsOfRequest = new WeakMap<FastifyRequest, Promise<CachedReads>>();

/** The cache and this request's snapshot, read once per request (before anything is looked up). */
export function cachedReadsFor(request: FastifyRequest): Promise<CachedReads> {
  let reads = readsOfRequest.get(request);
  if (!reads) {
    const cache = request.server.libraryCache;
    const fromSession = request.sessionSideValues;
    reads = fromSession
      ? Promise.resolve({ cache, snapshot: cache.snapshotOf(request.viewer, fromSession) })
      : cache.snapshot(request.server.db, request.viewer).then((snapshot) => ({ cache, snapshot }));
    readsOfRequest.set(request, reads);
  }
  return reads;
}

interface SnapshotValues {
  generation: string;
  libraryVersion: number;
  listsVersion: number;
  levelListsVersions: unknown[];
  nextExpiry: string | Date | null;
  personal: boolean | null;
}

/**
 * The snapshot's values as SQL over a session and its user, for the session store to read with every
 * signed-in session (so a cached answer costs no round trip of its own). `now` is the store's placeholder.
 */
export function snapshotSideColumns(): Record<keyof SnapshotValues, SQL> {
  return {
    generation: sql`(select ${libraryState.generation} from ${libraryState} where ${libraryState.id} = 1)`,
    libraryVersion: sql`(select ${libraryState.version} from ${libraryState} where ${libraryState.id} = 1)`,
    listsVersion: sql`(select ${libraryState.listsVersion} from ${libraryState} where ${libraryState.id} = 1)`,
    levelListsVersions: sql`(select ${libraryState.levelListsVersions} from ${libraryState} where ${libraryState.id} = 1)`,
    nextExpiry: nextExpiry(sql.placeholder('now')),
    personal: personalListsOfSessionUser(),
  };
}

/** Entries also leave after this long, so memory follows what people search for now. */
const ENTRY_TTL_MS = 10 * 60 * 1000;

/** What one request may read from the cache: the version it saw and until when that view holds. */
export interface LibrarySnapshot {
  /** The database's `library_state.generation`: versions of another database say nothing about this one. */
  generation: string;
  version: number;
  /** The lists version of this viewer's access class: their level's, or every list's for admins and personal lists. */
  listsVersion: number;
  validUntil: number;
  accessKey: string;
  /** Whether the viewer's lists are their own: they maintain items or have received shares (`personalListsCondition`). */
  personal: boolean;
  /** Whom this class's lists are computed for: `levelOnlyViewer` for a level's class, else the viewer. */
  listsViewer: Viewer;
}

/**
 * A list (`dependsOn: 'lists'`) for `viewer`: from the cache under `key`, computed for their class's
 * `listsViewer`; or, with no cache or no key (a list that is never cached), computed for the viewer.
 */
export function rememberList<T>(reads: CachedReads | undefined, viewer: Viewer, key: string | null, compute: (listsViewer: Viewer) => Promise<T>): Promise<T> {
  if (!reads || key === null) return compute(viewer);
  return reads.cache.remember(reads.snapshot, key, () => compute(reads.snapshot?.listsViewer ?? viewer), 'lists');
}

/** Which version an entry depends on: every write the item pages show ('library'), or only list-relevant ones. */
export type CacheDependency = 'library' | 'lists';

export class LibraryCache {
  private readonly entries: LRUCache<string, CacheEntry> | null;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Lookups answered from this instance's memory, and the others (computed, or from another instance), for features/metrics. */
  readonly lookups = { hits: 0, misses: 0 };

  /** `cluster`: the entries every instance shares (Redis); without it, this instance's memory only. */
  constructor(
    maxEntries: number,
    private readonly cluster: ClusterEntries | null = null,
  ) {
    this.entries = maxEntries > 0 ? new LRUCache<string, CacheEntry>({ max: maxEntries, ttl: ENTRY_TTL_MS }) : null;
  }

  /**
   * One round trip: the library version, the next expiry and whether the viewer's lists are their own.
   * Null when the cache is off. Signed-in requests have it already, read with their session.
   */
  async snapshot(db: Database, viewer: Viewer, now: Date = new Date()): Promise<LibrarySnapshot | null> {
    if (!this.entries) return null;
    const [row] = await db
      .select({
        generation: libraryState.generation,
        libraryVersion: libraryState.version,
        listsVersion: libraryState.listsVersion,
        levelListsVersions: libraryState.levelListsVersions,
        nextExpiry: nextExpiry(now),
        personal: personalListsCondition(viewer),
      })
      .from(libraryState)
      .where(eq(libraryState.id, 1));
    return row ? this.snapshotOf(viewer, row, now) : null;
  }

  /** The snapshot from values read elsewhere in this request (`snapshotSideColumns`); null when they are missing. */
  snapshotOf(viewer: Viewer, values: Partial<Record<keyof SnapshotValues, unknown>>, now: Date = new Date()): LibrarySnapshot | null {
    if (!this.entries || values.libraryVersion === null || values.libraryVersion === undefined) return null;
    const accessClass = accessClassOf(viewer, values.personal === true);
    const listsVersion = accessClass.level === null ? values.listsVersion : (values.levelListsVersions as unknown[] | null | undefined)?.[accessClass.level];
    if (listsVersion === null || listsVersion === undefined) return null;
    const nextExpiryAt = values.nextExpiry ? new Date(values.nextExpiry as string | Date).getTime() : Infinity;
    return {
      generation: String(values.generation),
      version: Number(values.libraryVersion),
      listsVersion: Number(listsVersion),
      validUntil: Math.min(now.getTime() + ENTRY_TTL_MS, nextExpiryAt),
      accessKey: accessClass.key,
      personal: values.personal === true,
      listsViewer: accessClass.level === null ? viewer : levelOnlyViewer(effectiveLevel(viewer)),
    };
  }

  /**
   * The value for `key` as this snapshot sees it (plain data: it may have been computed by another instance), computed
   * once per version for the whole cluster when missing, however many ask at the same time. `dependsOn: 'lists'` for
   * what only list-relevant writes change (lists, searches, filters, the type-ahead).
   */
  async remember<T>(snapshot: LibrarySnapshot | null, key: string, compute: () => Promise<T>, dependsOn: CacheDependency = 'library'): Promise<T> {
    if (!this.entries || !snapshot) return compute();
    const version = dependsOn === 'lists' ? snapshot.listsVersion : snapshot.version;
    const fullKey = `${snapshot.generation}|${dependsOn}|${snapshot.accessKey}|${key}`;
    const entry = this.entries.get(fullKey);
    if (entry && answers(entry, version)) {
      this.lookups.hits += 1;
      return entry.value as T;
    }
    this.lookups.misses += 1;
    const flightKey = `${version}|${fullKey}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending as Promise<T>;
    const computing = this.computeEntry(fullKey, version, snapshot.validUntil, compute).then((computed) => {
      this.store(fullKey, computed);
      return computed.value as T;
    });
    this.inFlight.set(flightKey, computing);
    try {
      return await computing;
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  private async computeEntry(fullKey: string, version: number, validUntil: number, compute: () => Promise<unknown>): Promise<CacheEntry> {
    if (this.cluster) return this.cluster.entryFor(fullKey, version, validUntil, compute);
    return { version, validUntil, value: await compute() };
  }

  /** A newer version never gives way to an older one computed by a slower request (in this instance's memory). */
  private store(fullKey: string, entry: CacheEntry): void {
    const current = this.entries!.get(fullKey);
    if (current && current.version > entry.version) return;
    this.entries!.set(fullKey, entry);
  }
}

/** Viewers whose lists are alike share entries: `level` is set for the classes that follow their level's version. */
function accessClassOf(viewer: Viewer, personal: boolean): { key: string; level: number | null } {
  if (isAdmin(viewer)) return { key: 'admin', level: null };
  if (!isSignedIn(viewer) || !personal) return { key: `level:${effectiveLevel(viewer)}`, level: effectiveLevel(viewer) };
  return { key: `user:${viewer.id}:${effectiveLevel(viewer)}:${viewer.emailVerified ? (viewer.email ?? '') : ''}`, level: null };
}

/** SQL: the earliest item or share expiry still to come (the listing rule and share grants change then). */
function nextExpiry(now: Date | Placeholder): SQL<string | null> {
  const nextItemExpiry = sql`(select ${min(items.expiresAt)} from ${items} where ${and(isNotNull(items.expiresAt), gt(items.expiresAt, now))})`;
  const nextShareExpiry = sql`(select ${min(shares.expiresAt)} from ${shares} where ${and(isNotNull(shares.expiresAt), gt(shares.expiresAt, now))})`;
  return sql<string | null>`least(${nextItemExpiry}, ${nextShareExpiry})`;
}

/**
 * SQL: whether the viewer's lists differ from their level's (policy.listableItemsCondition): they
 * maintain items or have received shares. Null for viewers whose lists never do.
 */
function personalListsCondition(viewer: Viewer): SQL<boolean | null> {
  if (!isSignedIn(viewer) || isAdmin(viewer)) return sql<null>`null`;
  return sql<boolean>`(exists (select 1 from ${items} where ${eq(items.createdByUserId, viewer.id)}) or exists (select 1 from ${shares} where ${sharesAddressedTo(viewer)}))`;
}

/**
 * `personalListsCondition` for the user of the session row being read (`sessions` joined with `users`):
 * the same rule, in the same terms as policy.sharesAddressedTo (the database lowercases the e-mail).
 */
function personalListsOfSessionUser(): SQL<boolean> {
  const byVerifiedEmail = sql`(${users.email} is not null and ${users.emailVerifiedAt} is not null and ${shares.toEmail} = lower(${users.email}))`;
  return sql<boolean>`(exists (select 1 from ${items} where ${items.createdByUserId} = ${sessions.userId}) or exists (select 1 from ${shares} where ${shares.toUserId} = ${sessions.userId} or ${byVerifiedEmail}))`;
}
