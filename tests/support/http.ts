import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pageFromDocument, partialReloadHeaders } from '../../server/inertia/testing';
import { CookieJar } from './app';

/** Reads the XSRF-TOKEN cookie the app sets on any page, as the Inertia client does. */
export async function csrfJar(app: FastifyInstance, jar = new CookieJar()): Promise<CookieJar> {
  const response = await app.inject({ method: 'GET', url: '/login', headers: { cookie: jar.header() } });
  jar.store(response);
  return jar;
}

export function xsrfHeader(jar: CookieJar): Record<string, string> {
  return { 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''), cookie: jar.header() };
}

/** Signs in through the demo sign-in form and returns the browser-like cookie jar. */
export async function signInAs(app: FastifyInstance, email: string): Promise<CookieJar> {
  const jar = await csrfJar(app);
  const response = await app.inject({
    method: 'POST',
    url: '/dev/login',
    headers: { ...xsrfHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });
  if (response.statusCode !== 302 && response.statusCode !== 303) {
    throw new Error(`demo sign-in as ${email} answered ${response.statusCode}`);
  }
  jar.store(response);
  return jar;
}

const assetVersions = new WeakMap<FastifyInstance, string>();

/** The asset version the app puts in its pages, as a loaded client would know it. */
export async function assetVersion(app: FastifyInstance): Promise<string> {
  let version = assetVersions.get(app);
  if (version === undefined) {
    const response = await app.inject({ method: 'GET', url: '/login' });
    version = pageFromDocument(response.body).version;
    assetVersions.set(app, version);
  }
  return version;
}

/** Headers of an Inertia visit from an up-to-date client. */
export async function inertiaHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  return { 'x-inertia': 'true', 'x-inertia-version': await assetVersion(app) };
}

/** The page object of an Inertia visit, as first answered: deferred props are not in it yet. */
export async function firstAnswer(app: FastifyInstance, url: string, jar?: CookieJar, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers: { ...(await inertiaHeaders(app)), cookie: jar?.header() ?? '', ...headers } });
  jar?.store(response);
  return { response, page: response.headers['content-type']?.toString().includes('json') ? response.json() : null };
}

/**
 * The page object of an Inertia visit as the browser ends up with it: the first answer (`firstAnswer`), then each
 * group of its deferred props asked for by a partial reload, as the client does right after, merged into its props.
 */
export async function visit(app: FastifyInstance, url: string, jar?: CookieJar, headers: Record<string, string> = {}) {
  const first = await firstAnswer(app, url, jar, headers);
  const groups: Record<string, string[]> = first.page?.deferredProps ?? {};
  for (const only of Object.values(groups)) {
    const deferred = await firstAnswer(app, url, jar, { ...headers, ...partialReloadHeaders(first.page.component, { only }) });
    if (deferred.response.statusCode !== 200) throw new Error(`deferred props ${only.join(', ')} of ${url} answered ${deferred.response.statusCode}`);
    for (const key of only) first.page.props[key] = deferred.page.props[key];
  }
  return first;
}

/** An Inertia visit that changes something, as the router sends it (JSON body, XSRF header). */
export async function send(
  app: FastifyInstance,
  jar: CookieJar,
  method: 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(await inertiaHeaders(app)),
      ...xsrfHeader(jar),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  jar.store(response);
  return response;
}

/** A JSON call with the XSRF header, as the app's fetch-based dialogs send it (the batch edit's), answered as JSON. */
export async function sendJson(app: FastifyInstance, jar: CookieJar, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { accept: 'application/json', ...xsrfHeader(jar), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

/** What the next page shows after a redirect: its validation errors and flash notices. */
export async function nextPage(app: FastifyInstance, jar: CookieJar) {
  const { page } = await visit(app, '/', jar);
  const notifications: { message: string }[] = page.flash?.notifications ?? [];
  return { errors: page.props.errors as Record<string, string>, notices: notifications.map((notice) => notice.message) };
}
