/**
 * The recipient's side: the accept link `/invite/{token}` shows the invitation
 * (or the redundant page), POST to it accepts, `/invite` shows the invitation opened last in this session, and
 * DELETE /invite declines it. A visitor signs in first (a link that can still be accepted is its own sign-in page,
 * naming who invites and to what) and is brought back to the link.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVITATION_MESSAGES } from '../../../shared/invitations';
import { ROUTES } from '../../../shared/routes';
import { publicBecause, signedIn, signedInViewer } from '../../access/guards';
import { invitationRaisesLevel, isSignedIn, type Viewer } from '../../access/policy';
import { loaded, loads, type Verdict } from '../../access/record-guard';
import type { Database } from '../../db/client';
import { forbidden, gone, notFound } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { acceptInvitation, declineInvitation } from './actions';
import { inviterName, toInvitationToSignIn, toReceivedInvitation } from './present';
import { findInvitationById, findInvitationByTokenHash, findUserType, invitationState, type InvitationRow } from './queries';
import { invitationSettings } from './routes';
import { invitationToken } from './schemas';
import { INVITATION_TOKEN_PATTERN, invitationTokenHash } from './tokens';
import { perMinute } from '../../web/rate-limit';
import { loginPageProps } from '../../auth/routes';

declare module 'fastify' {
  interface Session {
    /** The invitation this user opened last by its link: GET /invite shows it, DELETE /invite declines it. */
    invitationId?: number;
  }
}

/** Holds a visitor's invitation link while they sign in (any provider, or the demo sign-in). */
export const PENDING_INVITATION_COOKIE = 'equip_invitation';
const PENDING_INVITATION_MAX_AGE_SECONDS = 60 * 60;
/** Pages a signed-in user is not taken away from to see their pending invitation. */
const NOT_INTERRUPTED = ['/invite', '/auth/', '/dev/login', '/login', '/logout', '/build/'];

const GONE_DETAIL: Record<'unknown' | 'expired' | 'accepted' | 'declined', string> = {
  unknown: INVITATION_MESSAGES.unknown,
  expired: INVITATION_MESSAGES.expired,
  accepted: INVITATION_MESSAGES.used,
  declined: INVITATION_MESSAGES.wasDeclined,
};

/** What an accept link's token names: its invitation, or none (410, as for one no longer valid). */
interface AcceptLink {
  invitation: InvitationRow | null;
}

async function findAcceptLink(db: Database, token: string): Promise<AcceptLink> {
  return { invitation: await findInvitationByTokenHash(db, invitationTokenHash(token)) };
}

/** Why the link can no longer be accepted, or null while its invitation is active. */
function goneReason(invitation: InvitationRow | null): keyof typeof GONE_DETAIL | null {
  if (!invitation) return 'unknown';
  const state = invitationState(invitation);
  return state === 'active' ? null : state;
}

/** The 403 of an invitation that would not raise the viewer's level, saying who invites them. */
function redundantRefusal(invitation: InvitationRow | null, appName: string): Error {
  return forbidden(INVITATION_MESSAGES.redundant(invitation ? inviterName(invitation, appName) : appName));
}

/** A link is accepted while its invitation is active: unknown, used, declined or expired is 410. */
const isActiveLink = (_viewer: Viewer, { invitation }: AcceptLink): Verdict => goneReason(invitation) === null || 'gone';

/** Accepting must raise the viewer's level. */
const raisesViewerLevel = (viewer: Viewer, { invitation }: AcceptLink): Verdict => !invitation || invitationRaisesLevel(viewer, invitation.userType);

/** The invitation an accept link names, for accepting it (the acceptance checks both again as it takes it). */
const acceptedInvitation = loads('invitation', findAcceptLink, {
  param: 'token',
  pattern: INVITATION_TOKEN_PATTERN,
  may: [isActiveLink, raisesViewerLevel],
  refusal: (request, { invitation }) => redundantRefusal(invitation, request.server.config.APP_NAME),
  rule: 'active (410 otherwise) + invitationRaisesLevel',
  goneDetail: ({ invitation }) => GONE_DETAIL[goneReason(invitation) ?? 'unknown'],
});

/**
 * Once signed in, the first page visit goes to the pending invitation link instead. Registered before the other
 * routes (server/app.ts), because a hook applies only to routes registered after it.
 */
export const pendingInvitationPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request, reply) => {
      const token = request.cookies[PENDING_INVITATION_COOKIE];
      if (token === undefined || request.method !== 'GET' || !isSignedIn(request.viewer) || !isPageVisit(request)) return;
      const path = request.url.split('?')[0];
      if (NOT_INTERRUPTED.some((prefix) => path.startsWith(prefix))) return;
      reply.clearCookie(PENDING_INVITATION_COOKIE, { path: '/' });
      if (!INVITATION_TOKEN_PATTERN.test(token)) return;
      return reply.redirect(ROUTES.invite.path({ token }));
    });
  },
  { name: 'equip-pending-invitation', dependencies: ['equip-viewer'] },
);

/** A page the person asked for: a first visit or an Inertia visit, not a partial reload, prefetch or JSON call. */
function isPageVisit(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['purpose'] === 'prefetch' || headers['x-inertia-partial-data'] !== undefined) return false;
  return headers['x-inertia'] === 'true' || String(headers.accept ?? '').includes('text/html');
}

export const invitationRecipientRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = invitationSettings(app);
  const rateLimit = perMinute(app.config.RATE_LIMIT_INVITE_MAX);

  /** The invitation page, or the redundant page when it would not raise this user's level. */
  async function showInvitation(reply: FastifyReply, viewer: Viewer, invitation: InvitationRow, acceptLink: string | null) {
    const received = toReceivedInvitation(invitation, settings);
    if (!invitationRaisesLevel(viewer, invitation.userType)) {
      const message = INVITATION_MESSAGES.redundant(inviterName(invitation, settings.appName));
      return reply.inertia('invite/Redundant', { invitation: received, message, title: 'Invitation' });
    }
    const currentType = viewer.userTypeId === null ? null : await findUserType(app.db, viewer.userTypeId);
    return reply.inertia('invite/Show', {
      invitation: received,
      accept_link: acceptLink,
      current_user_type: currentType?.title ?? '',
      title: 'Invitation',
    });
  }

  function refuseUnlessActive(invitation: InvitationRow | null): InvitationRow {
    if (!invitation) throw gone(GONE_DETAIL.unknown);
    const state = invitationState(invitation);
    if (state !== 'active') throw gone(GONE_DETAIL[state]);
    return invitation;
  }

  app.get(
    ROUTES.invite.pattern,
    {
      preValidation: publicBecause('the link’s token is the credential'),
      config: { rateLimit },
      schema: { params: paramsOf(ROUTES.invite, { token: invitationToken }) },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (token === null) throw gone(GONE_DETAIL.unknown);
      const viewer = request.viewer;
      if (!isSignedIn(viewer)) {
        reply.setCookie(PENDING_INVITATION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.cookieSecure,
          maxAge: PENDING_INVITATION_MAX_AGE_SECONDS,
        });
        const returnTo = ROUTES.invite.path({ token });
        // A link that can still be accepted is its own sign-in page, saying who invites and to what above the buttons:
        // only what the link's holder may know, and nothing at all for a link unknown, used or expired.
        const invitation = await findInvitationByTokenHash(app.db, invitationTokenHash(token));
        if (invitation && invitationState(invitation) === 'active')
          return reply.inertia('auth/Login', { ...loginPageProps(app.config, returnTo), invitation: toInvitationToSignIn(invitation, settings.appName) });
        reply.notify(INVITATION_MESSAGES.signInFirst, 'info');
        return reply.redirect(`/login?return_to=${encodeURIComponent(returnTo)}`);
      }
      if (request.cookies[PENDING_INVITATION_COOKIE] !== undefined) reply.clearCookie(PENDING_INVITATION_COOKIE, { path: '/' });
      const invitation = refuseUnlessActive(await findInvitationByTokenHash(app.db, invitationTokenHash(token)));
      request.session.set('invitationId', invitation.id);
      return showInvitation(reply, viewer, invitation, ROUTES.invite.path({ token }));
    },
  );

  app.get(
    '/invite',
    { preValidation: publicBecause('the invitation this session opened by its link; visitors are sent to sign in') },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!isSignedIn(viewer)) return reply.redirect('/login');
      const invitationId = request.session.invitationId;
      if (invitationId === undefined) throw notFound(INVITATION_MESSAGES.noneOpen);
      const invitation = refuseUnlessActive(await findInvitationById(app.db, invitationId));
      return showInvitation(reply, viewer, invitation, null);
    },
  );

  app.post(
    ROUTES.invite.pattern,
    { config: { rateLimit }, preValidation: [signedIn, acceptedInvitation], schema: { params: paramsOf(ROUTES.invite, { token: invitationToken }) } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { token } = request.params;
      // A token that could not have been made here names nothing: an unknown invitation.
      if (token === null) throw gone(GONE_DETAIL.unknown);
      const { invitation } = loaded(request, acceptedInvitation);
      const outcome = await acceptInvitation(app.db, invitationTokenHash(token), viewer.id);
      // Taken or changed since the guard read it.
      if (!outcome.ok) throw outcome.reason === 'redundant' ? redundantRefusal(invitation, settings.appName) : gone(GONE_DETAIL[outcome.reason]);
      request.session.set('invitationId', undefined);
      reply.notify(INVITATION_MESSAGES.accepted(outcome.userTypeTitle));
      return reply.redirect('/', 303);
    },
  );

  app.delete('/invite', { config: { rateLimit }, preValidation: signedIn }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const invitationId = request.session.invitationId;
    if (invitationId === undefined) throw notFound(INVITATION_MESSAGES.noneOpen);
    if (!(await declineInvitation(app.db, invitationId, viewer.id))) {
      refuseUnlessActive(await findInvitationById(app.db, invitationId));
      throw gone(GONE_DETAIL.expired);
    }
    request.session.set('invitationId', undefined);
    reply.notify(INVITATION_MESSAGES.declined, 'info');
    return reply.redirect('/', 303);
  });
};
