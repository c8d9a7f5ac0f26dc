/**
 * The one answer to input that cannot be used (docs/decisions/access.md "Hostile input"): Inertia visits and form posts go
 * back with `errors`, JSON requests get 422 with `errors` (a problem on the JSON API's paths), and a page (GET) gets the
 * app's 400 page. Nothing runs after it, so nothing is written.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INPUT_REFUSED } from '../../../shared/messages';
import type { ValidationErrors } from '../../../shared/props';
import { hasUnstorableCharacters } from '../../lib/text-input';
import { wantsJson } from '../../lib/negotiation';
import { renderError } from './render';
import { isApiRequest, sendProblem } from './problem';

export async function refuseInput(request: FastifyRequest, reply: FastifyReply, errors: ValidationErrors): Promise<FastifyReply> {
  if (isApiRequest(request)) return sendProblem(request, reply, 422, null, errors);
  if (wantsJson(request)) return reply.code(422).send({ message: INPUT_REFUSED.invalid, errors });
  if (request.method === 'GET' || request.method === 'HEAD') return renderError(request, reply, 400, null);
  return reply.redirectWithErrors(errors);
}

/** Where in a request a value sits: the body's field errors name the field; anything in the URL is the request's. */
type Part = 'params' | 'query' | 'body';

/** The first field (or part of the URL) holding NUL or half a surrogate pair, in keys or values, however deep. */
export function unstorableInput(request: FastifyRequest): { part: Part; field: string } | null {
  for (const part of ['params', 'query', 'body'] as const) {
    const value: unknown = request[part];
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'string' && hasUnstorableCharacters(value)) return { part, field: 'form' };
      continue;
    }
    for (const [key, entry] of Object.entries(value)) {
      if (hasUnstorableCharacters(key) || containsUnstorable(entry)) return { part, field: part === 'body' && !hasUnstorableCharacters(key) ? key : 'form' };
    }
  }
  return null;
}

function containsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasUnstorableCharacters(value);
  // Bodies are parsed JSON; anything nested deeper than a form sends is refused by the route's own schema.
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  return Object.entries(value).some(([key, entry]) => hasUnstorableCharacters(key) || containsUnstorable(entry, depth + 1));
}

/** preValidation: refuses a request carrying unstorable characters before any route looks at it. */
export async function guardUnstorableInput(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const found = unstorableInput(request);
  if (!found) return undefined;
  if (found.part !== 'body') return refuseUrl(request, reply);
  return refuseInput(request, reply, { [found.field]: INPUT_REFUSED.unstorable });
}

/** A URL whose path or query cannot be used: the 400 page, or 422 JSON. */
export async function refuseUrl(
  request: FastifyRequest,
  reply: FastifyReply,
  errors: ValidationErrors = { form: INPUT_REFUSED.badUrl },
): Promise<FastifyReply> {
  if (isApiRequest(request)) return sendProblem(request, reply, 422, null, errors);
  if (wantsJson(request)) return reply.code(422).send({ message: INPUT_REFUSED.invalid, errors });
  return renderError(request, reply, 400, null);
}
