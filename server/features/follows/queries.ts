/**
 * Follows: what a follow request names (a tag, a search or a collection the member may see), following and
 * unfollowing, the member's list, the Follow button's offer, and the digest setting.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { FOLLOW_TEXT, type DigestFrequency, type FollowKind, type FollowOffer, type FollowSummary } from '../../../shared/follows';
import { ROUTES } from '../../../shared/routes';
import { ANONYMOUS, canFollow, canFollowCollection, canPreviewCollection, canSeeTaxonomy, collectionSharesToViewer, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { collections, follows, shares, tags, taxonomies, users } from '../../db/schema';
import { loadViewer } from '../../auth/viewer';
import { tsQueryText } from '../../items';
import type { FollowBody } from './schemas';
import { followRefOfToken } from './tokens';

/** What a follow points at, resolved and allowed: the row's target column and how it is named. */
export type FollowTarget =
  | { kind: 'tag'; tagId: number; label: string }
  | { kind: 'collection'; collectionId: number; ref: string; label: string }
  | { kind: 'search'; searchText: string; label: string };

/** A refused follow: the field that names what the member may not follow (missing or hidden alike). */
export interface FollowRefusal {
  field: 'tag' | 'collection' | 'search';
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
    if (!tag || !canSeeTaxonomy(viewer, { public: tag.taxonomyPublic })) return { field: 'tag' };
    return { kind: 'tag', tagId: tag.id, label: tag.label };
  }
  if (body.name === 'collection') {
    const collection = await collectionFacts(db, viewer, body.value, now);
    if (!collection || !canFollowCollection(viewer, collection, collection.shared)) return { field: 'collection' };
    return { kind: 'collection', collectionId: collection.id, ref: collection.ref, label: collection.title };
  }
  if (tsQueryText(body.value) === null) return { field: 'search' };
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
      shared: collectionSharedWith(viewer, now),
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
export async function follow(db: Database, userId: number, target: FollowTarget): Promise<void> {
  try {
    await db.insert(follows).values({ userId, ...targetColumns(target) });
  } catch (error) {
    // Two clicks at once: the unique index keeps one follow, and the second is what the first already did.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** SQL: a valid share of the joined collection is addressed to this member. */
function collectionSharedWith(member: Viewer, now: Date) {
  return sql<boolean>`exists (select 1 from ${shares} where ${and(eq(shares.collectionId, collections.id), collectionSharesToViewer(member, now))})`;
}

/** A follow with its target's name and what the policy asks of it, for one member (the follow's owner). */
function followRows(db: Database, member: Viewer, now: Date) {
  return db
    .select({
      id: follows.id,
      ref: follows.ref,
      userId: follows.userId,
      searchText: follows.searchText,
      tagId: follows.tagId,
      tagLabel: tags.label,
      taxonomyPublic: taxonomies.public,
      collectionId: follows.collectionId,
      collectionRef: collections.ref,
      collectionTitle: collections.title,
      collectionOwner: collections.userId,
      collectionPublic: collections.public,
      collectionShared: collectionSharedWith(member, now),
    })
    .from(follows)
    .leftJoin(tags, eq(tags.id, follows.tagId))
    .leftJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .leftJoin(collections, eq(collections.id, follows.collectionId));
}

export type FollowRow = Awaited<ReturnType<ReturnType<typeof followRows>['where']>>[number];

/**
 * Whether the member may still see what they follow: a tag of a taxonomy they may see, a collection they may open.
 * A follow they no longer may is kept (access may come back) but never named, listed or digested.
 */
export function followStillVisible(member: Viewer, row: FollowRow): boolean {
  if (row.tagId !== null) return canSeeTaxonomy(member, { public: row.taxonomyPublic ?? false });
  if (row.collectionId !== null)
    return canFollowCollection(member, { userId: row.collectionOwner ?? 0, public: row.collectionPublic ?? false }, row.collectionShared);
  return true;
}

/** How the member's list, a notice and the unfollow page name a follow: by its target, or, once hidden, by its kind alone. */
export function followSummary(member: Viewer, row: FollowRow): FollowSummary {
  const kind: FollowKind = row.tagId !== null ? 'tag' : row.collectionId !== null ? 'collection' : 'search';
  if (!followStillVisible(member, row)) return { ref: row.ref, kind, label: FOLLOW_TEXT.noLongerVisible[kind as 'tag' | 'collection'], url: null };
  if (kind === 'tag') return { ref: row.ref, kind, label: row.tagLabel ?? '', url: ROUTES.tag.path({ label: row.tagLabel ?? '' }) };
  if (kind === 'collection') return { ref: row.ref, kind, label: row.collectionTitle ?? '', url: ROUTES.collection.path({ ref: row.collectionRef ?? '' }) };
  const text = row.searchText ?? '';
  return { ref: row.ref, kind, label: text, url: searchUrl(text) };
}

export function searchUrl(text: string): string {
  return `/item?${new URLSearchParams({ search: text })}`;
}

/** The member's follows with their targets' facts, oldest first (the digest's order). */
export async function memberFollowRows(db: Database, member: Viewer & { id: number }, now: Date = new Date()): Promise<FollowRow[]> {
  return followRows(db, member, now).where(eq(follows.userId, member.id)).orderBy(asc(follows.createdAt), asc(follows.id));
}

/** The member's follows for the profile: tags, searches, then collections, each by name. */
export async function listFollows(db: Database, member: Viewer & { id: number }): Promise<FollowSummary[]> {
  const order: Record<FollowKind, number> = { tag: 0, search: 1, collection: 2 };
  return (await memberFollowRows(db, member))
    .map((row) => followSummary(member, row))
    .sort((a, b) => order[a.kind] - order[b.kind] || a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/** The member's own follow by its ref; null for anyone else's (so a guessed ref reads as missing). */
export async function findOwnFollow(db: Database, member: Viewer & { id: number }, ref: string): Promise<FollowSummary | null> {
  const [row] = await followRows(db, member, new Date())
    .where(and(eq(follows.ref, ref), eq(follows.userId, member.id)))
    .limit(1);
  return row ? followSummary(member, row) : null;
}

/** Whether anyone, signed in or not, may open what a follow points at: a search, a public taxonomy's tag, a public collection. */
function openToAnyone(row: FollowRow): boolean {
  if (row.tagId !== null) return canSeeTaxonomy(ANONYMOUS, { public: row.taxonomyPublic ?? false });
  if (row.collectionId !== null) return canPreviewCollection({ userId: row.collectionOwner ?? 0, public: row.collectionPublic ?? false });
  return true;
}

/** The follow an unfollow link names, with whose it is, named as its owner would see it; null for a wrong or spent link. */
export async function findFollowByToken(db: Database, key: Buffer, token: string): Promise<(FollowSummary & { userId: number; openToAnyone: boolean }) | null> {
  const ref = followRefOfToken(key, token);
  if (ref === null) return null;
  const [owned] = await db.select({ userId: follows.userId }).from(follows).where(eq(follows.ref, ref)).limit(1);
  const owner = owned && (await loadViewer(db, owned.userId));
  if (!owner) return null;
  const [row] = await followRows(db, owner, new Date())
    .where(and(eq(follows.ref, ref), eq(follows.userId, owned.userId)))
    .limit(1);
  return row ? { ...followSummary(owner, row), userId: owned.userId, openToAnyone: openToAnyone(row) } : null;
}

export async function unfollow(db: Database, userId: number, ref: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.ref, ref), eq(follows.userId, userId)));
}

/** What a follow's target is keyed by: enough to find whether a member follows it. */
export type FollowTargetKey = { kind: 'tag'; tagId: number } | { kind: 'collection'; collectionId: number } | { kind: 'search'; searchText: string };

/**
 * The Follow button of a tag, search or collection page (`target` is what its POST names), and whether this member
 * already follows it (its ref, for Unfollow); visitors, and members the policy refuses (`mayFollow`), get the feed
 * link alone.
 */
export async function followOffer(
  db: Database,
  viewer: Viewer,
  key: FollowTargetKey,
  target: FollowOffer['target'],
  feedUrl: string | null,
  mayFollow: boolean = canFollow(viewer),
): Promise<FollowOffer> {
  if (!canFollow(viewer) || !mayFollow) return { target, following: null, canFollow: false, feedUrl };
  const [row] = await db.select({ ref: follows.ref }).from(follows).where(sameTarget(viewer.id, key)).limit(1);
  return { target, following: row?.ref ?? null, canFollow: true, feedUrl };
}

export async function setDigestFrequency(db: Database, userId: number, frequency: DigestFrequency): Promise<void> {
  await db.update(users).set({ digestFrequency: frequency }).where(eq(users.id, userId));
}
