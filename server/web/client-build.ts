import { createHash } from 'node:crypto';
// With its extension: vite.config.ts loads this module.
import { appPath } from '../app-root.ts';

/** The client entry, as Vite's manifest names it; vite.config.ts builds from the same constant. */
export const CLIENT_ENTRY = 'components/app/main.tsx';
/** A server-rendered page's one script, which loads CLIENT_ENTRY once the page is painted (components/app/boot.ts). */
export const CLIENT_BOOT = 'components/app/boot.ts';

/**
 * A part on demand's short name (components/lib/on-demand.tsx), from its source file: the build writes it into each
 * `onDemand(() => import(…))` (scripts/lib/client-chunks.ts), the server-side render lists the parts it drew by it,
 * and the document preloads their files (CLIENT_PARTS_PATH). Short, because every first page carries those of its parts.
 */
export function partIdOf(sourceFile: string): string {
  return createHash('sha256').update(sourceFile).digest('base64url').slice(0, 8);
}

/** Where `vite build` writes the client and the URL prefix it is served under. */
export const CLIENT_BUILD_DIR = `${appPath('dist', 'client')}/`;
export const CLIENT_MANIFEST_PATH = appPath('dist', 'client', '.vite', 'manifest.json');
/** Which built file holds each part on demand, by id (scripts/lib/client-chunks.ts writes it beside the manifest). */
export const CLIENT_PARTS_FILE = '.vite/parts.json';
export const CLIENT_PARTS_PATH = appPath('dist', 'client', CLIENT_PARTS_FILE);
export const CLIENT_BUILD_BASE = '/build/';

/** The server-side render of pages (`vite build --ssr`), which the server loads when it exists (server/web/ssr.ts). */
export const SSR_ENTRY = 'components/app/ssr.tsx';
export const SSR_BUILD_DIR = 'dist/ssr';
export const SSR_BUNDLE_PATH = appPath('dist', 'ssr', 'ssr.js');

/** Files the server serves as they are, at the site root (favicon and the like). */
export const PUBLIC_DIR = `${appPath('public')}/`;

export class MissingClientBuildError extends Error {
  constructor(missingPath: string) {
    super(
      `The client build is missing (${missingPath} not found). ` +
        'Run `npm run build` first, or use `npm run dev`, which serves the client from the Vite dev server (VITE_DEV_SERVER_URL).',
    );
    this.name = 'MissingClientBuildError';
  }
}
