import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The production build (`npm run build`: client and bundled server), made here when this checkout has none (CI has). */
export function ensureProductionBuild(): void {
  if (existsSync('dist/server/main.js') && existsSync('dist/client/.vite/manifest.json')) return;
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Resolves with the first 200 from `url`; fails when the process exits or after `timeoutMs`. */
export async function waitForReady(url: string, server: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The production server exited (${server.exitCode}):\n${output()}`);
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return response;
    if (Date.now() > deadline) throw new Error(`Not ready after ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
