import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { INPUT_REFUSED } from '../../../shared/messages';
import { isDatabaseUnavailable, isDataException } from '../../db/errors';
import { HttpError } from '../../lib/http-errors';
import { guardUnstorableInput, refuseInput, refuseUrl } from './input';
import { statusOf } from './pages';
import { forbiddenHelp } from '../sharing';
import { wantsJson } from '../../lib/negotiation';
import { plainErrorResponse, renderError, renderErrorSafely } from './render';
import { hadUndecodableUrl } from './undecodable-url';
import { isApiRequest } from './problem';

/** What a 503's Retry-After asks for: a database hiccup passes in seconds, maintenance takes minutes. */
export const RETRY_AFTER_SECONDS = { databaseUnavailable: 5, maintenance: 120 } as const;

/**
 * Renders the error pages (ERROR_PAGES: title and message per status) for full page loads and Inertia visits, answers JSON for JSON
 * requests, never shows a stack trace, and turns input that cannot be used into the one refusal of ./input.ts.
 */
export const errorPagesPlugin = fp(
  async (app) => {
    // Counted like any page: a miss renders a whole page too, and probing for URLs is what a limit is for.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) =>
      renderError(request, reply, hadUndecodableUrl(request) ? 400 : 404, null),
    );
    // Before any route reads its input (after the body is parsed), for every route.
    app.addHook('preValidation', guardUnstorableInput);

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error.validation) return refuseInvalidPart(request, reply, error);
      if (isDataException(error)) {
        // A value the database refused (out of range, not a date…) came from the request: a route schema is missing a bound.
        request.log.warn({ err: error, reqId: request.id }, 'input refused by the database');
        return refuseInput(request, reply, { form: INPUT_REFUSED.invalid });
      }
      if (isDatabaseUnavailable(error)) {
        // Away, or every connection busy for longer than the pool waits: a client may try again shortly.
        request.log.error({ err: error, reqId: request.id }, 'database unavailable');
        return renderErrorSafely(request, reply.header('retry-after', String(RETRY_AFTER_SECONDS.databaseUnavailable)), 503, null);
      }
      const status = statusOf(error);
      if (status >= 500) {
        request.log.error({ err: error, reqId: request.id }, 'request failed');
        return renderErrorSafely(request, reply, 500, `Reference: ${request.id}`);
      }
      const detail = error instanceof HttpError ? error.detail : null;
      // A 403 page also says what would open it: signing in and coming back, or the level an item needs and Ask for access.
      const help =
        status === 403 && !wantsJson(request) && !isApiRequest(request)
          ? () => forbiddenHelp(request, error instanceof HttpError ? error.refusedItemId : null)
          : undefined;
      return renderErrorSafely(request, reply, status, detail, help);
    });

    if (app.config.MAINTENANCE_MODE) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/build/')) return;
        return renderError(request, reply.header('retry-after', String(RETRY_AFTER_SECONDS.maintenance)), 503, null);
      });
    }
  },
  { name: 'equip-error-pages', dependencies: ['equip-inertia'] },
);

/**
 * A route schema's refusal: path parameters that fit no ref name nothing (404); a query that cannot be read is a bad
 * request (400 page, 422 JSON); a body's problems are field errors.
 */
function refuseInvalidPart(request: FastifyRequest, reply: FastifyReply, error: FastifyError): Promise<FastifyReply> {
  if (error.validationContext === 'params') return renderError(request, reply, 404, null);
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) errors[issue.instancePath.split('/')[1] || 'form'] ??= issue.message ?? INPUT_REFUSED.invalid;
  return error.validationContext === 'body' ? refuseInput(request, reply, errors) : refuseUrl(request, reply, errors);
}

/**
 * Fastify's own refusals before any hook runs, which rewriteUndecodableUrl and the router's parameter length leave
 * for nothing but a failing router constraint: the plain error page, since the app's decorations are not there yet.
 */
export function frameworkErrorPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return plainErrorResponse(request, reply, statusOf(error), null);
}
