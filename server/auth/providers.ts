import type { FastifyOAuth2Options, OAuth2Namespace, ProviderConfiguration, Token } from '@fastify/oauth2';
import fastifyOauth2 from '@fastify/oauth2';
import { z } from 'zod';
import { LOGIN_PROVIDER_LABELS, LOGIN_PROVIDERS, type LoginProvider } from '../../shared/enums';
import type { LoginProviderOption } from '../../shared/props';
import { ROUTES } from '../../shared/routes';
import type { AppConfig } from '../config';
import type { ProviderProfile } from './identities';
import { PROVIDER_NOT_CONFIGURED_REASON } from './messages';
import { absoluteUrl } from '../lib/site-url';

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
  /** An OpenID Connect issuer to discover instead of the provider's real endpoints. */
  issuer: string | null;
}

const OIDC_SCOPES = ['openid', 'email', 'profile'];
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';
const PROVIDER_TIMEOUT_MS = 10_000;

export function providerCredentials(config: AppConfig, provider: LoginProvider): ProviderCredentials | null {
  const settings = {
    google: [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.OAUTH_GOOGLE_ISSUER],
    microsoft: [config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET, config.OAUTH_MICROSOFT_ISSUER],
    facebook: [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET, config.OAUTH_FACEBOOK_ISSUER],
  } as const;
  const [clientId, clientSecret, issuer] = settings[provider];
  return clientId && clientSecret ? { clientId, clientSecret, issuer: issuer ?? null } : null;
}

/** The Login page's buttons; a provider without credentials is shown disabled. */
/** The login page's buttons; `returnTo` (a checked same-origin path) is where each sign-in comes back to. */
export function loginProviderOptions(config: AppConfig, returnTo: string | null = null): LoginProviderOption[] {
  const query = returnTo ? `?${new URLSearchParams({ return_to: returnTo })}` : '';
  return LOGIN_PROVIDERS.map((provider) => {
    const enabled = providerCredentials(config, provider) !== null;
    return {
      provider,
      label: LOGIN_PROVIDER_LABELS[provider],
      href: `${ROUTES.signInRedirect.path({ provider })}${query}`,
      enabled,
      reason: enabled ? null : PROVIDER_NOT_CONFIGURED_REASON,
    };
  });
}

/** Options for one @fastify/oauth2 registration: state cookie always, PKCE where the provider supports it. */
export function oauthOptions(config: AppConfig, provider: LoginProvider, credentials: ProviderCredentials, name: string): FastifyOAuth2Options {
  const cookieName = (what: string) => `equip_oauth_${provider}_${what}`;
  return {
    name,
    scope: provider === 'facebook' && !credentials.issuer ? ['email', 'public_profile'] : OIDC_SCOPES,
    credentials: {
      client: { id: credentials.clientId, secret: credentials.clientSecret },
      ...(credentials.issuer ? {} : { auth: realEndpoints(config, provider) }),
      options: { authorizationMethod: 'body' },
    },
    ...(credentials.issuer ? { discovery: { issuer: credentials.issuer } } : { pkce: provider === 'facebook' ? undefined : 'S256' }),
    callbackUri: absoluteUrl(config.APP_URL, ROUTES.signInCallback.path({ provider })),
    redirectStateCookieName: cookieName('state'),
    verifierCookieName: cookieName('verifier'),
    cookie: { path: '/auth', secure: config.cookieSecure, sameSite: 'lax', httpOnly: true },
  };
}

function realEndpoints(config: AppConfig, provider: LoginProvider): ProviderConfiguration {
  switch (provider) {
    case 'google':
      return fastifyOauth2.GOOGLE_CONFIGURATION;
    case 'microsoft': {
      const tenant = encodeURIComponent(config.MICROSOFT_TENANT);
      return {
        authorizeHost: 'https://login.microsoftonline.com',
        authorizePath: `/${tenant}/oauth2/v2.0/authorize`,
        tokenHost: 'https://login.microsoftonline.com',
        tokenPath: `/${tenant}/oauth2/v2.0/token`,
      };
    }
    case 'facebook':
      return {
        authorizeHost: 'https://www.facebook.com',
        authorizePath: '/v21.0/dialog/oauth',
        tokenHost: 'https://graph.facebook.com',
        tokenPath: '/v21.0/oauth/access_token',
      };
  }
}

const booleanClaim = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const oidcClaims = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: booleanClaim.optional(),
  name: z.string().optional(),
});

const facebookMe = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** Who signed in, asked of the provider with the access token just obtained. */
export async function fetchProviderProfile(
  provider: LoginProvider,
  credentials: ProviderCredentials,
  oauth: OAuth2Namespace,
  token: Token,
): Promise<ProviderProfile> {
  if (credentials.issuer) return profileFromClaims(provider, await oauth.userinfo(token.access_token));
  switch (provider) {
    case 'google':
      return profileFromClaims(provider, await getJson('https://openidconnect.googleapis.com/v1/userinfo', token.access_token));
    case 'microsoft':
      return profileFromClaims(provider, await getJson('https://graph.microsoft.com/oidc/userinfo', token.access_token));
    case 'facebook':
      return facebookProfile(await getJson(`${FACEBOOK_GRAPH}/me?fields=id,name,email`, token.access_token));
  }
}

/**
 * Standard OpenID Connect claims. An e-mail counts as verified only when the
 * provider says so (Microsoft's userinfo does not, so its addresses never link
 * accounts by themselves) and its word counts (`vouchesForEmail`).
 */
export function profileFromClaims(provider: LoginProvider, body: unknown): ProviderProfile {
  const claims = oidcClaims.parse(body);
  return {
    provider,
    subject: claims.sub,
    email: claims.email ?? null,
    emailVerified: vouchesForEmail(provider) && claims.email_verified === true,
    name: claims.name ?? null,
  };
}

/**
 * Whether a provider's word that an address is verified counts, since that word links the sign-in to the account
 * holding the address and proves the address for the account signing in. Facebook's Graph API gives no email_verified
 * claim and does not promise the address was confirmed, so a Facebook address never counts, however it arrives (the
 * Graph API, or an OpenID issuer standing in for Facebook): the sign-in keeps its own identity and account, and the
 * person proves the address by the e-mail link.
 */
function vouchesForEmail(provider: LoginProvider): boolean {
  return provider !== 'facebook';
}

/** The Graph API's address is unverified, like any Facebook address (`vouchesForEmail`). */
function facebookProfile(body: unknown): ProviderProfile {
  const me = facebookMe.parse(body);
  return { provider: 'facebook', subject: me.id, email: me.email ?? null, emailVerified: false, name: me.name ?? null };
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  return response.json();
}
