import type { FastifyRequest } from 'fastify';
import type { FlashData, FlashNotification, ValidationErrors } from '../../shared/props';

/** `props.errors`: a field→message map, or such maps keyed by error bag. */
export type PageErrors = Record<string, string | string[] | ValidationErrors>;

declare module 'fastify' {
  interface Session {
    /** Flash data waiting for the next page response. */
    inertiaFlash?: FlashData;
    /** Validation errors waiting for the next page response. */
    inertiaErrors?: PageErrors;
  }
}

/*
 * Flash data and validation errors wait in the session until a page response
 * carries them, then they are cleared: they survive the redirect that follows a
 * form submission (and a 409 asset-version reload), and show exactly once.
 */

export function addFlash(request: FastifyRequest, key: string, value: unknown): void {
  request.session.set('inertiaFlash', { ...request.session.get('inertiaFlash'), [key]: value });
}

export function addNotification(request: FastifyRequest, notification: FlashNotification): void {
  const notifications = request.session.get('inertiaFlash')?.notifications ?? [];
  addFlash(request, 'notifications', [...notifications, notification]);
}

export function takeFlash(request: FastifyRequest): FlashData {
  const flash = request.session.get('inertiaFlash');
  if (flash !== undefined) request.session.set('inertiaFlash', undefined);
  return flash ?? {};
}

export function storeErrors(request: FastifyRequest, errors: ValidationErrors, errorBag: string | undefined): void {
  request.session.set('inertiaErrors', errorBag ? { [errorBag]: errors } : errors);
}

export function takeErrors(request: FastifyRequest): PageErrors {
  const errors = request.session.get('inertiaErrors');
  if (errors !== undefined) request.session.set('inertiaErrors', undefined);
  return errors ?? {};
}
