import { parseArgs } from 'node:util';

export const BENCH_USAGE = `Usage: npm run bench -- [--items N] [--requests N] [--connections C] [--seconds S] [--warmup W] [--writes W] [--member-writes M] [--reuse NAME] [--only WORDS]

Seeds a generated library and request log, serves the app in a child process on loopback, times every admin stats
page one request at a time against its 1 s target, then measures routes with autocannon; then measures the item
scenarios and distinct questions (new search words, prefixes, tag combinations, pages, viewers) with a background
writer, with the library cache and without it (cold), side by side.
  --items N        items to seed (default 20000)
  --requests N     logged requests (http_requests) the stats pages count: topped up to N generated rows spread over
                   the last 365 days when the table holds fewer (default 1000000; seeded only when a stats check runs)
  --connections C  concurrent connections per scenario (default 32)
  --seconds S      seconds per scenario (default 8)
  --warmup W       seconds of the same load before each scenario is measured, not counted (default 5; 0 for none)
  --writes W       background writes per second during the cached/cold comparison (default 5; 0 for none)
  --member-writes M  members' writes per second (comments, affirmations, shares) in the 'writers' scenario, alone
                   and beside a 10,000-item batch edit and a held mail row (default 20; --only writers runs it alone)
  --reuse NAME     with BENCH_DATABASE_URL: use the database NAME on that server, seeding it only when it is
                   empty, and keep it afterwards (a 100,000-item seed takes minutes; do it once)
  --only WORDS     run only the scenarios whose name contains one of these comma-separated words
                   (every stats check's name starts with 'stats': --only stats runs the stats part alone)
  --instances N    serve through HAProxy with N app instances behind it (round robin, Redis for what they share);
                   needs BENCH_DATABASE_URL and HAProxy; BENCH_REDIS_URL (default redis://127.0.0.1:6379).
                   Without it the bench talks to one app directly.
BENCH_DATABASE_URL  a PostgreSQL server to benchmark on (a throwaway database is created on it and dropped
                    afterwards, unless --reuse); without it the library lives in a temporary PGlite directory.
BENCH_TRACE_FILE    a file to append one JSON line per request to: its time and each statement it sent (for
                    npm run trace-summary -- FILE)`;

export interface BenchOptions {
  items: number;
  /** Rows of the request log to top up to for the stats checks. */
  requests: number;
  connections: number;
  seconds: number;
  /** Unmeasured seconds of load before each scenario. */
  warmup: number;
  /** Background writes per second while the cached and cold scenarios run. */
  writes: number;
  /** Members' writes per second in the writers scenario. */
  memberWrites: number;
  /** Database name to keep between runs (PostgreSQL only). */
  reuse: string | null;
  /** Scenario name filters; empty runs every scenario. */
  only: string[];
  /** App instances behind HAProxy; 0 talks to one app directly. */
  instances: number;
  serverUrl: string | null;
  help: boolean;
}

function positiveInteger(name: string, text: string): number {
  const value = wholeNumber(name, text);
  if (value < 1) throw new RangeError(`--${name} must be a positive whole number, not '${text}'`);
  return value;
}

function wholeNumber(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`--${name} must be a whole number, not '${text}'`);
  return value;
}

/** A database name we create, drop or connect to: plain identifiers only, so it needs no quoting rules. */
function databaseName(text: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(text)) throw new RangeError(`--reuse takes a lowercase database name (letters, digits, _), not '${text}'`);
  return text;
}

export function parseBenchOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      items: { type: 'string', default: '20000' },
      requests: { type: 'string', default: '1000000' },
      connections: { type: 'string', default: '32' },
      seconds: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '5' },
      writes: { type: 'string', default: '5' },
      'member-writes': { type: 'string', default: '20' },
      reuse: { type: 'string' },
      only: { type: 'string', default: '' },
      instances: { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const serverUrl = env.BENCH_DATABASE_URL?.trim() || null;
  if (values.reuse !== undefined && serverUrl === null) throw new Error('--reuse needs BENCH_DATABASE_URL (a PostgreSQL server)');
  const instances = wholeNumber('instances', values.instances);
  if (instances > 0 && serverUrl === null) throw new Error('--instances needs BENCH_DATABASE_URL: PGlite belongs to one process');
  return {
    items: positiveInteger('items', values.items),
    requests: wholeNumber('requests', values.requests),
    connections: positiveInteger('connections', values.connections),
    seconds: positiveInteger('seconds', values.seconds),
    warmup: wholeNumber('warmup', values.warmup),
    writes: wholeNumber('writes', values.writes),
    memberWrites: positiveInteger('member-writes', values['member-writes']),
    reuse: values.reuse === undefined ? null : databaseName(values.reuse),
    only: values.only
      .split(',')
      .map((word) => word.trim().toLowerCase())
      .filter(Boolean),
    instances,
    serverUrl,
    help: values.help,
  };
}
