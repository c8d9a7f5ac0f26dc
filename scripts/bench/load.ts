/** Drives one scenario with autocannon and summarises every response's latency. */
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  /** Request paths, taken in turn so no single URL is served from a warm cache. */
  paths: readonly string[];
  headers?: Record<string, string>;
  /** Each request comes from its own client address (X-Forwarded-For), as many people typing would. */
  distinctAddresses?: boolean;
  /** Cookie headers taken in turn, one per request: many signed-in people on the same connections ('' a visitor). */
  cookies?: readonly string[];
  /** The scenario measures an error page, so non-2xx answers are what it asks for. */
  expectsErrorStatus?: boolean;
  /**
   * A write: each request is this method with the JSON body `body(n)` gives the n-th one, and its answer is the
   * redirect an Inertia write gets (303), not a 2xx.
   */
  write?: { method: 'PATCH' | 'POST'; body: (index: number) => Record<string, unknown> };
}

export interface LoadSettings {
  address: string;
  connections: number;
  seconds: number;
  /**
   * Seconds of the same load before measuring, not counted: the app process starts just before the first scenario,
   * and its first seconds (V8 compiling the hot paths, the pool opening connections, each connection preparing
   * its statements) say nothing about a server that has been running.
   */
  warmupSeconds: number;
}

export interface ScenarioFigures {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  /** Answers 429 (rate limited) and 5xx among the measured ones. */
  tooMany: number;
  serverErrors: number;
  errors: number;
}

export async function runScenario(scenario: Scenario, settings: LoadSettings): Promise<ScenarioFigures> {
  let sent = 0;
  const nextRequest = (request: autocannon.Request): autocannon.Request => {
    const number = sent++;
    const path = scenario.paths[number % scenario.paths.length];
    const headers = { ...request.headers };
    if (scenario.distinctAddresses) headers['x-forwarded-for'] = clientAddress(number);
    if (scenario.cookies) {
      const cookie = scenario.cookies[number % scenario.cookies.length]!;
      if (cookie === '') delete headers.cookie;
      else headers.cookie = cookie;
    }
    if (!scenario.write) return { ...request, path, headers };
    headers['content-type'] = 'application/json';
    return { ...request, path, headers, method: scenario.write.method, body: JSON.stringify(scenario.write.body(number)) };
  };
  const statuses = new Map<number, number>();
  const drive = (seconds: number, latencies: number[], counted = false) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: settings.address,
          connections: settings.connections,
          duration: seconds,
          headers: scenario.headers,
          requests: [{ setupRequest: nextRequest }],
        },
        (error: unknown, finished) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished)),
      );
      instance.on('response', (_client, status, _bytes, milliseconds) => {
        latencies.push(milliseconds);
        if (counted) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
  if (settings.warmupSeconds > 0) await drive(settings.warmupSeconds, []);
  const latencies: number[] = [];
  const result = await drive(settings.seconds, latencies, true);
  const countOf = (matches: (status: number) => boolean) => [...statuses].reduce((sum, [status, count]) => sum + (matches(status) ? count : 0), 0);
  latencies.sort((a, b) => a - b);
  return {
    name: scenario.name,
    requests: latencies.length,
    requestsPerSecond: latencies.length / settings.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    tooMany: countOf((status) => status === 429),
    serverErrors: countOf((status) => status >= 500),
    errors: result.errors + result.timeouts,
  };
}

/** Nearest-rank percentile of ascending values (0 when there are none). */
export function percentile(ascending: readonly number[], rank: number): number {
  if (ascending.length === 0) return 0;
  const index = Math.min(ascending.length - 1, Math.max(0, Math.ceil((rank / 100) * ascending.length) - 1));
  return ascending[index];
}

/** A distinct private address for every request number (10.0.0.0/8 has room for 16 million). */
function clientAddress(number: number): string {
  const n = number % 0xffffff;
  return `10.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

const SETTLED_MS = 100;
const SETTLE_LIMIT_MS = 60_000;

/**
 * Waits until the server has finished what the last scenario left queued (autocannon stops sending, but
 * requests already accepted still run), so one scenario's backlog is not measured as the next one's latency.
 */
export async function waitUntilSettled(address: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quickAnswers = 0;
  while (quickAnswers < 2 && Date.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${address}/`, { headers })).arrayBuffer();
    quickAnswers = performance.now() - started < SETTLED_MS ? quickAnswers + 1 : 0;
  }
}
