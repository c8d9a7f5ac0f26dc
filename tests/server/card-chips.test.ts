/** A card's chips (issue 20 §5): its first tags in public filter taxonomies, in order, and its length in minutes. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ItemSummary } from '../../shared/items';
import { contents, taxonomies } from '../../server/db/schema';
import { pageProps } from '../../server/inertia/testing';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { itemIdOf, REFS, seedItemLibrary, signedInJars } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

async function card(ref: string, who: 'anonymous' | 'admin' = 'anonymous'): Promise<ItemSummary> {
  const page = pageProps((await visit(ctx.app, '/item', await jarOf(who))).page, 'items/Index');
  return page.items.data.find((item) => item.ref === ref)!;
}

describe('card chips', () => {
  it('are the tags of public filter taxonomies in their order, never a hidden taxonomy’s, even for an admin', async () => {
    expect((await card(REFS.public)).chips).toEqual(['Resource', 'Primary']);
    expect((await card(REFS.public, 'admin')).chips).toEqual(['Resource', 'Primary']);
    await ctx.app.db.update(taxonomies).set({ position: 5 }).where(eq(taxonomies.title, 'Type'));
    try {
      expect((await card(REFS.public)).chips).toEqual(['Primary', 'Resource']);
    } finally {
      await ctx.app.db.update(taxonomies).set({ position: 0 }).where(eq(taxonomies.title, 'Type'));
    }
  });

  it('give the longest published length that anyone who lists the item may open', async () => {
    expect((await card(REFS.public)).minutes).toBeNull();
    const itemId = await itemIdOf(ctx.database, REFS.public);
    await ctx.app.db.insert(contents).values([
      { itemId, label: 'Intro video', format: 'video', lengthMinutes: 12 },
      { itemId, label: 'Draft cut', format: 'video', lengthMinutes: 40, published: false },
      { itemId, label: 'Staff briefing', format: 'video', lengthMinutes: 55, minimumAccessLevel: 4 },
      { itemId, label: 'Handout', format: 'pdf' },
    ]);
    expect((await card(REFS.public)).minutes).toBe(12);
  });
});
