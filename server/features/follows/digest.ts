/**
 * The digest: once a day or a week per member, an e-mail of the items new and updated in the tags,
 * searches and collections they follow since the last one, only those they may list now (`digestItemsCondition`).
 *
 * Never twice: a digest is written outside any transaction (reads only), then queued in the outbox in the same
 * transaction that moves the member's `digest_sent_at` from the value it was written for to the window's end. Two
 * runs that wrote the same digest (two instances, or a run that overlapped the next) race on that one update; the
 * loser finds the value moved and queues nothing. The periodic job looks once a job period for the deployment.
 *
 * Never lost: a scheduled window ends `DIGEST_SETTLE_MS` before the run, so a change whose transaction was still open
 * (its `updated_at` stamped before it committed, or by an instance whose clock runs a little behind) falls in this
 * window or the next, not between them.
 */
import { and, asc, desc, eq, exists, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { formatDay, DAY_MS } from '../../../shared/dates';
import { DIGEST_ITEMS_PER_FOLLOW, FOLLOW_TEXT, type DigestFrequency } from '../../../shared/follows';
import { PROFILE_URL } from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { canReceiveDigest, digestItemsCondition, type Viewer } from '../../access/policy';
import { loadViewer } from '../../auth/viewer';
import type { Database } from '../../db/client';
import { collectionItems, follows, items, users } from '../../db/schema';
import { matchesSearch, textSearch } from '../../items';
import { absoluteUrl } from '../../lib/site-url';
import { queueMail } from '../../mail/outbox';
import { digestMail, type DigestGroup } from '../../mail/templates/digest';
import { followStillVisible, followSummary, memberFollowRows, type FollowRow } from './queries';
import { inCollection, taggedAtOrBelow } from './item-sql';
import { unfollowToken } from './tokens';

export const DIGEST_PERIOD_MS: Record<Exclude<DigestFrequency, 'none'>, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };
/** A scheduled window ends this long before the run (see above). */
export const DIGEST_SETTLE_MS = 5 * 60_000;
/**
 * A digest is due this much before a full period has passed: the job looks about once an hour, so a daily digest
 * comes at about the same hour each day instead of sliding later by up to a look each time.
 */
const DIGEST_EARLY_MS = 60 * 60_000;

export interface DigestRun {
  db: Database;
  appUrl: string;
  appName: string;
  timeZone: string;
  linkKey: Buffer;
  now: Date;
  /** How long before `now` the window ends: `DIGEST_SETTLE_MS` for the schedule, 0 for "Send my digest now". */
  settleMs: number;
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
        exists(
          db
            .select({ one: sql`1` })
            .from(follows)
            .where(eq(follows.userId, users.id)),
        ),
        sql`${windows.since} <= ${now.toISOString()}::timestamptz - ${period} + ${DIGEST_EARLY_MS}::bigint * interval '1 millisecond'`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.flatMap((row) => dueMember(row) ?? []);
}

/**
 * "Send my digest now" on the profile: the member's window up to now, whatever their frequency; the next scheduled one
 * starts where it ends. 'skipped' when they follow nothing or their address is unverified. `first`: no digest was sent
 * before, so the window began with their first follow, not a last digest.
 */
export async function sendDigestNow(run: DigestRun, userId: number): Promise<{ result: DigestResult; first: boolean }> {
  const [row] = await memberWindows(run.db).select().where(eq(users.id, userId)).limit(1);
  const due = row && dueMember(row);
  return { result: due ? await sendDigest(run, due) : 'skipped', first: !row || row.sentAt === null };
}

export type DigestResult = 'sent' | 'empty' | 'skipped';

async function sendDigest(run: DigestRun, due: DueMember): Promise<DigestResult> {
  const member = await loadViewer(run.db, due.id);
  if (!member || !canReceiveDigest(member)) return 'skipped';
  const window = { since: due.since, until: new Date(run.now.getTime() - run.settleMs) };
  const groups = await digestGroups(run, member, window);
  return run.db.transaction(async (tx) => {
    // Compared to the millisecond: a value written by SQL (microseconds) still matches the JavaScript date it was read as.
    const sentAt =
      due.sentAt === null
        ? sql`${users.digestSentAt} is null`
        : sql`date_trunc('milliseconds', ${users.digestSentAt}) = ${due.sentAt.toISOString()}::timestamptz`;
    const moved = await tx
      .update(users)
      .set({ digestSentAt: window.until })
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

interface DigestWindow {
  since: Date;
  until: Date;
}

/** One group per follow that has news, in the member's list order; follows they may no longer see are left out. */
async function digestGroups(run: DigestRun, member: Viewer & { id: number }, window: DigestWindow): Promise<DigestGroup[]> {
  const groups: DigestGroup[] = [];
  for (const row of await memberFollowRows(run.db, member, window.until)) {
    if (!followStillVisible(member, row)) continue;
    const target = targetCondition(row, window);
    if (!target) continue;
    const changed = await run.db
      .select({ ref: items.ref, title: items.title, isNew: sql<boolean>`${items.createdAt} > ${window.since.toISOString()}::timestamptz or ${target.addedIn}` })
      .from(items)
      .where(and(digestItemsCondition(member, window.until), target.matches, or(changedIn(items.updatedAt, window), target.addedIn)))
      .orderBy(desc(items.updatedAt), desc(items.id))
      .limit(DIGEST_ITEMS_PER_FOLLOW + 1);
    if (changed.length === 0) continue;
    const summary = followSummary(member, row);
    groups.push({
      heading: `${FOLLOW_TEXT.kindLabels[summary.kind]} “${summary.label}”`,
      items: changed.slice(0, DIGEST_ITEMS_PER_FOLLOW).map((item) => ({
        title: item.title,
        url: absoluteUrl(run.appUrl, ROUTES.item.path({ ref: item.ref })),
        isNew: item.isNew,
      })),
      moreUrl: changed.length > DIGEST_ITEMS_PER_FOLLOW && summary.url ? absoluteUrl(run.appUrl, summary.url) : null,
      unfollowLabel: `Unfollow “${summary.label}”`,
      unfollowUrl: absoluteUrl(run.appUrl, ROUTES.unfollow.path({ token: unfollowToken(run.linkKey, row.ref) })),
    });
  }
  return groups;
}

function changedIn(column: typeof items.updatedAt | typeof collectionItems.createdAt, window: DigestWindow): SQL {
  return sql`${column} > ${window.since.toISOString()}::timestamptz and ${column} <= ${window.until.toISOString()}::timestamptz`;
}

/**
 * SQL over `items`: what the follow holds, and what counts as news besides an item's own change: an entry added to a
 * followed collection in the window is new there, however old the item.
 */
function targetCondition(row: FollowRow, window: DigestWindow): { matches: SQL; addedIn: SQL } | null {
  if (row.tagId !== null) return { matches: taggedAtOrBelow(row.tagId), addedIn: sql`false` };
  if (row.collectionId !== null) {
    const added = and(eq(collectionItems.collectionId, row.collectionId), eq(collectionItems.itemId, items.id), changedIn(collectionItems.createdAt, window));
    return { matches: inCollection(row.collectionId), addedIn: sql`exists (select 1 from ${collectionItems} where ${added})` };
  }
  const search = textSearch(row.searchText ?? '');
  return search ? { matches: matchesSearch(search), addedIn: sql`false` } : null;
}
