/**
 * Following and unfollowing (POST /follow, DELETE /follow/{ref}), a digest's unfollow link (/unfollow/{token}), the
 * digest setting (POST /profile/digests) and "Send my digest now" (POST /profile/digests/send), the Atom feeds, and the
 * digests' periodic job.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FOLLOW_MESSAGES,
  FOLLOW_TEXT,
  PROFILE_DIGEST_NOW_URL,
  PROFILE_DIGESTS_URL,
  UNFOLLOWED_FLASH,
  type FollowSummary,
  type Unfollowed,
} from '../../../shared/follows';
import { FOLLOW_URL } from '../../../shared/navigation';
import { PROFILE_URL } from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { allowedBy, publicBecause, signedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { canFollow, canManageOwnProfile, isSignedIn, type Viewer } from '../../access/policy';
import { runPeriodically } from '../../db/periodic-jobs';
import { notFound } from '../../lib/http-errors';
import { paramsOf, tagLabel } from '../../lib/validation';
import { perMinute } from '../../web/rate-limit';
import { DIGEST_SETTLE_MS, sendDigestNow, sendDueDigests, type DigestRun } from './digest';
import { collectionFeed, tagFeed } from './feeds';
import { findFollowByToken, findOwnFollow, follow, resolveFollowTarget, searchUrl, setDigestFrequency, unfollow } from './queries';
import { digestsBody, FOLLOW_TARGET_RULES, unfollowTokenParam } from './schemas';
import { unfollowLinkKey } from './tokens';

const ATOM = 'application/atom+xml; charset=utf-8';
/** Feeds are public: readers and proxies may keep them a quarter of an hour. */
const PUBLIC_QUARTER_HOUR = 'public, max-age=900';

/** One of the viewer's own follows: anyone else's answers 404, as if there were none. */
const ownFollow = loads('follow', (db, ref, request) => findOwnFollow(db, signedInViewer(request), ref), { rule: 'the viewer’s own' });
/** A digest's unfollow link works signed out: its signed token names the follow. */
const tokenIsTheCredential = publicBecause('the link’s signed token is the credential');
/** Feed readers do not sign in: a feed holds only what any visitor may open, and answers 404 otherwise. */
const forFeedReaders = publicBecause('an Atom feed of what any visitor may open');

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkKey = unfollowLinkKey(app.config.sessionSecret);
  const mayFollow = allowedBy(canFollow);
  // An unfollow link works without signing in; its secret cannot be guessed, and this keeps anyone from trying.
  const tokenRateLimit = { rateLimit: perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX) };
  const tokenParams = paramsOf(ROUTES.unfollow, { token: unfollowTokenParam });

  app.post(FOLLOW_URL, { preValidation: mayFollow, schema: { body: FOLLOW_TARGET_RULES.body } }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const field = FOLLOW_TARGET_RULES.parse(request.body);
    if (!field.ok) return reply.redirectWithErrors(field.errors);
    const target = await resolveFollowTarget(app.db, viewer, field);
    if ('field' in target) return reply.redirectWithErrors({ [target.field]: FOLLOW_MESSAGES[`${target.field}Missing`] });
    await follow(app.db, viewer.id, target);
    reply.notify(FOLLOW_MESSAGES.followed(target.label));
    return reply.redirectBack(target.kind === 'search' ? searchUrl(target.searchText) : '/');
  });

  app.delete(ROUTES.follow.pattern, { preValidation: [mayFollow, ownFollow], schema: { params: paramsOf(ROUTES.follow) } }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const followed = loaded(request, ownFollow);
    await unfollow(app.db, viewer.id, followed.ref);
    reply.notify(FOLLOW_MESSAGES.unfollowed(followed.label));
    return reply.redirectBack(PROFILE_URL);
  });

  app.get(ROUTES.unfollow.pattern, { preValidation: tokenIsTheCredential, config: tokenRateLimit, schema: { params: tokenParams } }, async (request, reply) => {
    const followed = await findFollowByToken(app.db, linkKey, request.params.token);
    return reply.inertia('follow/Unfollow', {
      title: FOLLOW_TEXT.unfollowPageTitle,
      breadcrumbs: [{ label: FOLLOW_TEXT.unfollowPageTitle }],
      follow: followed && asSeenBy(request.viewer, followed),
      token: request.params.token,
    });
  });

  app.post(
    ROUTES.unfollow.pattern,
    { preValidation: tokenIsTheCredential, config: tokenRateLimit, schema: { params: tokenParams } },
    async (request, reply) => {
      const page = ROUTES.unfollow.path({ token: request.params.token });
      // The signature proves the link is one a digest carried; a forged one, or one whose follow is gone (used already,
      // or unfollowed since), names nothing and stops nothing.
      const followed = await findFollowByToken(app.db, linkKey, request.params.token);
      if (!followed) return reply.notify(FOLLOW_MESSAGES.linkGone, 'warning').redirect(page, 303);
      await unfollow(app.db, followed.userId, followed.ref);
      // Confirmed on the link's own page, which anyone holding it may open: the followed page may be one only its
      // follower opens, signed in, and the person who pressed may be signed out.
      return reply.flash(UNFOLLOWED_FLASH, asSeenBy(request.viewer, followed)).redirect(page, 303);
    },
  );

  app.post(PROFILE_DIGESTS_URL, { preValidation: allowedBy(canManageOwnProfile), schema: { body: digestsBody } }, async (request, reply) => {
    await setDigestFrequency(app.db, signedInViewer(request).id, request.body.frequency);
    reply.notify(FOLLOW_MESSAGES.frequencySaved(request.body.frequency));
    return reply.redirect(PROFILE_URL, 303);
  });

  app.post(
    PROFILE_DIGEST_NOW_URL,
    { config: { rateLimit: perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX) }, preValidation: allowedBy(canManageOwnProfile) },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { result, first } = await sendDigestNow(digestRun(app, linkKey, 0), viewer.id);
      if (result === 'sent') reply.notify(FOLLOW_MESSAGES.digestSent(viewer.email ?? ''));
      // Before any digest, there is no last one to speak of: the window began with the first follow.
      else if (result === 'empty') reply.notify(first ? FOLLOW_MESSAGES.digestEmptyFirst : FOLLOW_MESSAGES.digestEmpty, 'info');
      else reply.notify(FOLLOW_MESSAGES.nothingToSend, 'warning');
      return reply.redirect(PROFILE_URL, 303);
    },
  );

  const site = { appUrl: app.config.APP_URL, appName: app.config.APP_NAME };
  app.get(
    ROUTES.tagFeed.pattern,
    { preValidation: forFeedReaders, schema: { params: paramsOf(ROUTES.tagFeed, { label: tagLabel }) } },
    async (request, reply) => {
      const atom = await tagFeed(app.db, site, request.params.label);
      if (atom === null) throw notFound();
      return reply.type(ATOM).header('cache-control', PUBLIC_QUARTER_HOUR).send(atom);
    },
  );

  app.get(ROUTES.collectionFeed.pattern, { preValidation: forFeedReaders, schema: { params: paramsOf(ROUTES.collectionFeed) } }, async (request, reply) => {
    const atom = await collectionFeed(app.db, site, request.params.ref);
    if (atom === null) throw notFound();
    return reply.type(ATOM).header('cache-control', PUBLIC_QUARTER_HOUR).send(atom);
  });
};

/**
 * A follow as an unfollow link's page names it to whoever holds the link: its label, and the followed page only when
 * this viewer may open it (anyone may, or they are its follower), so the link never leads a signed-out person to a
 * Forbidden page.
 */
function asSeenBy(viewer: Viewer, followed: FollowSummary & { userId: number; openToAnyone: boolean }): Unfollowed {
  const mayOpen = followed.openToAnyone || (isSignedIn(viewer) && viewer.id === followed.userId);
  return { kind: followed.kind, label: followed.label, url: mayOpen ? followed.url : null };
}

/** The digests' job: once a period for the deployment, every member whose digest is due (digest.ts). */
export function sendDigestsPeriodically(app: FastifyInstance): void {
  const linkKey = unfollowLinkKey(app.config.sessionSecret);
  runPeriodically(app, { name: 'digests', work: () => sendDueDigests(digestRun(app, linkKey, DIGEST_SETTLE_MS)) });
}

function digestRun(app: FastifyInstance, linkKey: Buffer, settleMs: number): DigestRun {
  const { config } = app;
  return { db: app.db, appUrl: config.APP_URL, appName: config.APP_NAME, timeZone: config.TIME_ZONE, linkKey, now: new Date(), settleMs };
}
