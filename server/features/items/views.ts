/**
 * View counting (decisions: "Items"). Each counted visit adds an item_views row, bumps
 * view_count and recomputes the item's recent_view_count from its own views (an indexed count);
 * an hourly sweep lets the recent counts of items nobody opens any more decay.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { RECENT_VIEW_WINDOW_DAYS } from '../../../shared/items';
import type { Database } from '../../db/client';
import { items, itemViews } from '../../db/schema';
import { readVisit } from '../../inertia/visit';

const DAY_MS = 24 * 60 * 60 * 1000;
export const RECENT_VIEW_REFRESH_MS = 60 * 60 * 1000;

function recentWindowStart(now: Date): Date {
  return new Date(now.getTime() - RECENT_VIEW_WINDOW_DAYS * DAY_MS);
}

/**
 * A view is a person opening the page: a full or Inertia visit. Partial reloads (after an
 * affirmation, say), hover prefetches and HEAD requests are not.
 */
export function isCountedView(request: FastifyRequest, component: string): boolean {
  if (request.method !== 'GET') return false;
  if (request.headers.purpose === 'prefetch' || request.headers['sec-purpose'] === 'prefetch') return false;
  return !readVisit(request, component).partial;
}

/**
 * Records one view and answers the item's new counts, in one prepared statement (so one round trip, and the
 * item row stays locked only while it runs). The recount cannot see the view inserted by the same
 * statement, so the new view is added to it.
 */
export async function recordItemView(db: Database, itemId: number, userId: number | null, now: Date = new Date()) {
  const [counts] = await recordViewStatement(db).execute({ itemId, userId, now, windowStart: recentWindowStart(now) });
  return counts;
}

const preparedRecordView = new WeakMap<Database, ReturnType<typeof prepareRecordView>>();

function recordViewStatement(db: Database) {
  let statement = preparedRecordView.get(db);
  if (!statement) preparedRecordView.set(db, (statement = prepareRecordView(db)));
  return statement;
}

function prepareRecordView(db: Database) {
  const itemId = sql.placeholder('itemId');
  const loggedView = db
    .$with('logged_view')
    .as(db.insert(itemViews).values({ itemId, userId: sql.placeholder('userId'), viewedAt: sql.placeholder('now') }).returning({ id: itemViews.id }));
  const earlierRecentViews = sql<number>`(select count(*) from ${itemViews} where ${and(eq(itemViews.itemId, itemId), gt(itemViews.viewedAt, sql.placeholder('windowStart')))})`;
  return (
    db
      .with(loggedView)
      .update(items)
      // A view is not an edit: keep updated_at as it is.
      .set({ viewCount: sql`${items.viewCount} + 1`, recentViewCount: sql`${earlierRecentViews} + 1`, updatedAt: sql`${items.updatedAt}` })
      .where(eq(items.id, itemId))
      .returning({ viewCount: items.viewCount, recentViewCount: items.recentViewCount })
      .prepare('equip_record_item_view')
  );
}

/** Recomputes recent_view_count of every item that still has some, so views older than the window drop out. */
export async function refreshRecentViewCounts(db: Database, now: Date = new Date()): Promise<void> {
  await db.execute(sql`
    update ${items} set
      recent_view_count = (select count(*) from ${itemViews} where ${itemViews.itemId} = ${items.id} and ${itemViews.viewedAt} > ${recentWindowStart(now).toISOString()}),
      updated_at = ${items.updatedAt}
    where ${items.recentViewCount} > 0`);
}

export function refreshRecentViewCountsPeriodically(app: FastifyInstance): void {
  const refresh = () => {
    refreshRecentViewCounts(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not refresh recent view counts'));
  };
  const timer = setInterval(refresh, RECENT_VIEW_REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
