/**
 * View counting (decisions: "Items"). Each counted visit queues an item_views row; the recorder
 * (`view-recorder.ts`) writes them in batches and adds them to view_count and recent_view_count; a
 * periodic job recounts recent_view_count from the item's own views (an indexed count), so views
 * older than the window drop out.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { RECENT_VIEW_WINDOW_DAYS } from '../../../shared/items';
import type { Database } from '../../db/client';
import { runPeriodically } from '../../db/periodic-jobs';
import { items, itemViews } from '../../db/schema';
import { DAY_MS } from '../../../shared/dates';

export function recentWindowStart(now: Date): Date {
  return new Date(now.getTime() - RECENT_VIEW_WINDOW_DAYS * DAY_MS);
}

/**
 * Recomputes recent_view_count of every item that still has some, so views older than the window drop out. The items
 * are locked in id order, as every writer of several items locks them (view-recorder.ts).
 */
export async function refreshRecentViewCounts(db: Database, now: Date = new Date()): Promise<void> {
  // A transaction, as every write to items is, though a view count is no one's change for the history.
  await db.transaction((tx) =>
    tx.execute(sql`
    update ${items} set
      recent_view_count = (select count(*) from ${itemViews} where ${itemViews.itemId} = ${items.id} and ${itemViews.viewedAt} > ${recentWindowStart(now).toISOString()}),
      updated_at = ${items.updatedAt}
    where ${items.id} in (select ${items.id} from ${items} where ${items.recentViewCount} > 0 order by ${items.id} for no key update)`),
  );
}

export function refreshRecentViewCountsPeriodically(app: FastifyInstance): void {
  runPeriodically(app, { name: 'recent-view-counts', work: () => refreshRecentViewCounts(app.db) });
}
