import type { FastifyRequest } from 'fastify';

/** Request and response headers of the Inertia protocol, lower-cased as Node exposes them. */
export const INERTIA_HEADERS = {
  inertia: 'x-inertia',
  version: 'x-inertia-version',
  location: 'x-inertia-location',
  redirect: 'x-inertia-redirect',
  partialComponent: 'x-inertia-partial-component',
  partialData: 'x-inertia-partial-data',
  partialExcept: 'x-inertia-partial-except',
  reset: 'x-inertia-reset',
  errorBag: 'x-inertia-error-bag',
  exceptOnceProps: 'x-inertia-except-once-props',
  scrollMergeIntent: 'x-inertia-infinite-scroll-merge-intent',
} as const;

type HeaderName = (typeof INERTIA_HEADERS)[keyof typeof INERTIA_HEADERS];

export type MergeIntent = 'append' | 'prepend';

/** What the client asked for, as far as prop resolution is concerned. */
export interface Visit {
  /** A partial reload of the component being rendered (other components get a full response). */
  partial: boolean;
  only: readonly string[];
  except: readonly string[];
  reset: ReadonlySet<string>;
  exceptOnce: ReadonlySet<string>;
  mergeIntent: MergeIntent;
}

export function isInertiaRequest(request: FastifyRequest): boolean {
  return headerValue(request, INERTIA_HEADERS.inertia) === 'true';
}

export function headerValue(request: FastifyRequest, name: HeaderName): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function headerList(request: FastifyRequest, name: HeaderName): string[] {
  return (headerValue(request, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A request made ahead of a person, not by them opening anything: a hover prefetch, or the offline worker keeping a page. */
export function isPrefetch(request: FastifyRequest): boolean {
  return request.headers.purpose === 'prefetch' || request.headers['sec-purpose'] === 'prefetch';
}

export function readVisit(request: FastifyRequest, component: string): Visit {
  const partial = isInertiaRequest(request) && headerValue(request, INERTIA_HEADERS.partialComponent) === component;
  return {
    partial,
    only: partial ? headerList(request, INERTIA_HEADERS.partialData) : [],
    except: partial ? headerList(request, INERTIA_HEADERS.partialExcept) : [],
    reset: new Set(headerList(request, INERTIA_HEADERS.reset)),
    exceptOnce: new Set(headerList(request, INERTIA_HEADERS.exceptOnceProps)),
    mergeIntent: headerValue(request, INERTIA_HEADERS.scrollMergeIntent) === 'prepend' ? 'prepend' : 'append',
  };
}
