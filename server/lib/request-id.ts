/**
 * Request ids: the id in every log line of a request, in its X-Request-Id response header, and on the 500 page as
 * the reference people quote. A trusted proxy's X-Request-Id (TRUST_PROXY set) is kept so one id follows a request
 * through every hop, but only when it is a plain token: anything else could forge log lines or smuggle markup into
 * the 500 page. Without a trusted proxy the header came from the client, who could reuse another request's reference.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and . _ : - only, 8 to 64 of them (a UUID is one such token). */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: the proxy's X-Request-Id when a proxy is trusted and it is a safe token; a new UUID otherwise. */
export function requestIdGenerator(proxyTrusted: boolean): (request: Pick<IncomingMessage, 'headers'>) => string {
  return (request) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    return proxyTrusted && typeof offered === 'string' && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID();
  };
}
