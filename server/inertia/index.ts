/**
 * The Inertia v3 server adapter as a Fastify plugin: page responses (JSON for
 * Inertia visits, the HTML document for first visits), the asset-version check,
 * redirects the client can follow, flash data and validation errors.
 */
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { InertiaPropsFor } from './props';
import { fullRequestUrl, inertiaLocation, redirectBack, redirectWithErrors, rewriteRedirect } from './redirects';
import { renderPage, type InertiaPluginOptions, type InertiaRenderOptions } from './render';
import { addFlash, addNotification } from './session';
import type { InertiaLayoutExtras, InertiaNotification, InertiaPages, InertiaSharedProps, PageName, ValidationErrors } from './types';
import { headerValue, INERTIA_HEADERS, isInertiaRequest } from './visit';

export { always, defer, InertiaProp, merge, once, optional, scroll } from './props';
export type { InertiaPropsFor, OnceOptions, PropInput, Resolver, ScrollOptions, ScrollPageIdentifier } from './props';
export { serializePage, type PageObject } from './page';
export type { OncePropMetadata, PropsMetadata, ScrollPropMetadata } from './resolve';
export type {
  InertiaFlash,
  InertiaLayoutExtras,
  InertiaNotification,
  InertiaPages,
  InertiaRegister,
  InertiaSharedProps,
  PageErrors,
  PageName,
  ValidationErrors,
} from './types';
export { isInertiaRequest, isPrefetch } from './visit';
export type { InertiaPluginOptions, InertiaRenderOptions } from './render';

export interface NotifyOptions {
  /** The client shows each pseudoref once per browser session; a fresh id by default. */
  pseudoref?: string;
  /** A same-site link shown after the message. */
  link?: InertiaNotification['link'];
}

/** A notification's type, e.g. 'success' or 'warning'. */
export type NotificationType = InertiaNotification['type'];

/**
 * What `reply.inertia(component, …)` accepts: the page's own props, the layout
 * extras, and overrides of shared props (`errors` always comes from the session).
 */
export type PagePropsInput<N extends PageName> = InertiaPropsFor<InertiaPages[N] & InertiaLayoutExtras & Partial<Omit<InertiaSharedProps, 'errors'>>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Sent by the Inertia client (X-Inertia: true) rather than a first visit. */
    isInertia: boolean;
  }
  interface FastifyReply {
    /** Render an Inertia page; shared props are merged in and overridden by `props`. */
    inertia<N extends PageName>(component: N, props: PagePropsInput<N>, options?: InertiaRenderOptions): Promise<FastifyReply>;
    /** Flash data for the next page response (`page.flash[key]`). */
    flash(key: string, value: unknown): FastifyReply;
    /** Queue a notification in `page.flash.notifications`. */
    notify(message: string, type?: NotificationType, options?: NotifyOptions): FastifyReply;
    /** Keep the errors for the next page (`props.errors`) and redirect back. */
    redirectWithErrors(errors: ValidationErrors, fallbackUrl?: string): FastifyReply;
    /** Redirect to the same-origin Referer, else to `fallbackUrl` or '/'. */
    redirectBack(fallbackUrl?: string): FastifyReply;
    /** Redirect outside the SPA: 409 + X-Inertia-Location for Inertia visits, a plain redirect otherwise. */
    inertiaLocation(url: string): FastifyReply;
  }
}

const inertia: FastifyPluginAsync<InertiaPluginOptions> = async (app, options) => {
  app.decorateRequest('isInertia', {
    getter(this: FastifyRequest) {
      return isInertiaRequest(this);
    },
  });

  app.decorateReply('inertia', function <N extends PageName>(this: FastifyReply, component: N, props: PagePropsInput<N>, renderOptions?: InertiaRenderOptions) {
    return renderPage(this, options, component, props, renderOptions);
  });
  app.decorateReply('flash', function (this: FastifyReply, key: string, value: unknown) {
    addFlash(this.request, key, value);
    return this;
  });
  const newId = options.newId ?? randomId;
  app.decorateReply('notify', function (this: FastifyReply, message: string, type: NotificationType = 'success', notifyOptions: NotifyOptions = {}) {
    const { pseudoref = newId(), link } = notifyOptions;
    addNotification(this.request, { pseudoref, message, type, ...(link ? { link } : {}) });
    return this;
  });
  app.decorateReply('redirectWithErrors', function (this: FastifyReply, errors: ValidationErrors, fallbackUrl?: string) {
    return redirectWithErrors(this, errors, fallbackUrl);
  });
  app.decorateReply('redirectBack', function (this: FastifyReply, fallbackUrl?: string) {
    return redirectBack(this, fallbackUrl);
  });
  app.decorateReply('inertiaLocation', function (this: FastifyReply, url: string) {
    return inertiaLocation(this, url);
  });

  // Before any handler runs, so a stale client never triggers side effects; the session (and its flash) is untouched.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !isInertiaRequest(request)) return;
    const version = options.version();
    if ((headerValue(request, INERTIA_HEADERS.version) ?? '') === version) return;
    // Echoing the version tells the client this is an asset update, which it may postpone on background reloads.
    return reply.code(409).header(INERTIA_HEADERS.location, fullRequestUrl(request)).header(INERTIA_HEADERS.version, version).send();
  });
  app.addHook('onSend', rewriteRedirect);
};

/** 12 lowercase hexadecimal characters (48 random bits): a notification's default pseudoref. */
function randomId(): string {
  return randomBytes(6).toString('hex');
}

export const inertiaPlugin = fp(inertia, {
  name: 'equip-inertia',
  fastify: '5.x',
  dependencies: ['@fastify/session'],
});
