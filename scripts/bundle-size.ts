/**
 * `npm run size` (after `npm run build`): what a visitor's first visit to each public reading page downloads, from
 * Vite's manifest — the entry and the page's chunk with everything they import, JavaScript and CSS, gzip level 9 —
 * as docs/performance.md ("Reach") reports it.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CLIENT_BUILD_DIR, CLIENT_ENTRY, CLIENT_MANIFEST_PATH } from '../server/web/client-build';
import type { Manifest } from '../server/web/manifest';
import { SERVER_RENDERED_PAGES } from '../shared/seo';

const manifest = JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, 'utf8')) as Manifest;

function withImports(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withImports(imported, seen);
  return seen;
}

function gzipKilobytes(files: string[]): string {
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(`${CLIENT_BUILD_DIR}${file}`), { level: 9 }).length, 0);
  return `${(bytes / 1024).toFixed(1)} kB`;
}

for (const page of SERVER_RENDERED_PAGES) {
  const chunks = new Set([...withImports(CLIENT_ENTRY), ...withImports(`pages/${page}.tsx`)]);
  const scripts = [...chunks].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const styles = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))];
  console.log(`${page.padEnd(16)} JavaScript ${gzipKilobytes(scripts).padStart(9)}   CSS ${gzipKilobytes(styles).padStart(8)}`);
}
