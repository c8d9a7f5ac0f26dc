import { and, count, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { NavigationHistory, NavigationHistoryEntry } from '../../../shared/props';
import { ROUTES } from '../../../shared/routes';
import { listableItemsCondition, type Viewer } from '../../access/policy';
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
  return { title: row.title, href: ROUTES.item.path({ ref: row.ref }), icon: TYPE_ICONS[row.type ?? ''] ?? DEFAULT_ITEM_ICON };
}

/**
 * The signed-in viewer's history: only items they may list now (`listableItemsCondition`): none they would get a 403
 * or a 410 for, and UNLISTED ones only for admins, as in every other list.
 */
export async function navigationHistory(db: Database, viewer: Viewer & { id: number }, now: Date = new Date()): Promise<NavigationHistory> {
  const [recent, frequent, mine] = await Promise.all([recentItems(db, viewer, now), frequentItems(db, viewer, now), myCollections(db, viewer.id)]);
  return { recentlyViewedItems: recent, frequentlyViewedItems: frequent, myCollections: mine };
}

async function recentItems(db: Database, viewer: Viewer & { id: number }, now: Date) {
  const lastViewed = max(itemViews.viewedAt);
  const rows = await db
    .select({ ref: items.ref, title: items.title, type: typeLabel })
    .from(itemViews)
    .innerJoin(items, eq(items.id, itemViews.itemId))
    .where(and(eq(itemViews.userId, viewer.id), listableItemsCondition(viewer, now)))
    .groupBy(items.id)
    .orderBy(desc(lastViewed))
    .limit(HISTORY_ENTRY_LIMIT);
  return rows.map(itemEntry);
}

async function frequentItems(db: Database, viewer: Viewer & { id: number }, now: Date) {
  const since = new Date(now.getTime() - FREQUENT_WINDOW_DAYS * 24 * 3600 * 1000);
  const views = count(itemViews.id);
  const rows = await db
    .select({ ref: items.ref, title: items.title, type: typeLabel })
    .from(itemViews)
    .innerJoin(items, eq(items.id, itemViews.itemId))
    .where(and(eq(itemViews.userId, viewer.id), gt(itemViews.viewedAt, since), listableItemsCondition(viewer, now)))
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
  return rows.map((row) => ({ title: row.title, href: ROUTES.collection.path({ ref: row.ref }), icon: 'bi-collection' }));
}
