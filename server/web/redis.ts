/**
 * The one Redis connection of an instance (REDIS_URL): what every instance must share goes through it — rate-limit
 * counters (web/rate-limit.ts) and computed lists (features/discovery/cluster-entries.ts). Without REDIS_URL, `app.redis`
 * is null and each instance keeps these in its own memory.
 */
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

/** Waited for at start, so the first requests are counted; a Redis that does not answer by then is not waited for. */
const CONNECT_WAIT_MS = 2000;
/** A Redis that hangs is treated as away: every use of it has a way to go on without it. */
const COMMAND_TIMEOUT_MS = 1000;

/** `app.redis`: connected (or given up waiting for) before the first request, closed with the app. */
export async function decorateRedis(app: FastifyInstance, config: AppConfig): Promise<void> {
  app.decorate('redis', config.REDIS_URL ? await connect(app, config.REDIS_URL) : null);
}

async function connect(app: FastifyInstance, url: string): Promise<Redis> {
  // No offline queue: while Redis is away a command fails at once (and its user goes on without it) rather than waiting.
  const redis = new Redis(url, { connectTimeout: CONNECT_WAIT_MS, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) app.log.warn({ err: error }, 'Redis unreachable: rate limits are not counted and lists are not shared between instances until it is back');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await Promise.race([once(redis, 'ready').catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
  return redis;
}
