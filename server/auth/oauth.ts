import { publicBecause } from '../access/guards';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOGIN_PROVIDER_LABELS, LOGIN_PROVIDERS, type LoginProvider } from '../../shared/enums';
import { SIGN_IN_CANCELLED, SIGN_IN_FAILED } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { paramsOf } from '../lib/validation';
import { findOrCreateUserFromProfile, SignInRefused } from './identities';
import { DELETE_ACCOUNT_MESSAGES } from '../../shared/account-deletion';
import { AUTH_NOTICES } from './messages';
import { fetchProviderProfile, oauthOptions, providerCredentials, type ProviderCredentials } from './providers';
import { rememberReturnTo, takeReturnTo } from './return-to';
import { callbackQuery, loginProvider, signInQuery } from './schemas';
import { signIn } from './viewer';
import { perMinute } from '../web/rate-limit';

interface ProviderClient {
  credentials: ProviderCredentials;
  oauth: OAuth2Namespace;
}

/**
 * Social sign-in: /auth/:provider/redirect sends the visitor to the provider
 * (with a state cookie, and PKCE where supported); /auth/:provider/callback
 * exchanges the code, finds or creates the user and signs them in.
 */
/** Signing in with a provider, before anyone is signed in. */
const signingIn = publicBecause('signing in with a provider');

export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const clients = await registerConfiguredProviders(app);
  const rateLimit = perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX);

  app.route({
    method: ['GET', 'POST'],
    url: ROUTES.signInRedirect.pattern,
    preValidation: signingIn,
    config: { rateLimit },
    schema: { params: paramsOf(ROUTES.signInRedirect, { provider: loginProvider }), querystring: signInQuery },
    handler: async (request, reply) => {
      const { provider } = request.params;
      const client = clients.get(provider);
      if (!client) return refuseUnconfigured(reply, provider);
      rememberReturnTo(request, reply, request.query.return_to);
      // Another origin: the Inertia adapter answers an Inertia visit with 409 + X-Inertia-Location.
      return reply.redirect(await client.oauth.generateAuthorizationUri(request, reply), request.method === 'GET' ? 302 : 303);
    },
  });

  app.get(
    ROUTES.signInCallback.pattern,
    {
      preValidation: signingIn,
      config: { rateLimit },
      schema: { params: paramsOf(ROUTES.signInCallback, { provider: loginProvider }), querystring: callbackQuery },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const client = clients.get(provider);
      if (!client) return refuseUnconfigured(reply, provider);
      const query = request.query;
      if (query?.error === 'access_denied') return backToLogin(reply, SIGN_IN_CANCELLED, 'info');
      if (!query || query.error || !query.code) return backToLogin(reply, SIGN_IN_FAILED, 'danger');
      const completed = await completeSignIn(request, reply, provider, client);
      if (completed === 'failed') return backToLogin(reply, SIGN_IN_FAILED, 'danger');
      if (completed instanceof SignInRefused) return backToLogin(reply, completed.message, 'warning');
      if (completed === 'restored') reply.notify(DELETE_ACCOUNT_MESSAGES.restored(request.viewer.name));
      else reply.notify(AUTH_NOTICES.signedInAs(request.viewer.name));
      return reply.redirect(takeReturnTo(request, reply));
    },
  );
};

async function registerConfiguredProviders(app: FastifyInstance): Promise<Map<LoginProvider, ProviderClient>> {
  const clients = new Map<LoginProvider, ProviderClient>();
  for (const provider of LOGIN_PROVIDERS) {
    const credentials = providerCredentials(app.config, provider);
    if (!credentials) continue;
    const name = `signInWith${LOGIN_PROVIDER_LABELS[provider]}`;
    await app.register(fastifyOauth2, oauthOptions(app.config, provider, credentials, name));
    const oauth = app[`oauth2SignInWith${LOGIN_PROVIDER_LABELS[provider]}`];
    if (!oauth) throw new Error(`@fastify/oauth2 did not register ${name}`);
    clients.set(provider, { credentials, oauth });
  }
  return clients;
}

/**
 * Exchanges the code (state checked first), asks who it is, and signs them in: 'restored' when that brought their
 * account back from the trash; the refusal when it names one that cannot come back; 'failed' when any step fails.
 */
async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: LoginProvider,
  client: ProviderClient,
): Promise<'signed-in' | 'restored' | 'failed' | SignInRefused> {
  try {
    const { token } = await client.oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
    const profile = await fetchProviderProfile(provider, client.credentials, client.oauth, token);
    const { userId, via } = await findOrCreateUserFromProfile(request.server.db, request.server.config, profile);
    await signIn(request, userId);
    request.log.info({ provider, userId, via }, 'signed in');
    return via === 'restored' ? 'restored' : 'signed-in';
  } catch (error) {
    if (error instanceof SignInRefused) {
      request.log.info({ provider, reason: error.reason }, 'sign-in refused: the account is in the trash');
      return error;
    }
    request.log.warn({ err: error, provider }, 'sign-in did not complete');
    return 'failed';
  }
}

function refuseUnconfigured(reply: FastifyReply, provider: LoginProvider): FastifyReply {
  return backToLogin(reply, AUTH_NOTICES.providerNotConfigured(LOGIN_PROVIDER_LABELS[provider]), 'warning');
}

function backToLogin(reply: FastifyReply, message: string, type: 'info' | 'warning' | 'danger'): FastifyReply {
  reply.notify(message, type);
  return reply.redirect('/login', reply.request.method === 'GET' ? 302 : 303);
}
