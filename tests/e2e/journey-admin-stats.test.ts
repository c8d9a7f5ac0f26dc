/**
 * Issue 19 §8, content analytics at 375 px and 1280 px: a member searches for nonsense (nothing found) and opens an
 * item, tries the stats and is refused; an admin then finds the search under "Searches That Found Nothing" (the text
 * only, with its count) and the item under the member's user type on "Most Opened", named by its title.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATES } from '../../shared/messages';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { cardLink, itemCards, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** The navbar's search, as a person types into it and presses Enter. */
async function searchFor(page: Page, text: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Top bar' });
  await bar.getByRole('button', { name: 'Open search' }).click();
  const input = bar.getByRole('combobox', { name: 'Search items' });
  await input.fill(text);
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === '/item' && url.searchParams.get('search') === text);
}

/** Follows a link of the stats page's own list of links to the list it shows. */
async function statsLink(page: Page, label: string, list: string = label): Promise<void> {
  await page.getByRole('navigation', { name: 'Stats' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('region', { name: list }).waitFor();
}

/** The rows are written a second after the request, off it: the admin looks again until they show. */
async function reloadUntil(page: Page, found: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await found()) return true;
        await page.reload();
        return found();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
}

describe.skipIf(Boolean(e2e.skipReason))('Journey: content analytics for curators', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('shows an admin what a member searched for and did not find, and what they opened, by title', async () => {
      const nonsense = `zqxv ${size.width} ${Date.now().toString(36)}`;
      const member = await open('/', size);
      await signInWithEmail(member, 'member@example.org');
      await searchFor(member, nonsense);
      await member.getByText(EMPTY_STATES.items).waitFor();

      await member.goto('/item');
      await pageHeading(member).filter({ hasText: 'All Items' }).waitFor();
      const title = (await itemCards(member).first().getByRole('heading').innerText()).trim();
      await cardLink(member, title).click();
      await pageHeading(member).filter({ hasText: title }).waitFor();

      // A wrong turn: the stats are admins' only.
      const refused = await member.goto('/admin/stats/unmatched_searches');
      expect(refused?.status()).toBe(403);
      await member.context().close();

      const admin = await open('/', size);
      await signInWithEmail(admin, 'admin@example.org');
      await admin.goto('/admin/stats');
      await pageHeading(admin).filter({ hasText: 'Stats' }).waitFor();
      await statsLink(admin, 'Searches That Found Nothing');
      const searches = admin.getByRole('region', { name: 'Searches That Found Nothing' });
      const row = searches.getByRole('listitem').filter({ hasText: nonsense });
      await reloadUntil(admin, async () => (await row.count()) === 1);
      expect(await row.getByLabel('1 time', { exact: true }).count()).toBe(1);
      expect(await row.innerText()).not.toContain('member@example.org');
      await expectAccessible(admin, 'the searches that found nothing');
      await expectNoSidewaysScroll(admin, 'the searches that found nothing');

      await statsLink(admin, 'Most Opened');
      const members = admin.getByRole('region', { name: 'Most Opened' }).getByRole('region', { name: 'Member', exact: true });
      await reloadUntil(admin, async () => (await members.getByRole('link', { name: title, exact: true }).count()) > 0);
      await expectAccessible(admin, 'the most opened items per user type');
      await expectNoSidewaysScroll(admin, 'the most opened items per user type');

      // Top URLs name item paths by their titles too (which paths make the top 100 depends on the other tests' visits).
      await statsLink(admin, 'Top URLs', 'By URL');
      const titled = admin.getByRole('region', { name: 'By URL' }).getByRole('link').first();
      expect(await titled.getAttribute('href')).toMatch(/^\/(i|content)\/[0-9a-z]+$/);
      expect(await titled.innerText()).not.toMatch(/^\//);
      await expectAccessible(admin, 'Top URLs with titles');
      await expectNoSidewaysScroll(admin, 'Top URLs with titles');
    });
  });
});
