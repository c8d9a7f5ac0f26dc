import { router } from '@inertiajs/react';
import type { RequestPayload, VisitHelperOptions, VisitOptions } from '@inertiajs/core';

/**
 * Calls on items, collections and comments keep the reader where they were on the page,
 * so they all go through these helpers.
 */
export function postKeepingScroll(url: string, data: RequestPayload = {}, options: VisitHelperOptions = {}): void {
  router.post(url, data, { preserveScroll: true, ...options });
}

export function patchKeepingScroll(url: string, data: RequestPayload = {}, options: VisitHelperOptions = {}): void {
  router.patch(url, data, { preserveScroll: true, ...options });
}

export function deleteKeepingScroll(url: string, options: Omit<VisitOptions, 'method'> = {}): void {
  router.delete(url, { preserveScroll: true, ...options });
}
