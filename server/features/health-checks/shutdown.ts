/**
 * A stop in two steps. First, for SHUTDOWN_DRAIN_SECONDS, `/readyz` answers 503 while every request is
 * still served, so the balancer takes the instance out of its rotation before anything is refused; then the app
 * closes: no new connections, requests in flight finish, the periodic jobs and the mail outbox end their round.
 * Without the first step a request sent on a kept-alive connection while the app closes gets a 503 that a balancer
 * may not retry (a POST).
 */
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Lifecycle {
  /** True once the process was asked to stop: /readyz answers 503. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export async function stopGracefully(app: FastifyInstance): Promise<void> {
  app.lifecycle.draining = true;
  await sleep(app.config.SHUTDOWN_DRAIN_SECONDS * 1000);
  await app.close();
}
