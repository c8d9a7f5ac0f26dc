/**
 * How many statements an item page costs without the library cache (LIBRARY_CACHE_ENTRIES=0): the record and every
 * part in one statement, so a return to one query per part of the page fails here. With the cache:
 * item-page-cache-statements.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../shared/items';
import type { CookieJar } from '../support/app';
import { signInAs, visit } from '../support/http';
import { ITEM_PAGE, useRecordingApp } from './statement-recording';

// Views wait for an hour, or until flushed: what the requests send, however slowly they run, holds no timed batch.
const recording = useRecordingApp({ LIBRARY_CACHE_ENTRIES: '0', VIEW_BATCH_WINDOW_MS: String(60 * 60 * 1000) });
const statementsOf = recording.statementsOf;
const partialReload = (only: string) => ({ 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': only });

describe('statements per item page', () => {
  const jars = new Map<string, CookieJar | undefined>();
  /** Signed in (or not), with one visit behind them, so that saving the session after the welcome notice is out of the way. */
  async function jarOf(who: 'anonymous' | 'leader' | 'admin' | 'team'): Promise<CookieJar | undefined> {
    if (!jars.has(who)) {
      const jar = who === 'anonymous' ? undefined : await signInAs(recording.app, `${who}@example.org`);
      await visit(recording.app, ITEM_PAGE, jar);
      jars.set(who, jar);
    }
    return jars.get(who);
  }

  it.each(['leader', 'admin'] as const)('a visit by the %s costs its session and ONE statement for the record and all the parts', async (who) => {
    const jar = await jarOf(who);
    let page: { props: { item: ItemDetail; affirmationOptions: unknown[] } } | undefined;
    const statements = await statementsOf(async () => {
      const visited = await visit(recording.app, ITEM_PAGE, jar);
      expect(visited.response.statusCode).toBe(200);
      page = visited.page;
    });
    // Editors also get the tag catalogue to pick tags from (the `taxonomies` prop: taxonomies and tags).
    const catalogue = who === 'admin' ? ['tag catalogue', 'tag catalogue'] : [];
    expect(statements.slice(0, 2)).toEqual(['session', 'record+parts(item,affirmationOptions)']);
    // The props load side by side.
    expect(statements.slice(2).sort()).toEqual(catalogue);
    // That one statement brought every part.
    const item = page!.props.item;
    expect(item.all_images).toHaveLength(2);
    expect(item.tags.length).toBeGreaterThan(0);
    expect(item.characteristics.length).toBeGreaterThan(0);
    expect(item.relations.length).toBeGreaterThan(0);
    expect(item.affirmations).toBe(3);
    expect(item.tasks).toHaveLength(who === 'admin' ? 3 : 0);
    expect(page!.props.affirmationOptions).toHaveLength(2);
  });

  it('an anonymous visit costs one statement for the record and all the parts', async () => {
    const jar = await jarOf('anonymous');
    const statements = await statementsOf(() => visit(recording.app, ITEM_PAGE, jar));
    expect(statements).toEqual(['record+parts(item,affirmationOptions)']);
  });

  it('the item’s maintainer, whose page holds more, gets the parts again in their shape', async () => {
    const jar = await jarOf('team');
    let item: ItemDetail | undefined;
    const statements = await statementsOf(async () => {
      item = (await visit(recording.app, ITEM_PAGE, jar)).page.props.item;
    });
    expect(statements.slice(0, 3)).toEqual(['session', 'record+parts(item,affirmationOptions)', 'parts(item,affirmationOptions)']);
    expect(statements.slice(3)).toEqual(['tag catalogue', 'tag catalogue']);
    expect(item!.tasks).toHaveLength(3);
  });

  it('writes the views of many visits in one statement, off the requests', async () => {
    await recording.app.itemViews.flush();
    const jar = await jarOf('leader');
    const during = await statementsOf(
      async () => {
        for (let n = 0; n < 3; n += 1) await visit(recording.app, ITEM_PAGE, jar);
      },
      { views: true },
    );
    expect(during).not.toContain('views');
    expect(await statementsOf(() => recording.app.itemViews.flush(), { views: true })).toEqual(['views']);
  });

  it('a partial reload of the affirmation options (after an affirmation) loads only them', async () => {
    const jar = await jarOf('leader');
    let props: Record<string, unknown> = {};
    const statements = await statementsOf(async () => {
      props = (await visit(recording.app, ITEM_PAGE, jar, partialReload('affirmationOptions'))).page.props;
    });
    expect(statements).toEqual(['session', 'record', 'parts(affirmationOptions)']);
    expect(props.affirmationOptions).toHaveLength(2);
    expect(props.item).toBeUndefined();
  });

  it('a partial reload of the item loads no affirmation options', async () => {
    const jar = await jarOf('leader');
    const statements = await statementsOf(() => visit(recording.app, ITEM_PAGE, jar, partialReload('item')));
    expect(statements).toEqual(['session', 'record', 'parts(item)']);
  });
});
