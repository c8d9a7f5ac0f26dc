/**
 * What a visitor's first visit to a page downloads (issue 20 §2): the boot script the document links, and the entry and
 * the page's chunk with everything they import statically, which it loads once the page is painted
 * (server/web/document.ts, components/app/boot.ts), read from Vite's manifest. Sizes are
 * in bytes, gzipped at level 9 (the measure) and as the server sends them to a browser that accepts Brotli
 * (the build's .br file, or the file itself when too small to have one). `npm run size` prints them, and
 * tests/server/first-page-size.test.ts holds the pages to the budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CLIENT_BOOT, CLIENT_BUILD_DIR, CLIENT_ENTRY, CLIENT_MANIFEST_PATH } from '../../server/web/client-build';
import { chunkAssets, type Manifest } from '../../server/web/manifest';

/** The most JavaScript a visitor's first page may download, gzipped (issue 20 §2). */
export const FIRST_PAGE_SCRIPT_BUDGET_KB = 130;

export interface FirstPageSize {
  scriptsGzip: number;
  scriptsSent: number;
  stylesGzip: number;
  stylesSent: number;
}

export function readClientManifest(): Manifest {
  return JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, 'utf8')) as Manifest;
}

/** `page` as Inertia names it ('items/Show'); a page the build does not have is an error, not zero bytes. */
export function firstPageSize(manifest: Manifest, page: string): FirstPageSize {
  const key = `pages/${page}.tsx`;
  if (!manifest[key]) throw new Error(`The client build has no page ${page}`);
  const boot = chunkAssets(manifest, CLIENT_BOOT);
  const entry = chunkAssets(manifest, CLIENT_ENTRY);
  const first = chunkAssets(manifest, key);
  const scripts = [...new Set([...boot.scripts, ...entry.scripts, ...entry.preloads, ...first.scripts, ...first.preloads])];
  const styles = [...new Set([...entry.styles, ...first.styles])];
  return { scriptsGzip: gzipped(scripts), scriptsSent: sentWithBrotli(scripts), stylesGzip: gzipped(styles), stylesSent: sentWithBrotli(styles) };
}

/** Each file compressed on its own, as the browser receives it. */
function gzipped(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(`${CLIENT_BUILD_DIR}${file}`), { level: 9 }).length, 0);
}

function sentWithBrotli(files: string[]): number {
  const sizeOf = (file: string) => statSync(existsSync(`${CLIENT_BUILD_DIR}${file}.br`) ? `${CLIENT_BUILD_DIR}${file}.br` : `${CLIENT_BUILD_DIR}${file}`).size;
  return files.reduce((sum, file) => sum + sizeOf(file), 0);
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
