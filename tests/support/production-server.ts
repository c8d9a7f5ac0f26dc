import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The production build (`npm run build`: client and bundled server), made here when this checkout has none (CI has). */
export function ensureProductionBuild(): void {
  if (existsSync('dist/server/main.js') && existsSync('dist/client/.vite/manifest.json')) return;
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}
