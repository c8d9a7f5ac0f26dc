/**
 * `npm run bench [-- --items N --requests N --connections C --seconds S --warmup W --reuse NAME --only WORDS]`: builds
 * a generated library and request log (in a temporary PGlite directory, or on the PostgreSQL server of
 * BENCH_DATABASE_URL), serves the app in a child process on loopback, times every admin stats page one request at a
 * time (bench/stats.ts) and measures routes with autocannon: requests per second, p50/p95/p99 latency and non-2xx
 * answers. Prints figures; exits non-zero only when a scenario gets unexpected errors or a stats answer is not 200.
 * See docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { affirmationOptions, items, tags, taxonomies } from '../server/db/schema';
import { BATCH_MAX_ITEMS } from '../shared/batch-edit';
import { VISIBILITY } from '../shared/enums';
import { CROWD_CONNECTIONS, CROWD_SCENARIO_NAME, crowdScenario, prepareCrowd, type Crowd } from './bench/crowd';
import { prepareBenchDatabase, withBenchDatabase, type BenchDatabase } from './bench/database';
import { apiItemsPath, BENCH_VIEWER_EMAIL, indexPath, pickBenchFixtures, type BenchFixtures } from './bench/fixtures';
import { runScenario, waitUntilSettled, type Scenario, type ScenarioFigures } from './bench/load';
import { BENCH_USAGE, parseBenchOptions } from './bench/options';
import { loadVocabulary, realisticScenarios, startBackgroundWriter, writerTagRefs, type Vocabulary } from './bench/realistic';
import { downloadSummary, sideBySideTable, statsTableHeader, statsTableRow, tableHeader, tableRow } from './bench/report';
import { startBenchCluster } from './bench/cluster';
import { runWritersScenario, WRITERS_SCENARIO_NAME, writersTable, type WritersSetup } from './bench/writers';
import { startBenchServer, type BenchServer, type BenchServerOptions } from './bench/server';
import { assetVersion, inertiaVisitHeaders, personalAccessToken, signInAs, writeHeaders } from './bench/session';
import {
  requestsInRange,
  runStatsCheck,
  STATS_ADMIN_EMAIL,
  STATS_METHOD_NOTE,
  statsChecks,
  statsRanges,
  type StatsCheck,
  type StatsFigures,
} from './bench/stats';

const options = parseBenchOptions(process.argv.slice(2), process.env);
if (options.help) {
  console.log(BENCH_USAGE);
} else {
  await runBench();
}

async function runBench(): Promise<void> {
  const checks = statsChecks().filter(isSelected);
  const seed = { items: options.items, requests: checks.length > 0 ? options.requests : 0 };
  const database = await prepareBenchDatabase(options, seed, (message) => console.log(message));
  const secret = randomBytes(32).toString('hex');
  try {
    const { fixtures, crowd, vocabulary } = await withBenchDatabase(database, async (handle) => ({
      fixtures: await pickBenchFixtures(handle.db),
      crowd: isSelected({ name: CROWD_SCENARIO_NAME }) ? await prepareCrowd(handle.db, secret) : null,
      vocabulary: await loadVocabulary(handle.db),
    }));
    const server = await startTarget(database, { secret });
    let comparison: ComparisonScenarios | null = null;
    try {
      // The stats go first: the load scenarios' own requests are logged too, and would crowd the newest day.
      if (checks.length > 0) await runStatsChecks(server.address, checks, database.requestCount);
      await runLoadScenarios(server, fixtures, database);
      comparison = await comparisonScenarios(server.address, fixtures, vocabulary);
      if (comparison) comparison.cached = await runWithWriter(server, comparison, 'library cache on');
    } finally {
      await server.stop();
    }
    if (comparison) await runColdComparison(database, secret, comparison);
    if (crowd) await runCrowdScenario(database, secret, crowd);
    if (isSelected({ name: WRITERS_SCENARIO_NAME })) await runWritersBench(database, secret);
  } finally {
    await database.dispose();
  }
}

/** One app, or `--instances` of them behind HAProxy. */
function startTarget(database: BenchDatabase, serverOptions: BenchServerOptions): Promise<BenchServer> {
  return options.instances > 0 ? startBenchCluster(database, serverOptions, options.instances) : startBenchServer(database, serverOptions);
}

/** The crowd on a server of its own with the default rate limits (the other scenarios would exceed them on purpose). */
async function runCrowdScenario(database: BenchDatabase, secret: string, crowd: Crowd): Promise<void> {
  const server = await startTarget(database, { secret, defaultRateLimits: true });
  try {
    const scenario = crowdScenario(crowd, await assetVersion(server.address));
    console.log(
      `\n${crowd.cookies.length} signed-in people from one address, ${CROWD_CONNECTIONS} connections, default rate limits (${options.seconds} s after ${options.warmup} s of warm-up)\n`,
    );
    console.log(tableHeader());
    const figures = await runScenario(scenario, {
      address: server.address,
      connections: CROWD_CONNECTIONS,
      seconds: options.seconds,
      warmupSeconds: options.warmup,
    });
    console.log(tableRow(figures));
    console.log(`429 answers: ${figures.tooMany}; 5xx answers: ${figures.serverErrors}`);
    reportUnexpectedFailures([scenario], [figures]);
  } finally {
    await server.stop();
  }
}

/** What the writers scenario writes on: public items, the library's first 10,000 items, a tag of a multiselect taxonomy, an affirmation. */
async function writersTargets(db: Database): Promise<Pick<WritersSetup, 'itemRefs' | 'batchRefs' | 'batchTagRef' | 'affirmationRef'>> {
  const publicItems = await db
    .select({ ref: items.ref })
    .from(items)
    .where(and(eq(items.visibility, VISIBILITY.DISCOVERABLE), eq(items.minimumAccessLevel, 0), isNull(items.expiresAt)))
    .orderBy(asc(items.id))
    .limit(60);
  const batch = await db.select({ ref: items.ref }).from(items).orderBy(asc(items.id)).limit(BATCH_MAX_ITEMS);
  const [tag] = await db
    .select({ ref: tags.ref })
    .from(tags)
    .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .where(eq(taxonomies.multiselect, true))
    .orderBy(asc(tags.id))
    .limit(1);
  const [affirmation] = await db.select({ ref: affirmationOptions.ref }).from(affirmationOptions).orderBy(asc(affirmationOptions.position)).limit(1);
  if (publicItems.length === 0 || !tag || !affirmation)
    throw new Error('The writers scenario needs public items, a multiselect taxonomy with a tag and an affirmation option');
  return { itemRefs: publicItems.map((row) => row.ref), batchRefs: batch.map((row) => row.ref), batchTagRef: tag.ref, affirmationRef: affirmation.ref };
}

/** Members' writes alone and beside a 10,000-item batch edit and a held mail row, on a server of their own (bench/writers.ts). */
async function runWritersBench(database: BenchDatabase, secret: string): Promise<void> {
  const targets = await withBenchDatabase(database, (handle) => writersTargets(handle.db));
  const server = await startTarget(database, { secret });
  try {
    const setup: WritersSetup = {
      ...targets,
      address: server.address,
      databaseUrl: database.kind === 'postgres' ? database.url : null,
      writesPerSecond: options.memberWrites,
      seconds: options.seconds,
    };
    console.log(
      `\n${WRITERS_SCENARIO_NAME}: ${options.memberWrites} writes/s (comment, affirm, share) for ${options.seconds} s per phase; the batch edit covers ${targets.batchRefs.length.toLocaleString('en')} items${setup.databaseUrl ? '' : ' (no mail hold: PGlite has one connection)'}\n`,
    );
    const phases = await runWritersScenario(setup);
    console.log(writersTable(phases));
    if (phases.some((phase) => phase.failed > 0)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

async function runLoadScenarios(server: BenchServer, fixtures: BenchFixtures, database: BenchDatabase): Promise<void> {
  const { scenarios: all, settleHeaders } = await benchScenarios(server.address, fixtures);
  const scenarios = all.filter(isSelected);
  if (scenarios.length === 0) return;
  const target = options.instances > 0 ? `, through HAProxy to ${options.instances} instance${options.instances === 1 ? '' : 's'}` : '';
  console.log(
    `\n${database.itemCount} items, ${options.connections} connections, ${options.seconds} s per scenario after ${options.warmup} s of warm-up, ${database.description}${target}`,
  );
  console.log(
    `Index filters: ${fixtures.filterTags.map((tag) => tag.fullLabel).join(', ')}; search '${fixtures.searchTerm}' (${fixtures.indexMatches} matches)\n`,
  );
  console.log(tableHeader());
  const figures: ScenarioFigures[] = [];
  for (const scenario of scenarios) {
    await waitUntilSettled(server.address, settleHeaders);
    figures.push(
      await runScenario(scenario, { address: server.address, connections: options.connections, seconds: options.seconds, warmupSeconds: options.warmup }),
    );
    console.log(tableRow(figures[figures.length - 1]));
  }
  reportUnexpectedFailures(scenarios, figures);
}

interface ComparisonScenarios {
  scenarios: Scenario[];
  settleHeaders: Record<string, string>;
  writerCookie: string;
  itemRefs: string[];
  tagRefs: string[];
  cached: ScenarioFigures[];
}

/**
 * The item scenarios and the distinct-question ones (bench/realistic.ts), measured with the background writer on,
 * first with the library cache and then on a server without it: what people feel when their question is new.
 */
async function comparisonScenarios(address: string, fixtures: BenchFixtures, vocabulary: Vocabulary): Promise<ComparisonScenarios | null> {
  const version = await assetVersion(address);
  const { scenarios: standard, settleHeaders } = await benchScenarios(address, fixtures);
  const realistic = await realisticScenarios(address, version, vocabulary, fixtures.catalogue);
  const scenarios = [...standard.filter((scenario) => / \(leader\)$/.test(scenario.name)), ...realistic.scenarios].filter(isSelected);
  if (scenarios.length === 0) return null;
  return {
    scenarios,
    settleHeaders,
    writerCookie: realistic.writerCookie,
    itemRefs: fixtures.itemRefs,
    tagRefs: writerTagRefs(fixtures.catalogue),
    cached: [],
  };
}

async function runWithWriter(server: BenchServer, comparison: ComparisonScenarios, label: string): Promise<ScenarioFigures[]> {
  console.log(`
${label}, background writer at ${options.writes} writes/s (item blurb, comment, tag added, tag removed), viewers rotating (visitor, levels 1–4) in the distinct scenarios
`);
  console.log(tableHeader());
  const figures: ScenarioFigures[] = [];
  for (const scenario of comparison.scenarios) {
    await waitUntilSettled(server.address, comparison.settleHeaders);
    const writer =
      options.writes > 0
        ? startBackgroundWriter(server.address, comparison.writerCookie, { itemRefs: comparison.itemRefs, tagRefs: comparison.tagRefs }, options.writes)
        : null;
    figures.push(
      await runScenario(scenario, { address: server.address, connections: options.connections, seconds: options.seconds, warmupSeconds: options.warmup }),
    );
    const writes = writer ? await writer.stop() : { done: 0, failed: 0 };
    console.log(`${tableRow(figures[figures.length - 1]!)}   writes ${writes.done} ok, ${writes.failed} failed`);
    if (writes.failed > 0) process.exitCode = 1;
  }
  reportUnexpectedFailures(comparison.scenarios, figures);
  return figures;
}

async function runColdComparison(database: BenchDatabase, secret: string, comparison: ComparisonScenarios): Promise<void> {
  const server = await startTarget(database, { secret, cacheEntries: 0 });
  try {
    const cold = await runWithWriter(server, comparison, 'library cache off (LIBRARY_CACHE_ENTRIES=0)');
    console.log(`
Cached and cold side by side (ms):
${sideBySideTable(comparison.cached, cold)}`);
  } finally {
    await server.stop();
  }
}

/** The stats part: each check one request at a time, as an admin; a table of median and worst against the 1 s target. */
async function runStatsChecks(address: string, checks: StatsCheck[], requestCount: number): Promise<void> {
  const adminVisit = inertiaVisitHeaders(await signInAs(address, STATS_ADMIN_EMAIL), await assetVersion(address));
  const inRanges = await Promise.all(
    statsRanges().map(async (range) => `${range.label} ${(await requestsInRange(address, range, adminVisit)).toLocaleString('en')}`),
  );
  console.log(`\nAdmin stats as ${STATS_ADMIN_EMAIL}: ${requestCount.toLocaleString('en')} logged requests; in range: ${inRanges.join(', ')}`);
  console.log(`${STATS_METHOD_NOTE}\n`);
  console.log(statsTableHeader());
  const figures: StatsFigures[] = [];
  for (const check of checks) {
    figures.push(await runStatsCheck(check, address, adminVisit));
    console.log(statsTableRow(figures[figures.length - 1]));
  }
  for (const download of figures.filter((result) => result.download)) console.log(`\n${downloadSummary(download)}`);
  reportFailingStats(figures);
}

function reportFailingStats(figures: StatsFigures[]): void {
  const failing = figures.filter((result) => result.status !== 200);
  if (failing.length === 0) return;
  console.error(`\nStats answers other than 200: ${failing.map((result) => `${result.check.name} (${result.status})`).join(', ')}`);
  process.exitCode = 1;
}

/** The scenarios, and the headers of a signed-in request that shows when the server has caught up. */
async function benchScenarios(address: string, fixtures: BenchFixtures): Promise<{ scenarios: Scenario[]; settleHeaders: Record<string, string> }> {
  const version = await assetVersion(address);
  const staffCookie = await signInAs(address, 'staff@example.org');
  const leaderCookie = await signInAs(address, BENCH_VIEWER_EMAIL);
  const leaderVisit = inertiaVisitHeaders(leaderCookie, version);
  const apiHeaders = { authorization: `Bearer ${await personalAccessToken(address, leaderCookie, version)}`, accept: 'application/json' };
  const scenarios: Scenario[] = [
    { name: 'home, first visit (HTML)', paths: ['/'] },
    { name: 'home, Inertia visit (JSON)', paths: ['/'], headers: { 'X-Inertia': 'true', 'X-Inertia-Version': version } },
    { name: 'login page', paths: ['/login'] },
    { name: 'unknown route (404 page)', paths: ['/no/such/page'], expectsErrorStatus: true },
    { name: 'navigation history (staff)', paths: ['/user/item_history_for_navigation'], headers: { cookie: staffCookie, accept: 'application/json' } },
    { name: 'item index, 3 tags + search (leader)', paths: [indexPath(fixtures)], headers: leaderVisit },
    { name: 'item index, no filters (leader)', paths: ['/item'], headers: leaderVisit },
    { name: 'item page (leader)', paths: fixtures.itemRefs.map((ref) => `/i/${ref}`), headers: leaderVisit },
    {
      name: 'type-ahead (leader)',
      paths: fixtures.typeAheadPrefixes.map((prefix) => `/item?${new URLSearchParams({ search: prefix, simplejson: 'true' })}`),
      headers: { cookie: leaderVisit.cookie, accept: 'application/json' },
      distinctAddresses: true,
    },
    // The API as a program reads it, with the leader's personal access token: the index's own list and search.
    { name: 'API items, 3 tags + search (leader token)', paths: [apiItemsPath(fixtures)], headers: apiHeaders },
    { name: 'API item (leader token)', paths: fixtures.itemRefs.map((ref) => `/api/v1/items/${ref}`), headers: apiHeaders },
    // Last: its writes move the library's versions, which the scenarios above would otherwise wait to settle. Each
    // edit is a new value, so each writes its row, its history entry and the cache's version.
    {
      name: 'item edit, PATCH blurb (admin)',
      paths: fixtures.itemRefs.map((ref) => `/i/${ref}`),
      headers: writeHeaders(await signInAs(address, STATS_ADMIN_EMAIL), version),
      write: { method: 'PATCH', body: (index) => ({ blurb: `Edited by the bench, request ${index}.` }) },
    },
  ];
  return { scenarios, settleHeaders: leaderVisit };
}

function isSelected(scenario: { name: string }): boolean {
  return options.only.length === 0 || options.only.some((word) => scenario.name.toLowerCase().includes(word));
}

function reportUnexpectedFailures(scenarios: Scenario[], figures: ScenarioFigures[]): void {
  const failing = figures.filter(
    (result, index) => result.errors > 0 || result.serverErrors > 0 || (result.non2xx > 0 && !scenarios[index].expectsErrorStatus && !scenarios[index].write),
  );
  if (failing.length === 0) return;
  console.error(`\nUnexpected non-2xx answers or errors in: ${failing.map((result) => result.name).join(', ')}`);
  process.exitCode = 1;
}
