/**
 * The requests Equip answers, counted and timed by method, route and status class, and the requests the rate limits
 * refused. A route is its pattern (`/i/:ref`), never the URL: refs, tags, search words and tokens stay out of the labels,
 * and the number of series stays the number of routes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The route label of a request no route matched (a 404 before any route): every such URL is one series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The methods Equip's routes answer; any other a client sends counts as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a cached list (a few ms) to an upload or a slow report (several seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function requestLabels(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: METHODS.has(request.method) ? request.method : 'other',
    route: request.routeOptions.url ?? UNMATCHED_ROUTE,
    status_class: `${Math.floor(reply.statusCode / 100)}xx`,
  };
}

/** Registers the request metrics; the returned function records one answered request. */
export function requestMetrics(registry: Registry): (request: FastifyRequest, reply: FastifyReply) => void {
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'equip_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'equip_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'equip_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  return (request, reply) => {
    const labels = requestLabels(request, reply);
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route: labels.route });
  };
}
