/**
 * A stand-in for Equip's server behind the real Inertia client, for round trips through a page: each request the
 * client sends is answered with the page object the test builds, shaped as the adapter shapes it (a form's post
 * answers the page it redirects back to; a partial reload answers only the props it names, plus errors).
 */
import { http } from '@inertiajs/react';
import type { HttpClient, HttpRequestConfig, Page } from '@inertiajs/core';
import type { FlashData } from '../../shared/props';

export interface ServerRequest {
  method: string;
  path: string;
  data: unknown;
  /** X-Inertia-Partial-Data: the props a partial reload, or a post that names them, asks for. */
  only: string[];
}

let originalClient: HttpClient | null = null;

/** Answers every Inertia request with `answer(request)` until `stopServing`; returns the requests as they come. */
export function serveInertia(answer: (request: ServerRequest) => Page): ServerRequest[] {
  const requests: ServerRequest[] = [];
  originalClient ??= http.getClient();
  http.setClient({
    request: async (config) => {
      const request = readRequest(config);
      requests.push(request);
      return { status: 200, data: JSON.stringify(answer(request)), headers: { 'x-inertia': 'true', 'content-type': 'application/json' } };
    },
  });
  return requests;
}

export function stopServing(): void {
  if (originalClient) http.setClient(originalClient);
  originalClient = null;
}

function readRequest(config: HttpRequestConfig): ServerRequest {
  const headers = (config.headers ?? {}) as Record<string, unknown>;
  const only = String(headers['X-Inertia-Partial-Data'] ?? '');
  return {
    method: config.method.toUpperCase(),
    path: new URL(config.url, 'http://localhost').pathname,
    data: config.data,
    only: only === '' ? [] : only.split(','),
  };
}

/**
 * The full page a form's redirect back answers: the page as first sent (on-demand props are never in a full
 * response), with the errors of the session and its flash.
 */
export function pageBack(page: Page, errors: Record<string, string> = {}, flash: FlashData = {}): Page {
  return { ...page, props: { ...page.props, errors }, flash } as Page;
}

/** A partial response: the props asked for by name, the errors, and the flash. */
export function partialPage(page: Page, props: Record<string, unknown>, errors: Record<string, string> = {}, flash: FlashData = {}): Page {
  return { ...page, props: { ...props, errors }, flash } as Page;
}
