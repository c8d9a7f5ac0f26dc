/** How the bench becomes a browser: the asset version Inertia visits send, and a demo sign-in. */
import { PROFILE_TOKENS_URL } from '../../shared/navigation';

/** The asset version a loaded client sends with Inertia visits. */
export async function assetVersion(base: string): Promise<string> {
  const html = await (await fetch(`${base}/login`)).text();
  const json = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return String(JSON.parse(json).version ?? '');
}

/** Signs in through the demo sign-in form and returns the cookies to send. */
export async function signInAs(base: string, email: string): Promise<string> {
  const page = await fetch(`${base}/dev/login`);
  const xsrf = (page.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '').split(';')[0];
  const token = decodeURIComponent(xsrf.split('=')[1] ?? '');
  const response = await fetch(`${base}/dev/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: xsrf },
    body: new URLSearchParams({ email, _token: token }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (response.status !== 303 || !cookies.some((cookie) => !cookie.startsWith('XSRF-TOKEN=')))
    throw new Error(`Demo sign-in as ${email} failed (${response.status})`);
  return cookies.concat(xsrf).join('; ');
}

/** Headers of an Inertia visit (a client-side navigation) by a signed-in user. */
export function inertiaVisitHeaders(cookie: string, version: string): Record<string, string> {
  return { cookie, 'X-Inertia': 'true', 'X-Inertia-Version': version, 'X-Requested-With': 'XMLHttpRequest', accept: 'text/html, application/xhtml+xml' };
}

/** The XSRF token of a signed-in cookie header, which writes send back as X-XSRF-TOKEN. */
export function xsrfTokenOf(cookie: string): string {
  return decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
}

/** Headers of an Inertia write by a signed-in user: the visit's, and the XSRF header. */
export function writeHeaders(cookie: string, version: string): Record<string, string> {
  return { ...inertiaVisitHeaders(cookie, version), 'x-xsrf-token': xsrfTokenOf(cookie) };
}

/**
 * A personal access token of a signed-in user, made as a person makes one: created on the profile, whose next visit
 * shows its secret once.
 */
export async function personalAccessToken(base: string, cookie: string, version: string): Promise<string> {
  const created = await fetch(`${base}${PROFILE_TOKENS_URL}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...writeHeaders(cookie, version), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'bench' }),
  });
  if (created.status !== 303) throw new Error(`Creating an access token failed (${created.status})`);
  const profile = await fetch(`${base}/profile`, { headers: inertiaVisitHeaders(cookie, version) });
  const page = (await profile.json()) as { props: { accessTokens?: { created: { token: string } | null } } };
  const token = page.props.accessTokens?.created?.token;
  if (!token) throw new Error('The profile did not show the new access token');
  return token;
}
