/**
 * The read-only JSON API: its paths, its limits, the problems it answers with, and the props of its reference page
 * (`/api`), which the server builds from the OpenAPI document.
 */

/** The reference page (an Inertia page, for people). */
export const API_REFERENCE_PATH = '/api';
/** Every path under this one answers JSON, and its refusals and failures are problem details, never a page. */
export const API_PREFIX = '/api/';
export const OPENAPI_PATH = '/api/openapi.json';
/** The lists of version 1; one record of each is `ROUTES.apiItem` and `ROUTES.apiCollection` (shared/routes.ts). */
export const API_V1_PATHS = {
  items: '/api/v1/items',
  collections: '/api/v1/collections',
  tags: '/api/v1/tags',
  taxonomies: '/api/v1/taxonomies',
} as const;

/** How many records a page of a list holds: `limit`, this many unless asked. */
export const API_PAGE_LIMIT = { default: 25, max: 100 } as const;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** What the API says of each refusal or failure: a problem's `title` is its type's, the same every time. */
export interface ApiProblemType {
  status: number;
  /** The anchor of its section on the reference page; the problem's `type` is that page's address with it. */
  slug: string;
  title: string;
  /** The problem's `detail` when nothing more particular is known. */
  detail: string;
}

export const API_PROBLEM_TYPES: readonly ApiProblemType[] = [
  { status: 400, slug: 'bad-request', title: 'Bad Request', detail: 'The request could not be read.' },
  { status: 403, slug: 'forbidden', title: 'Forbidden', detail: 'You may not read this.' },
  { status: 404, slug: 'not-found', title: 'Not Found', detail: 'Nothing is at this address, or the ref names nothing.' },
  { status: 410, slug: 'gone', title: 'Gone', detail: 'This is no longer available.' },
  { status: 422, slug: 'invalid-input', title: 'Invalid input', detail: 'Some of the request could not be used: errors says what, by parameter.' },
  { status: 429, slug: 'rate-limited', title: 'Too Many Requests', detail: 'Too many requests: wait a minute and try again.' },
  { status: 500, slug: 'server-error', title: 'Internal Server Error', detail: 'Something went wrong on our side.' },
  { status: 503, slug: 'unavailable', title: 'Service Unavailable', detail: 'The library is unavailable for a moment: try again shortly.' },
];

/** A 403 to a request without a token: what would open more. */
export const API_SIGN_IN_HINT = 'Send a personal access token (Authorization: Bearer …) to read more of the library.';

/** What the reference page says beside the operations. */
export const API_TEXTS = {
  title: 'API',
  intro:
    'A read-only JSON API of what you may read in the library: items, collections, tags and taxonomies. Without a token it answers what a visitor may read; with a personal access token it answers as the token’s owner, with exactly the access you have on the pages.',
  token: 'Send a personal access token in the Authorization header as a bearer token.',
  pagination:
    'A list answers { data, next_cursor }. Pass next_cursor back as cursor, with the same filters, for the next page; it is null on the last page. limit is 25 unless asked, at most 100.',
  errors: 'Refusals and failures are application/problem+json: type, title, status and detail, and for invalid input an errors map by parameter.',
  versioning:
    'Fields of version 1 keep their names, types and meaning; new fields and operations may be added. A change that would break a client comes as /api/v2, beside v1.',
  openapi: 'The OpenAPI 3.1 document',
} as const;

/** One parameter of an operation, as the reference page lists it. */
export interface ApiReferenceParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: string;
  description: string;
}

/** One field of a response's body (`data[].ref`), as the reference page lists it. */
export interface ApiReferenceField {
  path: string;
  type: string;
  description: string;
}

export interface ApiReferenceResponse {
  status: string;
  description: string;
  contentType: string;
  fields: ApiReferenceField[];
}

export interface ApiReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiReferenceParameter[];
  responses: ApiReferenceResponse[];
  /** A curl command that calls it with a token, on this site's address. */
  curl: string;
}

export interface ApiReferencePage {
  /** The site's address, which the examples call. */
  baseUrl: string;
  openapiPath: string;
  version: string;
  operations: ApiReferenceOperation[];
  problems: ApiProblemType[];
  /** The fields of every problem's body. */
  problemFields: ApiReferenceField[];
}
