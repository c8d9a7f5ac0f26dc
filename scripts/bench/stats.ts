/**
 * The bench's stats part: every admin stats page as an Inertia visit by a signed-in admin, over the default range and
 * over the 365 days of the generated request log (request-log.ts), plus the whole CSV download. These are latency
 * checks against the 1 s target, not load: one request at a time, STATS_WARMUP_RUNS unmeasured, then
 * STATS_MEASURED_RUNS measured. The stats routes keep no answer cache (every request runs its queries); only
 * PostgreSQL's buffer cache is warm after the warm-up, as it is on a server in use.
 */
import { STATS_DEFAULT_RANGE_DAYS, STATS_DOWNLOAD_URL, STATS_LINKS, type StatsRange } from '../../shared/stats';
import { STATS_URL } from '../../shared/navigation';
import { isoDay } from '../../server/features/admin-stats/schemas';
import { REQUEST_LOG_SPREAD_DAYS } from './request-log';

export const STATS_ADMIN_EMAIL = 'admin@example.org';
export const STATS_TARGET_MS = 1000;
const STATS_WARMUP_RUNS = 1;
const STATS_MEASURED_RUNS = 5;
/** The whole download is tens of megabytes at 1M rows: fewer runs, and the pages before it have warmed the server. */
const CSV_WARMUP_RUNS = 0;
const CSV_MEASURED_RUNS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How the checks are timed, for the report. */
export const STATS_METHOD_NOTE = [
  `One request at a time: pages ${STATS_WARMUP_RUNS} warm-up + ${STATS_MEASURED_RUNS} measured (until the whole answer is read), the CSV download ${CSV_WARMUP_RUNS} warm-up + ${CSV_MEASURED_RUNS} measured.`,
  "No answer cache in the app (every request runs its queries); PostgreSQL's buffer cache is warm after the warm-up.",
].join('\n');

export interface StatsRangeChoice {
  label: string;
  /** The ?from=&to= query; null asks for the page's default range. */
  range: StatsRange | null;
}

export interface StatsCheck {
  /** 'stats <path>, <range label>': what --only matches. */
  name: string;
  path: string;
  range: StatsRangeChoice;
  /** The CSV download: read to the end, its bytes and rows counted. */
  download: boolean;
}

export interface StatsFigures {
  check: StatsCheck;
  /** Page: until the whole answer is read. Download: until the first bytes arrive. */
  medianMs: number;
  worstMs: number;
  /** The first status that was not 200, else 200. */
  status: number;
  download: DownloadFigures | null;
}

export interface DownloadFigures {
  medianTotalMs: number;
  worstTotalMs: number;
  bytes: number;
  rows: number;
  contentEncoding: string;
}

export function statsRanges(now: Date = new Date()): StatsRangeChoice[] {
  const year = { from: isoDay(new Date(now.getTime() - REQUEST_LOG_SPREAD_DAYS * DAY_MS)), to: isoDay(now) };
  return [
    { label: `default ${STATS_DEFAULT_RANGE_DAYS} days`, range: null },
    { label: `${REQUEST_LOG_SPREAD_DAYS} days`, range: year },
  ];
}

/** Every stats page over both ranges, then the CSV download of the longer range. */
export function statsChecks(ranges: StatsRangeChoice[] = statsRanges()): StatsCheck[] {
  const pages = [STATS_URL, ...STATS_LINKS.filter((link) => !link.download).map((link) => link.href)];
  const pageChecks = ranges.flatMap((range) => pages.map((path) => statsCheck(path, range, false)));
  return [...pageChecks, statsCheck(STATS_DOWNLOAD_URL, ranges[ranges.length - 1], true)];
}

function statsCheck(path: string, range: StatsRangeChoice, download: boolean): StatsCheck {
  return { name: `stats ${path}, ${range.label}`, path, range, download };
}

export function statsCheckUrl(address: string, check: Pick<StatsCheck, 'path' | 'range'>): string {
  const query = check.range.range ? `?${new URLSearchParams({ from: check.range.range.from, to: check.range.range.to })}` : '';
  return `${address}${check.path}${query}`;
}

export async function runStatsCheck(check: StatsCheck, address: string, headers: Record<string, string>): Promise<StatsFigures> {
  return check.download ? timeDownload(check, address, headers) : timePage(check, address, headers);
}

interface Timing {
  status: number;
  firstByteMs: number;
  totalMs: number;
  body: Uint8Array;
  contentEncoding: string;
}

async function timedRequest(url: string, headers: Record<string, string>): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const firstByteMs = performance.now() - started;
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    firstByteMs,
    totalMs: performance.now() - started,
    body,
    contentEncoding: response.headers.get('content-encoding') ?? 'none',
  };
}

async function repeat(url: string, headers: Record<string, string>, warmups: number, runs: number): Promise<Timing[]> {
  for (let run = 0; run < warmups; run += 1) await timedRequest(url, headers);
  const timings: Timing[] = [];
  for (let run = 0; run < runs; run += 1) timings.push(await timedRequest(url, headers));
  return timings;
}

async function timePage(check: StatsCheck, address: string, headers: Record<string, string>): Promise<StatsFigures> {
  const timings = await repeat(statsCheckUrl(address, check), headers, STATS_WARMUP_RUNS, STATS_MEASURED_RUNS);
  const totals = timings.map((timing) => timing.totalMs);
  return { check, medianMs: median(totals), worstMs: Math.max(...totals), status: firstFailingStatus(timings), download: null };
}

async function timeDownload(check: StatsCheck, address: string, headers: Record<string, string>): Promise<StatsFigures> {
  const timings = await repeat(statsCheckUrl(address, check), headers, CSV_WARMUP_RUNS, CSV_MEASURED_RUNS);
  const firstBytes = timings.map((timing) => timing.firstByteMs);
  const totals = timings.map((timing) => timing.totalMs);
  const body = timings[timings.length - 1].body;
  const download: DownloadFigures = {
    medianTotalMs: median(totals),
    worstTotalMs: Math.max(...totals),
    bytes: body.length,
    rows: Math.max(0, countLineBreaks(body) - 1),
    contentEncoding: timings[0].contentEncoding,
  };
  return { check, medianMs: median(firstBytes), worstMs: Math.max(...firstBytes), status: firstFailingStatus(timings), download };
}

function firstFailingStatus(timings: Timing[]): number {
  return timings.find((timing) => timing.status !== 200)?.status ?? 200;
}

function countLineBreaks(body: Uint8Array): number {
  let count = 0;
  for (const byte of body) if (byte === 0x0a) count += 1;
  return count;
}

/** The middle value (the upper one of an even count). */
function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Logged requests in a range: the sum of "Top HTTP Methods" (a handful of methods, all within its top list). */
export async function requestsInRange(address: string, range: StatsRangeChoice, headers: Record<string, string>): Promise<number> {
  const response = await fetch(statsCheckUrl(address, { path: `${STATS_URL}/method`, range }), { headers });
  if (response.status !== 200) throw new Error(`${STATS_URL}/method answered ${response.status}`);
  const page = (await response.json()) as { props: { topResults: { total_count: number }[] } };
  return page.props.topResults.reduce((sum, result) => sum + result.total_count, 0);
}

export function isWithinTarget(figures: StatsFigures): boolean {
  return figures.status === 200 && figures.worstMs < STATS_TARGET_MS;
}
