/**
 * `npm run size` (after `npm run build`): what a visitor's first visit to each public reading page downloads, from
 * Vite's manifest — the entry and the page's chunk with everything they import, JavaScript and CSS — gzipped at level 9
 * (the measure) and as the server sends them to a browser that accepts Brotli (the build's .br files), as
 * docs/performance.md ("Reach") reports it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CLIENT_BUILD_DIR, CLIENT_ENTRY, CLIENT_MANIFEST_PATH } from '../server/web/client-build';
import { chunkAssets, type Manifest } from '../server/web/manifest';
import { SERVER_RENDERED_PAGES } from '../shared/seo';

const manifest = JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, 'utf8')) as Manifest;

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function gzipped(files: string[]): string {
  return kilobytes(files.reduce((sum, file) => sum + gzipSync(readFileSync(`${CLIENT_BUILD_DIR}${file}`), { level: 9 }).length, 0));
}

/** As sent: the build's .br file, or the file itself when too small to have one (the server then leaves it as it is). */
function sentWithBrotli(files: string[]): string {
  const sizeOf = (file: string) =>
    (existsSync(`${CLIENT_BUILD_DIR}${file}.br`) ? statSync(`${CLIENT_BUILD_DIR}${file}.br`) : statSync(`${CLIENT_BUILD_DIR}${file}`)).size;
  return kilobytes(files.reduce((sum, file) => sum + sizeOf(file), 0));
}

// The same files the document links for a first visit (server/web/document.ts): the entry's and the page's.
const entry = chunkAssets(manifest, CLIENT_ENTRY);
for (const page of SERVER_RENDERED_PAGES) {
  const first = chunkAssets(manifest, `pages/${page}.tsx`);
  const scripts = [...new Set([...entry.scripts, ...entry.preloads, ...first.scripts, ...first.preloads])];
  const styles = [...new Set([...entry.styles, ...first.styles])];
  console.log(
    `${page.padEnd(16)} JavaScript ${gzipped(scripts).padStart(9)} gzip, ${sentWithBrotli(scripts).padStart(9)} sent (Brotli)   ` +
      `CSS ${gzipped(styles).padStart(8)} gzip, ${sentWithBrotli(styles).padStart(8)} sent`,
  );
}
