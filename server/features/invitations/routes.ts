/**
 * User invitations (member-library §2, §7): the list and its 'Elevate user(s)' dialog, the detail page, sending
 * to addresses, regenerating and deleting; the recipient's side is in recipient.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ELEVATE_USERS_TITLE, INVITATION_ADDRESSES_MAX, INVITATION_MESSAGES } from '../../../shared/invitations';
import { canInvite, canInviteToUserType, canManageInvitation, isSignedIn, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import { createInvitation, deleteInvitation, regenerateInvitation, sendInvitation, type InvitationSettings } from './actions';
import { inviterName, toUserInvitation } from './present';
import { findInvitationByRef, findUserType, invitableUserTypes, invitationState, listInvitations, type InvitationRow } from './queries';
import { addressesBody, createInvitationBody, fieldErrors, parseAddresses, refParams } from './schemas';
import { invitationLinkKey } from './tokens';

const LIST_URL = '/user_invitation';
const CREATE_URL = '/user_invitation/create';
const LIST_TITLE = 'User Invitations';
const detailUrl = (invitation: { ref: string }) => `/user_invitation/${invitation.ref}`;

export function invitationSettings(app: FastifyInstance): InvitationSettings {
  return {
    linkKey: invitationLinkKey(app.config.sessionSecret),
    validDays: app.config.INVITATION_VALID_DAYS,
    appUrl: app.config.APP_URL,
    appName: app.config.APP_NAME,
  };
}

/** The viewer when they may invite at all; 403 otherwise. */
function inviter(viewer: Viewer): Viewer & { id: number; ref: string } {
  if (!isSignedIn(viewer) || !canInvite(viewer)) throw forbidden();
  return viewer;
}

/** The invitation, or 404; 403 when it exists but is another user manager's. */
async function invitationTheViewerManages(db: Database, request: FastifyRequest): Promise<InvitationRow> {
  const viewer = inviter(request.viewer);
  const params = refParams.safeParse(request.params);
  const invitation = params.success ? await findInvitationByRef(db, params.data.ref) : null;
  if (!invitation) throw notFound();
  if (!canManageInvitation(viewer, invitation)) throw forbidden();
  return invitation;
}

export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const settings = invitationSettings(app);
  const rateLimit = { max: app.config.RATE_LIMIT_INVITE_MAX, timeWindow: '1 minute' };

  async function listPage(request: FastifyRequest, reply: FastifyReply, createOpen: boolean) {
    const viewer = inviter(request.viewer);
    const [rows, userTypes] = await Promise.all([listInvitations(app.db, viewer), invitableUserTypes(app.db, viewer)]);
    return reply.inertia('user_invitation/Index', {
      invitations: rows.map((row) => toUserInvitation(row, settings)),
      userTypes,
      createOpen,
      title: createOpen ? ELEVATE_USERS_TITLE : LIST_TITLE,
      breadcrumbs: [{ label: LIST_TITLE }],
    });
  }

  app.get(LIST_URL, (request, reply) => listPage(request, reply, false));
  app.get(CREATE_URL, (request, reply) => listPage(request, reply, true));

  app.get('/user_invitation/:ref', async (request, reply) => {
    const invitation = await invitationTheViewerManages(app.db, request);
    const state = invitationState(invitation);
    const mayInviteToType = canInviteToUserType(request.viewer, invitation.userType);
    return reply.inertia('user_invitation/Show', {
      invitation: toUserInvitation(invitation, settings),
      canSend: state === 'active' && mayInviteToType,
      canRegenerate: state === 'expired' && mayInviteToType,
      title: `Invitation: ${invitation.userType.title}`,
      breadcrumbs: [{ label: LIST_TITLE, href: LIST_URL }, { label: invitation.userType.title }],
    });
  });

  app.post(LIST_URL, { config: { rateLimit } }, async (request, reply) => {
    const viewer = inviter(request.viewer);
    const body = createInvitationBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), CREATE_URL);
    const userType = await findUserType(app.db, body.data.user_type_id);
    if (!userType) return reply.redirectWithErrors({ user_type_id: INVITATION_MESSAGES.userTypeRequired }, CREATE_URL);
    if (!canInviteToUserType(viewer, userType)) throw forbidden();
    const created = await createInvitation(app.db, { createdByUserId: viewer.id, userTypeId: userType.id, noteToSelf: body.data.note_to_self }, settings);
    reply.notify(INVITATION_MESSAGES.created);
    return reply.redirect(detailUrl(created), 303);
  });

  app.post('/user_invitation/:ref', { config: { rateLimit } }, async (request, reply) => {
    const invitation = await invitationTheViewerManages(app.db, request);
    if (!canInviteToUserType(request.viewer, invitation.userType)) throw forbidden();
    const body = addressesBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors({ addresses: INVITATION_MESSAGES.tooManyAddresses }, detailUrl(invitation));
    const { valid, invalid } = parseAddresses(body.data.addresses);
    const refusal = addressesRefusal(valid, invalid);
    if (refusal) return reply.redirectWithErrors({ addresses: refusal }, detailUrl(invitation));
    if (valid.length > 0) {
      const fromName = inviterName(invitation, app.config.APP_NAME);
      const outcome = await sendInvitation(app.db, { invitationId: invitation.id, addresses: valid, fromName, userTypeTitle: invitation.userType.title }, settings);
      if (outcome === 'not-active') return reply.redirectWithErrors({ addresses: INVITATION_MESSAGES.notSendable }, detailUrl(invitation));
      reply.notify(INVITATION_MESSAGES.sent(valid.length));
    }
    // Valid addresses are sent; the lines that are not addresses are named under the field.
    if (invalid.length > 0) return reply.redirectWithErrors({ addresses: INVITATION_MESSAGES.invalidAddresses(invalid) }, detailUrl(invitation));
    return reply.redirect(detailUrl(invitation), 303);
  });

  app.patch('/user_invitation/:ref', { config: { rateLimit } }, async (request, reply) => {
    const invitation = await invitationTheViewerManages(app.db, request);
    if (!canInviteToUserType(request.viewer, invitation.userType)) throw forbidden();
    if (!(await regenerateInvitation(app.db, invitation.id, settings))) throw new HttpError(409, INVITATION_MESSAGES.notRegenerable);
    reply.notify(INVITATION_MESSAGES.regenerated);
    return reply.redirect(detailUrl(invitation), 303);
  });

  app.delete('/user_invitation/:ref', { config: { rateLimit } }, async (request, reply) => {
    const invitation = await invitationTheViewerManages(app.db, request);
    await deleteInvitation(app.db, invitation.id);
    reply.notify(INVITATION_MESSAGES.deleted);
    return reply.redirect(LIST_URL, 303);
  });
}

function addressesRefusal(valid: string[], invalid: string[]): string | null {
  if (valid.length === 0 && invalid.length === 0) return INVITATION_MESSAGES.noAddresses;
  if (valid.length > INVITATION_ADDRESSES_MAX) return INVITATION_MESSAGES.tooManyAddresses;
  return null;
}
