/**
 * Sharing (member-library §2 /share, /sent, {current page path}/share; §7 POST {current page path}/share): granting
 * one person access to an item or a content row by e-mail, the shared link's expiry, and the two share lists.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LEVEL_NAMES, type AccessLevel } from '../../../shared/levels';
import { EMPTY_STATES, SIGN_IN_HINT } from '../../../shared/messages';
import { SHARE_MESSAGES, SHARE_QUERY_PARAM, SHARE_TEXTS, SHARES_PER_PAGE } from '../../../shared/sharing';
import { collectionUrl } from '../../../shared/collections';
import { canShareCollection, canShareContent, canShareItem, isSignedIn, maxShareLevel, type Viewer } from '../../access/policy';
import { forbidden, gone, notFound } from '../../lib/http-errors';
import { paginationLinks } from '../../lib/pagination';
import { shareMail } from '../../mail/templates/share';
import { findContentWithItem } from '../content/queries';
import { openItemForViewer } from '../items/queries';
import { findCollectionByRef, findCollectionShare } from '../collections/queries';
import { expiryFor, findShareByRef, grantShare, isShareValid, listShares, shareLinkPath, type ShareDirection, type ShareTarget } from './queries';
import { fieldErrors, refParams, shareBody, shareListQuery } from './schemas';

const itemPath = (ref: string) => `/i/${ref}`;
const SHARES_PATHS: Record<ShareDirection, string> = { received: '/share', sent: '/sent' };

function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { id: number; ref: string } {
  if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
}

function parseRef(request: FastifyRequest): string {
  const parsed = refParams.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data.ref;
}

/** Registered with fastify-plugin so the shared-link check below sees the item and content pages' requests. */
export const sharingRoutes = fp(
  async (app: FastifyInstance) => {
    const shareRateLimit = { max: app.config.RATE_LIMIT_SHARE_MAX, timeWindow: '1 minute' };

    app.addHook('preHandler', async (request) => checkSharedLink(request));
    app.addHook('preHandler', async (request) => checkSharedCollectionLink(request));

    app.post('/i/:ref/share', { config: { rateLimit: shareRateLimit } }, async (request, reply) => {
      const viewer = request.viewer;
      requireSignedIn(viewer);
      const now = new Date();
      const item = await openItemForViewer(app.db, viewer, parseRef(request), now);
      if (!canShareItem(viewer, item)) throw forbidden();
      const target: ShareTarget = { sharedType: 'item', itemId: item.id, contentId: null, collectionId: null, title: item.title, path: itemPath(item.ref) };
      return grant(request, reply, target, itemPath(item.ref), now);
    });

    app.post('/content/:ref/share', { config: { rateLimit: shareRateLimit } }, async (request, reply) => {
      const viewer = request.viewer;
      requireSignedIn(viewer);
      const now = new Date();
      const found = await findContentWithItem(app.db, parseRef(request));
      if (!found) throw notFound();
      const item = await openItemForViewer(app.db, viewer, found.item.ref, now);
      if (!canShareContent(viewer, item, found.content)) throw forbidden();
      const target: ShareTarget = {
        sharedType: 'item_content',
        itemId: item.id,
        contentId: found.content.id,
        collectionId: null,
        title: `${found.content.label} (${item.title})`,
        path: `/content/${found.content.ref}`,
      };
      return grant(request, reply, target, itemPath(item.ref), now);
    });

    /** A collection's owner grants one person access to it (docs/decisions.md "Collections"). */
    app.post('/collection/:ref/share', { config: { rateLimit: shareRateLimit } }, async (request, reply) => {
      const viewer = request.viewer;
      requireSignedIn(viewer);
      const collection = await findCollectionByRef(app.db, parseRef(request));
      if (!collection) throw notFound();
      if (!canShareCollection(viewer, collection)) throw forbidden();
      const path = collectionUrl(collection.ref);
      const target: ShareTarget = { sharedType: 'collection', itemId: null, contentId: null, collectionId: collection.id, title: collection.title, path };
      return grant(request, reply, target, path, new Date());
    });

    app.get(SHARES_PATHS.received, async (request, reply) => sharesPage(request, reply, 'received'));
    app.get(SHARES_PATHS.sent, async (request, reply) => sharesPage(request, reply, 'sent'));
  },
  { name: 'equip-sharing', dependencies: ['equip-mail-outbox'] },
);

/** Validates the Share form, records the grant and queues the recipient's e-mail; errors go back under their fields. */
async function grant(request: FastifyRequest, reply: FastifyReply, target: ShareTarget, back: string, now: Date) {
  const viewer = request.viewer as Viewer & { id: number };
  const { db, config } = request.server;
  const body = shareBody(maxShareLevel(viewer)).safeParse(request.body ?? {});
  if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), back);
  const { level, email, daysValidity } = body.data;
  const expiresAt = expiryFor(daysValidity, now);
  const base = config.APP_URL.replace(/\/$/, '');
  await grantShare(
    db,
    { target, fromUserId: viewer.id, email, level, expiresAt },
    (shareRef) =>
      shareMail({
        to: email,
        fromName: viewer.name,
        appName: config.APP_NAME,
        title: target.title,
        link: `${base}${shareLinkPath(target.path, shareRef)}`,
        levelName: LEVEL_NAMES[level as AccessLevel],
        expiresAt,
        sharedType: target.sharedType,
      }),
    now,
  );
  return reply.notify(SHARE_MESSAGES.granted(email)).redirectBack(back);
}

/**
 * A shared link (`?share={ref}` on an item or content page) whose share has expired answers the 410 page; a valid
 * one needs nothing more, since the grant follows the signed-in person's e-mail (policy.sharesAddressedTo).
 */
async function checkSharedLink(request: FastifyRequest): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const route = request.routeOptions.url;
  if (route !== '/i/:ref' && route !== '/content/:ref') return;
  const shareRef = (request.query as Record<string, unknown> | undefined)?.[SHARE_QUERY_PARAM];
  if (typeof shareRef !== 'string') return;
  const share = await findShareByRef(request.server.db, shareRef);
  if (!share) return;
  const params = request.params as { ref?: string };
  const resourceRef = route === '/i/:ref' ? share.itemRef : share.contentRef;
  // Another resource's share ref proves nothing about this page.
  if (share.sharedType === 'collection' || resourceRef !== params.ref) return;
  if (!isShareValid(share.expiresAt)) throw gone();
}

/** As checkSharedLink, for a collection page's shared link: an expired share of this collection answers 410. */
async function checkSharedCollectionLink(request: FastifyRequest): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  if (request.routeOptions.url !== '/collection/:ref') return;
  const shareRef = (request.query as Record<string, unknown> | undefined)?.[SHARE_QUERY_PARAM];
  if (typeof shareRef !== 'string') return;
  const share = await findCollectionShare(request.server.db, shareRef);
  if (!share || share.collectionRef !== (request.params as { ref?: string }).ref) return;
  if (!isShareValid(share.expiresAt)) throw gone();
}

async function sharesPage(request: FastifyRequest, reply: FastifyReply, direction: ShareDirection) {
  const viewer = request.viewer;
  requireSignedIn(viewer);
  const { page } = shareListQuery.parse(request.query ?? {});
  const { shares, total } = await listShares(request.server.db, viewer, direction, page);
  const heading = direction === 'sent' ? SHARE_TEXTS.sharedByMe : SHARE_TEXTS.sharedWithMe;
  reply.header('Cache-Control', 'private, no-store');
  return reply.inertia('shares/Index', {
    direction,
    heading,
    shares: { data: shares, links: paginationLinks({ path: SHARES_PATHS[direction], query: {}, page, perPage: SHARES_PER_PAGE, total }) },
    emptyText: direction === 'sent' ? EMPTY_STATES.sent : EMPTY_STATES.shared,
    title: heading,
    breadcrumbs: [{ label: heading }],
  });
}
