import type { FastifyReply, FastifyRequest } from 'fastify';
import { assemblePage, type PageObject } from './page';
import { resolveProps } from './resolve';
import { takeErrors, takeFlash } from './session';
import type { DocumentHead } from './types';
import { INERTIA_HEADERS, isInertiaRequest, isPrefetch, readVisit } from './visit';

export interface InertiaPluginOptions {
  /** Current asset version ('' = unversioned). */
  version: () => string;
  /**
   * Full HTML document for first visits. Place the page with `serializePage(page)` inside
   * `<script data-page="app" type="application/json">…</script><div id="app"></div>`.
   */
  renderDocument: (page: PageObject, request: FastifyRequest, head: DocumentHead) => string | Promise<string>;
  /** Shared props resolved per request; values may be plain, lazy or wrapped like page props. */
  sharedProps?: (request: FastifyRequest) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Makes a notification's pseudoref when `reply.notify` is given none; 12 random hexadecimal characters by default. */
  newId?: () => string;
}

export interface InertiaRenderOptions {
  status?: number;
  encryptHistory?: boolean;
  clearHistory?: boolean;
  /** The document's head for first visits; a function, so Inertia visits (which have no document) never compute it. */
  head?: () => DocumentHead | Promise<DocumentHead>;
}

/** Answers the page: JSON for Inertia visits, the HTML document for first visits. */
export async function renderPage(
  reply: FastifyReply,
  plugin: InertiaPluginOptions,
  component: string,
  pageProps: Record<string, unknown>,
  options: InertiaRenderOptions = {},
): Promise<FastifyReply> {
  const page = await buildPage(reply.request, plugin, component, pageProps, options);
  appendVary(reply, 'X-Inertia');
  // Without an explicit status, keep the one already set (an error handler's, say).
  if (options.status !== undefined) reply.code(options.status);
  if (isInertiaRequest(reply.request)) return reply.header(INERTIA_HEADERS.inertia, 'true').send(page);
  const html = await plugin.renderDocument(page, reply.request, (await options.head?.()) ?? {});
  return reply.type('text/html; charset=utf-8').send(html);
}

async function buildPage(
  request: FastifyRequest,
  plugin: InertiaPluginOptions,
  component: string,
  pageProps: Record<string, unknown>,
  options: InertiaRenderOptions,
): Promise<PageObject> {
  const shared = (await plugin.sharedProps?.(request)) ?? {};
  const resolved = await resolveProps(withoutErrors({ ...shared, ...pageProps }), readVisit(request, component));
  return assemblePage({
    component,
    props: resolved.props,
    // A page fetched ahead of the person (a hover prefetch, the offline worker keeping a page) leaves the one-time
    // notices and errors for the page they will see.
    errors: isPrefetch(request) ? {} : takeErrors(request),
    metadata: resolved.metadata,
    url: request.url,
    version: plugin.version(),
    sharedKeys: Object.keys(shared).filter((key) => key !== 'errors' && !(key in pageProps)),
    flash: isPrefetch(request) ? {} : takeFlash(request),
    encryptHistory: options.encryptHistory,
    clearHistory: options.clearHistory,
  });
}

/** `errors` belongs to the adapter: it always comes from the session. */
function withoutErrors(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([key]) => key !== 'errors'));
}

function appendVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.some((value) => value === '*' || value.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...values, header].join(', '));
}
