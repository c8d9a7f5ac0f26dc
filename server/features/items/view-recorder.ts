/**
 * Counted views are written in batches, off the request (decisions: "Items", view counting): a visit queues its
 * view, and within VIEW_BATCH_WINDOW_MS one statement inserts every queued view and updates each item's counts.
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

/** How long a view may wait in memory before it is written. */
export const VIEW_BATCH_WINDOW_MS = 1000;
/** A batch this large is written at once. */
export const VIEW_BATCH_MAX = 500;

export interface QueuedView {
  itemId: number;
  userId: number | null;
  viewedAt: Date;
}

export interface ViewRecorder {
  /** Queues one view; it is written within the batch window. */
  record(view: QueuedView): void;
  /** Writes every queued view now; resolves with how many were written. */
  flush(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    itemViews: ViewRecorder;
  }
}

export function createViewRecorder(db: Database, log: FastifyBaseLogger): ViewRecorder & { close(): Promise<void> } {
  let queue: QueuedView[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<unknown> = Promise.resolve();

  function flush(): Promise<number> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    // Batches are written one after another, so no two of them wait on each other's item rows.
    const written = writing.then(() => (batch.length === 0 ? 0 : writeViews(db, batch)));
    writing = written.catch((error: unknown) => {
      // Views are statistics, not anything a person saved: a batch that cannot be written is logged and dropped.
      log.warn({ err: error, views: batch.length }, 'could not record item views');
    });
    return written;
  }

  return {
    record(view) {
      queue.push(view);
      if (queue.length >= VIEW_BATCH_MAX) void flush().catch(() => undefined);
      else if (!timer) {
        timer = setTimeout(() => void flush().catch(() => undefined), VIEW_BATCH_WINDOW_MS);
        timer.unref();
      }
    },
    flush,
    async close() {
      await flush().catch(() => undefined);
    },
  };
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
  const updated = await sqlRows<{ views: unknown }>(db, sql`
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
    returning per_item.views`);
  return updated.reduce((sum, row) => sum + Number(row.views), 0);
}

/** Decorates `app.itemViews`; queued views are written when the app closes. */
export const itemViewsPlugin = fp(
  async (app: FastifyInstance) => {
    const recorder = createViewRecorder(app.db, app.log);
    app.decorate('itemViews', { record: recorder.record, flush: recorder.flush });
    app.addHook('onClose', async () => recorder.close());
  },
  { name: 'equip-item-views' },
);
