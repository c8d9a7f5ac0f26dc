/**
 * User invitations: the list and its 'Elevate user(s)' dialog, the detail page, sending
 * to addresses, regenerating and deleting; the recipient's side is in recipient.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ELEVATE_USERS_TITLE, INVITATION_ADDRESSES_MAX, INVITATION_MESSAGES } from '../../../shared/invitations';
import { USER_INVITATIONS_URL } from '../../../shared/navigation';
import { ROUTES } from '../../../shared/routes';
import { allowedBy, signedInViewer } from '../../access/guards';
import { canInvite, canInviteToUserType, canManageInvitation } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import { forbidden, HttpError } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { createInvitation, deleteInvitation, regenerateInvitation, sendInvitation, type InvitationSettings } from './actions';
import { inviterName, toUserInvitation } from './present';
import { findInvitationByRef, findUserType, invitableUserTypes, invitationState, listInvitations } from './queries';
import { addressesBody, createInvitationBody, parseAddresses } from './schemas';
import { invitationLinkKey } from './tokens';
import { perMinute } from '../../web/rate-limit';

const LIST_URL = USER_INVITATIONS_URL;
const CREATE_URL = `${USER_INVITATIONS_URL}/create`;
const LIST_TITLE = 'User Invitations';

export function invitationSettings(app: FastifyInstance): InvitationSettings {
  return {
    linkKey: invitationLinkKey(app.config.sessionSecret),
    validDays: app.config.INVITATION_VALID_DAYS,
    appUrl: app.config.APP_URL,
    appName: app.config.APP_NAME,
    timeZone: app.config.TIME_ZONE,
  };
}

/**
 * An invitation the viewer manages (403 when it is another user manager's); sending it or regenerating its link also
 * needs its user type.
 */
const managedInvitation = loads('invitation', findInvitationByRef, { may: canManageInvitation });
const sentInvitation = loads('invitation', findInvitationByRef, {
  may: [canManageInvitation, (viewer, invitation) => canInviteToUserType(viewer, invitation.userType)],
  rule: 'canManageInvitation + canInviteToUserType of its user type',
});

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = invitationSettings(app);
  const rateLimit = perMinute(app.config.RATE_LIMIT_INVITE_MAX);
  const inviters = allowedBy(canInvite);
  const params = paramsOf(ROUTES.userInvitation);

  async function listPage(request: FastifyRequest, reply: FastifyReply, createOpen: boolean) {
    const viewer = signedInViewer(request);
    const [rows, userTypes] = await Promise.all([listInvitations(app.db, viewer), invitableUserTypes(app.db, viewer)]);
    return reply.inertia('user_invitation/Index', {
      invitations: rows.map((row) => toUserInvitation(row, settings)),
      userTypes,
      createOpen,
      title: createOpen ? ELEVATE_USERS_TITLE : LIST_TITLE,
      breadcrumbs: [{ label: LIST_TITLE }],
    });
  }

  app.get(LIST_URL, { preValidation: inviters }, (request, reply) => listPage(request, reply, false));
  app.get(CREATE_URL, { preValidation: inviters }, (request, reply) => listPage(request, reply, true));

  app.get(ROUTES.userInvitation.pattern, { preValidation: [inviters, managedInvitation], schema: { params } }, async (request, reply) => {
    const invitation = loaded(request, managedInvitation);
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

  app.post(LIST_URL, { config: { rateLimit }, preValidation: inviters, schema: { body: createInvitationBody } }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const userType = await findUserType(app.db, request.body.user_type_id);
    if (!userType) return reply.redirectWithErrors({ user_type_id: INVITATION_MESSAGES.userTypeRequired }, CREATE_URL);
    if (!canInviteToUserType(viewer, userType)) throw forbidden();
    const created = await createInvitation(app.db, { createdByUserId: viewer.id, userTypeId: userType.id, noteToSelf: request.body.note_to_self }, settings);
    reply.notify(INVITATION_MESSAGES.created);
    return reply.redirect(ROUTES.userInvitation.path({ ref: created.ref }), 303);
  });

  app.post(
    ROUTES.userInvitation.pattern,
    { config: { rateLimit }, preValidation: [inviters, sentInvitation], schema: { params, body: addressesBody } },
    async (request, reply) => {
      const invitation = loaded(request, sentInvitation);
      const { valid, invalid } = parseAddresses(request.body.addresses);
      const refusal = addressesRefusal(valid, invalid);
      if (refusal) return reply.redirectWithErrors({ addresses: refusal }, ROUTES.userInvitation.path({ ref: invitation.ref }));
      const fromName = inviterName(invitation, app.config.APP_NAME);
      const outcome = await sendInvitation(
        app.db,
        { invitationId: invitation.id, addresses: valid, fromName, userTypeTitle: invitation.userType.title },
        settings,
      );
      if (outcome === 'not-active')
        return reply.redirectWithErrors({ addresses: INVITATION_MESSAGES.notSendable }, ROUTES.userInvitation.path({ ref: invitation.ref }));
      reply.notify(INVITATION_MESSAGES.sent(valid.length));
      return reply.redirect(ROUTES.userInvitation.path({ ref: invitation.ref }), 303);
    },
  );

  app.patch(ROUTES.userInvitation.pattern, { config: { rateLimit }, preValidation: [inviters, sentInvitation], schema: { params } }, async (request, reply) => {
    const invitation = loaded(request, sentInvitation);
    if (!(await regenerateInvitation(app.db, invitation.id, settings))) throw new HttpError(409, INVITATION_MESSAGES.notRegenerable);
    reply.notify(INVITATION_MESSAGES.regenerated);
    return reply.redirect(ROUTES.userInvitation.path({ ref: invitation.ref }), 303);
  });

  app.delete(
    ROUTES.userInvitation.pattern,
    { config: { rateLimit }, preValidation: [inviters, managedInvitation], schema: { params } },
    async (request, reply) => {
      const invitation = loaded(request, managedInvitation);
      await deleteInvitation(app.db, invitation.id);
      reply.notify(INVITATION_MESSAGES.deleted);
      return reply.redirect(LIST_URL, 303);
    },
  );
};

/**
 * Why the lines cannot be sent as they are, or null. One line that is not an address stops the whole send, so the
 * corrected list (the page keeps what was typed) is sent once and nobody gets the invitation twice.
 */
function addressesRefusal(valid: string[], invalid: string[]): string | null {
  if (invalid.length > 0) return INVITATION_MESSAGES.invalidAddresses(invalid);
  if (valid.length === 0) return INVITATION_MESSAGES.noAddresses;
  if (valid.length > INVITATION_ADDRESSES_MAX) return INVITATION_MESSAGES.tooManyAddresses;
  return null;
}
