/**
 * The embeds' routes answer as a visitor and set no cookie, whatever the request carries: the same answer for
 * everyone, which caches may keep and share, and which never shows another site a signed-in person's library
 * (docs/decisions/sharing.md "Embeds"). A route says so in its config (`OEMBED_ROUTE`, `EMBED_ROUTE`), and its request
 * goes without a session (server/auth/sessionless.ts), so the viewer is ANONYMOUS.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { goWithoutSession } from '../../auth/sessionless';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers as a visitor and sets no cookie (features/embeds/visitor-only.ts). */
    asVisitor?: boolean;
    /** Any site may show the route's answer in a frame: server/app.ts gives it the embeds' security headers. */
    framedByAnySite?: boolean;
  }
}

/** Route config of the oEmbed answer. */
export const OEMBED_ROUTE = { asVisitor: true } as const;
/** Route config of a card other sites show in a frame. */
export const EMBED_ROUTE = { asVisitor: true, framedByAnySite: true } as const;

/** Whether any site may frame this request's answer: its route's config says so (the route, not the URL's spelling). */
export function mayBeFramedByAnySite(request: FastifyRequest): boolean {
  return request.routeOptions.config.framedByAnySite === true;
}

function answersAsVisitor(request: FastifyRequest): boolean {
  return request.routeOptions.config.asVisitor === true;
}

export const visitorOnlyPlugin = fp(
  async (app: FastifyInstance) => {
    // Before the cookies are read (register it before @fastify/cookie).
    app.addHook('onRequest', async (request) => {
      if (answersAsVisitor(request)) goWithoutSession(request);
    });
  },
  { name: 'equip-embeds-visitor-only' },
);
