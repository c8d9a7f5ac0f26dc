import type { FastifyRequest } from 'fastify';
// The session's types (request.session); the plugin declares @fastify/session as a dependency.
import type {} from '@fastify/session';
import type { InertiaFlash, InertiaNotification, PageErrors, ValidationErrors } from './types';

declare module 'fastify' {
  interface Session {
    /** Flash data waiting for the next page response. */
    inertiaFlash?: InertiaFlash;
    /** Validation errors waiting for the next page response. */
    inertiaErrors?: PageErrors;
  }
}

/*
 * Flash data and validation errors wait in the session until a page response
 * carries them, then they are cleared: they survive the redirect that follows a
 * form submission (and a 409 asset-version reload), and show exactly once.
 */

/**
 * The request's session, or null when there is none to use: the error page of a request whose session could not be
 * read (the database is down), rendered without flash or errors rather than failing a second time.
 */
function sessionOf(request: FastifyRequest): FastifyRequest['session'] | null {
  const session = request.session as FastifyRequest['session'] | null;
  return typeof session?.get === 'function' ? session : null;
}

export function addFlash(request: FastifyRequest, key: string, value: unknown): void {
  const session = sessionOf(request);
  session?.set('inertiaFlash', { ...session.get('inertiaFlash'), [key]: value });
}

export function addNotification(request: FastifyRequest, notification: InertiaNotification): void {
  const notifications: InertiaNotification[] = sessionOf(request)?.get('inertiaFlash')?.notifications ?? [];
  addFlash(request, 'notifications', [...notifications, notification]);
}

export function takeFlash(request: FastifyRequest): InertiaFlash {
  const session = sessionOf(request);
  const flash = session?.get('inertiaFlash');
  if (flash !== undefined) session?.set('inertiaFlash', undefined);
  return flash ?? {};
}

/** The error bag is a key the client chose: one that is not a plain name keeps the errors unbagged. */
const ERROR_BAG_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export function storeErrors(request: FastifyRequest, errors: ValidationErrors, errorBag: string | undefined): void {
  const bagged = errorBag !== undefined && ERROR_BAG_NAME.test(errorBag) && !(errorBag in Object.prototype);
  sessionOf(request)?.set('inertiaErrors', bagged ? { [errorBag]: errors } : errors);
}

export function takeErrors(request: FastifyRequest): PageErrors {
  const session = sessionOf(request);
  const errors = session?.get('inertiaErrors');
  if (errors !== undefined) session?.set('inertiaErrors', undefined);
  return errors ?? {};
}
