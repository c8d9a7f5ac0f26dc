/**
 * The item page's parts come from the library cache (server/features/items/detail.ts `openItemPage`): every table
 * they read raises the library version (migrations 0002 and 0005), so a page never shows what the database no
 * longer says, while writes the page does not show (opening a file, signing in, counting views) keep the caches.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ItemDetail } from '../../shared/items';
import { libraryState } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { itemIdOf, REFS, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

async function itemAs(who: Who): Promise<ItemDetail> {
  const { response, page } = await visit(ctx.app, `/i/${REFS.public}`, await jarOf(who));
  expect(response.statusCode).toBe(200);
  return page.props.item;
}

async function libraryVersion(): Promise<number> {
  const [row] = await ctx.database.db.select({ version: libraryState.version }).from(libraryState).where(eq(libraryState.id, 1));
  return Number(row.version);
}

async function run(statement: SQL): Promise<void> {
  await ctx.database.db.execute(statement);
}

describe('the item page’s cached parts', () => {
  it('shows a change to any part at once, after visits that filled the cache', async () => {
    const id = await itemIdOf(ctx.database, REFS.public);
    await itemAs('leader');
    const before = await itemAs('leader');

    await run(
      sql`update item_characteristics set value = 'Changed just now' where item_id = ${id} and characteristic_id = (select min(characteristic_id) from item_characteristics where item_id = ${id})`,
    );
    expect((await itemAs('leader')).characteristics.map((c) => c.value)).toContain('Changed just now');

    await run(sql`update item_images set position = position where item_id = ${id}`);
    await run(sql`delete from relations where item_id = ${id} or related_item_id = ${id}`);
    expect((await itemAs('leader')).relations).toEqual([]);
    expect(before.relations.length).toBeGreaterThan(0);

    await run(sql`delete from item_affirmations where item_id = ${id}`);
    expect((await itemAs('leader')).affirmations).toBe(0);
  });

  it('raises the library version for every table the parts read, and only for the columns they show', async () => {
    const id = await itemIdOf(ctx.database, REFS.public);
    const raises = async (statement: SQL) => {
      const before = await libraryVersion();
      await run(statement);
      return (await libraryVersion()) > before;
    };
    expect(await raises(sql`update characteristics set title = title || '.'`)).toBe(true);
    expect(await raises(sql`update item_characteristics set value = value || '.' where item_id = ${id}`)).toBe(true);
    expect(await raises(sql`update affirmation_options set title = title || '.'`)).toBe(true);
    expect(await raises(sql`update tasks set notes = notes || '.' where item_id = ${id}`)).toBe(true);
    expect(await raises(sql`update contents set label = label || '.' where item_id = ${id}`)).toBe(true);
    expect(await raises(sql`update users set name = name || '.' where email = 'team@example.org'`)).toBe(true);
    expect(
      await raises(
        sql`insert into relations (ref, item_id, related_item_id) select 'relationcache1', ${id}, id from items where ref = ${REFS.related} on conflict do nothing`,
      ),
    ).toBe(true);

    expect(await raises(sql`update contents set open_count = open_count + 1, last_opened_at = now() where item_id = ${id}`)).toBe(false);
    expect(await raises(sql`update users set last_login_at = now() where email = 'team@example.org'`)).toBe(false);
    expect(await raises(sql`update items set view_count = view_count + 1, recent_view_count = recent_view_count + 1 where id = ${id}`)).toBe(false);
  });

  it('shows the task list, renamed people included, to the item’s editors only', async () => {
    await itemAs('team');
    await run(sql`update users set name = 'Renamed Teammate' where email = 'team@example.org'`);
    const tasks = (await itemAs('team')).tasks;
    expect(tasks.length).toBeGreaterThan(0);
    expect(JSON.stringify(tasks)).toContain('Renamed Teammate');
    expect((await itemAs('leader')).tasks).toEqual([]);
  });
});
