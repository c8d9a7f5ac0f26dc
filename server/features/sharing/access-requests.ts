/**
 * "Ask for access" (docs/decisions/sharing.md "Sharing that tells the truth"): an item's 403 page says which level
 * it needs and lets a signed-in person ask the people who can share it (its maintainer, else the admins) by e-mail.
 * The e-mail links to the item page with the Share dialog filled in; nothing is granted until they press Grant Access.
 * The requester learns nothing of the item beyond what the 403 already says: not its title, not who was asked.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gt, isNotNull, or } from 'drizzle-orm';
import { VISIBILITY } from '../../../shared/enums';
import { LEVEL_NAMES, type AccessLevel } from '../../../shared/levels';
import { ACCESS_REQUEST_REPEAT_HOURS, ACCESS_REQUEST_TEXTS, ACCESS_REQUESTS_PER_WINDOW, type ForbiddenHelp } from '../../../shared/access-requests';
import { SHARE_LEVEL_PARAM, SHARE_TO_PARAM } from '../../../shared/share-prefill';
import { ROUTES } from '../../../shared/routes';
import { signedIn, signedInViewer, type SignedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { accessRequestLevel, canAnswerAccessRequest, isItemExpired, isSignedIn, type ItemAccessFacts, type Viewer } from '../../access/policy';
import { toViewer, viewerColumns } from '../../auth/viewer';
import { safeReturnPath } from '../../auth/return-to';
import type { Database } from '../../db/client';
import { accessRequests, users, userTypes } from '../../db/schema';
import { paramsOf } from '../../lib/validation';
import { queueMail } from '../../mail/outbox';
import type { MailMessage } from '../../mail/mailer';
import { perMinute } from '../../web/rate-limit';
import { findItemRecord, findItemRecordById, grantedLevelFor, viewerCanOpen, type ItemRecord } from '../../items';
import { absoluteUrl } from '../../lib/site-url';
import { escapeHtml } from '../../lib/html';
import { takeWritersLock } from '../../db/writers-lock';

/** The item asked about, with the level a grant gives the viewer at this moment (read once, for the rule and the ask). */
async function findAskedItem(db: Database, ref: string, request: FastifyRequest) {
  const item = await findItemRecord(db, ref);
  if (!item) return null;
  const now = new Date();
  return { ...item, now, grantedLevel: await grantedLevelFor(db, request.viewer, item.id, now) };
}

/** The level worth asking for, or null when no grant would open more. */
const levelToAsk = (viewer: Viewer, asked: NonNullable<Awaited<ReturnType<typeof findAskedItem>>>) =>
  accessRequestLevel(viewer, asked, asked.grantedLevel, asked.now);

/**
 * The item asked about: one a grant could open for the viewer, or one they open already (taken to it); for an item no
 * grant opens, the 403 says all there is.
 */
const askedItem = loads('item', findAskedItem, {
  opens: async (viewer, asked, request) => levelToAsk(viewer, asked) !== null || viewerCanOpen(request.server.db, viewer, asked, asked.now),
  askForAccessTo: (item) => item.id,
  rule: 'accessRequestLevel, or mayOpenItem (taken to it)',
});

const REPEAT_MS = ACCESS_REQUEST_REPEAT_HOURS * 3_600_000;

/**
 * The 403 page's help (shared/sharing.ts ForbiddenHelp): for a visitor the login page that comes back here; on an item
 * page the level it needs and, for a signed-in person who may ask, Ask for access. Null when there is nothing to offer.
 */
export async function forbiddenHelp(request: FastifyRequest, refusedItemId: number | null): Promise<ForbiddenHelp | null> {
  const viewer = request.viewer;
  const pageRead = request.method === 'GET' || request.method === 'HEAD';
  const help: ForbiddenHelp = { neededLevel: null, notPublished: false, askUrl: null, verifyEmail: false, askedAt: null, signInUrl: null };
  if (!isSignedIn(viewer)) {
    const back = pageRead ? safeReturnPath(request.url, []) : null;
    help.signInUrl = back ? `/login?${new URLSearchParams({ return_to: back })}` : '/login';
  }
  const onItemPage = pageRead && request.routeOptions.url === ROUTES.item.pattern && refusedItemId !== null;
  if (!onItemPage) return help.signInUrl ? help : null;
  const { db } = request.server;
  const item = await findItemRecordById(db, refusedItemId);
  if (!item) return help.signInUrl ? help : null;
  const now = new Date();
  if (!isSignedIn(viewer)) {
    Object.assign(help, levelNeeded(item, now));
    return help;
  }
  const level = accessRequestLevel(viewer, item, await grantedLevelFor(db, viewer, item.id, now), now);
  if (level === null) {
    Object.assign(help, levelNeeded(item, now));
    return help;
  }
  help.neededLevel = level;
  if (!viewer.emailVerified) {
    help.verifyEmail = true;
    return help;
  }
  const asked = await lastRequest(db, viewer.id, item.id, now);
  help.askedAt = asked?.toISOString() ?? null;
  help.askUrl = asked ? null : ROUTES.itemAccessRequest.path({ ref: item.ref });
  return help;
}

/** What a visitor (or someone who cannot ask) is told the item needs: its minimum level, or that no level opens it. */
function levelNeeded(item: ItemAccessFacts, now: Date): Pick<ForbiddenHelp, 'neededLevel' | 'notPublished'> {
  if (item.visibility < VISIBILITY.UNLISTED || isItemExpired(item, now)) return { neededLevel: null, notPublished: item.visibility < VISIBILITY.UNLISTED };
  return { neededLevel: item.minimumAccessLevel, notPublished: false };
}

async function lastRequest(db: Database, userId: number, itemId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: accessRequests.createdAt })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, userId), eq(accessRequests.itemId, itemId), gt(accessRequests.createdAt, new Date(now.getTime() - REPEAT_MS))))
    .orderBy(desc(accessRequests.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Who is asked: the maintainer when they may grant the item at that level, otherwise every admin who may. Only
 * people with a verified address, since the request goes to it.
 */
async function recipientsFor(db: Database, item: ItemRecord, level: number): Promise<Viewer[]> {
  const people = await db
    .select(viewerColumns)
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(
      and(
        isNotNull(users.emailVerifiedAt),
        isNotNull(users.email),
        or(eq(users.admin, true), eq(users.superadmin, true), item.createdByUserId === null ? undefined : eq(users.id, item.createdByUserId)),
      ),
    );
  const viewers = people.map(toViewer).filter((person) => canAnswerAccessRequest(person, item, level));
  const maintainer = viewers.find((person) => person.id === item.createdByUserId);
  return maintainer ? [maintainer] : viewers;
}

export interface AccessRequestMailInput {
  to: string;
  requester: { name: string; email: string };
  appName: string;
  title: string;
  level: number;
  /** The absolute one-click link: the item page with the Share dialog filled in. */
  link: string;
}

/** The e-mail to a maintainer or admin: who asks, for which level, and the link that fills in the Share dialog. */
export function accessRequestMail({ to, requester, appName, title, level, link }: AccessRequestMailInput): MailMessage {
  // One pair of brackets at most: the level's name has its own ('Affiliates (volunteers, churches, international)').
  const levelText = `access level ${level}, ${LEVEL_NAMES[level as AccessLevel]}`;
  const subject = `${requester.name} asks for access to “${title}”`;
  const lines = [
    `${requester.name} (${requester.email}) cannot open “${title}” on ${appName} and asks you for access. It needs ${levelText}.`,
    `To grant it, open this link while signed in: the Share dialog opens filled in with their address and that level, and nothing is shared until you press Grant Access.`,
    `If you do not know them, ignore this e-mail.`,
  ];
  const text = ['Hello,', '', lines[0], '', lines[1], link, '', lines[2]].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(lines[1]!)}</p>`,
    `<p><a href="${escapeHtml(link)}">Share “${escapeHtml(title)}” with ${escapeHtml(requester.email)}</a></p>`,
    `<p>${escapeHtml(lines[2]!)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

type AskOutcome = 'sent' | 'repeat' | 'tooMany' | 'nobody';

/** Records the request and queues its e-mails in one transaction, unless it repeats one or the person asked too often. */
async function recordRequest(
  db: Database,
  viewer: SignedInViewer,
  item: ItemRecord,
  level: number,
  mails: (to: string) => MailMessage,
  now: Date,
): Promise<AskOutcome> {
  const recipients = await recipientsFor(db, item, level);
  if (recipients.length === 0) return 'nobody';
  const since = new Date(now.getTime() - REPEAT_MS);
  return db.transaction(async (tx) => {
    // Two clicks at once are counted one after the other.
    await takeWritersLock(tx, 'access-requests', viewer.id);
    if (await lastRequest(tx, viewer.id, item.id, now)) return 'repeat';
    const [recent] = await tx
      .select({ count: count() })
      .from(accessRequests)
      .where(and(eq(accessRequests.userId, viewer.id), gt(accessRequests.createdAt, since)));
    if (Number(recent?.count ?? 0) >= ACCESS_REQUESTS_PER_WINDOW) return 'tooMany';
    await tx.insert(accessRequests).values({ itemId: item.id, userId: viewer.id, level, createdAt: now });
    for (const person of recipients) await queueMail(tx, mails(person.email!));
    return 'sent';
  });
}

const accessRequestRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ROUTES.itemAccessRequest.pattern,
    {
      preValidation: [signedIn, askedItem],
      config: { rateLimit: perMinute(app.config.RATE_LIMIT_SHARE_MAX) },
      schema: { params: paramsOf(ROUTES.itemAccessRequest) },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const item = loaded(request, askedItem);
      const { now } = item;
      const back = ROUTES.item.path({ ref: item.ref });
      const level = levelToAsk(viewer, item);
      // Someone who opens it already is simply taken there.
      if (level === null) return reply.notify(ACCESS_REQUEST_TEXTS.canOpen, 'info').redirect(back, 303);
      if (!viewer.emailVerified || viewer.email === null) return reply.notify(ACCESS_REQUEST_TEXTS.verifyEmail, 'warning').redirect(back, 303);
      const link = absoluteUrl(app.config.APP_URL, `${back}?${new URLSearchParams({ [SHARE_TO_PARAM]: viewer.email, [SHARE_LEVEL_PARAM]: String(level) })}`);
      const requester = { name: viewer.name, email: viewer.email };
      const outcome = await recordRequest(
        app.db,
        viewer,
        item,
        level,
        (to) => accessRequestMail({ to, requester, appName: app.config.APP_NAME, title: item.title, level, link }),
        now,
      );
      const notices: Record<AskOutcome, [string, 'success' | 'warning']> = {
        sent: [ACCESS_REQUEST_TEXTS.sent, 'success'],
        repeat: [ACCESS_REQUEST_TEXTS.alreadySent(ACCESS_REQUEST_REPEAT_HOURS), 'warning'],
        tooMany: [ACCESS_REQUEST_TEXTS.tooMany(ACCESS_REQUEST_REPEAT_HOURS), 'warning'],
        nobody: [ACCESS_REQUEST_TEXTS.nobody, 'warning'],
      };
      const [message, type] = notices[outcome];
      return reply.notify(message, type).redirect(back, 303);
    },
  );
};

export const accessRequestRoutes = fp(accessRequestRoutesPlugin, { name: 'equip-access-requests', dependencies: ['equip-mail-outbox'] });
