/**
 * Rate limits that stop abuse, not people (docs/decisions/access.md "Rate limits"): a signed-in person has a budget of their
 * own, a visitor shares one with their address; built scripts and pictures are never counted; with REDIS_URL the
 * counters are shared by every instance, otherwise each instance counts in memory.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../config';
import { CLIENT_BUILD_BASE } from './client-build';
import { isMonitoringPath } from './health-check-paths';

/**
 * Whose budget a request spends: a personal access token's own (apart from its owner's pages), else the signed-in
 * person's, else the address's (the real client's behind TRUST_PROXY).
 */
export function requesterKey(request: FastifyRequest): string {
  if (request.apiToken) return `token:${request.apiToken.id}`;
  const userId = request.viewer.id;
  return userId === null ? `ip:${request.ip}` : `user:${userId}`;
}

/** A per-route limit: `max` requests a minute per requester. */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/**
 * Pictures and built files: a page shows dozens, and each is cheap and access-checked where it is served. Health checks
 * and the metrics scrape: a load balancer or Prometheus asks every few seconds from one address.
 */
function isUncounted(request: FastifyRequest): boolean {
  // The route's pattern, not the URL: `/image/%73earch` is the stock search, whatever its spelling.
  const route = request.routeOptions.url ?? '';
  if (route.startsWith(CLIENT_BUILD_BASE) || route === '/favicon.svg' || isMonitoringPath(route)) return true;
  return (request.method === 'GET' || request.method === 'HEAD') && route.startsWith('/image/') && route !== '/image/search';
}

export async function registerRateLimits(app: FastifyInstance, config: AppConfig): Promise<void> {
  const redis = app.redis;
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // The route-level hook runs after the session and viewer hooks, so the signed-in person is known here.
    keyGenerator: requesterKey,
    allowList: isUncounted,
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` } : {}),
    // Redis out of reach must not take the site down with it: requests go through uncounted (logged by the client).
    skipOnError: true,
  });
}
