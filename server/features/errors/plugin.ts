import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { errorPageProps, statusOf } from './pages';

/**
 * Renders the spec's error pages (member-library §8) for full page loads and Inertia visits,
 * answers JSON for JSON requests, and never shows a stack trace.
 */
export const errorPagesPlugin = fp(
  async (app) => {
    app.setNotFoundHandler(async (request, reply) => renderError(request, reply, 404, null));

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = statusOf(error);
      if (status >= 500) {
        request.log.error({ err: error, reqId: request.id }, 'request failed');
        return renderError(request, reply, status === 503 ? 503 : 500, `Reference: ${request.id}`);
      }
      const detail = error instanceof HttpError ? error.detail : null;
      return renderError(request, reply, status, detail);
    });

    if (app.config.MAINTENANCE_MODE) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/build/')) return;
        return renderError(request, reply, 503, null);
      });
    }
  },
  { name: 'equip-error-pages', dependencies: ['equip-inertia'] },
);

export async function renderError(request: FastifyRequest, reply: FastifyReply, status: number, detail: string | null) {
  const props = errorPageProps(status, detail);
  if (wantsJson(request)) return reply.code(props.status).send({ message: props.message, status: props.status });
  return reply.inertia('errors/Error', props, { status: props.status });
}

function wantsJson(request: FastifyRequest): boolean {
  if (request.isInertia) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
