/**
 * `BENCH_DATABASE_URL=… npm run explain -- --database NAME [--only WORDS]`: EXPLAIN (ANALYZE, BUFFERS) of the
 * item queries as a level-3 viewer (the demo leader) sends them, against a bench database (see
 * docs/performance.md). The SQL comes from the app's own query builders (`.toSQL()`); the item page's
 * parts statement is recorded from the real loader through a Drizzle logger. Each statement runs once to warm
 * the cache, then its plan is printed.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { ANONYMOUS } from '../server/access/policy';
import { openDatabase, type Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { items } from '../server/db/schema';
import { listingCounts, listingPageQuery, listItems, suggestionsFor, typeAheadMatches } from '../server/features/discovery/queries';
import { textSearch } from '../server/items';
import { filterTaxonomies, tagIdsInUse } from '../server/features/discovery/tag-catalogue';
import { loadItemParts } from '../server/features/items/detail';
import { findItemRecord, itemRecordQuery } from '../server/items';
import { urlWithDatabase } from './bench/database';
import { pickBenchFixtures, type BenchFixtures } from './bench/fixtures';

interface Statement {
  name: string;
  sql: string;
  params: unknown[];
}

const USAGE = `Usage: BENCH_DATABASE_URL=postgres://… npm run explain -- --database NAME [--only WORDS]
  --database NAME  the bench database on that server (as kept by npm run bench -- --reuse NAME)
  --only WORDS     only the statements whose name contains one of these comma-separated words`;

const { values } = parseArgs({
  options: { database: { type: 'string' }, only: { type: 'string', default: '' }, help: { type: 'boolean', short: 'h', default: false } },
});
const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
if (values.help || !values.database || !serverUrl) {
  console.log(USAGE);
  process.exitCode = values.help ? 0 : 1;
} else {
  await explainAll(
    urlWithDatabase(serverUrl, values.database),
    values.only
      .split(',')
      .map((word) => word.trim().toLowerCase())
      .filter(Boolean),
  );
}

async function explainAll(url: string, only: string[]): Promise<void> {
  const handle = await openDatabase({ url, pgliteDataDir: '', poolSize: 2 });
  try {
    const { db } = handle;
    const fixtures = await pickBenchFixtures(db);
    const statements = [...(await indexStatements(db, fixtures)), ...(await typeAheadStatements(db, fixtures)), ...(await itemPageStatements(db, fixtures))];
    console.log(
      `Viewer ${fixtures.viewer.email} (level ${fixtures.viewer.level}); filters ${fixtures.filterTags.map((tag) => tag.fullLabel).join(', ')}; search '${fixtures.searchTerm}'`,
    );
    for (const statement of statements.filter((candidate) => only.length === 0 || only.some((word) => candidate.name.toLowerCase().includes(word)))) {
      await printPlan(poolOf(db), statement);
    }
  } finally {
    await handle.close();
  }
}

/** The node-postgres pool under the app's Drizzle instance (set up as the app sets it up, JIT off included). */
function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

function statement(name: string, query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  return { name, ...query.toSQL() };
}

async function indexStatements(db: Database, fixtures: BenchFixtures): Promise<Statement[]> {
  const now = new Date();
  const browsed = listingPageQuery(db, fixtures.viewer, fixtures.catalogue, { listing: 'all', search: '', tags: [], page: 1 }, now);
  return [
    ...(await recordedStatements(db, 'listing: 3 tags + search, as listItems runs it', (recording) =>
      listItems(recording, fixtures.viewer, fixtures.catalogue, { listing: 'all', search: fixtures.searchTerm, tags: fixtures.filterTags, page: 1 }),
    )),
    ...(await recordedStatements(db, 'search: best first, page', (recording) =>
      listItems(recording, fixtures.viewer, fixtures.catalogue, { listing: 'all', search: fixtures.searchTerm, tags: [], page: 1 }),
    )),
    statement('listing: all items, page', browsed),
    ...(await recordedStatements(db, 'listing: filter tags in use', (recording) => tagIdsInUse(recording, fixtures.viewer))),
    ...(await tagCountStatements(db, fixtures)),
    ...(await rareCombinationStatements(db, fixtures)),
    ...(await deepPageStatements(db, fixtures)),
  ];
}

/**
 * The infinite scroll's later pages (offset paging): the 40th page of all items, of one tag and of a search, for the
 * leader and for a visitor (who may list fewer items, so the same page lies deeper in the title order).
 */
async function deepPageStatements(db: Database, fixtures: BenchFixtures): Promise<Statement[]> {
  const requests = [
    { what: 'all items', search: '', tags: [] },
    { what: 'one tag', search: '', tags: fixtures.filterTags.slice(0, 1) },
    { what: 'a search', search: fixtures.searchTerm, tags: [] },
  ];
  const statements: Statement[] = [];
  for (const [who, viewer] of [
    ['leader', fixtures.viewer],
    ['visitor', ANONYMOUS],
  ] as const) {
    for (const { what, search, tags } of requests) {
      for (const page of [1, 40]) {
        statements.push(
          ...(await recordedStatements(db, `deep pages: ${what}, ${who}, page ${page}`, (recording) =>
            listItems(recording, viewer, fixtures.catalogue, { listing: 'all', search, tags, page }),
          )),
        );
      }
    }
  }
  return statements;
}

/** Tags no item carries together: the page and its count, the tag counts and the suggestions (`filteredIds`). */
async function rareCombinationStatements(db: Database, fixtures: BenchFixtures): Promise<Statement[]> {
  const rare = { listing: 'all' as const, search: '', tags: fixtures.rareFilterTags, page: 1 };
  const offered = filterTaxonomies(fixtures.catalogue, await tagIdsInUse(db, fixtures.viewer), fixtures.rareFilterTags);
  return [
    ...(await recordedStatements(db, 'rare tags: page', (recording) => listItems(recording, fixtures.viewer, fixtures.catalogue, rare))),
    ...(await recordedStatements(db, 'rare tags + search: page', (recording) =>
      listItems(recording, fixtures.viewer, fixtures.catalogue, { ...rare, search: fixtures.searchTerm }),
    )),
    ...(await recordedStatements(db, 'rare together: a common tag with a common word, page', (recording) =>
      listItems(recording, fixtures.viewer, fixtures.catalogue, { ...rare, tags: fixtures.rareFilterTags.slice(0, 1), search: fixtures.searchTerm }),
    )),
    ...(await recordedStatements(db, 'rare together: a common tag never with a common word, page', (recording) =>
      listItems(recording, fixtures.viewer, fixtures.catalogue, { ...rare, tags: [fixtures.neverWithSearchTag], search: fixtures.searchTerm }),
    )),
    ...(await recordedStatements(db, 'rare tags + search: tag counts', (recording) =>
      listingCounts(recording, fixtures.viewer, fixtures.catalogue, { ...rare, search: fixtures.searchTerm }, offered),
    )),
    ...(await recordedStatements(db, 'rare tags: tag counts', (recording) => listingCounts(recording, fixtures.viewer, fixtures.catalogue, rare, offered))),
    ...(await recordedStatements(db, 'rare tags: suggestions', (recording) => suggestionsFor(recording, fixtures.viewer, fixtures.catalogue, rare))),
  ];
}

/** A list's counts (one statement: the total and every offered tag's count), unfiltered and filtered. */
async function tagCountStatements(db: Database, fixtures: BenchFixtures): Promise<Statement[]> {
  const offered = filterTaxonomies(fixtures.catalogue, await tagIdsInUse(db, fixtures.viewer), fixtures.filterTags);
  const all = { listing: 'all' as const, search: '', tags: [], page: 1 };
  const filtered = { listing: 'all' as const, search: fixtures.searchTerm, tags: fixtures.filterTags, page: 1 };
  return [
    ...(await recordedStatements(db, 'listing: tag counts, all items', (recording) =>
      listingCounts(recording, fixtures.viewer, fixtures.catalogue, all, offered),
    )),
    ...(await recordedStatements(db, 'listing: tag counts, 3 tags + search', (recording) =>
      listingCounts(recording, fixtures.viewer, fixtures.catalogue, filtered, offered),
    )),
    ...(await recordedStatements(db, 'search: suggestions for a search matching nothing', (recording) =>
      suggestionsFor(recording, fixtures.viewer, fixtures.catalogue, { ...filtered, search: 'qqqzzz' }),
    )),
  ];
}

async function typeAheadStatements(db: Database, fixtures: BenchFixtures): Promise<Statement[]> {
  const statements: Statement[] = [];
  for (const prefix of fixtures.typeAheadPrefixes.slice(0, 2)) {
    statements.push(
      ...(await recordedStatements(db, `type-ahead '${prefix}'`, (recording) => typeAheadMatches(recording, fixtures.viewer, textSearch(prefix)!, new Date()))),
    );
  }
  return statements;
}

async function itemPageStatements(db: Database, fixtures: BenchFixtures): Promise<Statement[]> {
  const ref = fixtures.itemRefs[0];
  const record = (await findItemRecord(db, ref))!;
  const parts = await recordedStatements(db, 'item page: parts', (recording) =>
    loadItemParts(recording, fixtures.viewer, record, ['item', 'affirmationOptions']),
  );
  return [statement('item page: record', itemRecordQuery(db, eq(items.ref, ref))), ...parts];
}

/** Runs `work` on a Drizzle instance that records every statement it sends (the loaders' real SQL). */
async function recordedStatements(db: Database, prefix: string, work: (recording: Database) => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  // The search's own estimate (an EXPLAIN, best-first.ts) is named, not explained again.
  const logger = {
    logQuery: (sql: string, params: unknown[]) =>
      sql.startsWith('explain')
        ? console.log(`\n=== ${prefix}: the planner's estimate ===\n${sql}`)
        : recorded.push({ name: `${prefix}: ${firstTable(sql)}`, sql, params }),
  };
  await work(drizzle(poolOf(db), { schema, logger }) as unknown as Database);
  return recorded;
}

/** Names a recorded statement by the table its outermost FROM reads (subqueries in the select list skipped). */
function firstTable(sql: string): string {
  let depth = 0;
  for (let index = 0; index < sql.length; index += 1) {
    if (sql[index] === '(') depth += 1;
    else if (sql[index] === ')') depth -= 1;
    else if (depth === 0 && sql.startsWith(' from "', index)) return sql.slice(index + 7, sql.indexOf('"', index + 7));
  }
  return 'statement';
}

async function printPlan(pool: pg.Pool, { name, sql, params }: Statement): Promise<void> {
  const explain = `explain (analyze, buffers) ${sql}`;
  await pool.query(explain, params);
  const plan = await pool.query<{ 'QUERY PLAN': string }>(explain, params);
  console.log(`\n=== ${name} ===\n${sql}\n-- params: ${JSON.stringify(params)}`);
  for (const row of plan.rows) console.log(row['QUERY PLAN']);
}
