import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/** Login page, social and demo sign-in, logout and e-mail verification. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/login', { schema: { querystring: signInQuery } }, async (request, reply) => {
    if (isSignedIn(request.viewer)) return reply.redirect('/');
    // The page a visitor came from (or ?return_to=) travels with each provider button, so signing in comes back to it.
    const returnTo = requestedReturnPath(request, request.query.return_to);
    return reply.inertia('auth/Login', {
      providers: loginProviderOptions(app.config, returnTo),
      organisationDomains: app.config.ORGANISATION_GOOGLE_DOMAINS,
      demoLoginAvailable: app.config.demoLogin,
      returnTo,
      title: 'Login',
      breadcrumbs: [{ label: 'Login' }],
    });
  });

  app.post('/logout', async (request, reply) => {
    // Pages and collections saved for offline, and this person's navigation history, leave the device with them (issue
    // 20 §3): the browser drops the site's caches, storage and service worker (the page clears the caches itself too).
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
