import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ForbiddenHelp } from '../../../shared/access-requests';
import { wantsJson } from '../../lib/negotiation';
import { errorPageProps } from './pages';
import { isApiRequest, sendProblem } from './problem';

/**
 * The error page of a status (ERROR_PAGES) for a page or an Inertia visit, `{ message, status }` for JSON requests, or
 * a problem (./problem.ts) on the JSON API's paths.
 */
export async function renderError(request: FastifyRequest, reply: FastifyReply, status: number, detail: string | null, help: ForbiddenHelp | null = null) {
  if (isApiRequest(request)) return sendProblem(request, reply, status, detail);
  const props = errorPageProps(status, detail, help);
  if (wantsJson(request)) return reply.code(props.status).send({ message: props.message, status: props.status });
  return reply.inertia('errors/Error', props, { status: props.status });
}

/**
 * renderError, or, when even that fails (the database is gone mid-render, the session could not be read), a plain
 * page with the same words: never Fastify's own JSON, never an internal message.
 */
export async function renderErrorSafely(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string | null,
  help: () => Promise<ForbiddenHelp | null> = async () => null,
) {
  try {
    return await renderError(request, reply, status, detail, await help());
  } catch (error) {
    request.log.error({ err: error, reqId: request.id }, 'error page could not be rendered');
    return plainErrorResponse(request, reply, status, detail);
  }
}

/** The error page's words without the app around them, or `{ message, status }` to a JSON or Inertia request. */
export function plainErrorResponse(request: FastifyRequest, reply: FastifyReply, status: number, detail: string | null): FastifyReply {
  if (isApiRequest(request)) return sendProblem(request, reply, status, detail);
  const props = errorPageProps(status, detail);
  reply.code(props.status);
  // The header, not `request.isInertia`: this answer may come before the Inertia adapter has looked at the request.
  if (request.headers['x-inertia'] === 'true' || wantsJson(request)) {
    return reply.send({ message: props.message, status: props.status });
  }
  return reply.type('text/html; charset=utf-8').send(plainErrorPage(props.title, props.message, detail));
}

function plainErrorPage(title: string, message: string, detail: string | null): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const paragraphs = [message, ...(detail ? [detail] : [])].map((text) => `<p>${escape(text)}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${paragraphs}</main></body></html>`;
}
