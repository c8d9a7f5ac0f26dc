/**
 * Follows: what a follow request names (a tag, a search or a collection the member may see), following and
 * unfollowing, the member's list, the Follow button's offer, and the digest setting.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DigestFrequency, FollowKind, FollowOffer, FollowSummary } from '../../../shared/follows';
import { ROUTES } from '../../../shared/routes';
import { canFollow, canFollowCollection, canSeeTaxonomy, collectionSharesToViewer, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { collections, follows, shares, tags, taxonomies, users } from '../../db/schema';
import { newRef } from '../../lib/ref';
import { tsQueryText } from '../../items';
import type { FollowBody } from './schemas';
import { unfollowToken, unfollowTokenHash } from './tokens';

/** What a follow points at, resolved and allowed: the row's target column and how it is named. */
export type FollowTarget =
  | { kind: 'tag'; tagId: number; label: string }
  | { kind: 'collection'; collectionId: number; ref: string; label: string }
  | { kind: 'search'; searchText: string; label: string };

/** The field a refused follow names, and why. */
export interface FollowRefusal {
  field: 'tag' | 'collection' | 'search';
  reason: 'missing';
}

/** The follow's target, when it exists and the member may see it now; a refusal otherwise (never a hint of what is hidden). */
export async function resolveFollowTarget(db: Database, viewer: Viewer, body: FollowBody, now: Date = new Date()): Promise<FollowTarget | FollowRefusal> {
  if (body.name === 'tag') {
    const [tag] = await db
      .select({ id: tags.id, label: tags.label, taxonomyPublic: taxonomies.public })
      .from(tags)
      .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
      .where(eq(tags.ref, body.value))
      .limit(1);
    if (!tag || !canSeeTaxonomy(viewer, { public: tag.taxonomyPublic })) return { field: 'tag', reason: 'missing' };
    return { kind: 'tag', tagId: tag.id, label: tag.label };
  }
  if (body.name === 'collection') {
    const collection = await collectionFacts(db, viewer, body.value, now);
    if (!collection || !canFollowCollection(viewer, collection, collection.shared)) return { field: 'collection', reason: 'missing' };
    return { kind: 'collection', collectionId: collection.id, ref: collection.ref, label: collection.title };
  }
  if (tsQueryText(body.value) === null) return { field: 'search', reason: 'missing' };
  return { kind: 'search', searchText: body.value, label: body.value };
}

async function collectionFacts(db: Database, viewer: Viewer, ref: string, now: Date) {
  const [row] = await db
    .select({
      id: collections.id,
      ref: collections.ref,
      title: collections.title,
      userId: collections.userId,
      public: collections.public,
      shared: sql<boolean>`exists (select 1 from ${shares} where ${and(eq(shares.collectionId, collections.id), collectionSharesToViewer(viewer, now))})`,
    })
    .from(collections)
    .where(eq(collections.ref, ref))
    .limit(1);
  return row ?? null;
}

function targetColumns(target: FollowTarget) {
  if (target.kind === 'tag') return { tagId: target.tagId };
  if (target.kind === 'collection') return { collectionId: target.collectionId };
  return { searchText: target.searchText };
}

function sameTarget(userId: number, target: FollowTargetKey) {
  if (target.kind === 'tag') return and(eq(follows.userId, userId), eq(follows.tagId, target.tagId));
  if (target.kind === 'collection') return and(eq(follows.userId, userId), eq(follows.collectionId, target.collectionId));
  return and(eq(follows.userId, userId), sql`lower(${follows.searchText}) = lower(${target.searchText})`);
}

/** Follows the target; following it again changes nothing. */
export async function follow(db: Database, userId: number, target: FollowTarget, linkKey: Buffer): Promise<void> {
  const ref = newRef();
  try {
    await db.insert(follows).values({ ref, userId, unfollowTokenHash: unfollowTokenHash(unfollowToken(linkKey, ref)), ...targetColumns(target) });
  } catch (error) {
    // Two clicks at once: the unique index keeps one follow, and the second is what the first already did.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** A follow as the member's list and the unfollow page name it. */
const followColumns = {
  id: follows.id,
  ref: follows.ref,
  userId: follows.userId,
  searchText: follows.searchText,
  tagLabel: tags.label,
  collectionRef: collections.ref,
  collectionTitle: collections.title,
};

/** What names a follow's target: the one of the three columns its row has. */
export interface FollowTargetNames {
  ref: string;
  searchText: string | null;
  tagLabel: string | null;
  collectionRef: string | null;
  collectionTitle: string | null;
}

function followsWithTargets(db: Database) {
  return db.select(followColumns).from(follows).leftJoin(tags, eq(tags.id, follows.tagId)).leftJoin(collections, eq(collections.id, follows.collectionId));
}

export function followSummary(row: FollowTargetNames): FollowSummary {
  if (row.tagLabel !== null) return { ref: row.ref, kind: 'tag', label: row.tagLabel, url: ROUTES.tag.path({ label: row.tagLabel }) };
  if (row.collectionRef !== null)
    return { ref: row.ref, kind: 'collection', label: row.collectionTitle ?? '', url: ROUTES.collection.path({ ref: row.collectionRef }) };
  const text = row.searchText ?? '';
  return { ref: row.ref, kind: 'search', label: text, url: searchUrl(text) };
}

export function searchUrl(text: string): string {
  return `/item?${new URLSearchParams({ search: text })}`;
}

/** The member's follows, tags and searches by name, then collections. */
export async function listFollows(db: Database, userId: number): Promise<FollowSummary[]> {
  const rows = await followsWithTargets(db).where(eq(follows.userId, userId)).orderBy(asc(follows.createdAt), asc(follows.id));
  const order: Record<FollowKind, number> = { tag: 0, search: 1, collection: 2 };
  return rows
    .map((row) => followSummary(row))
    .sort((a, b) => order[a.kind] - order[b.kind] || a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/** The member's own follow by its ref; null for anyone else's (so a guessed ref reads as missing). */
export async function findOwnFollow(db: Database, userId: number, ref: string): Promise<FollowSummary | null> {
  const [row] = await followsWithTargets(db)
    .where(and(eq(follows.ref, ref), eq(follows.userId, userId)))
    .limit(1);
  return row ? followSummary(row) : null;
}

/** The follow an unfollow link's secret names, with whose it is. */
export async function findFollowByToken(db: Database, token: string): Promise<(FollowSummary & { userId: number }) | null> {
  const [row] = await followsWithTargets(db)
    .where(eq(follows.unfollowTokenHash, unfollowTokenHash(token)))
    .limit(1);
  return row ? { ...followSummary(row), userId: row.userId } : null;
}

export async function unfollow(db: Database, userId: number, ref: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.ref, ref), eq(follows.userId, userId)));
}

/** What a follow's target is keyed by: enough to find whether a member follows it. */
export type FollowTargetKey = { kind: 'tag'; tagId: number } | { kind: 'collection'; collectionId: number } | { kind: 'search'; searchText: string };

/**
 * The Follow button of a tag, search or collection page (`target` is what its POST names), and whether this member
 * already follows it (its ref, for Unfollow); visitors get the feed link alone.
 */
export async function followOffer(
  db: Database,
  viewer: Viewer,
  key: FollowTargetKey,
  target: FollowOffer['target'],
  feedUrl: string | null,
): Promise<FollowOffer> {
  if (!canFollow(viewer)) return { target, following: null, canFollow: false, feedUrl };
  const [row] = await db.select({ ref: follows.ref }).from(follows).where(sameTarget(viewer.id, key)).limit(1);
  return { target, following: row?.ref ?? null, canFollow: true, feedUrl };
}

export async function setDigestFrequency(db: Database, userId: number, frequency: DigestFrequency): Promise<void> {
  await db.update(users).set({ digestFrequency: frequency }).where(eq(users.id, userId));
}
