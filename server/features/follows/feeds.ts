/**
 * Atom feeds of a tag and of a public collection: the newest items a visitor may open there, for feed
 * readers. Public by the policy (`tagFeedItemsCondition`, `canFeedCollection`), so they may be cached like the sitemap.
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { Feed } from 'feed';
import { FEED_ENTRIES } from '../../../shared/follows';
import { ROUTES } from '../../../shared/routes';
import { ANONYMOUS, canFeedCollection, canSeeTaxonomy, collectionFeedItemsCondition, tagFeedItemsCondition } from '../../access/policy';
import type { Database } from '../../db/client';
import { collections, items, tags, taxonomies } from '../../db/schema';
import { withoutWhatXmlForbids, xmlText } from '../../lib/html';
import { absoluteUrl } from '../../lib/site-url';
import { inCollection, taggedAtOrBelow } from './item-sql';

interface FeedSite {
  appUrl: string;
  appName: string;
}

/**
 * The tag a visitor's /tag/{label} shows: the first by taxonomy and position whose label, lowercased as the route
 * lowercases it (in JavaScript, as the tag catalogue compares), is this one; null when a visitor sees none.
 */
async function publicTagByLabel(db: Database, lowercasedLabel: string) {
  const rows = await db
    .select({ id: tags.id, label: tags.label, taxonomyPublic: taxonomies.public })
    .from(tags)
    .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .orderBy(asc(taxonomies.position), asc(taxonomies.id), asc(tags.position), asc(tags.id));
  return rows.find((tag) => tag.label.toLowerCase() === lowercasedLabel && canSeeTaxonomy(ANONYMOUS, { public: tag.taxonomyPublic })) ?? null;
}

/** The Atom document of a tag's page, or null when no visitor's tag has that label. */
export async function tagFeed(db: Database, site: FeedSite, lowercasedLabel: string, now: Date = new Date()): Promise<string | null> {
  const tag = await publicTagByLabel(db, lowercasedLabel);
  if (!tag) return null;
  const entries = await newestItems(db, and(tagFeedItemsCondition(now), taggedAtOrBelow(tag.id)));
  const path = ROUTES.tag.path({ label: tag.label });
  return atom(site, { title: `${site.appName}: ${tag.label}`, path, feedPath: ROUTES.tagFeed.path({ label: tag.label }) }, entries);
}

/** The Atom document of a public collection, or null when there is none a visitor may open by that ref. */
export async function collectionFeed(db: Database, site: FeedSite, ref: string, now: Date = new Date()): Promise<string | null> {
  const [collection] = await db
    .select({
      id: collections.id,
      ref: collections.ref,
      title: collections.title,
      description: collections.description,
      userId: collections.userId,
      public: collections.public,
    })
    .from(collections)
    .where(eq(collections.ref, ref))
    .limit(1);
  if (!collection || !canFeedCollection(collection)) return null;
  const entries = await newestItems(db, and(collectionFeedItemsCondition(now), inCollection(collection.id)));
  const path = ROUTES.collection.path({ ref: collection.ref });
  const description = collection.description || undefined;
  return atom(
    site,
    { title: `${site.appName}: ${collection.title}`, description, path, feedPath: ROUTES.collectionFeed.path({ ref: collection.ref }) },
    entries,
  );
}

async function newestItems(db: Database, where: SQL | undefined) {
  return db
    .select({ ref: items.ref, title: items.title, blurb: items.blurb, createdAt: items.createdAt, updatedAt: items.updatedAt })
    .from(items)
    .where(where)
    .orderBy(desc(items.updatedAt), desc(items.id))
    .limit(FEED_ENTRIES);
}

type FeedEntry = Awaited<ReturnType<typeof newestItems>>[number];

function atom(site: FeedSite, page: { title: string; description?: string; path: string; feedPath: string }, entries: FeedEntry[]): string {
  const pageUrl = absoluteUrl(site.appUrl, page.path);
  // The feed's own text elements are escaped by the feed package (escaping them here too showed 'Songs &#38; Prayers').
  const feed = new Feed({
    title: withoutWhatXmlForbids(page.title),
    description: page.description && withoutWhatXmlForbids(page.description),
    id: pageUrl,
    link: pageUrl,
    updated: entries[0]?.updatedAt ?? new Date(0),
    generator: withoutWhatXmlForbids(site.appName),
    copyright: '',
    feedLinks: { atom: absoluteUrl(site.appUrl, page.feedPath) },
  });
  for (const entry of entries) {
    const url = absoluteUrl(site.appUrl, ROUTES.item.path({ ref: entry.ref }));
    // The feed package marks entries' titles and summaries as HTML, unescaped: plain text is escaped so a reader shows
    // it as written.
    feed.addItem({
      title: xmlText(entry.title),
      id: url,
      link: url,
      description: entry.blurb ? xmlText(entry.blurb) : undefined,
      date: entry.updatedAt,
      published: entry.createdAt,
    });
  }
  return feed.atom1();
}
