import type { FastifyInstance } from 'fastify';
import { isSignedIn } from '../access/viewer';
import { demoSignInRoutes } from './demo';
import { AUTH_NOTICES } from './messages';
import { oauthRoutes } from './oauth';
import { loginProviderOptions } from './providers';
import { requestedReturnPath, returnToQuery } from './return-to';
import { verificationRoutes } from './verification';
import { signOut } from './viewer';

/** Login page, social and demo sign-in, logout and e-mail verification. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.get('/login', async (request, reply) => {
    if (isSignedIn(request.viewer)) return reply.redirect('/');
    // The page a visitor came from (or ?return_to=) travels with each provider button, so signing in comes back to it.
    const requested = returnToQuery.safeParse(request.query ?? {});
    const returnTo = requestedReturnPath(request, requested.success ? requested.data.return_to : undefined);
    return reply.inertia('auth/Login', {
      providers: loginProviderOptions(app.config, returnTo),
      organisationDomains: app.config.ORGANISATION_GOOGLE_DOMAINS,
      demoLoginAvailable: app.config.demoLogin,
      title: 'Login',
    });
  });

  app.post('/logout', async (request, reply) => {
    if (isSignedIn(request.viewer)) {
      await signOut(request);
      reply.notify(AUTH_NOTICES.signedOut, 'info');
    }
    return reply.redirect('/', 303);
  });

  await app.register(oauthRoutes);
  await app.register(demoSignInRoutes);
  await app.register(verificationRoutes);
}
