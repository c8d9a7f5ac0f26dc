/**
 * The production install (issue 17): the Dockerfile's runtime stage, run on this machine. Its COPY sources go into a
 * temporary folder, its `RUN npm …` lines run there (no Docker engine here; system lines such as `install -d` are the
 * image's own), and its CMD starts with its ENV on PostgreSQL. Then: ready, a page, no demo sign-in, no dev tools,
 * and a graceful stop.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayPostgresDatabase } from '../support/database';
import { freePort } from '../../scripts/lib/free-port';
import { waitForAnswer } from '../../scripts/lib/child-process';
import { ensureProductionBuild } from '../support/production-server';

const POSTGRES_SERVER_URL = process.env.PRODUCTION_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface RuntimeStage {
  env: Record<string, string>;
  copies: string[];
  npmCommands: string[];
  command: string[];
}

/** The last stage of the Dockerfile: what it copies (sources), its npm commands, its ENV and its CMD. */
function runtimeStage(dockerfile: string): RuntimeStage {
  const lines = dockerfile.split('\n').map((line) => line.trim());
  const stage = lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));
  const found: RuntimeStage = { env: {}, copies: [], npmCommands: [], command: [] };
  for (const line of stage) {
    const [instruction, ...rest] = line.split(/\s+/);
    const argument = line.slice(instruction!.length).trim();
    if (instruction === 'ENV') for (const pair of rest) found.env[pair.split('=')[0]!] = pair.split('=').slice(1).join('=');
    if (instruction === 'COPY') found.copies.push(...rest.filter((word) => !word.startsWith('--')).slice(0, -1));
    if (instruction === 'RUN' && argument.startsWith('npm ')) found.npmCommands.push(argument);
    if (instruction === 'CMD') found.command = JSON.parse(argument) as string[];
  }
  return found;
}

/** The COPY --from=build sources name paths of the build stage's /app; here the build is this checkout. */
const sourcePath = (copied: string) => copied.replace(/^\/app\//, '');

const stage = runtimeStage(readFileSync('Dockerfile', 'utf8'));
let folder: string;
let database: { url: string; drop(): Promise<void> };
let server: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  // The build stage's `npm run build`.
  ensureProductionBuild();
  folder = mkdtempSync(path.join(os.tmpdir(), 'equip-production-'));
  for (const copied of stage.copies) cpSync(sourcePath(copied), path.join(folder, sourcePath(copied)), { recursive: true });
  for (const command of stage.npmCommands) {
    // From the npm cache the checkout's own install filled; the image's install reads the registry.
    const install = spawnSync('sh', ['-c', `${command.replace(/&& npm cache clean --force/, '')} --prefer-offline --loglevel=error`], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(install.status, `${command}\n${install.stderr}`).toBe(0);
  }
  database = await throwawayPostgresDatabase(POSTGRES_SERVER_URL);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const [program, ...args] = stage.command;
  server = spawn(program === 'node' ? process.execPath : program!, args, {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      ...stage.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(folder, 'data'),
      DATABASE_URL: database.url,
      SESSION_SECRET: 'production-install-test-secret-0123456789abcdef',
      LOG_FILE: 'off',
    },
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await database?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the production install', () => {
  it('holds production dependencies only: no tsx, Vite, esbuild or pino-pretty', () => {
    expect(stage.env.NODE_ENV).toBe('production');
    for (const devTool of ['tsx', 'vite', 'esbuild', 'pino-pretty', 'vitest'])
      expect(existsSync(path.join(folder, 'node_modules', devTool)), devTool).toBe(false);
    expect(existsSync(path.join(folder, 'node_modules', 'fastify'))).toBe(true);
  });

  it('becomes ready on PostgreSQL, migrated, and serves pages', async () => {
    const ready = await waitForAnswer(`${base}/readyz`, server, { output: () => output });
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', drive: 'ok' } });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    // Rendered on the server from dist/ssr, which needs nothing of the dev dependencies.
    expect(await home.text()).toMatch(/<div data-server-rendered="true" id="app">.*<h1[^>]*>Equip<\/h1>/s);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 120_000);

  it('offers no demo sign-in', async () => {
    const demo = await fetch(`${base}/dev/login`, { redirect: 'manual' });
    expect(demo.status).toBe(404);
  });

  it('stops gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
