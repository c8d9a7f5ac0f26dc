/**
 * The public entry of server/features/access-tokens: the profile's Access tokens section, for the profile page.
 * Another feature imports from here, never a file inside (`.dependency-cruiser.cjs`); server/app.ts registers the
 * routes and the authentication plugin.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessTokensSection } from '../../../shared/access-tokens';
import type { SignedInViewer } from '../../access/guards';
import { takeHandedOver } from './handover';
import { cannotCreateBecause } from './routes';
import { listAccessTokens } from './tokens';

/** The viewer's tokens, whether they may create one, and the one just created (taken out of the session: shown once). */
export async function accessTokensSection(request: FastifyRequest, viewer: SignedInViewer): Promise<AccessTokensSection> {
  const reason = cannotCreateBecause(viewer, request);
  return {
    tokens: await listAccessTokens(request.server.db, viewer.id),
    canCreate: reason === null,
    cannotCreateBecause: reason,
    created: takeHandedOver(request),
  };
}
