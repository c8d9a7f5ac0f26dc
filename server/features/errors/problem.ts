/**
 * The refusals and failures of the JSON API's paths (under /api/): problem details (RFC 9457,
 * `application/problem+json`) in place of the error page or `{ message }`, so a program reading the API never gets a
 * page nor Fastify's own JSON.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, API_PROBLEM_TYPES, API_REFERENCE_PATH, API_SIGN_IN_HINT, PROBLEM_CONTENT_TYPE } from '../../../shared/api';
import { SIGN_IN_HINT } from '../../../shared/messages';
import type { ValidationErrors } from '../../../shared/props';
import { absoluteUrl } from '../../lib/site-url';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Invalid input only: what is wrong with each parameter. */
  errors?: Record<string, string>;
}

export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith(API_PREFIX);
}

/** The problem of a status: a known type's (its section on the reference page), else `about:blank` with the HTTP reason. */
export function problemOf(appUrl: string, status: number, detail: string | null, errors?: ValidationErrors): Problem {
  const known = API_PROBLEM_TYPES.find((type) => type.status === status);
  const fallback = status >= 500 ? API_PROBLEM_TYPES.find((type) => type.status === 500)! : null;
  const type = known ?? fallback;
  const problem: Problem = type
    ? { type: absoluteUrl(appUrl, `${API_REFERENCE_PATH}#problem-${type.slug}`), title: type.title, status: type.status, detail: type.detail }
    : { type: 'about:blank', title: STATUS_CODES[status] ?? 'Request Not Accepted', status, detail: 'The request could not be completed.' };
  // The pages' sign-in hint speaks of signing in; a program authenticates with a token.
  if (detail !== null) problem.detail = detail === SIGN_IN_HINT ? API_SIGN_IN_HINT : detail;
  if (errors) problem.errors = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message].flat().join(' ')]));
  return problem;
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, status: number, detail: string | null, errors?: ValidationErrors): FastifyReply {
  const problem = problemOf(request.server.config.APP_URL, status, detail, errors);
  return reply.code(problem.status).type(`${PROBLEM_CONTENT_TYPE}; charset=utf-8`).send(problem);
}
