/**
 * How many statements an item page costs (docs/performance.md: the page is bound by its number of round trips).
 * The app runs on a Drizzle instance over the same database client that records every statement it sends, so a
 * return to one query per part of the page fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { ItemDetail } from '../../shared/items';
import { buildApp } from '../../server/app';
import type { Database, DatabaseHandle } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { testConfig, type CookieJar } from '../support/app';
import { freshDatabase } from '../support/database';
import { signInAs, visit } from '../support/http';
import { REFS, seedItemLibrary } from './item-page-fixture';

let database: DatabaseHandle;
let app: FastifyInstance;
const sent: string[] = [];

/** The same database client, with a logger that keeps every statement. */
function recordingDatabase(handle: DatabaseHandle): Database {
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  return handle.kind === 'pglite'
    ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Database)
    : (drizzlePg(client as pg.Pool, { schema, logger }) as unknown as Database);
}

beforeAll(async () => {
  database = await freshDatabase();
  await seedItemLibrary(database);
  app = await buildApp(testConfig(), { database: { ...database, db: recordingDatabase(database) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The statements one request sends, in order, each named by what it is. */
async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await request();
  return sent.map(kindOf);
}

function kindOf(statement: string): string {
  // Which parts a statement brings: the item's images come first, the affirmation options last.
  const parts = () => [statement.includes('"item_images"') && 'item', statement.includes("'isNegative'") && 'affirmationOptions'].filter(Boolean).join(',');
  if (statement.startsWith('select "sessions"')) return 'session';
  if (statement.startsWith('select "items"."id", "items"."ref"')) return statement.includes('json_agg(') ? `record+parts(${parts()})` : 'record';
  if (statement.includes('insert into "item_views"')) return 'views';
  if (statement.startsWith('select (select coalesce(json_agg(')) return `parts(${parts()})`;
  if (/ from "(taxonomies|tags)" order by /.test(statement)) return 'tag catalogue';
  return statement;
}

const ITEM_PAGE = `/i/${REFS.public}`;
const partialReload = (only: string) => ({ 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': only });

describe('statements per item page', () => {
  const jars = new Map<string, CookieJar | undefined>();
  /** Signed in (or not), with one visit behind them, so that saving the session after the welcome notice is out of the way. */
  async function jarOf(who: 'anonymous' | 'leader' | 'admin' | 'team'): Promise<CookieJar | undefined> {
    if (!jars.has(who)) {
      const jar = who === 'anonymous' ? undefined : await signInAs(app, `${who}@example.org`);
      await visit(app, ITEM_PAGE, jar);
      jars.set(who, jar);
    }
    return jars.get(who);
  }

  it.each(['leader', 'admin'] as const)('a visit by the %s costs its session and ONE statement for the record and all the parts', async (who) => {
    const jar = await jarOf(who);
    let page: { props: { item: ItemDetail; affirmationOptions: unknown[] } } | undefined;
    const statements = await statementsOf(async () => {
      const visited = await visit(app, ITEM_PAGE, jar);
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
    const statements = await statementsOf(() => visit(app, ITEM_PAGE, jar));
    expect(statements).toEqual(['record+parts(item,affirmationOptions)']);
  });

  it('the item’s maintainer, whose page holds more, gets the parts again in their shape', async () => {
    const jar = await jarOf('team');
    let item: ItemDetail | undefined;
    const statements = await statementsOf(async () => {
      item = (await visit(app, ITEM_PAGE, jar)).page.props.item;
    });
    expect(statements.slice(0, 3)).toEqual(['session', 'record+parts(item,affirmationOptions)', 'parts(item,affirmationOptions)']);
    expect(statements.slice(3)).toEqual(['tag catalogue', 'tag catalogue']);
    expect(item!.tasks).toHaveLength(3);
  });

  it('writes the views of many visits in one statement, off the requests', async () => {
    await app.itemViews.flush();
    const jar = await jarOf('leader');
    const during = await statementsOf(async () => {
      for (let n = 0; n < 3; n += 1) await visit(app, ITEM_PAGE, jar);
    });
    expect(during).not.toContain('views');
    expect(await statementsOf(() => app.itemViews.flush())).toEqual(['views']);
  });

  it('a partial reload of the affirmation options (after an affirmation) loads only them', async () => {
    const jar = await jarOf('leader');
    let props: Record<string, unknown> = {};
    const statements = await statementsOf(async () => {
      props = (await visit(app, ITEM_PAGE, jar, partialReload('affirmationOptions'))).page.props;
    });
    expect(statements).toEqual(['session', 'record', 'parts(affirmationOptions)']);
    expect(props.affirmationOptions).toHaveLength(2);
    expect(props.item).toBeUndefined();
  });

  it('a partial reload of the item loads no affirmation options', async () => {
    const jar = await jarOf('leader');
    const statements = await statementsOf(() => visit(app, ITEM_PAGE, jar, partialReload('item')));
    expect(statements).toEqual(['session', 'record', 'parts(item)']);
  });
});
