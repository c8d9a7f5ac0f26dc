/**
 * Which requests the request log keeps, and how (docs/decisions/curation.md "Request stats"):
 * - static assets are not logged: the Vite build under /build/ and the files of public/ (favicon and the like);
 * - bots are not logged: a User-Agent naming a crawler, a link preview or a scripted client (BOT_USER_AGENT);
 * - the path is stored without its query string (it may carry search text or tokens), at most REQUEST_LOG_URL_MAX long;
 * - the referer is stored as origin and path only (no query, no fragment), at most REQUEST_LOG_REFERER_MAX long;
 * - a secret in either path (an invitation or e-mail verification token) is redacted (lib/redact.ts).
 */
import { readdirSync } from 'node:fs';
import { redactUrl } from '../../lib/redact';
import { CLIENT_BUILD_BASE, PUBLIC_DIR } from '../../web/client-build';

export const REQUEST_LOG_URL_MAX = 2048;
export const REQUEST_LOG_REFERER_MAX = 500;

/** Crawlers, link previews, uptime monitors and scripted HTTP clients. */
export const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|uptime|headlesschrome|curl\/|wget\/|python-requests|python-urllib|go-http-client|okhttp|java\//i;

export function isBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && BOT_USER_AGENT.test(userAgent);
}

/** The path of a request URL, without query string or fragment, redacted, capped. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return redactUrl(end === -1 ? url : url.slice(0, end)).slice(0, REQUEST_LOG_URL_MAX);
}

/** Origin and path of a Referer header (no query, no fragment, no credentials), redacted, capped; null when absent or unreadable. */
export function refererOf(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const url = new URL(header);
    return `${url.origin}${redactUrl(url.pathname)}`.slice(0, REQUEST_LOG_REFERER_MAX);
  } catch {
    return pathOf(header).slice(0, REQUEST_LOG_REFERER_MAX) || null;
  }
}

/** The top-level files of public/, served at the site root (read once). */
function publicFilePaths(publicDir: string): Set<string> {
  try {
    return new Set(readdirSync(publicDir).map((name) => `/${name}`));
  } catch {
    return new Set();
  }
}

/** Whether a path is a static asset: under /build/, a file of public/, or a favicon. */
export function staticAssetMatcher(publicDir: string = PUBLIC_DIR): (path: string) => boolean {
  const publicFiles = publicFilePaths(publicDir);
  return (path) => path.startsWith(CLIENT_BUILD_BASE) || path.startsWith('/favicon') || publicFiles.has(path);
}
