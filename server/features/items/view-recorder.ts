/**
 * Counted views are written in batches, off the request (decisions: "Items", view counting; server/db/batch-writer.ts):
 * within VIEW_BATCH_WINDOW_MS (config) one statement inserts every queued view and updates each item's counts.
 * The page answers at once with its own view included; the item's row is locked once per batch, not once per visit,
 * so many people opening one item no longer wait on each other.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items, itemViews, users } from '../../db/schema';
import { recentWindowStart } from './views';
import { sqlRows } from '../../db/sql-rows';
import { createBatchWriter, type BatchWriter } from '../../db/batch-writer';

/** A batch this large is written at once. */
export const VIEW_BATCH_MAX = 500;
/** Views that may wait in memory while the database is behind; past it new views are not counted. */
const VIEW_MAX_WAITING = 50_000;

export interface QueuedView {
  itemId: number;
  userId: number | null;
  viewedAt: Date;
}

/** What the app decorates: closing is the app's. */
export type ViewRecorder = Pick<BatchWriter<QueuedView>, 'record' | 'flush'>;

declare module 'fastify' {
  interface FastifyInstance {
    itemViews: ViewRecorder;
  }
}

export function createViewRecorder(db: Database, log: FastifyBaseLogger, windowMs: number): BatchWriter<QueuedView> {
  return createBatchWriter({
    write: (batch) => writeViews(db, batch),
    windowMs,
    maxBatch: VIEW_BATCH_MAX,
    maxWaiting: VIEW_MAX_WAITING,
    log,
    what: 'item views',
  });
}

/**
 * One statement: insert the views of items that still exist (a user deleted meanwhile leaves an anonymous view) and
 * add them to view_count and recent_view_count, locking the items in id order as every writer of several items does
 * (migration 0017), so two such writers never wait on each other in a circle. Views leaving the recent window are
 * taken off by the periodic recount (`refreshRecentViewCounts`), not here: recounting a popular item's views on every
 * batch costs more the more it is viewed.
 */
async function writeViews(db: Database, batch: QueuedView[]): Promise<number> {
  const rows = JSON.stringify(batch.map((view) => ({ item_id: view.itemId, user_id: view.userId, viewed_at: view.viewedAt.toISOString() })));
  const windowStart = recentWindowStart(new Date()).toISOString();
  const updated = await sqlRows<{ views: unknown }>(
    db,
    sql`
    with queued as (
      select q.item_id, (select ${users.id} from ${users} where ${users.id} = q.user_id) as user_id, q.viewed_at
      from json_to_recordset(${rows}::json) as q(item_id integer, user_id integer, viewed_at timestamptz)
      where exists (select 1 from ${items} where ${items.id} = q.item_id)
    ),
    logged as (
      insert into ${itemViews} (item_id, user_id, viewed_at) select item_id, user_id, viewed_at from queued returning item_id
    ),
    per_item as (select item_id, count(*)::integer as views, count(*) filter (where viewed_at > ${windowStart}::timestamptz)::integer as recent from queued group by item_id),
    locked as (select ${items.id} from ${items} where ${items.id} in (select item_id from per_item) order by ${items.id} for no key update)
    update ${items} set
      view_count = ${items.viewCount} + per_item.views,
      recent_view_count = ${items.recentViewCount} + per_item.recent,
      updated_at = ${items.updatedAt}
    from per_item
    where ${items.id} = per_item.item_id and ${items.id} in (select id from locked)
    returning per_item.views`,
  );
  return updated.reduce((sum, row) => sum + Number(row.views), 0);
}

/** Decorates `app.itemViews`; queued views are written when the app closes. */
export const itemViewsPlugin = fp(
  async (app: FastifyInstance) => {
    const recorder = createViewRecorder(app.db, app.log, app.config.VIEW_BATCH_WINDOW_MS);
    app.decorate('itemViews', { record: recorder.record, flush: recorder.flush });
    app.addHook('onClose', async () => recorder.close());
  },
  { name: 'equip-item-views' },
);
