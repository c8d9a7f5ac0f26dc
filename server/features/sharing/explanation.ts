/**
 * The sharing explanation: computed by the server for one item and one viewer, shown in the
 * Share dialog's 'Please Explain...' panel and used by the Grant form (danger colour, opening level). Counts are
 * of the files the viewer can see themselves, so the explanation never reveals more of the item than they see.
 */
import { plural } from '../../../shared/messages';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { VISIBILITY } from '../../../shared/enums';
import { ACCESS_LEVELS, LEVEL, LEVEL_NAMES, LEVEL_SHORT_NAMES, type AccessLevel } from '../../../shared/levels';
import { CHECK_ACCESS_PARAM, SHARE_MESSAGES, type SharingExplanation } from '../../../shared/sharing';
import {
  canCheckAccessByEmail,
  canEditItem,
  canSeeContent,
  canShareItem,
  isItemExpired,
  levelOpensItem,
  levelSeesContent,
  lowestOpeningGrantLevel,
  maxShareLevel,
  type ItemAccessFacts,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { contents, shares } from '../../db/schema';
import { optional } from '../../inertia';
import { grantedLevelFor, type ItemRecord } from '../../items';
import { accountByEmail, grantedLevelForEmail } from './queries';
import { checkAccessEmail } from './schemas';

export const SHARING_TEXTS = {
  notPublished: 'Only its maintainer and admins can open this item while it is not published.',
  expired: 'This item has expired: only its maintainer and admins can open it.',
  everyone: 'Everyone, including visitors who are not logged in, can find and open this item.',
  unlistedEveryone: 'Anyone who has the link can open this item; it is not listed.',
  cannotOpen: 'Cannot open this item',
  noGrantOpens: 'No level you can grant opens this item now, so you cannot grant anyone access to it.',
  noFiles: 'This item has no files you can see.',
  linkOnly: 'Anyone you send the link to sees what their own access level allows.',
  invite: 'To let someone see more of the whole library, not only this item, elevate their access level with an invitation.',
} as const;

const levelLabel = (level: number) => `level ${level} (${LEVEL_NAMES[level as AccessLevel]})`;

interface ContentFacts {
  published: boolean;
  minimumAccessLevel: number;
}

/** The item page's `sharingExplanation` prop: sent only when asked for (the dialog opening, a check-access visit). */
export function sharingExplanationProp(request: FastifyRequest, record: ItemRecord, now: Date) {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = typeof query?.[CHECK_ACCESS_PARAM] === 'string' ? (query[CHECK_ACCESS_PARAM] as string) : null;
  return optional(() => sharingExplanationFor(request.server.db, request.viewer, record, asked, now));
}

export async function sharingExplanationFor(
  db: Database,
  viewer: Viewer,
  item: ItemRecord,
  askedEmail: string | null,
  now: Date = new Date(),
): Promise<SharingExplanation> {
  const grantedLevel = await grantedLevelFor(db, viewer, item.id, now);
  const rows = await db
    .select({ published: contents.published, minimumAccessLevel: contents.minimumAccessLevel })
    .from(contents)
    .where(eq(contents.itemId, item.id));
  // Unpublished rows are seen by no level, only by editors: they are not counted.
  const seen = rows.filter((row) => row.published && canSeeContent(viewer, item, row, grantedLevel));
  const levelText = ACCESS_LEVELS.map((level) => levelDescription(item, seen, level));
  const explanation: SharingExplanation = {
    availabilityText: await availability(db, viewer, item, now),
    levelText,
    levelVisible: ACCESS_LEVELS.map((level) => levelOpensItem(item, level)),
    contentText: contentDescription(item, seen),
    shareText: shareDescription(viewer, item, now),
    inviteText: canCheckAccessByEmail(viewer) ? SHARING_TEXTS.invite : null,
    checkAccessEmail: null,
    checkAccessText: null,
  };
  if (askedEmail !== null && canCheckAccessByEmail(viewer)) Object.assign(explanation, await checkAccess(db, item, levelText, askedEmail, now));
  return explanation;
}

/** What a person at `level` (neither admin nor editor) sees of the item and of the files the viewer sees. */
function levelDescription(item: ItemAccessFacts, seen: ContentFacts[], level: number): string {
  if (!levelOpensItem(item, level)) return SHARING_TEXTS.cannotOpen;
  if (seen.length === 0) return 'Can see this item';
  const visible = seen.filter((row) => levelSeesContent(item, row, level)).length;
  return `Can see this item and ${visible} of ${plural(seen.length, 'file')}`;
}

async function availability(db: Database, viewer: Viewer, item: ItemAccessFacts & { id: number }, now: Date): Promise<string> {
  let text: string;
  if (isItemExpired(item, now)) text = SHARING_TEXTS.expired;
  else if (item.visibility < VISIBILITY.UNLISTED) text = SHARING_TEXTS.notPublished;
  else if (item.visibility === VISIBILITY.UNLISTED) {
    text =
      item.minimumAccessLevel === LEVEL.PUBLIC
        ? SHARING_TEXTS.unlistedEveryone
        : `People at ${levelLabel(item.minimumAccessLevel)} or above who have the link can open this item; it is not listed.`;
  } else {
    text =
      item.minimumAccessLevel === LEVEL.PUBLIC
        ? SHARING_TEXTS.everyone
        : `People at ${levelLabel(item.minimumAccessLevel)} or above can find and open this item.`;
  }
  if (!canEditItem(viewer, item)) return text;
  // Editors also learn how many people hold a grant, never who.
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${shares.toEmail})` })
    .from(shares)
    .where(and(eq(shares.itemId, item.id), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))));
  const granted = Number(row?.count ?? 0);
  if (granted === 0) return text;
  return `${text} ${granted === 1 ? '1 person has' : `${granted} people have`} been granted access by sharing.`;
}

function contentDescription(item: ItemAccessFacts, seen: ContentFacts[]): string {
  if (seen.length === 0) return SHARING_TEXTS.noFiles;
  const byLevel = new Map<number, number>();
  for (const row of seen) {
    const level = Math.max(row.minimumAccessLevel, item.minimumAccessLevel);
    byLevel.set(level, (byLevel.get(level) ?? 0) + 1);
  }
  const groups = [...byLevel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, count]) => `${count} from level ${level} (${LEVEL_SHORT_NAMES[level as AccessLevel]})`);
  return `This item has ${plural(seen.length, 'file')} you can see: ${groups.join(', ')}.`;
}

/** The levels a grant may give (`lowestOpeningGrantLevel` up to the viewer's own), as the grant route holds them. */
function shareDescription(viewer: Viewer, item: ItemAccessFacts, now: Date): string {
  if (!canShareItem(viewer, item)) return SHARING_TEXTS.linkOnly;
  const max = maxShareLevel(viewer);
  const lowest = lowestOpeningGrantLevel({ item, content: null }, now);
  if (lowest === null || lowest > max) return `${SHARING_TEXTS.noGrantOpens} ${SHARING_TEXTS.linkOnly}`;
  const range = lowest === max ? `at ${levelLabel(max)}` : `at a level from ${lowest} to ${max}`;
  return (
    `You can grant one person access to this item ${range}, for 7, 90 or 365 days or forever. ` +
    'When they sign in with the address you enter, they see this item as someone at that level would; the rest of the library stays at their own level. ' +
    SHARING_TEXTS.linkOnly
  );
}

/**
 * What the person with `email` sees of the item. An address without a verified account reads like an account at
 * level 1: someone who signs in with it. Nothing else tells whether the address has an account.
 */
async function checkAccess(
  db: Database,
  item: ItemRecord,
  levelText: string[],
  email: string,
  now: Date,
): Promise<Pick<SharingExplanation, 'checkAccessEmail' | 'checkAccessText'>> {
  const parsed = checkAccessEmail.safeParse(email);
  if (!parsed.success) return { checkAccessEmail: email.trim(), checkAccessText: SHARE_MESSAGES.email };
  const address = parsed.data;
  const [account, granted] = await Promise.all([accountByEmail(db, address), grantedLevelForEmail(db, item.id, address, now)]);
  const own = account ? (account.admin ? LEVEL.ADMIN : account.level) : LEVEL.LOGGED_IN;
  const level = Math.max(own, LEVEL.LOGGED_IN, granted ?? -1);
  return {
    checkAccessEmail: address,
    checkAccessText: `Someone who signs in with ${address} sees this item at ${levelLabel(level)}: ${levelText[level]}.`,
  };
}
