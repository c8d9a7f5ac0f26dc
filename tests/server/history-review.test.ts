/**
 * A security review of the history (issue 19 §2; docs/decisions/curation.md "A history of every change"): what an item's
 * History shows its maintainer must be no more than the maintainer may see elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { changeHistory, tags, taxonomies } from '../../server/db/schema';
import { pageProps, partialReloadHeaders } from '../../server/inertia/testing';
import type { ItemHistory } from '../../shared/history';
import { visit } from '../support/http';
import type { CookieJar } from '../support/app';
import { useSessionTestApp } from '../support/sessions';
import { ADMIN, MAINTAINER, createItem, seedEditingLibrary, send, tag, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function historyOf(ref: string, jar: CookieJar): Promise<ItemHistory> {
  const { response } = await visit(context.app, `/i/${ref}`, jar, partialReloadHeaders('items/Show', { only: ['history'] }));
  expect(response.statusCode).toBe(200);
  return pageProps(response.json(), 'items/Show').history!;
}

describe("an item's History and what its maintainer may see", () => {
  it("keeps a non-public taxonomy's tags (admins' curation notes) out of a maintainer's History", async () => {
    await db().update(taxonomies).set({ public: false }).where(eq(taxonomies.title, 'Age'));
    try {
      const item = await createItem(db());
      const kids = await tag(db(), 'Kids');
      const admin = await as(ADMIN);
      expect((await send(context.app, admin, 'POST', `/i/${item.ref}/tag/${kids.ref}`)).statusCode).toBeLessThan(400);
      const maintainerView = await historyOf(item.ref, await as(MAINTAINER));
      expect(maintainerView.entries.map((entry) => entry.summary)).toEqual(['Created the item']);
      expect(JSON.stringify(maintainerView)).not.toContain(kids.ref);
      const adminView = await historyOf(item.ref, admin);
      expect(adminView.entries.map((entry) => entry.summary)).toEqual(['Added tag “Kids” (Age)', 'Created the item']);
    } finally {
      await db().update(taxonomies).set({ public: true }).where(eq(taxonomies.title, 'Age'));
    }
  });

  it('shows a tag since deleted where its recorded taxonomy is public, and not one that moved out of a non-public taxonomy', async () => {
    const [age] = await db().select({ id: taxonomies.id }).from(taxonomies).where(eq(taxonomies.title, 'Age'));
    const [topic] = await db().select({ id: taxonomies.id }).from(taxonomies).where(eq(taxonomies.title, 'Topic'));
    const item = await createItem(db());
    const admin = await as(ADMIN);
    const prayer = await tag(db(), 'Prayer');
    const youth = await tag(db(), 'Youth');
    await db().update(taxonomies).set({ public: false }).where(eq(taxonomies.id, age!.id));
    try {
      for (const added of [prayer, youth]) expect((await send(context.app, admin, 'POST', `/i/${item.ref}/tag/${added.ref}`)).statusCode).toBeLessThan(400);
      await db().update(tags).set({ taxonomyId: topic!.id }).where(eq(tags.id, youth.id));
      await db().delete(tags).where(eq(tags.id, prayer.id));
      const maintainerView = await historyOf(item.ref, await as(MAINTAINER));
      expect(maintainerView.entries.map((entry) => entry.summary)).toEqual(['Added tag “Prayer” (Topic)', 'Created the item']);
    } finally {
      await db().update(tags).set({ taxonomyId: age!.id }).where(eq(tags.id, youth.id));
      await db().update(taxonomies).set({ public: true }).where(eq(taxonomies.id, age!.id));
    }
  });
});

describe('who the history names when requests run at once', () => {
  it("names each request's own viewer for its lone writes and its transactions, however they interleave", async () => {
    const [adminJar, maintainerJar] = [await as(ADMIN), await as(MAINTAINER)];
    const [adminId, maintainerId] = [await userId(db(), ADMIN), await userId(db(), MAINTAINER)];
    const games = await tag(db(), 'Games');
    const maintained = await createItem(db());
    const others = await createItem(db(), { owner: ADMIN });
    const [last] = await db().select({ id: changeHistory.id }).from(changeHistory).orderBy(desc(changeHistory.id)).limit(1);
    const start = last?.id ?? 0;
    const visits = Array.from({ length: 8 }, (_, round) => {
      const [jar, item] = round % 2 === 0 ? [maintainerJar, maintained] : [adminJar, others];
      return round % 4 < 2
        ? send(context.app, jar, 'PATCH', `/i/${item.ref}`, { topic: `Round ${round}` })
        : send(context.app, jar, round % 8 < 4 ? 'POST' : 'DELETE', `/i/${item.ref}/tag/${games.ref}`);
    });
    for (const response of await Promise.all(visits)) expect(response.statusCode).toBeLessThan(400);
    const rows = await db()
      .select({ itemId: changeHistory.itemId, actor: changeHistory.actorUserId })
      .from(changeHistory)
      .where(and(gt(changeHistory.id, start), inArray(changeHistory.itemId, [maintained.id, others.id])));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.actor).toBe(row.itemId === maintained.id ? maintainerId : adminId);
  });
});
