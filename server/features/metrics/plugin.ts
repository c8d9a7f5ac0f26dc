/**
 * What Equip measures for Prometheus (`app.metrics`, scraped at /metrics: routes.ts; docs/decisions/operations.md
 * "Metrics"). Each app has a registry of its own, so apps built in one process (the tests) never share a metric; the
 * process's own metrics (CPU, memory, event loop, garbage collection) are one registry per process, as they measure
 * the process. Off unless METRICS_TOKEN or METRICS_ALLOW_PRIVATE is set: then nothing is counted and no hook added.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { databaseMetrics, libraryCacheMetrics, mailOutboxMetrics } from './collected';
import { requestMetrics } from './http';

export type PeriodicJobOutcome = 'succeeded' | 'failed';

export interface AppMetrics {
  /** How a periodic job's run ended (server/db/periodic-jobs.ts); `failed` includes failing to claim the run. */
  periodicJobRan(job: string, outcome: PeriodicJobOutcome): void;
  /** Every metric in Prometheus' text format. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Whether /metrics answers anyone at all. */
export function metricsEnabled(config: Pick<AppConfig, 'METRICS_TOKEN' | 'METRICS_ALLOW_PRIVATE'>): boolean {
  return config.METRICS_TOKEN !== undefined || config.METRICS_ALLOW_PRIVATE;
}

/**
 * Register before the routes: the request hook counts the routes of the plugins registered after it. `database` is
 * the app's handle, for its pool.
 */
export const metricsPlugin = fp<{ database: DatabaseHandle }>(
  async (app: FastifyInstance, { database }) => {
    if (!metricsEnabled(app.config)) {
      app.decorate('metrics', NOT_MEASURED);
      return;
    }
    const registry = new Registry();
    const recordRequest = requestMetrics(registry);
    app.addHook('onResponse', (request, reply, done) => {
      recordRequest(request, reply);
      done();
    });
    const periodicJobRan = periodicJobMetrics(registry);
    databaseMetrics(registry, database);
    libraryCacheMetrics(registry, () => app.libraryCache);
    mailOutboxMetrics(registry, app.db, app.log);
    const scraped = Registry.merge([registry, processMetrics()]);
    app.decorate('metrics', {
      periodicJobRan,
      scrape: async () => ({ contentType: scraped.contentType, text: await scraped.metrics() }),
    } satisfies AppMetrics);
  },
  { name: 'equip-metrics' },
);

const NOT_MEASURED: AppMetrics = {
  periodicJobRan: () => undefined,
  scrape: async () => ({ contentType: Registry.PROMETHEUS_CONTENT_TYPE, text: '' }),
};

/**
 * Runs by job and outcome, and when each job last succeeded. A job runs once a period for the whole deployment, on
 * whichever instance claims it, so sum the runs and take the latest success over the instances.
 */
function periodicJobMetrics(registry: Registry): AppMetrics['periodicJobRan'] {
  const runs = new Counter({
    name: 'equip_periodic_job_runs_total',
    help: 'Runs of periodic jobs on this instance, by job and outcome (succeeded, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'equip_periodic_job_last_success_timestamp_seconds',
    help: 'When each periodic job last succeeded on this instance (Unix time).',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  return (job, outcome) => {
    runs.inc({ job, outcome });
    if (outcome === 'succeeded') lastSuccess.set({ job }, Date.now() / 1000);
  };
}

let processRegistry: Registry | null = null;

/** CPU, memory, handles, event-loop lag and garbage collection of this process, made once however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
