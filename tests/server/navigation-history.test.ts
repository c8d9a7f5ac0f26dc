import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { collections, items, itemViews, users } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/client';
import { useTestApp } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { signInAs, visit } from '../support/http';
import { pageFromDocument } from '../../server/inertia/testing';

async function seedHistory(handle: DatabaseHandle) {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const [member] = await db.select().from(users).where(eq(users.email, 'member@example.org'));
  const rows = await db
    .insert(items)
    .values([
      { code: 'EQ-1', title: 'Assembly Plan: The Lost Sheep', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 },
      { code: 'EQ-2', title: 'Staff Safeguarding Procedures', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      { code: 'EQ-3', title: 'Unfinished Draft by Someone Else', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0 },
      { code: 'EQ-4', title: 'Camp Songbook', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 1 },
    ])
    .returning();
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  await db.insert(itemViews).values([
    { itemId: rows[0].id, userId: member.id, viewedAt: at(50) },
    { itemId: rows[0].id, userId: member.id, viewedAt: at(40) },
    { itemId: rows[0].id, userId: member.id, viewedAt: at(30) },
    { itemId: rows[3].id, userId: member.id, viewedAt: at(5) },
    // Views of items the member may no longer open (level raised, turned back into a draft).
    { itemId: rows[1].id, userId: member.id, viewedAt: at(1) },
    { itemId: rows[2].id, userId: member.id, viewedAt: at(2) },
  ]);
  await db.insert(collections).values({ userId: member.id, title: 'Summer Camp Ideas' });
}

const ctx = useTestApp({ seed: seedHistory });

describe('GET /user/item_history_for_navigation', () => {
  it('lists recent items newest first, frequent items by view count, and own collections', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/user/item_history_for_navigation',
      headers: { cookie: jar.header(), accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const history = response.json();
    expect(history.recentlyViewedItems.map((e: { title: string }) => e.title)).toEqual(['Camp Songbook', 'Assembly Plan: The Lost Sheep']);
    expect(history.frequentlyViewedItems.map((e: { title: string }) => e.title)).toEqual(['Assembly Plan: The Lost Sheep', 'Camp Songbook']);
    expect(history.recentlyViewedItems[0]).toMatchObject({ href: expect.stringMatching(/^\/i\/[0-9a-z]+$/), icon: expect.stringMatching(/^bi-/) });
    expect(history.myCollections).toEqual([{ title: 'Summer Camp Ideas', href: expect.stringMatching(/^\/collection\/[0-9a-z]+$/), icon: 'bi-collection' }]);
  });

  it('never reveals an item the viewer may not open, even one they viewed before', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const response = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
    expect(response.body).not.toContain('Staff Safeguarding Procedures');
    expect(response.body).not.toContain('Unfinished Draft');
  });

  it('another user sees none of the member’s history', async () => {
    const jar = await signInAs(ctx.app, 'leader@example.org');
    const response = await ctx.app.inject({ method: 'GET', url: '/user/item_history_for_navigation', headers: { cookie: jar.header() } });
    expect(response.json()).toEqual({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] });
  });

  it("comes with a signed-in person's first page, which the server draws with it, and with nothing else", async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const document = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: jar.header(), accept: 'text/html' } });
    const history = pageFromDocument(document.body).props.navigationHistory as { recentlyViewedItems: { title: string }[] };
    expect(history.recentlyViewedItems.map((entry) => entry.title)).toEqual(['Camp Songbook', 'Assembly Plan: The Lost Sheep']);
    expect(document.body).not.toContain('Staff Safeguarding Procedures');
    // An Inertia visit keeps the sidebar it has; a visitor has none.
    expect((await visit(ctx.app, '/', jar)).page.props.navigationHistory).toBeUndefined();
    expect(
      pageFromDocument((await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body).props.navigationHistory,
    ).toBeUndefined();
  });
});
