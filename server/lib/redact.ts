/**
 * Bearer secrets that travel in URLs, taken out before a URL is written anywhere people read (the server log, Server
 * Logs, the request log and its referers): anyone holding one of these links can act on it.
 * - path secrets: an invitation's accept link `/invite/{token}`, an e-mail verification link `/profile/verify/{token}`,
 *   a digest's unfollow link `/unfollow/{token}`, the link to one's data `/profile/data-export/{token}`;
 * - query secrets: a shared link's `?share={ref}`, and the `code` and `state` an OAuth provider sends to
 *   `/auth/{provider}/callback`.
 * A query value that is itself a URL (`/login?return_to=%2Finvite%2F…`) is redacted the same way, decoded first.
 * A personal access token's secret (`equip_pat_…`, which travels in a header) is redacted wherever it stands, should
 * one be pasted into a URL or an error message.
 */
import { ACCESS_TOKEN_PREFIX } from '../../shared/access-tokens';
import { SHARE_QUERY_PARAM } from '../../shared/sharing';

export const REDACTED = '[redacted]';

/**
 * One of these segments is followed by a secret, wherever it stands (APP_URL may have a path of its own, such as
 * `https://host/equip/invite/{token}`); redacting a look-alike elsewhere costs nothing.
 */
const SECRET_PATH = /(\/(?:invite|profile\/verify|profile\/data-export|unfollow)\/)[^/]+/gi;
/** A personal access token's secret: its prefix and what follows it. */
const ACCESS_TOKEN_SECRET = new RegExp(`${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]*`, 'gi');
/** Query keys whose values are secrets (compared in lower case). */
const SECRET_QUERY_KEYS: ReadonlySet<string> = new Set([SHARE_QUERY_PARAM, 'code', 'state']);
/** The start of an absolute URL: scheme and authority. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/**
 * URLs inside free text: an absolute URL or a path. A JSON string ends at an unescaped quote and escapes with a
 * backslash, so neither belongs to a URL here, and a redacted JSON line stays valid JSON.
 */
const URLS_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s"\\]*/gi;

/** The URL (absolute, or a path with its query) with every secret replaced by REDACTED; anything else unchanged. */
export function redactUrl(url: string): string {
  url = withoutAccessTokens(url);
  const origin = ORIGIN.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const pathEnd = rest.search(/[?#]/);
  if (pathEnd === -1) return origin + redactPath(rest);
  const fragmentStart = rest.indexOf('#', pathEnd);
  const query = rest.slice(pathEnd + 1, fragmentStart === -1 ? undefined : fragmentStart);
  const fragment = fragmentStart === -1 ? '' : rest.slice(fragmentStart);
  const redactedQuery = rest[pathEnd] === '?' ? `?${query.split('&').map(redactQueryParameter).join('&')}` : '';
  return origin + redactPath(rest.slice(0, pathEnd)) + redactedQuery + fragment;
}

/** Every URL and path inside a text (a log line, an error message) redacted with redactUrl. */
export function redactUrlsIn(text: string): string {
  const redacted = withoutAccessTokens(text);
  return redacted.includes('/') ? redacted.replace(URLS_IN_TEXT, (url) => redactUrl(url)) : redacted;
}

function withoutAccessTokens(text: string): string {
  return text.replace(ACCESS_TOKEN_SECRET, REDACTED);
}

/** Percent-encoded paths route the same as plain ones (`/%69nvite/…`), so they are judged decoded. */
function redactPath(path: string): string {
  const judged = path.includes('%') ? (decodedOrNull(path) ?? path) : path;
  const redacted = withoutAccessTokens(judged.replace(SECRET_PATH, `$1${REDACTED}`));
  return redacted === judged ? path : redacted;
}

function redactQueryParameter(parameter: string): string {
  const separator = parameter.indexOf('=');
  if (separator === -1) return parameter;
  const rawKey = parameter.slice(0, separator);
  const key = decodedOrNull(rawKey.replaceAll('+', ' '));
  if (key === null || SECRET_QUERY_KEYS.has(key.toLowerCase())) return `${rawKey}=${REDACTED}`;
  const value = decodedOrNull(parameter.slice(separator + 1).replaceAll('+', ' '));
  if (value === null || !value.includes('/')) return parameter;
  const redacted = redactUrl(value);
  return redacted === value ? parameter : `${rawKey}=${encodeURIComponent(redacted)}`;
}

function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
