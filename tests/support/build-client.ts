import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLIENT_MANIFEST_PATH } from '../../server/web/client-build';

/** Server tests render real HTML documents, which need the client's Vite manifest: build once if missing. */
export default function buildClientIfMissing() {
  if (existsSync(CLIENT_MANIFEST_PATH)) return;
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed; server tests need the client build');
}
