import type { FastifyPluginAsync } from 'fastify';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { PROFILE_MESSAGES, PROFILE_TEXT, PROFILE_URL } from '../../../shared/profile';
import { baseCan, canChangeOwnEmail, canCreateOwnPersonPage, canManageOwnProfile, type Viewer } from '../../access/policy';
import { impersonatorOf } from '../../auth/impersonation';
import { forbidden } from '../../lib/http-errors';
import { changeEmail, createOwnPersonPage, loadProfile } from './queries';
import { emailBody, fieldErrors, profileQuery } from './schemas';

/** Signed-in users only; visitors get the 403 page with the sign-in hint, as items do. */
function requireOwnProfile(viewer: Viewer): asserts viewer is Viewer & { id: number; ref: string } {
  if (!canManageOwnProfile(viewer)) throw forbidden(SIGN_IN_HINT);
}

/** The profile page, its e-mail and the user's own Person page (member-library §2 /profile, §5, §7). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  // As POST /profile/verify: each change sends a verification e-mail.
  const emailRateLimit = { max: app.config.RATE_LIMIT_SIGN_IN_MAX, timeWindow: '1 minute' };

  app.get(PROFILE_URL, async (request, reply) => {
    const viewer = request.viewer;
    requireOwnProfile(viewer);
    const { emailPrompt } = profileQuery.parse(request.query ?? {});
    const profile = await loadProfile(app.db, viewer.id);
    const changeEmailAllowed = canChangeOwnEmail(viewer, impersonatorOf(request) !== null);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('profile/Show', {
      title: PROFILE_TEXT.title,
      user: profile.user,
      personItem: profile.personItem,
      // "A prompt opens when missing" (member-library §5), and when the banner's link asks for it.
      emailPromptOpen: changeEmailAllowed && (emailPrompt || profile.user.email === null),
      can: {
        ...baseCan(viewer),
        create_self_item: canCreateOwnPersonPage(viewer, profile.personItem !== null),
        change_email: changeEmailAllowed,
      },
    });
  });

  app.post('/profile/email', { config: { rateLimit: emailRateLimit } }, async (request, reply) => {
    const viewer = request.viewer;
    requireOwnProfile(viewer);
    if (!canChangeOwnEmail(viewer, impersonatorOf(request) !== null)) throw forbidden(PROFILE_MESSAGES.emailWhileImpersonating);
    const body = emailBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), PROFILE_URL);
    const outcome = await changeEmail(app.db, app.config, viewer, body.data.email);
    if (outcome === 'unchanged') reply.notify(PROFILE_MESSAGES.emailUnchanged, 'info');
    else reply.notify(PROFILE_MESSAGES.emailSaved(body.data.email));
    return reply.redirect(PROFILE_URL, 303);
  });

  app.post('/profile/create_own_person_page', async (request, reply) => {
    const viewer = request.viewer;
    requireOwnProfile(viewer);
    if (!canCreateOwnPersonPage(viewer, false)) throw forbidden();
    const created = await createOwnPersonPage(app.db, viewer);
    if (created.outcome === 'no-person-tag') return reply.notify(PROFILE_MESSAGES.personTagMissing, 'warning').redirect(PROFILE_URL, 303);
    if (created.outcome === 'exists') return reply.notify(PROFILE_MESSAGES.personPageExists, 'warning').redirect(`/i/${created.ref}`, 303);
    reply.notify(PROFILE_MESSAGES.personPageCreated);
    return reply.redirect(`/i/${created.ref}`, 303);
  });
};
