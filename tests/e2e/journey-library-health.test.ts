/**
 * Issue 19 §7, turning a broken link into a task, at 375 px and 1280 px with axe: an admin opens Library health from
 * the admin dashboard, picks the broken external links (the seed's link check found them: nothing here reaches the
 * internet), makes a task of one row — the row then says a task is open and offers no second one — and the item's
 * maintainer finds the task in My Tasks. The wrong turn: a member who opens /admin/health is refused.
 */
import { describe, expect, it } from 'vitest';
import { HEALTH_PROBLEMS, LIBRARY_HEALTH_MESSAGES, LIBRARY_HEALTH_TEXTS } from '../../shared/library-health';
import { JOURNEY_SIZES, expectAccessible, expectNoSidewaysScroll } from './journey';
import { pageHeading, signInAs, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();
const ADMIN = 'admin@example.org';
const MEMBER = 'member@example.org';
const BROKEN = HEALTH_PROBLEMS.broken_link;

describe.skipIf(Boolean(e2e.skipReason))('Journey: turn a broken link into a task', () => {
  describe.each(JOURNEY_SIZES)('at %s', (_, size) => {
    it('lists the broken links, makes one a task for its maintainer, who finds it in My Tasks; a member is refused the page', async () => {
      const page = await open('/', size);
      await signInWithEmail(page, ADMIN);
      await page.goto('/admin');
      await page.getByRole('link', { name: LIBRARY_HEALTH_TEXTS.title }).click();
      await pageHeading(page).filter({ hasText: LIBRARY_HEALTH_TEXTS.title }).waitFor();
      await page
        .getByRole('navigation', { name: 'Kinds of problem' })
        .getByRole('link', { name: new RegExp(`^${BROKEN.title}`) })
        .click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'broken_link');
      const rows = page.getByRole('list', { name: BROKEN.title });
      await rows.waitFor();
      await expectAccessible(page, 'the broken external links');
      await expectNoSidewaysScroll(page, 'the broken external links');

      const button = rows.getByRole('button', { name: new RegExp(`^${LIBRARY_HEALTH_TEXTS.makeTask}: `) }).first();
      const item = (await button.getAttribute('aria-label'))!.slice(`${LIBRARY_HEALTH_TEXTS.makeTask}: `.length);
      const row = rows.getByRole('listitem').filter({ has: page.getByRole('link', { name: item, exact: true }) });
      const maintainer = (await row.locator('.small').innerText()).split(' · ').at(-1)!.trim();
      await button.click();
      await page.getByText(LIBRARY_HEALTH_MESSAGES.taskMade).first().waitFor();
      await row.getByText(LIBRARY_HEALTH_TEXTS.taskOpen).waitFor();
      expect(await row.getByRole('button').count()).toBe(0);
      // The button is gone: the keyboard's place is the row, which now says a task is open.
      await expect.poll(() => row.evaluate((node) => node === document.activeElement)).toBe(true);
      await expectAccessible(page, 'a broken link made a task');

      const member = await open('/', size);
      await signInWithEmail(member, MEMBER);
      const refused = await member.goto('/admin/health?kind=broken_link');
      expect(refused!.status()).toBe(403);
      await expectAccessible(member, 'the health page refused to a member');

      const maintainerPage = await open('/', size);
      await signInAs(maintainerPage, maintainer);
      await maintainerPage.goto('/task');
      const task = maintainerPage.getByRole('main').getByText(BROKEN.task).first();
      await task.waitFor();
      await maintainerPage
        .getByRole('main')
        .getByText(item.slice(item.indexOf(' ') + 1), { exact: false })
        .first()
        .waitFor();
      await expectAccessible(maintainerPage, "the maintainer's tasks");
      await expectNoSidewaysScroll(maintainerPage, "the maintainer's tasks");
    });
  });
});
