import type { FastifyRequest } from 'fastify';

/**
 * Whether a refusal or an error goes back as JSON rather than as a page: a request that asks for JSON and not for
 * HTML, and is not an Inertia visit (which gets its page, or is redirected back with `errors`).
 */
export function wantsJson(request: FastifyRequest): boolean {
  if (request.isInertia) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
