/**
 * The sitemap: an index of pages, each page the public, listed items (or public collections) in id
 * order, SITEMAP_PAGE_SIZE at most, streamed a batch at a time so a page of 50,000 addresses never sits in memory.
 */
import { Readable } from 'node:stream';
import { and, asc, count, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ROUTES } from '../../../shared/routes';
import { SITEMAP_COLLECTIONS_URL, SITEMAP_ITEMS_URL, SITEMAP_PAGE_SIZE } from '../../../shared/seo';
import { publicCollectionsCondition, publicListedItemsCondition } from '../../access/policy';
import type { Database } from '../../db/client';
import { absoluteUrl } from '../../lib/site-url';
import { collections, items } from '../../db/schema';
import { xmlText } from '../../lib/html';

const BATCH = 2_000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface Source {
  table: PgTable;
  id: PgColumn;
  ref: PgColumn;
  updatedAt: PgColumn;
  condition: () => SQL | undefined;
  path: (ref: string) => string;
  pageUrl: string;
}

export const SITEMAP_SOURCES = {
  items: {
    table: items,
    id: items.id,
    ref: items.ref,
    updatedAt: items.updatedAt,
    condition: () => publicListedItemsCondition(),
    path: (ref: string) => ROUTES.item.path({ ref }),
    pageUrl: SITEMAP_ITEMS_URL,
  },
  collections: {
    table: collections,
    id: collections.id,
    ref: collections.ref,
    updatedAt: collections.updatedAt,
    condition: publicCollectionsCondition,
    path: (ref: string) => ROUTES.collection.path({ ref }),
    pageUrl: SITEMAP_COLLECTIONS_URL,
  },
} satisfies Record<string, Source>;

export type SitemapSource = keyof typeof SITEMAP_SOURCES;

async function countOf(db: Database, source: Source): Promise<number> {
  const [row] = await db.select({ total: count() }).from(source.table).where(source.condition());
  return Number(row?.total ?? 0);
}

/** The sitemap index: a page of each source for every SITEMAP_PAGE_SIZE addresses (at least one, so each is named). */
export async function sitemapIndex(db: Database, appUrl: string): Promise<string> {
  const entries: string[] = [];
  for (const source of Object.values(SITEMAP_SOURCES)) {
    const pages = Math.max(1, Math.ceil((await countOf(db, source)) / SITEMAP_PAGE_SIZE));
    for (let page = 1; page <= pages; page += 1)
      entries.push(`<sitemap><loc>${xmlText(absoluteUrl(appUrl, `${source.pageUrl}?page=${page}`))}</loc></sitemap>`);
  }
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Page `page` (from 1) of a source as XML, read in batches after the page's first id (`sizes` for tests). */
export function sitemapPage(
  db: Database,
  appUrl: string,
  sourceName: SitemapSource,
  page: number,
  sizes: { page: number; batch: number } = { page: SITEMAP_PAGE_SIZE, batch: BATCH },
): Readable {
  const source: Source = SITEMAP_SOURCES[sourceName];
  async function* lines(): AsyncGenerator<string> {
    yield `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`;
    // The page starts at its first address: one index read past the earlier pages, then keyset batches.
    const [first] = await db
      .select({ id: source.id })
      .from(source.table)
      .where(source.condition())
      .orderBy(asc(source.id))
      .offset((page - 1) * sizes.page)
      .limit(1);
    let after = first ? Number(first.id) - 1 : null;
    let left = sizes.page;
    while (after !== null && left > 0) {
      const wanted = Math.min(sizes.batch, left);
      const rows = await db
        .select({ id: source.id, ref: source.ref, updatedAt: sql<Date | string>`${source.updatedAt}` })
        .from(source.table)
        .where(and(source.condition(), gt(source.id, after)))
        .orderBy(asc(source.id))
        .limit(wanted);
      if (rows.length > 0) yield rows.map((row) => urlEntry(appUrl, source, String(row.ref), new Date(row.updatedAt))).join('');
      left -= rows.length;
      after = rows.length < wanted ? null : Number(rows.at(-1)!.id);
    }
    yield '</urlset>\n';
  }
  return Readable.from(lines());
}

function urlEntry(appUrl: string, source: Source, ref: string, updatedAt: Date): string {
  return `<url><loc>${xmlText(absoluteUrl(appUrl, source.path(ref)))}</loc><lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod></url>\n`;
}
