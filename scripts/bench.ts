/**
 * `npm run bench [-- --items N --connections C --seconds S --warmup W --reuse NAME --only WORDS]`: builds a generated
 * library (in a temporary PGlite directory, or on the PostgreSQL server of BENCH_DATABASE_URL), serves the
 * app in a child process on loopback and measures routes with autocannon: requests per second, p50/p95/p99
 * latency and non-2xx answers. Prints figures; exits non-zero only when a scenario gets unexpected errors.
 * See docs/performance.md.
 */
import { prepareBenchDatabase, withBenchDatabase } from './bench/database';
import { BENCH_VIEWER_EMAIL, indexPath, pickBenchFixtures, type BenchFixtures } from './bench/fixtures';
import { runScenario, waitUntilSettled, type Scenario, type ScenarioFigures } from './bench/load';
import { BENCH_USAGE, parseBenchOptions } from './bench/options';
import { tableHeader, tableRow } from './bench/report';
import { startBenchServer } from './bench/server';
import { assetVersion, inertiaVisitHeaders, signInAs } from './bench/session';

const options = parseBenchOptions(process.argv.slice(2), process.env);
if (options.help) {
  console.log(BENCH_USAGE);
} else {
  await runBench();
}

async function runBench(): Promise<void> {
  const database = await prepareBenchDatabase(options, (message) => console.log(message));
  try {
    const fixtures = await withBenchDatabase(database, (handle) => pickBenchFixtures(handle.db));
    const server = await startBenchServer(database);
    try {
      const { scenarios: all, settleHeaders } = await benchScenarios(server.address, fixtures);
      const scenarios = all.filter(isSelected);
      console.log(`\n${database.itemCount} items, ${options.connections} connections, ${options.seconds} s per scenario after ${options.warmup} s of warm-up, ${database.description}`);
      console.log(`Index filters: ${fixtures.filterTags.map((tag) => tag.fullLabel).join(', ')}; search '${fixtures.searchTerm}' (${fixtures.indexMatches} matches)\n`);
      console.log(tableHeader());
      const figures: ScenarioFigures[] = [];
      for (const scenario of scenarios) {
        await waitUntilSettled(server.address, settleHeaders);
        figures.push(await runScenario(scenario, { address: server.address, connections: options.connections, seconds: options.seconds, warmupSeconds: options.warmup }));
        console.log(tableRow(figures[figures.length - 1]));
      }
      reportUnexpectedFailures(scenarios, figures);
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

/** The scenarios, and the headers of a signed-in request that shows when the server has caught up. */
async function benchScenarios(address: string, fixtures: BenchFixtures): Promise<{ scenarios: Scenario[]; settleHeaders: Record<string, string> }> {
  const version = await assetVersion(address);
  const staffCookie = await signInAs(address, 'staff@example.org');
  const leaderVisit = inertiaVisitHeaders(await signInAs(address, BENCH_VIEWER_EMAIL), version);
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
  ];
  return { scenarios, settleHeaders: leaderVisit };
}

function isSelected(scenario: Scenario): boolean {
  return options.only.length === 0 || options.only.some((word) => scenario.name.toLowerCase().includes(word));
}

function reportUnexpectedFailures(scenarios: Scenario[], figures: ScenarioFigures[]): void {
  const failing = figures.filter((result, index) => result.errors > 0 || (result.non2xx > 0 && !scenarios[index].expectsErrorStatus));
  if (failing.length === 0) return;
  console.error(`\nUnexpected non-2xx answers or errors in: ${failing.map((result) => result.name).join(', ')}`);
  process.exitCode = 1;
}
