/** How many statements an item page costs with the library cache (the default). */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ItemDetail } from '../../shared/items';
import * as schema from '../../server/db/schema';
import type { CookieJar, TestApp } from '../support/app';
import { signInAs, visit } from '../support/http';
import { callFromItemPage, itemIdOf, OPTION_REFS, REFS } from './item-page-fixture';
import { ITEM_PAGE, useRecordingApp } from './statement-recording';

const recording = useRecordingApp();
const statementsOf = recording.statementsOf;

describe('statements per item page, with the library cache', () => {
  const jars = new Map<string, CookieJar | undefined>();
  async function jarOf(who: 'anonymous' | 'leader'): Promise<CookieJar | undefined> {
    if (!jars.has(who)) {
      const jar = who === 'anonymous' ? undefined : await signInAs(recording.app, `${who}@example.org`);
      // One visit elsewhere, so that saving the session after the welcome notice is out of the way.
      await visit(recording.app, '/', jar);
      jars.set(who, jar);
    }
    return jars.get(who);
  }

  it('loads the item’s parts once per access class and version; each visit costs the record with the viewer’s own options', async () => {
    const jar = await jarOf('leader');
    const first = await statementsOf(() => visit(recording.app, ITEM_PAGE, jar));
    expect(first).toEqual(['session', 'record+parts(affirmationOptions)', 'parts(item)']);
    let page: { props: { item: ItemDetail; affirmationOptions: unknown[] } } | undefined;
    const again = await statementsOf(async () => {
      page = (await visit(recording.app, ITEM_PAGE, jar)).page;
    });
    expect(again).toEqual(['session', 'record+parts(affirmationOptions)']);
    expect(page!.props.item.all_images).toHaveLength(2);
    expect(page!.props.item.relations.length).toBeGreaterThan(0);
    expect(page!.props.affirmationOptions).toHaveLength(2);
  });

  it('reads the library version in its own statement for anonymous visitors, who share one entry', async () => {
    await visit(recording.app, ITEM_PAGE, await jarOf('anonymous'));
    expect(await statementsOf(() => visit(recording.app, ITEM_PAGE, undefined))).toEqual(['snapshot', 'record+parts(affirmationOptions)']);
  });

  it('computes the parts again after a write to what they show, and shows it', async () => {
    const jar = await jarOf('leader');
    const before = (await visit(recording.app, ITEM_PAGE, jar)).page.props.item as ItemDetail;
    const mine = await recording.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(schema.itemAffirmations)
      .innerJoin(schema.users, eq(schema.users.id, schema.itemAffirmations.userId))
      .where(and(eq(schema.itemAffirmations.itemId, await itemIdOf(recording.database, REFS.public)), eq(schema.users.email, 'leader@example.org')));
    // Take the leader's affirmation back if they have one, else give one: either way the total moves by one.
    const value = mine[0].n > 0 ? 0 : 1;
    const response = await callFromItemPage({ app: recording.app } as TestApp, jar, 'POST', `${ITEM_PAGE}/affirmation`, REFS.public, {
      affirmation: OPTION_REFS.helpful,
      value,
    });
    expect(response.statusCode).toBe(303);
    let after: ItemDetail | undefined;
    const statements = await statementsOf(async () => {
      after = (await visit(recording.app, ITEM_PAGE, jar)).page.props.item;
    });
    expect(statements).toEqual(['session', 'record+parts(affirmationOptions)', 'parts(item)']);
    expect(after!.affirmations).toBe(before.affirmations + (value === 1 ? 1 : -mine[0].n));
  });
});
