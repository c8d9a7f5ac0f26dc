import Fastify, { type FastifyInstance, type FastifyReply, type LightMyRequestResponse } from 'fastify';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import { inertiaPlugin, serializePage, type InertiaPluginOptions, type InertiaRenderOptions, type PageObject } from '../../server/inertia';
import { partialReloadHeaders } from '../../server/inertia/testing';

export const TEST_VERSION = 'v1';

/** A bare Fastify app with sessions and the Inertia plugin, plus the routes under test. */
export async function buildInertiaApp(routes: (app: FastifyInstance) => void, options: Partial<InertiaPluginOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie);
  await app.register(session, { secret: 'a-test-session-secret-of-at-least-32-chars', cookie: { secure: false } });
  await app.register(inertiaPlugin, { version: () => TEST_VERSION, renderDocument: testDocument, ...options });
  routes(app);
  await app.ready();
  return app;
}

export function testDocument(page: PageObject): string {
  return [
    '<!doctype html><html><head><title data-inertia>Test</title></head><body>',
    `<script data-page="app" type="application/json">${serializePage(page)}</script><div id="app"></div>`,
    '</body></html>',
  ].join('');
}

type UntypedInertia = (component: string, props: Record<string, unknown>, options?: InertiaRenderOptions) => Promise<FastifyReply>;

/** Renders a component that is not in the page registry (test-only components). */
export function renderTestPage(reply: FastifyReply, component: string, props: Record<string, unknown>, options?: InertiaRenderOptions): Promise<FastifyReply> {
  return (reply.inertia as unknown as UntypedInertia).call(reply, component, props, options);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
}

/** One browser: keeps the session cookie between requests. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  /** A first visit or plain form request (no X-Inertia header). */
  async request(url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method: options.method ?? 'GET',
      url,
      headers: { ...options.headers, cookie: this.cookieHeader() },
    });
    for (const { name, value } of response.cookies) this.cookies.set(name, value);
    return response;
  }

  /** A visit by the Inertia client, which sends the asset version it was built with. */
  visit(url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers = { 'x-inertia': 'true', 'x-inertia-version': TEST_VERSION, ...options.headers };
    return this.request(url, { ...options, headers });
  }

  /** An Inertia visit that must answer a page object. */
  async page(url: string, options: RequestOptions = {}): Promise<PageObject> {
    const response = await this.visit(url, options);
    if (response.statusCode >= 300 && response.statusCode < 400) throw new Error(`${url} redirected to ${response.headers.location}`);
    return response.json<PageObject>();
  }

  /** A partial reload of `component`, as router.reload({ only, except }) sends it. */
  partial(url: string, component: string, filters: { only?: string[]; except?: string[] }, headers: Record<string, string> = {}) {
    return this.page(url, { headers: { ...partialReloadHeaders(component, filters), ...headers } });
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
