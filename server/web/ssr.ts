/**
 * Server-side rendering of pages, in-process: the SSR build of the same React pages
 * (components/app/ssr.tsx, `vite build --ssr` into dist/ssr) is imported once at startup and renders a page object to
 * HTML that the browser hydrates. In-process because a warm render costs about a millisecond (docs/performance.md),
 * less than the HTTP hop to a separate SSR server would. A render that throws is logged and the page is sent for the
 * browser to render, as without SSR.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PageObject } from '../inertia';
import { SCREEN_SIZE_COOKIE, type ScreenSize } from '../../shared/constants';
import { SSR_BUNDLE_PATH } from './client-build';

/**
 * What the SSR build answers: `head` holds the tags of `<Head>`, `body` the page element and the rendered app, `parts`
 * the ids of the parts on demand it drew (components/lib/on-demand.tsx).
 */
interface RenderFunctionResult {
  head: string[];
  body: string;
  parts: string[];
}

export interface RenderedPage extends RenderFunctionResult {
  /** The screen size the render assumed, which hydration must assume too (components/layout/useScreenSize.ts). */
  screenSize: ScreenSize;
}

type RenderFunction = (page: PageObject, screenSize: ScreenSize) => Promise<RenderFunctionResult>;

export interface ServerRenderer {
  /** The page's markup, or null when the render failed (logged) and the browser should render it. */
  render: (page: PageObject, request: FastifyRequest) => Promise<RenderedPage | null>;
}

/** The renderer of the SSR build at `bundlePath`, or null when there is none (a build without it, `npm run dev`). */
export async function loadServerRenderer(log: FastifyBaseLogger, bundlePath: string = SSR_BUNDLE_PATH): Promise<ServerRenderer | null> {
  if (!existsSync(bundlePath)) {
    log.warn({ bundlePath }, 'no server-side render build: pages are rendered in the browser only (run `npm run build`)');
    return null;
  }
  const { renderPage } = (await import(pathToFileURL(bundlePath).href)) as { renderPage: RenderFunction };
  return {
    render: async (page, request) => {
      const screenSize = screenSizeGuess(request);
      try {
        return { ...(await renderPage(page, screenSize)), screenSize };
      } catch (error) {
        request.log.error({ err: error, component: page.component }, 'server-side render failed; the browser renders the page');
        return null;
      }
    },
  };
}

/**
 * The server cannot measure the screen. It takes the size this browser measured last (its cookie, written by the
 * layout), else guesses from the request: phones say so (the `Sec-CH-UA-Mobile` client hint, or "Mobi"/"Android" in
 * the user agent). A wrong guess costs one re-layout after hydration, on a browser's first page only.
 */
export function screenSizeGuess(request: FastifyRequest): ScreenSize {
  const measured = request.cookies?.[SCREEN_SIZE_COOKIE];
  if (measured === '0' || measured === '1' || measured === '2') return Number(measured) as ScreenSize;
  if (request.headers['sec-ch-ua-mobile'] === '?1') return 0;
  return /Mobi|Android|iPhone/i.test(request.headers['user-agent'] ?? '') ? 0 : 2;
}
