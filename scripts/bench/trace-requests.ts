/**
 * Loaded into the bench's server with `--import` when the bench runs with `--trace FILE` (issue 35 §4: where does a
 * request's time go?). Every HTTP request is followed through its asynchronous work; each PostgreSQL statement it
 * sends is timed, and so is each wait for a connection of the pool. When the answer has been sent, one JSON line per
 * request goes to FILE: its path, its time from arrival to the last byte, and its statements in order (start after
 * arrival, time, the wait for a connection before it, and the SQL's first characters).
 *
 * Only the bench loads it: the app itself knows nothing of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

interface TracedStatement {
  /** Milliseconds after the request arrived. */
  at: number;
  ms: number;
  sql: string;
}

export interface TracedRequest {
  method: string;
  path: string;
  /** The props a partial reload asked for (X-Inertia-Partial-Data), if it was one. */
  partial?: string;
  status: number;
  ms: number;
  /** Milliseconds waiting for a pool connection, in all. */
  poolWaitMs: number;
  statements: TracedStatement[];
}

interface Trace {
  started: number;
  poolWaitMs: number;
  statements: TracedStatement[];
}

const SQL_SHOWN = 160;
const file = process.env.TRACE_REQUESTS_FILE;
const current = new AsyncLocalStorage<Trace>();

if (file) {
  const out = createWriteStream(file, { flags: 'a' });

  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function traced(this: http.Server, event: string, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const trace: Trace = { started: performance.now(), poolWaitMs: 0, statements: [] };
    response.once('finish', () => {
      const line: TracedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        partial: request.headers['x-inertia-partial-data'] as string | undefined,
        status: response.statusCode,
        ms: performance.now() - trace.started,
        poolWaitMs: trace.poolWaitMs,
        statements: trace.statements,
      };
      out.write(`${JSON.stringify(line)}\n`);
    });
    return current.run(trace, () => emit.call(this, event, ...args));
  } as typeof http.Server.prototype.emit;

  timeWhileTracing(pg.Client.prototype, 'query', (trace, started, args) => {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    trace.statements.push({ at: started - trace.started, ms: performance.now() - started, sql: text.replace(/\s+/g, ' ').slice(0, SQL_SHOWN) });
  });
  timeWhileTracing(pg.Pool.prototype, 'connect', (trace, started) => (trace.poolWaitMs += performance.now() - started));
}

/** Wraps a method so that, during a traced request, `record` runs when a call of it ends (its start time and arguments). */
function timeWhileTracing<Target extends object>(
  target: Target,
  method: keyof Target & string,
  record: (trace: Trace, started: number, args: unknown[]) => void,
): void {
  const original = target[method] as (...args: unknown[]) => unknown;
  Object.assign(target, {
    [method](this: unknown, ...args: unknown[]) {
      const trace = current.getStore();
      if (!trace) return original.apply(this, args);
      const started = performance.now();
      return whenDone(original.bind(this), args, () => record(trace, started, args));
    },
  });
}

/** Calls `call` with `args` and `done` once it has ended, whether it answers by a callback (pg-pool's own calls) or a promise. */
function whenDone(call: (...args: unknown[]) => unknown, args: unknown[], done: () => void): unknown {
  const last = args.at(-1);
  if (typeof last === 'function') {
    const callback = last as (...results: unknown[]) => unknown;
    return call(...args.slice(0, -1), (...results: unknown[]) => {
      done();
      return callback(...results);
    });
  }
  const result = call(...args);
  if (isThenable(result)) result.then(done, done);
  return result;
}

function isThenable(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
