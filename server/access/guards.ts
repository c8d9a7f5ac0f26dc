/**
 * Access declared on a route (`preValidation: signedIn` or `allowedBy(rule)` in its options): checked before the
 * route's input is validated, so a visitor who may not use a route is told so whatever they sent.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_HINT } from '../../shared/messages';
import { forbidden } from '../lib/http-errors';
import { ACCESS_RULE, PUBLIC_REASON } from '../lib/route-table';
import { isSignedIn, type Viewer } from './policy';

/** A guard of a feature's own (its own refusal), named by the policy rule it checks for the route table. */
export function describedAs<T extends object>(rule: string, guard: T): T & { [ACCESS_RULE]: string } {
  return Object.assign(guard, { [ACCESS_RULE]: rule });
}

export type SignedInViewer = Viewer & { id: number; ref: string };

/** The viewer, who must be signed in (403 with the sign-in hint otherwise). */
export function signedInViewer(request: FastifyRequest): SignedInViewer {
  const viewer = request.viewer;
  if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
  return viewer as SignedInViewer;
}

/** Route option: anonymous visitors get the 403 page with the sign-in hint. */
export const signedIn = describedAs('signed in', async (request: FastifyRequest): Promise<void> => {
  signedInViewer(request);
});

/**
 * Throws the 403 unless the policy's `rule` holds for the viewer: the sign-in hint for anonymous visitors, `refusal`
 * (what the person can do about it) or nothing for the others.
 */
export function requireAllowed(viewer: Viewer, rule: (viewer: Viewer) => boolean, refusal: string | null = null): void {
  if (!rule(viewer)) throw refusalFor(viewer, refusal);
}

/** The 403 of a refused viewer: the sign-in hint for anonymous visitors, `refusal` for the others; `itemId` offers Ask for access. */
export function refusalFor(viewer: Viewer, refusal: string | null = null, itemId: number | null = null): Error {
  return forbidden(isSignedIn(viewer) ? refusal : SIGN_IN_HINT, itemId);
}

/** Route option: the policy's `rule` must hold for the viewer (see requireAllowed). */
export function allowedBy(rule: (viewer: Viewer) => boolean, refusal: string | null = null) {
  return describedAs(rule.name, async (request: FastifyRequest): Promise<void> => requireAllowed(request.viewer, rule, refusal));
}

/**
 * Route option of a JSON endpoint: the policy's `rule` must hold, else JSON rather than the 403 page: 401 with
 * `signIn` to anonymous visitors, 403 with `forbidden` (or `signIn`) to others.
 */
export function allowedForJson(rule: (viewer: Viewer) => boolean, messages: { signIn: string; forbidden?: string }) {
  return describedAs(`${rule.name} (JSON)`, async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (rule(request.viewer)) return undefined;
    if (!isSignedIn(request.viewer)) return reply.code(401).send({ message: messages.signIn });
    return reply.code(403).send({ message: messages.forbidden ?? messages.signIn });
  });
}

/**
 * A guard on every route of a plugin's scope (the admin areas): added to each route's own `preValidation`, first, so
 * the route table (`npm run routes`) shows it beside the route like any other guard.
 */
export function guardEveryRoute(app: FastifyInstance, guard: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void {
  app.addHook('onRoute', (route) => {
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()] as typeof route.preValidation;
  });
}

/**
 * Route option of a route open to anyone by its nature (a public page, static files, a link whose token is the
 * credential): no check, only the reason, which the route table shows in place of a rule.
 */
export function publicBecause(reason: string) {
  return Object.assign(async (): Promise<void> => {}, { [PUBLIC_REASON]: reason });
}
