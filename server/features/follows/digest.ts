/**
 * The digest (issue 20 §4): once a day or a week per member, an e-mail of the items new and updated since the last one
 * in the tags, searches and collections they follow, only those they may list now (`digestItemsCondition`).
 *
 * Never twice: a digest is written outside any transaction (reads only), then queued in the outbox in the same
 * transaction that moves the member's `digest_sent_at` from the value it was written for to the window's end. Two
 * runs that wrote the same digest (two instances, or a run that overlapped the next) race on that one update; the
 * loser finds the value moved and queues nothing. The periodic job runs once an hour for the deployment.
 */
import { and, asc, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { formatDay, DAY_MS } from '../../../shared/dates';
import { DIGEST_ITEMS_PER_FOLLOW, FOLLOW_TEXT, type DigestFrequency } from '../../../shared/follows';
import { PROFILE_URL } from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { canFollowCollection, canReceiveDigest, canSeeTaxonomy, collectionSharesToViewer, digestItemsCondition, type Viewer } from '../../access/policy';
import { loadViewer } from '../../auth/viewer';
import type { Database } from '../../db/client';
import { collections, follows, items, shares, tags, taxonomies, users } from '../../db/schema';
import { matchesSearch, textSearch } from '../../items';
import { absoluteUrl } from '../../lib/site-url';
import { queueMail } from '../../mail/outbox';
import { digestMail, type DigestGroup } from '../../mail/templates/digest';
import { followSummary } from './queries';
import { inCollection, taggedAtOrBelow } from './item-sql';
import { unfollowToken } from './tokens';

export const DIGEST_PERIOD_MS: Record<Exclude<DigestFrequency, 'none'>, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

export interface DigestRun {
  db: Database;
  appUrl: string;
  appName: string;
  timeZone: string;
  linkKey: Buffer;
  now: Date;
}

/** What a run did: digests queued, and members whose window held nothing (their window moves on all the same). */
export interface DigestOutcome {
  sent: number;
  empty: number;
}

/** Sends every member's digest that is due at `run.now`. */
export async function sendDueDigests(run: DigestRun): Promise<DigestOutcome> {
  const outcome: DigestOutcome = { sent: 0, empty: 0 };
  for (const member of await dueMembers(run.db, run.now)) {
    const result = await sendDigest(run, member);
    if (result !== 'skipped') outcome[result] += 1;
  }
  return outcome;
}

interface DueMember {
  id: number;
  /** `digest_sent_at` as read: the value the digest's own update must still find. */
  sentAt: Date | null;
  since: Date;
}

/** A member's window: from their last digest, or their first follow, to now; null columns for members who follow nothing. */
function memberWindows(db: Database) {
  const firstFollow = sql`(select min(${follows.createdAt}) from ${follows} where ${follows.userId} = ${users.id})`;
  const since = sql<string | null>`coalesce(${users.digestSentAt}, ${firstFollow})`;
  return { since, select: () => db.select({ id: users.id, sentAt: users.digestSentAt, since }).from(users) };
}

function dueMember(row: { id: number; sentAt: Date | null; since: string | null }): DueMember | null {
  return row.since === null ? null : { id: row.id, sentAt: row.sentAt, since: new Date(row.since) };
}

/**
 * Members with a verified address, digests on, at least one follow, and a window a period old: it starts at their last
 * digest, or at their first follow.
 */
async function dueMembers(db: Database, now: Date): Promise<DueMember[]> {
  const windows = memberWindows(db);
  const period = sql`case ${users.digestFrequency} when 'daily' then ${DIGEST_PERIOD_MS.daily}::bigint else ${DIGEST_PERIOD_MS.weekly}::bigint end * interval '1 millisecond'`;
  const rows = await windows
    .select()
    .where(
      and(
        ne(users.digestFrequency, 'none'),
        isNotNull(users.emailVerifiedAt),
        isNotNull(users.email),
        sql`${windows.since} <= ${now.toISOString()}::timestamptz - ${period}`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.flatMap((row) => dueMember(row) ?? []);
}

/**
 * "Send my digest now" on the profile: the member's window up to now, whatever their frequency; the next scheduled one
 * starts where it ends. 'skipped' when they follow nothing or their address is unverified.
 */
export async function sendDigestNow(run: DigestRun, userId: number): Promise<DigestResult> {
  const [row] = await memberWindows(run.db).select().where(eq(users.id, userId)).limit(1);
  const due = row && dueMember(row);
  return due ? sendDigest(run, due) : 'skipped';
}

export type DigestResult = 'sent' | 'empty' | 'skipped';

async function sendDigest(run: DigestRun, due: DueMember): Promise<DigestResult> {
  const member = await loadViewer(run.db, due.id);
  if (!member || !canReceiveDigest(member)) return 'skipped';
  const groups = await digestGroups(run, member, due.since);
  return run.db.transaction(async (tx) => {
    const sentAt = due.sentAt === null ? sql`${users.digestSentAt} is null` : eq(users.digestSentAt, due.sentAt);
    const moved = await tx
      .update(users)
      .set({ digestSentAt: run.now })
      .where(and(eq(users.id, member.id), sentAt))
      .returning({ id: users.id });
    if (moved.length === 0) return 'skipped';
    if (groups.length === 0) return 'empty';
    const mail = digestMail({
      to: member.email,
      name: member.name,
      appName: run.appName,
      since: `since ${formatDay(due.since, run.timeZone)}`,
      groups,
      settingsUrl: absoluteUrl(run.appUrl, PROFILE_URL),
    });
    await queueMail(tx, mail);
    return 'sent';
  });
}

/** The member's follows with what the policy asks of their targets. */
async function memberFollows(db: Database, member: Viewer & { id: number }, now: Date) {
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
      collectionShared: sql<boolean>`exists (select 1 from ${shares} where ${and(eq(shares.collectionId, collections.id), collectionSharesToViewer(member, now))})`,
    })
    .from(follows)
    .leftJoin(tags, eq(tags.id, follows.tagId))
    .leftJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .leftJoin(collections, eq(collections.id, follows.collectionId))
    .where(eq(follows.userId, member.id))
    .orderBy(asc(follows.id));
}

type MemberFollow = Awaited<ReturnType<typeof memberFollows>>[number];

/** One group per follow that has news, in the member's list order; follows they may no longer see are left out. */
async function digestGroups(run: DigestRun, member: Viewer & { id: number }, since: Date): Promise<DigestGroup[]> {
  const groups: DigestGroup[] = [];
  for (const row of await memberFollows(run.db, member, run.now)) {
    const target = targetCondition(member, row);
    if (!target) continue;
    const changed = await run.db
      .select({ ref: items.ref, title: items.title, createdAt: items.createdAt })
      .from(items)
      .where(and(digestItemsCondition(member, since, run.now), target))
      .orderBy(desc(items.updatedAt), desc(items.id))
      .limit(DIGEST_ITEMS_PER_FOLLOW + 1);
    if (changed.length === 0) continue;
    const summary = followSummary(row);
    groups.push({
      heading: `${FOLLOW_TEXT.kindLabels[summary.kind]} “${summary.label}”`,
      items: changed.slice(0, DIGEST_ITEMS_PER_FOLLOW).map((item) => ({
        title: item.title,
        url: absoluteUrl(run.appUrl, ROUTES.item.path({ ref: item.ref })),
        isNew: item.createdAt > since,
      })),
      moreUrl: changed.length > DIGEST_ITEMS_PER_FOLLOW ? absoluteUrl(run.appUrl, summary.url) : null,
      unfollowLabel: `Unfollow “${summary.label}”`,
      unfollowUrl: absoluteUrl(run.appUrl, ROUTES.unfollow.path({ token: unfollowToken(run.linkKey, row.ref) })),
    });
  }
  return groups;
}

/** SQL over `items`: what the follow matches, or null when the member may no longer see what they followed. */
function targetCondition(member: Viewer & { id: number }, row: MemberFollow): SQL | null {
  if (row.tagId !== null) {
    if (!canSeeTaxonomy(member, { public: row.taxonomyPublic ?? false })) return null;
    return taggedAtOrBelow(row.tagId);
  }
  if (row.collectionId !== null) {
    const facts = { userId: row.collectionOwner ?? 0, public: row.collectionPublic ?? false };
    if (!canFollowCollection(member, facts, row.collectionShared)) return null;
    return inCollection(row.collectionId);
  }
  const search = textSearch(row.searchText ?? '');
  return search ? matchesSearch(search) : null;
}
