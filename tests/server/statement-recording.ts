/**
 * Counting the statements a request sends (docs/performance.md: pages are bound by their number of round trips).
 * The app runs on a Drizzle instance over the same database client that records every statement it sends.
 */
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { buildApp } from '../../server/app';
import type { Database, DatabaseHandle } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { testConfig } from '../support/app';
import { freshDatabase } from '../support/database';
import { REFS, seedItemLibrary } from './item-page-fixture';

export const ITEM_PAGE = `/i/${REFS.public}`;

export interface RecordingApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /**
   * The statements one request sends, in order, each named by what it is. The view recorder's batches are written
   * on a timer, whenever it fires: they are not the request's, so they are left out unless asked for; the request
   * log's, always.
   */
  statementsOf(request: () => Promise<unknown>, options?: { views?: boolean }): Promise<string[]>;
}

/** An app on a fresh item library (one per test file: apps of different settings must not share connections). */
export function useRecordingApp(env: Record<string, string> = {}): RecordingApp {
  const sent: string[] = [];
  const context = {
    async statementsOf(request: () => Promise<unknown>, { views = false } = {}) {
      sent.length = 0;
      await request();
      return sent.map(kindOf).filter((kind) => kind !== 'request log' && (views || kind !== 'views'));
    },
  } as RecordingApp;
  beforeAll(async () => {
    context.database = await freshDatabase();
    await seedItemLibrary(context.database);
    context.app = await buildApp(testConfig(env), { database: { ...context.database, db: recordingDatabase(context.database, sent) } });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

/** The same database client, with a logger that keeps every statement. */
function recordingDatabase(handle: DatabaseHandle, sent: string[]): Database {
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  return handle.kind === 'pglite'
    ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Database)
    : (drizzlePg(client as pg.Pool, { schema, logger }) as unknown as Database);
}

function kindOf(statement: string): string {
  // Which parts a statement brings: the item's images come first, the affirmation options last.
  const parts = () => [statement.includes('"item_images"') && 'item', statement.includes("'isNegative'") && 'affirmationOptions'].filter(Boolean).join(',');
  if (statement.startsWith('select "sessions"')) return 'session';
  if (statement.startsWith('select "generation", "version", "lists_version", "level_lists_versions", least(')) return 'snapshot';
  if (statement.startsWith('select "items"."id", "items"."ref"')) return statement.includes('json_agg(') ? `record+parts(${parts()})` : 'record';
  if (statement.includes('insert into "item_views"')) return 'views';
  // The request log's batches, the daily opens and the searches that found nothing (features/request-log) are written
  // on a timer too, never by the request: always left out (a CI run caught the opens' flush inside a measured visit).
  if (/insert into "(http_requests|opens_per_user_type|unmatched_searches)"/.test(statement)) return 'request log';
  if (statement.startsWith('select (select coalesce(json_agg(')) return `parts(${parts()})`;
  if (/ from "(taxonomies|tags)" order by /.test(statement)) return 'tag catalogue';
  return statement;
}
