import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLIENT_MANIFEST_PATH, SSR_BUNDLE_PATH } from '../../server/web/client-build';

/**
 * Server tests render real HTML documents, which need the client's Vite manifest, and browser tests the server-side
 * render too: each is built once if missing.
 */
export default function buildClientIfMissing() {
  if (!existsSync(CLIENT_MANIFEST_PATH)) viteBuild([]);
  if (!existsSync(SSR_BUNDLE_PATH)) viteBuild(['--ssr']);
}

function viteBuild(flags: string[]) {
  const build = spawnSync('npx', ['vite', 'build', ...flags, '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build ${flags.join(' ')} failed; the tests need the client build`);
}
