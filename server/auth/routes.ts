import { publicBecause } from '../access/guards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { isSignedIn } from '../access/viewer';
import { demoSignInRoutes } from './demo';
import { AUTH_NOTICES } from './messages';
import { oauthRoutes } from './oauth';
import { loginProviderOptions } from './providers';
import { requestedReturnPath } from './return-to';
import { signInQuery } from './schemas';
import { verificationRoutes } from './verification';
import { previewerOf } from './view-as';
import { signOut } from './viewer';

/**
 * The login page's props: the providers, each coming back to `returnTo` (a checked same-site path, or null). An
 * invitation link a visitor opens shows this page itself, with the invitation above the buttons (invitations/recipient.ts).
 */
export function loginPageProps(config: AppConfig, returnTo: string | null) {
  return {
    providers: loginProviderOptions(config, returnTo),
    organisationDomains: config.ORGANISATION_GOOGLE_DOMAINS,
    demoLoginAvailable: config.demoLogin,
    returnTo,
    title: 'Login',
    breadcrumbs: [{ label: 'Login' }],
  };
}

/** Login page, social and demo sign-in, logout and e-mail verification. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/login',
    { preValidation: publicBecause('signing in, before anyone is signed in'), schema: { querystring: signInQuery } },
    async (request, reply) => {
      if (isSignedIn(request.viewer)) return reply.redirect('/');
      // The page a visitor came from (or ?return_to=) travels with each provider button, so signing in comes back to it.
      return reply.inertia('auth/Login', loginPageProps(app.config, requestedReturnPath(request, request.query.return_to)));
    },
  );

  app.post('/logout', { preValidation: publicBecause('signing out ends whatever session there is') }, async (request, reply) => {
    // Pages and collections saved for offline, and this person's navigation history, leave the device with them:
    // the browser drops the site's caches, storage and service worker (the page clears the caches itself too).
    reply.header('clear-site-data', '"cache", "storage"');
    // A preview as a visitor has an anonymous viewer; the person behind it is still signed in.
    if (isSignedIn(request.viewer) || previewerOf(request)) {
      await signOut(request);
      reply.notify(AUTH_NOTICES.signedOut, 'info');
    }
    return reply.redirect('/', 303);
  });

  await app.register(oauthRoutes);
  await app.register(demoSignInRoutes);
  await app.register(verificationRoutes);
};
