import type { FastifyRequest } from 'fastify';
import type { AuthProps, SharedProps } from '../../../shared/props';
import { baseCan, effectiveLevel, isAdmin, isSignedIn, menuFlags, type Viewer } from '../../access/policy';
import { impersonatorOf } from '../../auth/impersonation';
import { viewingAsOf } from '../../auth/view-as';
import { loginProviderOptions } from '../../auth/providers';

/** Props every page receives (the Inertia plugin adds `errors`). Pages may override `can`. */
export function sharedPropsFor(request: FastifyRequest): Omit<SharedProps, 'errors'> {
  const viewer = request.viewer;
  return {
    appName: request.server.config.APP_NAME,
    timeZone: request.server.config.TIME_ZONE,
    auth: { ...authProps(viewer), impersonating: impersonatingProp(request), viewingAs: viewingAsOf(request) },
    can: baseCan(viewer),
    menu: menuFlags(viewer),
    isProductionHost: isProductionHost(request),
    loginProviders: isSignedIn(viewer) ? [] : loginProviderOptions(request.server.config),
  };
}

export function authProps(viewer: Viewer): AuthProps {
  const signedIn = isSignedIn(viewer);
  return {
    authenticated: signedIn,
    admin: isAdmin(viewer),
    manager: viewer.manager,
    manage_users: viewer.manageUsers,
    email_missing: signedIn && !viewer.email,
    email_unverified: signedIn && Boolean(viewer.email) && !viewer.emailVerified,
    email: viewer.email,
    user: signedIn ? { ref: viewer.ref, name: viewer.name } : null,
    level: effectiveLevel(viewer),
  };
}

function isProductionHost(request: FastifyRequest): boolean {
  const productionHost = request.server.config.PRODUCTION_HOST.toLowerCase();
  return request.hostname.replace(/:\d+$/, '').toLowerCase() === productionHost;
}

/** The real user behind the viewer while they act as someone else (the banner's way back). */
function impersonatingProp(request: FastifyRequest): { name: string } | null {
  const impersonator = impersonatorOf(request);
  return impersonator ? { name: impersonator.name } : null;
}
