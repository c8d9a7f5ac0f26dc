import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims } from 'oidc-provider';
import { afterAll, beforeAll } from 'vitest';
import type { LoginProvider } from '../../shared/enums';

/** The person the provider signs in on the next authorisation request. */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** Environment that points the app's providers at this issuer. */
  env: Record<string, string>;
  /** Who signs in next, and whether they grant consent. */
  nextSignIn(account: OidcAccount, decision?: 'allow' | 'deny'): void;
  /**
   * Plays the browser at the provider: follows the authorisation URL through the
   * login and consent interactions until the provider redirects back to the app.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export const TEST_APP_URL = 'http://localhost:3000';
const SIGN_IN_PROVIDERS: LoginProvider[] = ['google', 'microsoft', 'facebook'];

const clientIdFor = (provider: LoginProvider) => `equip-${provider}`;
const clientSecretFor = (provider: LoginProvider) => `secret-for-${provider}-0123456789`;

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with one client per
 * sign-in provider. Its interaction page signs in the configured account at once,
 * or refuses consent when told to.
 */
export async function startOidcProvider(appUrl: string = TEST_APP_URL): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let next: { account: OidcAccount; decision: 'allow' | 'deny' } = { account: { sub: 'nobody' }, decision: 'deny' };
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  const issuer = await listenOnLoopback(server);

  const provider = new Provider(issuer, {
    clients: SIGN_IN_PROVIDERS.map((name) => ({
      client_id: clientIdFor(name),
      client_secret: clientSecretFor(name),
      redirect_uris: [`${appUrl}/auth/${name}/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) as AccountClaims } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-oidc-cookie-key-0123456789'] },
  });
  const providerCallback = provider.callback();

  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return providerCallback(req, res);
    finishInteraction(provider, req, res, next).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    env: appEnvFor(issuer),
    nextSignIn(account, decision = 'allow') {
      accounts.set(account.sub, account);
      next = { account, decision };
    },
    authorize: (authorizationUrl) => followToApp(authorizationUrl, issuer),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Starts the provider for one test file; `env` is filled before the app is built (register this first). */
export function useOidcProvider(extraEnv: Record<string, string> = {}): { provider: TestOidcProvider; env: Record<string, string> } {
  const context: { provider?: TestOidcProvider; env: Record<string, string> } = { env: { APP_URL: TEST_APP_URL, ...extraEnv } };
  beforeAll(async () => {
    context.provider = await startOidcProvider(TEST_APP_URL);
    Object.assign(context.env, context.provider.env);
  });
  afterAll(async () => context.provider?.close());
  return {
    env: context.env,
    get provider() {
      if (!context.provider) throw new Error('the OIDC provider starts in beforeAll');
      return context.provider;
    },
  };
}

function appEnvFor(issuer: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of SIGN_IN_PROVIDERS) {
    const prefix = name.toUpperCase();
    env[`${prefix}_CLIENT_ID`] = clientIdFor(name);
    env[`${prefix}_CLIENT_SECRET`] = clientSecretFor(name);
    env[`OAUTH_${prefix}_ISSUER`] = issuer;
  }
  return env;
}

async function finishInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  next: { account: OidcAccount; decision: 'allow' | 'deny' },
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  const options = { mergeWithLastSubmission: false };
  if (next.decision === 'deny') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person said no.' }, options);
    return;
  }
  const grant = new provider.Grant({ accountId: next.account.sub, clientId: String(interaction.params.client_id) });
  grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId: next.account.sub }, consent: { grantId } }, options);
}

/** Follows redirects on the provider with its own cookie jar; returns the first URL outside it. */
async function followToApp(start: string, issuer: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== new URL(issuer).origin) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    rememberCookies(cookies, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect at ${url}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}

function rememberCookies(cookies: Map<string, string>, setCookies: string[]): void {
  for (const header of setCookies) {
    const [pair, ...attributes] = header.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
    if (expired) cookies.delete(name);
    else cookies.set(name, value);
  }
}

function listenOnLoopback(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}
