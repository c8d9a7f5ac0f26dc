/**
 * GET /robots.txt and the sitemap (issue 20 §1): what a search engine may read, and every address a visitor may find,
 * by the policy's own listing rule. Public, cached by browsers and proxies for an hour.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ROBOTS_DISALLOWED, ROBOTS_URL, SITEMAP_COLLECTIONS_URL, SITEMAP_ITEMS_URL, SITEMAP_URL } from '../../../shared/seo';
import { pageQuery } from '../../lib/pagination';
import { sitemapIndex, sitemapPage } from './sitemap';

const PUBLIC_HOUR = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** Absolute addresses: APP_URL, else the address this request came to. */
function baseUrlOf(request: FastifyRequest): string {
  const configured = request.server.config.APP_URL;
  return (configured || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

export function robotsText(base: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${base}${SITEMAP_URL}`, ''].join('\n');
}

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ROBOTS_URL, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', PUBLIC_HOUR)
      .send(robotsText(baseUrlOf(request))),
  );

  app.get(SITEMAP_URL, async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_HOUR)
      .send(await sitemapIndex(app.db, baseUrlOf(request))),
  );

  app.get(SITEMAP_ITEMS_URL, { schema: { querystring: pageQuery } }, async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_HOUR)
      .send(sitemapPage(app.db, baseUrlOf(request), 'items', request.query.page)),
  );

  app.get(SITEMAP_COLLECTIONS_URL, { schema: { querystring: pageQuery } }, async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_HOUR)
      .send(sitemapPage(app.db, baseUrlOf(request), 'collections', request.query.page)),
  );
};
