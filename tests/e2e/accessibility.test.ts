/**
 * An axe-core sweep of the pages people use most, at each kind of visitor: no serious or critical WCAG 2.1 A/AA
 * violation on any of them. (Moderate and minor findings are printed, not failed.)
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

const ANONYMOUS_PAGES = ['/', '/login', '/item', '/popular'];
const MEMBER_PAGES = ['/collection', '/task', '/affirmation', '/profile', '/share'];
const ADMIN_PAGES = ['/admin', '/admin/comment', '/admin/characteristic', '/admin/affirmation', '/admin/taxonomy', '/admin/stats', '/admin/stats/url', '/user', '/documentation'];
const SUPERADMIN_PAGES = ['/admin/advanced'];

interface Finding {
  path: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** The violations on the page as it is now. */
async function findingsHere(page: Page): Promise<Finding[]> {
  await page.waitForLoadState('networkidle');
  const path = new URL(page.url()).pathname;
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => ({
    path,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
}

async function findingsOn(page: Page, paths: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    findings.push(...(await findingsHere(page)));
  }
  return findings;
}

/** Opens the first item of the index and checks its page too. */
async function firstItemFindings(page: Page): Promise<Finding[]> {
  await page.goto('/item');
  await page.getByRole('list', { name: 'Items' }).getByRole('article').first().getByRole('link').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/i/'));
  return findingsHere(page);
}

function serious(findings: Finding[]): Finding[] {
  const others = findings.filter((finding) => finding.impact !== 'serious' && finding.impact !== 'critical');
  if (others.length > 0) console.info('axe (moderate/minor, not failed):', JSON.stringify(others, null, 1));
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

describe.skipIf(Boolean(e2e.skipReason))('Accessibility (axe-core)', () => {
  it('has no serious or critical violation for a visitor', async () => {
    const page = await open('/');
    expect(serious([...(await findingsOn(page, ANONYMOUS_PAGES)), ...(await firstItemFindings(page))])).toEqual([]);
  });

  it('has no serious or critical violation for a member', async () => {
    const page = await open('/');
    await signInWithEmail(page, 'member@example.org');
    expect(serious(await findingsOn(page, MEMBER_PAGES))).toEqual([]);
  });

  it('has no serious or critical violation on the admin pages', async () => {
    const page = await open('/');
    await signInWithEmail(page, 'superadmin@example.org');
    const findings = await findingsOn(page, [...ADMIN_PAGES, ...SUPERADMIN_PAGES]);
    // The Advanced page with a report in the response box and a run under Recent runs.
    await page.getByRole('button', { name: 'About' }).click();
    await page.getByLabel('Response').filter({ hasText: /^about \(/ }).waitFor();
    findings.push(...(await findingsHere(page)), ...(await firstItemFindings(page)));
    expect(serious(findings)).toEqual([]);
  });
});
