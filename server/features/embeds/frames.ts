/**
 * The security headers of a card other sites frame (server/app.ts gives them to the routes whose config says
 * `framedByAnySite`; every other answer keeps refusing frames): any site may frame it, and its document may use nothing
 * but its own inline style and script (by their hashes) and the site's pictures.
 */
import type { HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config';
import { CARD_SCRIPT_HASH, CARD_STYLE_HASH } from './cards';

export function embedSecurityHeaders(config: Pick<AppConfig, 'APP_URL' | 'cookieSecure' | 'isProduction'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        // A frame sandboxed without allow-same-origin (WordPress) has no origin of its own, so 'self' may match nothing:
        // the site's origin is named too.
        'img-src': ["'self'", new URL(config.APP_URL).origin],
        'style-src': [`'${CARD_STYLE_HASH}'`],
        'script-src': [`'${CARD_SCRIPT_HASH}'`],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ['*'],
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
    xFrameOptions: false,
    // An embedding page that isolates itself (Cross-Origin-Embedder-Policy) frames only what says it may be.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: config.isProduction,
    referrerPolicy: { policy: 'same-origin' },
  };
}
