/**
 * `GET /metrics`: every metric in Prometheus' text format (plugin.ts), for a scraper with the token or at a private
 * address (scraper-access.ts). Never rate limited nor counted in the request stats (`isMonitoringPath`): Prometheus
 * asks every few seconds.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { METRICS_PATH } from '../../web/health-check-paths';
import { metricsScraper } from './scraper-access';

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(METRICS_PATH, { preValidation: metricsScraper(app.config) }, async (_request, reply) => {
    const { contentType, text } = await app.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
};
