/**
 * Sharing: granting
 * one person access to an item or a content row by e-mail, the shared link's expiry, and the two share lists.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEVEL_NAMES, type AccessLevel } from '../../../shared/levels';
import { EMPTY_STATES } from '../../../shared/messages';
import { CONFIRM_EMAIL_FIELD, EMAIL_SUGGESTION_FIELD, SHARE_MESSAGES, SHARES_PER_PAGE } from '../../../shared/sharing';
import { SHARE_TEXTS } from '../../../shared/share-texts';
import { ROUTES, type Route } from '../../../shared/routes';
import { allowedBy, signedIn, signedInViewer } from '../../access/guards';
import { loaded, loads, type RecordGuard } from '../../access/record-guard';
import { pageRef, sharedLinkRef } from '../../access/shared-link';
import {
  canRemoveShare,
  canGrantAccess,
  canShareCollection,
  canShareContent,
  canShareItem,
  canShareToLevel,
  grantLevelOpens,
  isItemExpired,
  isShareValid,
  lowestOpeningGrantLevel,
  maxShareLevel,
  type CollectionAccessFacts,
  type GrantedResource,
  type Viewer,
} from '../../access/policy';
import type { ItemRecord } from '../../items';
import { optional } from '../../inertia';
import { gone } from '../../lib/http-errors';
import { pageQuery, paginated } from '../../lib/pagination';
import { paramsOf } from '../../lib/validation';
import { shareMail } from '../../mail/templates/share';
import type { Database } from '../../db/client';
import { contentRowOpensFor, findContentWithItem, findItemRecord, mayOpenItem, OPENS_ITEM, viewerCanOpen } from '../../items';
import { findCollectionByRef } from '../collections';
import {
  expiryFor,
  findGrantForRemoval,
  findRemovedShare,
  findShareByRef,
  type GrantForRemoval,
  type RemovedGrant,
  grantShare,
  listRemovedShares,
  listShares,
  removeShare,
  resourceGrants,
  shareLinkPath,
  sweepOldShareRemovals,
  type ShareDirection,
  type ShareScope,
  type ShareTarget,
} from './queries';
import { shareBody, type ShareBody } from './schemas';
import { likelySlip } from './slips';
import { runPeriodically } from '../../db/periodic-jobs';
import { perMinute } from '../../web/rate-limit';
import { absoluteUrl } from '../../lib/site-url';

const SHARES_PATHS: Record<ShareDirection, string> = { received: '/share', sent: '/sent' };

/** What is shared, opened as its page opens it (404, 403, 410), then the rule for sharing it. */
const sharedItem = loads('item', findItemRecord, { ...OPENS_ITEM, may: canShareItem, rule: 'mayOpenItem + canShareItem' });
const sharedContent = loads('content', findContentWithItem, {
  opens: (viewer, found, request) => mayOpenItem(viewer, found.item, request),
  askForAccessTo: (found) => found.item.id,
  goneDetail: (found) => found.item.expiresNote,
  may: (viewer, found) => canShareContent(viewer, found.item, found.content),
  rule: 'mayOpenItem of its item + canShareContent',
});
const sharedCollection = loads('collection', findCollectionByRef, { may: canShareCollection });

/**
 * A share being removed: the live grant, or one removed already, which only those who could have removed it learn
 * of (for anyone else the ref names nothing).
 */
type ShareToRemove = ({ removed: false } & GrantForRemoval) | ({ removed: true } & RemovedGrant);
const removedShare = loads(
  'share',
  async (db, ref, request): Promise<ShareToRemove | null> => {
    const live = await findGrantForRemoval(db, ref);
    if (live) return { removed: false, ...live };
    const removed = await findRemovedShare(db, ref);
    return removed && canRemoveShare(request.viewer, removed.grant) ? { removed: true, ...removed } : null;
  },
  { may: (viewer, share) => canRemoveShare(viewer, share.grant), rule: 'canRemoveShare' },
);

const sharingRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const shareRateLimit = perMinute(app.config.RATE_LIMIT_SHARE_MAX);
  /** Who may grant at all is the viewer's alone; what they may share is checked on the record. */
  const grantRoute = <Pattern extends string>(contract: Route<Pattern>, record: RecordGuard<unknown>) => ({
    preValidation: [allowedBy(canGrantAccess), record],
    config: { rateLimit: shareRateLimit },
    schema: { params: paramsOf(contract), body: shareBody },
  });

  app.post(ROUTES.itemShare.pattern, grantRoute(ROUTES.itemShare, sharedItem), async (request, reply) => {
    const now = new Date();
    const item = loaded(request, sharedItem);
    const target: ShareTarget = {
      sharedType: 'item',
      itemId: item.id,
      contentId: null,
      collectionId: null,
      title: item.title,
      path: ROUTES.item.path({ ref: item.ref }),
    };
    return grant(request, reply, request.body, { target, opens: { item, content: null } }, ROUTES.item.path({ ref: item.ref }), now);
  });

  app.post(ROUTES.contentShare.pattern, grantRoute(ROUTES.contentShare, sharedContent), async (request, reply) => {
    const now = new Date();
    const found = loaded(request, sharedContent);
    const { item } = found;
    const target: ShareTarget = {
      sharedType: 'item_content',
      itemId: item.id,
      contentId: found.content.id,
      collectionId: null,
      title: `${found.content.label} (${item.title})`,
      path: ROUTES.content.path({ ref: found.content.ref }),
    };
    return grant(request, reply, request.body, { target, opens: { item, content: found.content } }, ROUTES.item.path({ ref: item.ref }), now);
  });

  /** A collection's owner grants one person access to it (docs/decisions/collections-and-follows.md "Collections"). */
  app.post(ROUTES.collectionShare.pattern, grantRoute(ROUTES.collectionShare, sharedCollection), async (request, reply) => {
    const collection = loaded(request, sharedCollection);
    const path = ROUTES.collection.path({ ref: collection.ref });
    const target: ShareTarget = { sharedType: 'collection', itemId: null, contentId: null, collectionId: collection.id, title: collection.title, path };
    return grant(request, reply, request.body, { target, opens: null }, path, new Date());
  });

  /**
   * Remove access: ends a grant at once (its link, and what it opened for its recipient), for its sharer, whoever
   * manages what it opens, and admins. A second Remove says it is done; a ref the viewer could not have removed is
   * unknown.
   */
  app.delete(ROUTES.share.pattern, { preValidation: [signedIn, removedShare], schema: { params: paramsOf(ROUTES.share) } }, async (request, reply) => {
    const share = loaded(request, removedShare);
    if (share.removed) return reply.notify(SHARE_MESSAGES.alreadyRemoved, 'info').redirectBack(share.resourcePath ?? SHARES_PATHS.sent);
    await removeShare(app.db, share.id, signedInViewer(request).id);
    return reply.notify(SHARE_MESSAGES.removed(share.toEmail)).redirectBack(share.resourcePath ?? SHARES_PATHS.sent);
  });

  runPeriodically(app, {
    name: 'share-removals-retention',
    work: async () => ({ removals: await sweepOldShareRemovals(app.db, app.config.HISTORY_RETENTION_DAYS) }),
  });

  const sharesRoute = { preValidation: signedIn, schema: { querystring: pageQuery } };
  app.get(SHARES_PATHS.received, sharesRoute, async (request, reply) => sharesPage(request, reply, 'received', request.query.page));
  app.get(SHARES_PATHS.sent, sharesRoute, async (request, reply) => sharesPage(request, reply, 'sent', request.query.page));
};

/** A named plugin, so that its dependency on the mail outbox is checked when it is registered. */
export const sharingRoutes = fp(sharingRoutesPlugin, { name: 'equip-sharing', dependencies: ['equip-mail-outbox'] });

/** What a grant shares; `opens` is what the grant's level must open, null for a collection (it has no level). */
interface GrantSubject {
  target: ShareTarget;
  opens: GrantedResource | null;
}

/**
 * Records the grant of the Share form and queues the recipient's e-mail. A level the sharer may not give, or one that
 * would not open what is shared, goes back under its field with nothing saved or sent.
 */
async function grant(request: FastifyRequest, reply: FastifyReply, body: ShareBody, subject: GrantSubject, back: string, now: Date) {
  const viewer = signedInViewer(request);
  const { db, config } = request.server;
  const { level, email, daysValidity } = body;
  if (level === null) return reply.redirectWithErrors({ level: SHARE_MESSAGES.level(maxShareLevel(viewer)) }, back);
  const levelError = grantLevelError(viewer, subject.opens, level, now);
  if (levelError !== null) return reply.redirectWithErrors({ level: levelError }, back);
  if (body[CONFIRM_EMAIL_FIELD] !== email) {
    const suggestion = await likelySlip(db, viewer, email, config.ORGANISATION_GOOGLE_DOMAINS);
    if (suggestion) return reply.redirectWithErrors({ email: SHARE_MESSAGES.didYouMean(suggestion), [EMAIL_SUGGESTION_FIELD]: suggestion }, back);
  }
  const { target } = subject;
  const expiresAt = expiryFor(daysValidity, now);
  await grantShare(
    db,
    { target, fromUserId: viewer.id, email, level, expiresAt },
    (shareRef) =>
      shareMail({
        to: email,
        fromName: viewer.name,
        appName: config.APP_NAME,
        title: target.title,
        link: absoluteUrl(config.APP_URL, shareLinkPath(target.path, shareRef)),
        levelName: LEVEL_NAMES[level as AccessLevel],
        expiresAt,
        timeZone: config.TIME_ZONE,
        sharedType: target.sharedType,
      }),
    now,
  );
  return reply.notify(SHARE_MESSAGES.granted(email)).redirectBack(back);
}

/**
 * Why the grant's level is refused, or null: above the sharer's own (`canShareToLevel`), or not opening the item or
 * file for its recipient (`grantLevelOpens`), naming the lowest level that does.
 */
function grantLevelError(viewer: Viewer, opens: GrantedResource | null, level: number, now: Date): string | null {
  const max = maxShareLevel(viewer);
  if (!canShareToLevel(viewer, level)) return SHARE_MESSAGES.level(max);
  if (!opens || grantLevelOpens(opens, level, now)) return null;
  const what = opens.content ? 'file' : 'item';
  const lowest = lowestOpeningGrantLevel(opens, now);
  if (lowest !== null) return SHARE_MESSAGES.belowOpeningLevel(lowest, max, what);
  return isItemExpired(opens.item, now) ? SHARE_MESSAGES.expired(what) : SHARE_MESSAGES.notPublished(what);
}

/** Route guard of the item page (`preValidation`, server/access/shared-link.ts): its expired shared link answers 410. */
export const checkSharedItemLink = async (request: FastifyRequest): Promise<void> => checkSharedLink(request, 'item');

/** Route guard of the content page (`preValidation`): its expired shared link answers 410. */
export const checkSharedContentLink = async (request: FastifyRequest): Promise<void> => checkSharedLink(request, 'content');

/**
 * A shared link (`?share={ref}` on an item or content page) whose share has expired or was removed answers the 410
 * page, unless the viewer may open the page anyway (their level, role, or another valid share to them): then the page
 * answers as it would without the link. A valid link needs nothing more, since the grant follows the signed-in person's e-mail
 * (policy.sharesAddressedTo).
 */
async function checkSharedLink(request: FastifyRequest, page: 'item' | 'content'): Promise<void> {
  const shareRef = sharedLinkRef(request);
  if (shareRef === null) return;
  const { db } = request.server;
  const share = await findShareByRef(db, shareRef);
  if (!share) return;
  const onItemPage = page === 'item';
  const resourceRef = onItemPage ? share.itemRef : share.contentRef;
  // Another resource's share ref proves nothing about this page.
  if (share.sharedType === 'collection' || resourceRef !== pageRef(request)) return;
  const now = new Date();
  if (!share.removed && isShareValid(share.expiresAt, now)) return;
  const opensAnyway = onItemPage
    ? await viewerOpensItem(db, request.viewer, pageRef(request), now)
    : await viewerOpensContent(db, request.viewer, pageRef(request), now);
  if (!opensAnyway) throw gone();
}

async function viewerOpensItem(db: Database, viewer: Viewer, ref: string, now: Date): Promise<boolean> {
  const item = await findItemRecord(db, ref);
  return item !== null && (await viewerCanOpen(db, viewer, item, now));
}

/** As the content page decides: the item opens for the viewer, and the row at their level or a valid share's. */
async function viewerOpensContent(db: Database, viewer: Viewer, ref: string, now: Date): Promise<boolean> {
  const found = await findContentWithItem(db, ref);
  return found !== null && (await viewerCanOpen(db, viewer, found.item, now)) && (await contentRowOpensFor(db, viewer, found.item, found.content, now));
}

async function sharesPage(request: FastifyRequest, reply: FastifyReply, direction: ShareDirection, page: number) {
  const viewer = signedInViewer(request);
  const { db } = request.server;
  const scope: ShareScope = direction === 'sent' ? { kind: 'sentBy', userId: viewer.id } : { kind: 'addressedTo', person: viewer };
  const { shares, total } = await listShares(db, viewer, scope, page);
  const heading = direction === 'sent' ? SHARE_TEXTS.sharedByMe : SHARE_TEXTS.sharedWithMe;
  return reply.inertia('shares/Index', {
    direction,
    heading,
    shares: paginated(shares, { path: SHARES_PATHS[direction], query: {}, page, perPage: SHARES_PER_PAGE, total }),
    removed: direction === 'sent' ? await listRemovedShares(db, viewer, { kind: 'sentBy', userId: viewer.id }) : [],
    emptyText: direction === 'sent' ? EMPTY_STATES.sent : EMPTY_STATES.shared,
    title: heading,
    breadcrumbs: [{ label: heading }],
  });
}

/** The item page's `grants` prop: sent only when asked for (its access panel opens), empty to those who may not manage them. */
export function itemGrantsProp(request: FastifyRequest, record: ItemRecord) {
  return optional(() => resourceGrants(request.server.db, request.viewer, { kind: 'item', id: record.id, facts: record }));
}

/** The collection page's `grants` prop, likewise (server/app.ts hands it to the collections feature, which sharing imports). */
export function collectionGrantsProp(request: FastifyRequest, collection: { id: number } & CollectionAccessFacts) {
  return optional(() => resourceGrants(request.server.db, request.viewer, { kind: 'collection', id: collection.id, facts: collection }));
}
