/**
 * GET /robots.txt and the sitemap: what a search engine may read, and every address a visitor may find,
 * by the policy's own listing rule. Public, cached by browsers and proxies for an hour.
 */
import { publicBecause } from '../../access/guards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROBOTS_DISALLOWED, ROBOTS_URL, SITEMAP_COLLECTIONS_URL, SITEMAP_ITEMS_URL, SITEMAP_URL } from '../../../shared/seo';
import { absoluteUrl } from '../../lib/site-url';
import { pageQuery } from '../../lib/pagination';
import { sitemapIndex, sitemapPage } from './sitemap';

const PUBLIC_HOUR = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

export function robotsText(appUrl: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${absoluteUrl(appUrl, SITEMAP_URL)}`, ''].join(
    '\n',
  );
}

/** Search engines read these without signing in; they name only what a visitor may find. */
const forSearchEngines = publicBecause('for search engines: only what visitors may find');

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ROBOTS_URL, { preValidation: forSearchEngines }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', PUBLIC_HOUR).send(robotsText(app.config.APP_URL)),
  );

  app.get(SITEMAP_URL, { preValidation: forSearchEngines }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_HOUR)
      .send(await sitemapIndex(app.db, app.config.APP_URL)),
  );

  app.get(SITEMAP_ITEMS_URL, { preValidation: forSearchEngines, schema: { querystring: pageQuery } }, async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_HOUR)
      .send(sitemapPage(app.db, app.config.APP_URL, 'items', request.query.page)),
  );

  app.get(SITEMAP_COLLECTIONS_URL, { preValidation: forSearchEngines, schema: { querystring: pageQuery } }, async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_HOUR)
      .send(sitemapPage(app.db, app.config.APP_URL, 'collections', request.query.page)),
  );
};
