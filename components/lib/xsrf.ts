import { XSRF_COOKIE } from '../../shared/http';

/**
 * The CSRF token a plain HTML form must carry in its `_token` field; Inertia visits send the
 * same cookie's value as the X-XSRF-TOKEN header on their own.
 */
export function readXsrfToken(cookies: string = document.cookie): string {
  const entry = cookies.split(/;\s*/).find((pair) => pair.startsWith(`${XSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(XSRF_COOKIE.length + 1)) : '';
}
