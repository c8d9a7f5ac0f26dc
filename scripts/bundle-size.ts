/**
 * `npm run size` (after `npm run build`): what a visitor's first visit to each server-rendered page downloads
 * (scripts/lib/first-page-size.ts), as docs/performance.md "What a first visit downloads" reports it, and whether its JavaScript keeps to the
 * budget.
 */
import { FIRST_PAGE_SCRIPT_BUDGET_KB, firstPageSize, kilobytes, readClientManifest } from './lib/first-page-size';
import { SERVER_RENDERED_PAGES } from '../shared/seo';

const manifest = readClientManifest();
for (const page of SERVER_RENDERED_PAGES) {
  const size = firstPageSize(manifest, page);
  const overBudget = size.scriptsGzip > FIRST_PAGE_SCRIPT_BUDGET_KB * 1024 ? `  over the ${FIRST_PAGE_SCRIPT_BUDGET_KB} kB budget` : '';
  console.log(
    `${page.padEnd(16)} JavaScript ${kilobytes(size.scriptsGzip).padStart(9)} gzip, ${kilobytes(size.scriptsSent).padStart(9)} sent (Brotli)   ` +
      `CSS ${kilobytes(size.stylesGzip).padStart(8)} gzip, ${kilobytes(size.stylesSent).padStart(8)} sent${overBudget}`,
  );
}
