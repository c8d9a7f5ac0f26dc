/**
 * `npm run size` (after `npm run build`): what a visitor's first visit to each public reading page downloads, from
 * Vite's manifest — the entry and the page's chunk with everything they import, JavaScript and CSS, gzip level 9 —
 * as docs/performance.md ("Reach") reports it.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CLIENT_BUILD_DIR, CLIENT_ENTRY, CLIENT_MANIFEST_PATH } from '../server/web/client-build';
import { chunkAssets, type Manifest } from '../server/web/manifest';
import { SERVER_RENDERED_PAGES } from '../shared/seo';

const manifest = JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, 'utf8')) as Manifest;

function gzipKilobytes(files: string[]): string {
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(`${CLIENT_BUILD_DIR}${file}`), { level: 9 }).length, 0);
  return `${(bytes / 1024).toFixed(1)} kB`;
}

// The same files the document links for a first visit (server/web/document.ts): the entry's and the page's.
const entry = chunkAssets(manifest, CLIENT_ENTRY);
for (const page of SERVER_RENDERED_PAGES) {
  const first = chunkAssets(manifest, `pages/${page}.tsx`);
  const scripts = [...new Set([...entry.scripts, ...entry.preloads, ...first.scripts, ...first.preloads])];
  const styles = [...new Set([...entry.styles, ...first.styles])];
  console.log(`${page.padEnd(16)} JavaScript ${gzipKilobytes(scripts).padStart(9)}   CSS ${gzipKilobytes(styles).padStart(8)}`);
}
