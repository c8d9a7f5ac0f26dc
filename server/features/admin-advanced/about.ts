/** The about and php actions: what is running, and the Node.js runtime (Equip has no PHP). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DrivePort } from '../../drive/port';
import { sqlRows } from '../../db/sql-rows';
import { formatBytes, formatTime } from './text-table';
import { APP_ROOT, appPath } from '../../app-root';

const PACKAGE_JSON = appPath('package.json');

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

let commit: string | undefined;

/** GIT_COMMIT or SOURCE_VERSION when the deployment sets one, else `git rev-parse HEAD` (once), else 'unknown'. */
export function gitCommit(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GIT_COMMIT ?? env.SOURCE_VERSION;
  if (fromEnv) return fromEnv.trim();
  if (commit === undefined) commit = readGitCommit();
  return commit;
}

function readGitCommit(): string {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: APP_ROOT, encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/** 'PostgreSQL 17.5 (PGlite, embedded)' or 'PostgreSQL 16.4 (server)'. */
export async function databaseDescription(db: Database): Promise<string> {
  const [row] = await sqlRows<{ version: string }>(db, sql`select version() as version`);
  const version = row?.version ?? 'unknown';
  const number = /PostgreSQL [\d.]+/.exec(version)?.[0] ?? version;
  return isPglite(version) ? `${number} (PGlite, embedded)` : `${number} (server)`;
}

/** PGlite is PostgreSQL compiled to WebAssembly with Emscripten; its version string says so. */
function isPglite(version: string): boolean {
  return /emscripten|wasm/i.test(version);
}

export function formatDuration(seconds: number): string {
  const whole = Math.floor(seconds);
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const parts = [days && `${days} d`, (days || hours) && `${hours} h`, `${minutes} min`, `${whole % 60} s`].filter(Boolean);
  return parts.join(' ');
}

const field = (label: string, value: string) => `${`${label}:`.padEnd(18)}${value}`;

export interface AboutContext {
  db: Database;
  drive: DrivePort;
  now: Date;
  appName: string;
  environment: string;
}

export async function about(context: AboutContext): Promise<string> {
  return [
    `about (${formatTime(context.now)})`,
    '',
    field('Application', `${context.appName} ${appVersion()}`),
    field('Git commit', gitCommit()),
    field('Environment', context.environment),
    field('Started', formatTime(new Date(context.now.getTime() - process.uptime() * 1000))),
    field('Uptime', formatDuration(process.uptime())),
    field('Runtime', `Node.js ${process.version}`),
    field('Database', await databaseDescription(context.db)),
    field('Drive adapter', context.drive.kind),
  ].join('\n');
}

/** The php action: Equip runs on Node.js, so it answers with the Node.js runtime and process instead. */
export function runtimeDetails(now: Date): string {
  const memory = process.memoryUsage();
  const versions = process.versions;
  return [
    `php (${formatTime(now)})`,
    'Equip does not run on PHP: these are the Node.js runtime and process details instead.',
    '',
    field('Node.js', process.version),
    field('V8', versions.v8),
    field('libuv', versions.uv),
    field('OpenSSL', versions.openssl ?? 'none'),
    field('Platform', `${process.platform} ${process.arch} (${os.release()})`),
    field('Process id', String(process.pid)),
    field('Uptime', formatDuration(process.uptime())),
    field('Memory (RSS)', formatBytes(memory.rss)),
    field('Heap used', `${formatBytes(memory.heapUsed)} of ${formatBytes(memory.heapTotal)}`),
    field('External memory', formatBytes(memory.external)),
    field(
      'CPUs',
      `${os.availableParallelism()} (load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')})`,
    ),
    field('System memory', `${formatBytes(os.freemem())} free of ${formatBytes(os.totalmem())}`),
  ].join('\n');
}
