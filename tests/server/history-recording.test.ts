/**
 * The history records every change with who made it and through which route, in the change's own transaction
 * (issue 19 §2; docs/decisions/curation.md "A history of every change").
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq, getTableColumns, getTableName, gt, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { changeHistory, items, users } from '../../server/db/schema';
import { RECORDED_WRITES } from '../../scripts/lint/history-writes.js';
import { useSessionTestApp } from '../support/sessions';
import { sweepOldHistory } from '../../server/features/history/retention';
import { pageProps, partialReloadHeaders } from '../../server/inertia/testing';
import type { ItemHistory } from '../../shared/history';
import { visit } from '../support/http';
import type { CookieJar } from '../support/app';
import { ADMIN, MAINTAINER, OTHER_MEMBER, characteristic, createItem, seedEditingLibrary, send, tag, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function lastHistoryId(): Promise<number> {
  const [row] = await db().select({ id: changeHistory.id }).from(changeHistory).orderBy(desc(changeHistory.id)).limit(1);
  return row?.id ?? 0;
}

async function historySince(id: number) {
  return db().select().from(changeHistory).where(gt(changeHistory.id, id)).orderBy(changeHistory.id);
}

describe('what the history records', () => {
  it('records a lone field edit with who made it, the route, and the value before and after', async () => {
    const item = await createItem(db(), { title: 'Before' });
    const before = await lastHistoryId();
    const response = await send(context.app, await as(MAINTAINER), 'PATCH', `/i/${item.ref}`, { title: 'After' });
    expect(response.statusCode).toBe(303);
    const rows = await historySince(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'item',
      operation: 'update',
      itemId: item.id,
      subjectId: item.id,
      actorUserId: await userId(db(), MAINTAINER),
      impersonatorUserId: null,
      route: 'PATCH /i/:ref',
      changes: { title: ['Before', 'After'] },
    });
    expect(rows[0]!.requestId).toBeTruthy();
  });

  it('records tags added and removed in a transaction, naming the tag', async () => {
    const item = await createItem(db());
    const games = await tag(db(), 'Games');
    const before = await lastHistoryId();
    const jar = await as(ADMIN);
    expect((await send(context.app, jar, 'POST', `/i/${item.ref}/tag/${games.ref}`)).statusCode).toBe(303);
    expect((await send(context.app, jar, 'DELETE', `/i/${item.ref}/tag/${games.ref}`)).statusCode).toBe(303);
    const rows = (await historySince(before)).filter((row) => row.kind === 'item_tag');
    expect(rows.map((row) => [row.operation, row.route, row.actorUserId])).toEqual([
      ['insert', 'POST /i/:ref/tag/:tagRef', await userId(db(), ADMIN)],
      ['delete', 'DELETE /i/:ref/tag/:tagRef', await userId(db(), ADMIN)],
    ]);
    expect(rows[0]!.changes).toMatchObject({ tag: 'Games', taxonomy: 'Topic', tag_ref: games.ref, item_id: item.id });
  });

  it('records nothing when a write is refused, and nothing for view counts', async () => {
    const item = await createItem(db(), { title: 'Unchanged' });
    const before = await lastHistoryId();
    const refused = await send(context.app, await as(MAINTAINER), 'PATCH', `/i/${item.ref}`, { title: '' });
    expect(refused.statusCode).toBe(303);
    await db()
      .update(items)
      .set({ viewCount: sql`${items.viewCount} + 1` })
      .where(eq(items.id, item.id));
    expect(await historySince(before)).toEqual([]);
  });

  it('names no one for work no request started, even on a connection a request wrote through', async () => {
    const item = await createItem(db(), { title: 'Shared connection' });
    const jar = await as(MAINTAINER);
    for (let round = 0; round < 3; round += 1) await send(context.app, jar, 'PATCH', `/i/${item.ref}`, { topic: `By a request ${round}` });
    const before = await lastHistoryId();
    // More writes than the pool has connections, alone and in transactions, outside any request.
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? db()
              .update(items)
              .set({ topic: `By a job ${index}` })
              .where(eq(items.id, item.id))
          : db().transaction((tx) =>
              tx
                .update(items)
                .set({ topic: `By a job ${index}` })
                .where(eq(items.id, item.id)),
            ),
      ),
    );
    const rows = await historySince(before);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.actorUserId, row.route])).toEqual(rows.map(() => [null, null]));
  });

  it('rolls the entry back with its change: nothing is recorded that did not happen', async () => {
    const item = await createItem(db(), { title: 'Kept' });
    const before = await lastHistoryId();
    await expect(
      db().transaction(async (tx) => {
        await tx.update(items).set({ title: 'Rolled back' }).where(eq(items.id, item.id));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await historySince(before)).toEqual([]);
  });

  it('records a change of a user type and flags, and never the rest of the user row', async () => {
    const member = await userId(db(), MAINTAINER);
    const before = await lastHistoryId();
    await db().update(users).set({ manager: true, name: 'Renamed' }).where(eq(users.id, member));
    const [row] = await historySince(before);
    expect(row).toMatchObject({ kind: 'user', subjectUserId: member, changes: { manager: [false, true] }, actorUserId: null, route: null });
    expect(row!.changes).not.toHaveProperty('name');
    await db().update(users).set({ manager: false, name: 'Staff' }).where(eq(users.id, member));
  });

  it('records who acted while impersonating, as whom', async () => {
    const superadmin = await userId(db(), 'superadmin@example.org');
    const item = await createItem(db(), { title: 'As someone else' });
    const jar = await as('superadmin@example.org');
    const [maintainer] = await db().select({ ref: users.ref }).from(users).where(eq(users.email, MAINTAINER));
    expect((await send(context.app, jar, 'POST', `/user/${maintainer!.ref}/impersonate`)).statusCode).toBe(303);
    const before = await lastHistoryId();
    expect((await send(context.app, jar, 'PATCH', `/i/${item.ref}`, { topic: 'Changed while acting' })).statusCode).toBe(303);
    const rows = await db()
      .select()
      .from(changeHistory)
      .where(and(gt(changeHistory.id, before), eq(changeHistory.kind, 'item')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: await userId(db(), MAINTAINER), impersonatorUserId: superadmin });
  });
});

async function historyOf(ref: string, jar: CookieJar): Promise<ItemHistory> {
  const { response } = await visit(context.app, `/i/${ref}`, jar, partialReloadHeaders('items/Show', { only: ['history'] }));
  expect(response.statusCode).toBe(200);
  return pageProps(response.json(), 'items/Show').history!;
}

describe("an item's History", () => {
  it("shows the maintainer each change with who made it, and restores an earlier title through the item's own edit", async () => {
    const item = await createItem(db(), { title: 'First title' });
    const jar = await as(MAINTAINER);
    await send(context.app, jar, 'PATCH', `/i/${item.ref}`, { title: 'Second title' });
    const history = await historyOf(item.ref, jar);
    const [latest] = history.entries;
    expect(latest).toMatchObject({ summary: 'Changed title', who: expect.any(String), actingAs: null, route: 'PATCH /i/:ref' });
    expect(latest!.changes).toEqual([
      { label: 'Title', from: 'First title', to: 'Second title', restore: { method: 'patch', url: `/i/${item.ref}`, data: { title: 'First title' } } },
    ]);
    const restore = latest!.changes[0]!.restore!;
    expect((await send(context.app, jar, 'PATCH', restore.url, restore.data)).statusCode).toBe(303);
    const [row] = await db().select({ title: items.title }).from(items).where(eq(items.id, item.id));
    expect(row!.title).toBe('First title');
    expect((await historyOf(item.ref, jar)).entries[0]).toMatchObject({ summary: 'Changed title', changes: [{ from: 'Second title', to: 'First title' }] });
  });

  it('offers a maintainer no restore of what only admins may set, and the admin one', async () => {
    const item = await createItem(db());
    const admin = await as(ADMIN);
    await send(context.app, admin, 'PATCH', `/i/${item.ref}`, { review: 'Checked in March' });
    const forMaintainer = (await historyOf(item.ref, await as(MAINTAINER))).entries[0]!;
    expect(forMaintainer.changes).toEqual([{ label: 'Review', from: 'None', to: 'Checked in March' }]);
    const forAdmin = (await historyOf(item.ref, admin)).entries[0]!;
    expect(forAdmin.changes[0]!.restore).toEqual({ method: 'patch', url: `/i/${item.ref}`, data: { review: null } });
  });

  it("undoes a tag added, and keeps a non-public characteristic out of a maintainer's History", async () => {
    const item = await createItem(db());
    const games = await tag(db(), 'Games');
    const secret = await characteristic(db(), 'Replacement value');
    const admin = await as(ADMIN);
    await send(context.app, admin, 'POST', `/i/${item.ref}/tag/${games.ref}`);
    await send(context.app, admin, 'PATCH', `/i/${item.ref}`, { [`characteristic-${secret.ref}`]: '120' });
    const maintainerView = await historyOf(item.ref, await as(MAINTAINER));
    expect(maintainerView.entries.map((entry) => entry.summary)).toEqual(['Added tag “Games” (Topic)', 'Created the item']);
    expect(maintainerView.entries[0]!.restore).toEqual({ method: 'delete', url: `/i/${item.ref}/tag/${games.ref}`, data: {} });
    const adminView = await historyOf(item.ref, admin);
    expect(adminView.entries.map((entry) => entry.summary)).toEqual(['Set Replacement value to “120”', 'Added tag “Games” (Topic)', 'Created the item']);
  });

  it('is empty for someone who may open the item but not edit it', async () => {
    const item = await createItem(db(), { visibility: 50 });
    await send(context.app, await as(MAINTAINER), 'PATCH', `/i/${item.ref}`, { topic: 'Visible change' });
    expect(await historyOf(item.ref, await as(OTHER_MEMBER))).toEqual({ entries: [], truncated: false });
  });
});

describe('retention', () => {
  it('sweeps changes older than the retention, in batches, and keeps the rest', async () => {
    const item = await createItem(db(), { title: 'Old and new' });
    const now = new Date();
    const old = new Date(now.getTime() - 40 * 24 * 60 * 60 * 1000);
    await db().update(changeHistory).set({ createdAt: old }).where(eq(changeHistory.itemId, item.id));
    await send(context.app, await as(MAINTAINER), 'PATCH', `/i/${item.ref}`, { title: 'Kept change' });
    const swept = await sweepOldHistory(db(), 30, now, 1);
    expect(swept).toBeGreaterThanOrEqual(1);
    const left = await db().select({ createdAt: changeHistory.createdAt }).from(changeHistory).where(eq(changeHistory.itemId, item.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.createdAt.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('the writes the lint rule keeps in transactions', () => {
  it('are exactly those the history trigger records, table by table, operation by operation and column by column', async () => {
    // Only a transaction hands the trigger its author (server/db/client.ts): scripts/lint/history-writes.js keeps
    // these writes in one, so its list must name every recorded write, and no other.
    const rows = (await db().execute(sql`
      select c.relname as "table", t.tgtype as type,
        coalesce((select array_agg(a.attname::text order by a.attname) from unnest(t.tgattr::int2[]) as k(attnum)
          join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k.attnum), '{}') as columns
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'record_change' and not t.tgisinternal`)) as unknown as { rows: { table: string; type: number; columns: string[] }[] };
    const tables = Object.entries(schema as Record<string, unknown>).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
    const exportOf = new Map(tables.map(([name, table]) => [getTableName(table) as string, { name, table }]));
    const recorded: Record<string, Partial<Record<'insert' | 'update' | 'delete', true | string[]>>> = {};
    for (const row of rows.rows) {
      const { name, table } = exportOf.get(row.table)!;
      const propertyOf = new Map(Object.entries(getTableColumns(table)).map(([property, column]) => [column.name, property]));
      const writes = (recorded[name] ??= {});
      // tgtype's bits: 4 insert, 8 delete, 16 update.
      if (row.type & 4) writes.insert = true;
      if (row.type & 8) writes.delete = true;
      if (row.type & 16) {
        const columns = row.columns.map((column) => propertyOf.get(column)!);
        const earlier = writes.update;
        writes.update = columns.length === 0 || earlier === true ? true : [...new Set([...(earlier ?? []), ...columns])];
      }
    }
    const sorted = (writes: Record<string, Partial<Record<string, true | string[]>>>) =>
      Object.fromEntries(
        Object.entries(writes).map(([table, operations]) => [
          table,
          Object.fromEntries(Object.entries(operations).map(([operation, value]) => [operation, value === true ? true : [...value!].sort()])),
        ]),
      );
    expect(sorted(RECORDED_WRITES)).toEqual(sorted(recorded));
  });
});
