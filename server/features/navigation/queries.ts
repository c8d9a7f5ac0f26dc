import { and, count, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { NavigationHistory, NavigationHistoryEntry } from '../../../shared/props';
import { openableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { collections, items, itemTags, itemViews, tags, taxonomies } from '../../db/schema';

export const HISTORY_ENTRY_LIMIT = 8;
const FREQUENT_WINDOW_DAYS = 90;

/** Icons by the item's Type tag (the required 'Type' taxonomy). */
const TYPE_ICONS: Record<string, string> = {
  resource: 'bi-journal-text',
  training: 'bi-mortarboard',
  person: 'bi-person',
  equipment: 'bi-tools',
};
const DEFAULT_ITEM_ICON = 'bi-file-earmark';

const typeLabel = sql<string | null>`(
  select lower(${tags.label}) from ${itemTags}
  join ${tags} on ${tags.id} = ${itemTags.tagId}
  join ${taxonomies} on ${taxonomies.id} = ${tags.taxonomyId}
  where ${itemTags.itemId} = ${items.id} and ${taxonomies.title} = 'Type'
  limit 1)`;

function itemEntry(row: { ref: string; title: string; type: string | null }): NavigationHistoryEntry {
  return { title: row.title, href: `/i/${row.ref}`, icon: TYPE_ICONS[row.type ?? ''] ?? DEFAULT_ITEM_ICON };
}

/** The signed-in viewer's history; only items the viewer may still open. */
export async function navigationHistory(db: Database, viewer: Viewer & { id: number }): Promise<NavigationHistory> {
  const [recent, frequent, mine] = await Promise.all([recentItems(db, viewer), frequentItems(db, viewer), myCollections(db, viewer.id)]);
  return { recentlyViewedItems: recent, frequentlyViewedItems: frequent, myCollections: mine };
}

async function recentItems(db: Database, viewer: Viewer & { id: number }) {
  const lastViewed = max(itemViews.viewedAt);
  const rows = await db
    .select({ ref: items.ref, title: items.title, type: typeLabel })
    .from(itemViews)
    .innerJoin(items, eq(items.id, itemViews.itemId))
    .where(and(eq(itemViews.userId, viewer.id), openableItemsCondition(viewer)))
    .groupBy(items.id)
    .orderBy(desc(lastViewed))
    .limit(HISTORY_ENTRY_LIMIT);
  return rows.map(itemEntry);
}

async function frequentItems(db: Database, viewer: Viewer & { id: number }) {
  const since = new Date(Date.now() - FREQUENT_WINDOW_DAYS * 24 * 3600 * 1000);
  const views = count(itemViews.id);
  const rows = await db
    .select({ ref: items.ref, title: items.title, type: typeLabel })
    .from(itemViews)
    .innerJoin(items, eq(items.id, itemViews.itemId))
    .where(and(eq(itemViews.userId, viewer.id), gt(itemViews.viewedAt, since), openableItemsCondition(viewer)))
    .groupBy(items.id)
    .orderBy(desc(views), desc(max(itemViews.viewedAt)))
    .limit(HISTORY_ENTRY_LIMIT);
  return rows.map(itemEntry);
}

async function myCollections(db: Database, userId: number): Promise<NavigationHistoryEntry[]> {
  const rows = await db
    .select({ ref: collections.ref, title: collections.title })
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(desc(collections.updatedAt))
    .limit(HISTORY_ENTRY_LIMIT);
  return rows.map((row) => ({ title: row.title, href: `/collection/${row.ref}`, icon: 'bi-collection' }));
}
