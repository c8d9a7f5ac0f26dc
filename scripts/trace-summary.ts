/**
 * `npm run trace-summary -- FILE [--path PREFIX] [--slowest N]`: where the traced requests' time went (a bench run
 * with BENCH_TRACE_FILE=FILE). Per kind of request (its path without the query): how many, the median and p95 of
 * their whole time, and how much of it was spent in statements, waiting for a pool connection, and elsewhere (the
 * app's own work and waiting on the event loop); then the statements that took the most time in all, by their
 * shape; then the slowest requests, statement by statement.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { groupBy } from '../server/lib/group-by';
import type { TracedRequest } from './bench/trace-requests';

const USAGE = 'Usage: npm run trace-summary -- FILE [--path PREFIX] [--slowest N]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { path: { type: 'string', default: '' }, slowest: { type: 'string', default: '3' }, help: { type: 'boolean', short: 'h', default: false } },
});
if (values.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exitCode = values.help ? 0 : 1;
} else {
  summarise(
    readTrace(positionals[0]!).filter((request) => request.path.startsWith(values.path)),
    Number(values.slowest),
  );
}

function readTrace(file: string): TracedRequest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TracedRequest);
}

function summarise(requests: TracedRequest[], slowest: number): void {
  console.log(`${requests.length} requests\n`);
  console.log(
    ['kind', 'n', 'median ms', 'p95 ms', 'statements ms', 'pool wait ms', 'elsewhere ms', 'statements/request']
      .map((title, index) => (index === 0 ? title.padEnd(40) : title.padStart(12)))
      .join(' '),
  );
  const kinds = groupBy(requests, kindOf);
  for (const [kind, group] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
    const times = group.map((request) => request.ms).sort((a, b) => a - b);
    const inStatements = mean(group.map(statementTime));
    const poolWait = mean(group.map((request) => request.poolWaitMs));
    console.log(
      [
        kind.slice(0, 40).padEnd(40),
        String(group.length),
        quantile(times, 0.5).toFixed(1),
        quantile(times, 0.95).toFixed(1),
        inStatements.toFixed(1),
        poolWait.toFixed(1),
        (mean(times) - inStatements - poolWait).toFixed(1),
        mean(group.map((request) => request.statements.length)).toFixed(1),
      ]
        .map((cell, index) => (index === 0 ? cell : cell.padStart(12)))
        .join(' '),
    );
  }
  console.log('\nStatements by shape, most time in all first (mean and max ms):');
  const shapes = groupBy(
    requests.flatMap((request) => request.statements),
    (statement) => statement.sql.replace(/\$\d+/g, '$').replace(/\d+/g, 'N'),
  );
  for (const [shape, statements] of [...shapes].sort((a, b) => total(b[1]) - total(a[1])).slice(0, 12)) {
    const times = statements.map((statement) => statement.ms);
    console.log(
      `${String(statements.length).padStart(7)} × ${mean(times).toFixed(1).padStart(7)} ${Math.max(...times)
        .toFixed(0)
        .padStart(6)}  ${shape}`,
    );
  }
  console.log(`\nThe ${slowest} slowest requests:`);
  for (const request of [...requests].sort((a, b) => b.ms - a.ms).slice(0, slowest)) {
    console.log(`\n${request.method} ${request.path} → ${request.status}: ${request.ms.toFixed(1)} ms, pool wait ${request.poolWaitMs.toFixed(1)} ms`);
    for (const statement of request.statements)
      console.log(`  at ${statement.at.toFixed(1).padStart(7)}  ${statement.ms.toFixed(1).padStart(7)} ms  ${statement.sql}`);
  }
}

function kindOf(request: TracedRequest): string {
  const url = new URL(request.path, 'http://trace');
  const kind = request.partial
    ? request.partial
    : url.searchParams.has('simplejson')
      ? 'type-ahead'
      : url.searchParams.has('search')
        ? 'search'
        : url.searchParams.has('tags')
          ? 'tags'
          : '';
  return `${request.method} ${url.pathname.replace(/\/[A-Za-z0-9_-]{10,}/g, '/{ref}')}${kind ? ` (${kind})` : ''}`;
}

function statementTime(request: TracedRequest): number {
  // Statements of one request may overlap (Promise.all): the time covered, not the sum.
  let covered = 0;
  let reached = 0;
  for (const { at, ms } of [...request.statements].sort((a, b) => a.at - b.at)) {
    const end = at + ms;
    if (end > reached) covered += end - Math.max(at, reached);
    reached = Math.max(reached, end);
  }
  return covered;
}

function total(statements: { ms: number }[]): number {
  return statements.reduce((sum, statement) => sum + statement.ms, 0);
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
