/** An address on this site, for e-mails, feeds and link previews: APP_URL (which may have a path of its own) and a path. */
export function absoluteUrl(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}
