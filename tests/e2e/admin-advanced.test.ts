import { describe, expect, it } from 'vitest';
import { signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

describe.skipIf(Boolean(e2e.skipReason))('Admin Advanced in a browser', () => {
  it('runs an action off the request, shows its report when it ends, and keeps it under Recent runs', async () => {
    const page = await open('/');
    await signInWithEmail(page, 'superadmin@example.org');
    await page.goto('/admin/advanced');
    await page.getByRole('button', { name: 'Database Stats' }).click();

    // The server answers before the action ends (ADVANCED_ACTION_WAIT_SECONDS=0 here): the page polls until the report is in.
    const response = page.getByLabel('Response');
    await response.filter({ hasText: /database_stats \(/ }).waitFor();
    expect(await response.textContent()).toMatch(/\d+ tables, [\d,]+ rows\. Database size: /);
    await page.getByLabel('Running action').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Database Stats' }).isEnabled()).toBe(true);

    const runs = page.getByRole('region', { name: 'Recent runs' });
    const row = runs.getByRole('row').filter({ hasText: 'Database Stats' }).first();
    expect(await row.getByText('Done').count()).toBe(1);

    await page.goto('/admin/advanced');
    expect(await page.getByLabel('Response').count()).toBe(0);
    await row.getByRole('link', { name: /^Show report/ }).click();
    await page
      .getByLabel('Response')
      .filter({ hasText: /database_stats \(/ })
      .waitFor();
  });
});
