import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_SCRIPT_BUDGET_KB, firstPageSize, readClientManifest } from '../../scripts/lib/first-page-size';
import { SERVER_RENDERED_PAGES } from '../../shared/seo';

/**
 * Issue 20 §2: a visitor's first page downloads at most FIRST_PAGE_SCRIPT_BUDGET_KB of JavaScript (gzip), measured on
 * the client build the server tests use (tests/support/build-client.ts builds it when missing).
 */

const manifest = readClientManifest();

describe("a visitor's first page", () => {
  for (const page of SERVER_RENDERED_PAGES) {
    it(`${page} downloads at most ${FIRST_PAGE_SCRIPT_BUDGET_KB} kB of JavaScript (gzip)`, () => {
      expect(firstPageSize(manifest, page).scriptsGzip / 1024).toBeLessThanOrEqual(FIRST_PAGE_SCRIPT_BUDGET_KB);
    });
  }

  it('measures what a page links, not nothing: a page the build does not have is an error', () => {
    expect(firstPageSize(manifest, 'Home').scriptsGzip).toBeGreaterThan(50 * 1024);
    expect(() => firstPageSize(manifest, 'no/SuchPage')).toThrow(/no page no\/SuchPage/);
  });
});
