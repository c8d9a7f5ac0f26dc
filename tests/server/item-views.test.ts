import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VISIBILITY } from '../../shared/enums';
import { items, itemViews, users } from '../../server/db/schema';
import { createViewRecorder } from '../../server/features/items/view-recorder';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { itemIdOf, REFS, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);
const quietLog = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

async function open(who: Who, ref: string) {
  return visit(ctx.app, `/i/${ref}`, await jarOf(who));
}

async function countsOf(ref: string) {
  const id = await itemIdOf(ctx.database, ref);
  const [row] = await ctx.database.db.select({ views: items.viewCount, recent: items.recentViewCount }).from(items).where(eq(items.id, id));
  const [logged] = await ctx.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(itemViews)
    .where(eq(itemViews.itemId, id));
  return { ...row, logged: logged.n };
}

describe('batched view counting', () => {
  it('shows the visitor their own view at once, and writes the queued views in one batch', async () => {
    await ctx.app.itemViews.flush();
    const before = await countsOf(REFS.counted);
    // Its editors see the counts (`canSeeItemRecordKeeping`): an admin.
    const { page } = await open('admin', REFS.counted);
    expect(page.props.item.view_count).toBe(before.views + 1);
    expect(page.props.item.recent_view_count).toBe(before.recent + 1);
    await open('anonymous', REFS.counted);
    await open('leader', REFS.public);

    expect(await ctx.app.itemViews.flush()).toBe(3);
    expect(await countsOf(REFS.counted)).toEqual({ views: before.views + 2, recent: before.recent + 2, logged: before.logged + 2 });
    expect(await ctx.app.itemViews.flush()).toBe(0);
  });

  it('writes queued views by itself within the batch window', async () => {
    await ctx.app.itemViews.flush();
    const before = await countsOf(REFS.counted);
    await open('anonymous', REFS.counted);
    await vi.waitFor(async () => expect((await countsOf(REFS.counted)).logged).toBe(before.logged + 1), {
      timeout: ctx.app.config.VIEW_BATCH_WINDOW_MS * 5,
      interval: 50,
    });
  });

  it('drops the views of an item deleted before the batch is written, keeps the rest, and keeps a deleted viewer’s view anonymous', async () => {
    const recorder = createViewRecorder(ctx.app.db, quietLog, ctx.app.config.VIEW_BATCH_WINDOW_MS);
    const keptId = await itemIdOf(ctx.database, REFS.counted);
    const [gone] = await ctx.database.db
      .insert(items)
      .values({ ref: 'itemgoingsoon', code: 'EQ-09999', title: 'Going Soon', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 })
      .returning();
    const goneId = gone.id;
    const [someone] = await ctx.database.db.select({ userTypeId: users.userTypeId }).from(users).limit(1);
    const [viewer] = await ctx.database.db
      .insert(users)
      .values({ ref: 'userleaving1', name: 'Leaving Soon', email: 'leaving@example.org', userTypeId: someone.userTypeId })
      .returning();
    const before = await countsOf(REFS.counted);
    const now = new Date();
    recorder.record({ itemId: keptId, userId: viewer.id, viewedAt: now });
    recorder.record({ itemId: goneId, userId: null, viewedAt: now });
    await ctx.database.db.delete(users).where(eq(users.id, viewer.id));
    await ctx.database.db.delete(items).where(eq(items.id, goneId));

    expect(await recorder.flush()).toBe(1);
    expect(await countsOf(REFS.counted)).toEqual({ views: before.views + 1, recent: before.recent + 1, logged: before.logged + 1 });
    const [latest] = await ctx.database.db
      .select({ userId: itemViews.userId })
      .from(itemViews)
      .where(eq(itemViews.itemId, keptId))
      .orderBy(sql`${itemViews.id} desc`)
      .limit(1);
    expect(latest.userId).toBeNull();
  });

  it('counts a view older than the recent window in view_count only', async () => {
    const recorder = createViewRecorder(ctx.app.db, quietLog, ctx.app.config.VIEW_BATCH_WINDOW_MS);
    const before = await countsOf(REFS.counted);
    recorder.record({ itemId: await itemIdOf(ctx.database, REFS.counted), userId: null, viewedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) });
    await recorder.flush();
    expect(await countsOf(REFS.counted)).toMatchObject({ views: before.views + 1, recent: before.recent, logged: before.logged + 1 });
  });

  it('writes what is still queued when it closes', async () => {
    const recorder = createViewRecorder(ctx.app.db, quietLog, ctx.app.config.VIEW_BATCH_WINDOW_MS);
    const before = await countsOf(REFS.counted);
    recorder.record({ itemId: await itemIdOf(ctx.database, REFS.counted), userId: null, viewedAt: new Date() });
    await recorder.close();
    expect((await countsOf(REFS.counted)).logged).toBe(before.logged + 1);
  });
});
