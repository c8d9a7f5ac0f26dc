/**
 * The profile's access tokens: POST /profile/tokens creates one (its secret handed over to the profile page, shown
 * there once), DELETE /profile/tokens/{ref} revokes one of the viewer's own.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_MESSAGES } from '../../../shared/access-tokens';
import { PROFILE_TOKENS_URL } from '../../../shared/navigation';
import { PROFILE_URL } from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { allowedBy, describedAs, signedInViewer } from '../../access/guards';
import { canCreateAccessToken, canManageOwnProfile, type Viewer } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import { impersonatorOf } from '../../auth/impersonation';
import { forbidden } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { perMinute } from '../../web/rate-limit';
import { handOver } from './handover';
import { createTokenBody } from './schemas';
import { createPersonalAccessToken, findOwnToken, revokePersonalAccessToken } from './tokens';

/** Why the viewer may not create a token (null: they may), as the profile and a refused POST say it. */
export function cannotCreateBecause(viewer: Viewer, request: FastifyRequest): string | null {
  const impersonating = impersonatorOf(request) !== null;
  if (canCreateAccessToken(viewer, impersonating)) return null;
  return impersonating ? ACCESS_TOKEN_MESSAGES.whileImpersonating : ACCESS_TOKEN_MESSAGES.needsVerifiedEmail;
}

/** Route option: the policy's rule for creating a token, with the reason as the 403's words. */
const mayCreateToken = describedAs(canCreateAccessToken.name, async (request: FastifyRequest): Promise<void> => {
  const reason = cannotCreateBecause(request.viewer, request);
  if (reason !== null) throw forbidden(reason);
});

/** One of the viewer's own tokens: anyone else's answers 404, as if there were none. */
const ownToken = loads('access token', (db, ref, request) => findOwnToken(db, signedInViewer(request).id, ref), { rule: 'the viewer’s own' });

export const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownProfile = allowedBy(canManageOwnProfile);

  app.post(
    PROFILE_TOKENS_URL,
    {
      // A person needs a handful of tokens; this keeps a script from making thousands.
      config: { rateLimit: perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX) },
      preValidation: [ownProfile, mayCreateToken],
      schema: { body: createTokenBody(app.config.TIME_ZONE) },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { name, expiresAt } = request.body;
      const created = await createPersonalAccessToken(app.db, viewer.id, { name, expiresAt });
      handOver(request, { ref: created.ref, name, token: created.token });
      return reply.redirect(PROFILE_URL, 303);
    },
  );

  app.delete(
    ROUTES.profileToken.pattern,
    { preValidation: [ownProfile, ownToken], schema: { params: paramsOf(ROUTES.profileToken) } },
    async (request, reply) => {
      const token = loaded(request, ownToken);
      const revoked = await revokePersonalAccessToken(app.db, signedInViewer(request).id, token.ref);
      if (revoked) reply.notify(ACCESS_TOKEN_MESSAGES.revoked(token.name));
      else reply.notify(ACCESS_TOKEN_MESSAGES.alreadyRevoked(token.name), 'info');
      return reply.redirect(PROFILE_URL, 303);
    },
  );
};
