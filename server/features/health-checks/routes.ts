/**
 * Health checks for load balancers and orchestrators: `GET /healthz` says the process answers;
 * `GET /readyz` says whether it can serve (database, migrations, drive), 503 naming the failing parts otherwise, and
 * 503 'stopping' from the moment the process was asked to stop (shutdown.ts).
 * Neither is rate limited nor counted in the request stats (`isMonitoringPath`): a balancer probes every few seconds.
 */
import { publicBecause } from '../../access/guards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { HEALTHZ_PATH, READYZ_PATH } from '../../web/health-check-paths';
import { ReadinessChecks } from './checks';

/** Load balancers ask without signing in, and learn only whether the app can answer. */
const forLoadBalancers = publicBecause('health checks for load balancers');

export const healthCheckRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const readiness = new ReadinessChecks(db, app.drive, (part, error) => app.log.warn({ err: error, part }, 'readiness check failed'));

  app.get(HEALTHZ_PATH, { preValidation: forLoadBalancers }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get(READYZ_PATH, { preValidation: forLoadBalancers }, async (_request, reply) => {
    if (app.lifecycle.draining) return reply.code(503).header('cache-control', 'no-store').send({ status: 'stopping' });
    const { ready, checks } = await readiness.check();
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', checks });
  });
};
