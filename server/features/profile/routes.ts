import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_MESSAGES, PROFILE_TEXT, PROFILE_URL } from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { allowedBy, signedInViewer } from '../../access/guards';
import { baseCan, canChangeOwnEmail, canCreateOwnPersonPage, canManageOwnProfile, type Viewer } from '../../access/policy';
import { impersonatorOf } from '../../auth/impersonation';
import { forbidden } from '../../lib/http-errors';
import { changeEmail, createOwnPersonPage, loadProfile } from './queries';
import { emailBody, profileQuery } from './schemas';
import { perMinute } from '../../web/rate-limit';
import { accessTokensSection } from '../access-tokens';
import { dataExportSection } from '../data-export';
import { listFollows } from '../follows';
import { accountDeletionSection } from '../users';

/** Route option: one's own address may be changed, but not while acting as someone else (403 saying so). */
async function mayChangeOwnEmail(request: FastifyRequest): Promise<void> {
  if (!canChangeOwnEmail(request.viewer, impersonatorOf(request) !== null)) throw forbidden(PROFILE_MESSAGES.emailWhileImpersonating);
}

/** Whether the viewer may ask for a Person page at all (the route itself answers when they already have one). */
const mayCreateOwnPersonPage = (viewer: Viewer) => canCreateOwnPersonPage(viewer, false);

/** The profile page, its e-mail and the user's own Person page. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // As POST /profile/verify: each change sends a verification e-mail.
  const emailRateLimit = perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX);
  const ownProfile = allowedBy(canManageOwnProfile);

  app.get(PROFILE_URL, { preValidation: ownProfile, schema: { querystring: profileQuery } }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const profile = await loadProfile(app.db, viewer.id);
    const changeEmailAllowed = canChangeOwnEmail(viewer, impersonatorOf(request) !== null);
    return reply.inertia('profile/Show', {
      title: PROFILE_TEXT.title,
      breadcrumbs: [{ label: PROFILE_TEXT.title }],
      user: profile.user,
      personItem: profile.personItem,
      // "A prompt opens when missing", and when the banner's link asks for it.
      emailPromptOpen: changeEmailAllowed && (request.query.emailPrompt || profile.user.email === null),
      digests: { frequency: profile.digestFrequency, follows: await listFollows(app.db, viewer) },
      // Lazy: only a visit that sends the section takes a new token's secret out of the session.
      accessTokens: () => accessTokensSection(request, viewer),
      dataExports: await dataExportSection(request, viewer),
      accountDeletion: await accountDeletionSection(request, viewer),
      can: {
        ...baseCan(viewer),
        create_self_item: canCreateOwnPersonPage(viewer, profile.personItem !== null),
        change_email: changeEmailAllowed,
      },
    });
  });

  app.post(
    '/profile/email',
    { config: { rateLimit: emailRateLimit }, preValidation: [ownProfile, mayChangeOwnEmail], schema: { body: emailBody } },
    async (request, reply) => {
      const { email } = request.body;
      const outcome = await changeEmail(app.db, app.config, signedInViewer(request), email);
      if (outcome === 'unchanged') reply.notify(PROFILE_MESSAGES.emailUnchanged, 'info');
      else reply.notify(PROFILE_MESSAGES.emailSaved(email));
      return reply.redirect(PROFILE_URL, 303);
    },
  );

  app.post('/profile/create_own_person_page', { preValidation: allowedBy(mayCreateOwnPersonPage) }, async (request, reply) => {
    const created = await createOwnPersonPage(app.db, signedInViewer(request));
    if (created.outcome === 'no-person-tag') return reply.notify(PROFILE_MESSAGES.personTagMissing, 'warning').redirect(PROFILE_URL, 303);
    if (created.outcome === 'exists') return reply.notify(PROFILE_MESSAGES.personPageExists, 'warning').redirect(ROUTES.item.path({ ref: created.ref }), 303);
    reply.notify(PROFILE_MESSAGES.personPageCreated);
    return reply.redirect(ROUTES.item.path({ ref: created.ref }), 303);
  });
};
