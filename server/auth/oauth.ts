import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { z } from 'zod';
import { LOGIN_PROVIDER_LABELS, LOGIN_PROVIDERS, type LoginProvider } from '../../shared/enums';
import { SIGN_IN_CANCELLED, SIGN_IN_FAILED } from '../../shared/messages';
import { notFound } from '../lib/http-errors';
import { findOrCreateUserFromProfile } from './identities';
import { AUTH_NOTICES } from './messages';
import { fetchProviderProfile, oauthOptions, providerCredentials, type ProviderCredentials } from './providers';
import { rememberReturnTo, returnToQuery, takeReturnTo } from './return-to';
import { signIn } from './viewer';

interface ProviderClient {
  credentials: ProviderCredentials;
  oauth: OAuth2Namespace;
}

const providerParams = z.object({ provider: z.enum(LOGIN_PROVIDERS) });
const callbackQuery = z.object({
  code: z.string().min(1).max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
});

/**
 * Social sign-in: /auth/:provider/redirect sends the visitor to the provider
 * (with a state cookie, and PKCE where supported); /auth/:provider/callback
 * exchanges the code, finds or creates the user and signs them in.
 */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const clients = await registerConfiguredProviders(app);
  const rateLimit = { max: app.config.RATE_LIMIT_SIGN_IN_MAX, timeWindow: '1 minute' };

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/:provider/redirect',
    config: { rateLimit },
    handler: async (request, reply) => {
      const provider = parseProvider(request);
      const client = clients.get(provider);
      if (!client) return refuseUnconfigured(reply, provider);
      const query = returnToQuery.safeParse(request.query);
      rememberReturnTo(request, reply, query.success ? query.data.return_to : undefined);
      return reply.inertiaLocation(await client.oauth.generateAuthorizationUri(request, reply));
    },
  });

  app.get('/auth/:provider/callback', { config: { rateLimit } }, async (request, reply) => {
    const provider = parseProvider(request);
    const client = clients.get(provider);
    if (!client) return refuseUnconfigured(reply, provider);
    const query = callbackQuery.safeParse(request.query);
    if (query.success && query.data.error === 'access_denied') return backToLogin(reply, SIGN_IN_CANCELLED, 'info');
    if (!query.success || query.data.error || !query.data.code) return backToLogin(reply, SIGN_IN_FAILED, 'danger');
    if (!(await completeSignIn(request, reply, provider, client))) return backToLogin(reply, SIGN_IN_FAILED, 'danger');
    reply.notify(AUTH_NOTICES.signedInAs(request.viewer.name));
    return reply.redirect(takeReturnTo(request, reply));
  });
}

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

/** Exchanges the code (state checked first), asks who it is, and signs them in; false when any step fails. */
async function completeSignIn(request: FastifyRequest, reply: FastifyReply, provider: LoginProvider, client: ProviderClient): Promise<boolean> {
  try {
    const { token } = await client.oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
    const profile = await fetchProviderProfile(provider, client.credentials, client.oauth, token);
    const { userId, via } = await findOrCreateUserFromProfile(request.server.db, request.server.config, profile);
    await signIn(request, userId);
    request.log.info({ provider, userId, via }, 'signed in');
    return true;
  } catch (error) {
    request.log.warn({ err: error, provider }, 'sign-in did not complete');
    return false;
  }
}

function parseProvider(request: FastifyRequest): LoginProvider {
  const params = providerParams.safeParse(request.params);
  if (!params.success) throw notFound();
  return params.data.provider;
}

function refuseUnconfigured(reply: FastifyReply, provider: LoginProvider): FastifyReply {
  return backToLogin(reply, AUTH_NOTICES.providerNotConfigured(LOGIN_PROVIDER_LABELS[provider]), 'warning');
}

function backToLogin(reply: FastifyReply, message: string, type: 'info' | 'warning' | 'danger'): FastifyReply {
  reply.notify(message, type);
  return reply.redirect('/login', reply.request.method === 'GET' ? 302 : 303);
}
