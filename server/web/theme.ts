/**
 * The theme of a page's first paint (shared/theme.ts): the person's choice from its cookie, and for Auto the system's
 * preference from the client hint (Chromium sends it once asked, from the second request on). Without a hint the
 * page starts light and the toggle's script follows the system as soon as it runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COLOR_SCHEME_HINT, THEME_COOKIE, themeChoiceOf, themeFor, type Theme } from '../../shared/theme';

export function documentTheme(request: FastifyRequest): Theme {
  const choice = themeChoiceOf(request.cookies?.[THEME_COOKIE]);
  return themeFor(choice, request.headers[COLOR_SCHEME_HINT.toLowerCase()] === 'dark');
}

/** Asks browsers for the color-scheme hint on every answer. */
export function askForColorSchemeHint(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Accept-CH', COLOR_SCHEME_HINT);
  });
}
