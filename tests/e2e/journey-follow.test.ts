/**
 * Follow and digest (issue 20 §4), at 375 px and 1280 px: a member follows a search, something new appears, the
 * profile sends the digest, and its unfollow link, opened without signing in, asks once and then stops the follow;
 * opened again, it says it is spent. Axe runs on the states reached.
 */
import { describe, expect, it } from 'vitest';
import { FOLLOW_MESSAGES, FOLLOW_TEXT } from '../../shared/follows';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { createItemFromIndex, mailContaining, pageHeading, signInWithEmail, useWatchedBrowser } from './support';
import { newAppContext } from './browser';

const { e2e, open } = useWatchedBrowser();

/** Verified addresses that may create items, one per size, so the two journeys never see each other's follows. */
const MEMBERS: Record<string, string> = { '375 px': 'staff@example.org', '1280 px': 'team@example.org' };

describe.skipIf(Boolean(e2e.skipReason))('Follow and digest journeys', () => {
  describe.each(JOURNEY_SIZES)('at %s', (sizeName, size) => {
    it('follows a search, gets the digest of what is new, and unfollows from the e-mail without signing in', async () => {
      const words = `kite workshop ${size.width}`;
      const title = `Kite Workshop ${size.width} Plan`;
      const page = await open('/', size);
      await signInWithEmail(page, MEMBERS[sizeName]!);
      const toast = (text: string) => page.getByText(text, { exact: true }).first();

      // A wrong turn first: nothing is followed, so nothing can be sent.
      await page.goto('/profile');
      const digests = page.getByRole('heading', { name: FOLLOW_TEXT.digestsTitle }).locator('xpath=ancestor::div[contains(@class,"card")]');
      await digests.getByText(FOLLOW_TEXT.nothingFollowed).waitFor();
      expect(await digests.getByRole('button', { name: FOLLOW_TEXT.sendNow }).isDisabled()).toBe(true);

      await page.goto(`/item?${new URLSearchParams({ search: words })}`);
      await page.getByRole('button', { name: FOLLOW_TEXT.follow.search }).click();
      await toast(FOLLOW_MESSAGES.followed(words)).waitFor();
      await page.getByRole('button', { name: FOLLOW_TEXT.unfollow }).waitFor();
      await expectAccessible(page, 'a followed search');
      await expectNoSidewaysScroll(page, 'a followed search');

      await createItemFromIndex(page, title);

      await page.goto('/profile');
      await digests.getByRole('link', { name: words }).waitFor();
      await digests.getByRole('radio', { name: 'Daily' }).check();
      await digests.getByRole('button', { name: FOLLOW_TEXT.saveFrequency }).click();
      await toast(FOLLOW_MESSAGES.frequencySaved('daily')).waitFor();
      await digests.getByRole('button', { name: FOLLOW_TEXT.sendNow }).click();
      await toast(FOLLOW_MESSAGES.digestSent(MEMBERS[sizeName]!)).waitFor();
      await expectAccessible(page, 'the profile with a follow');
      await expectNoSidewaysScroll(page, 'the profile with a follow');

      const mail = await mailContaining(title);
      expect(mail).toContain(`${title} (new)`);
      const unfollowPath = /\/unfollow\/[0-9a-z]+\.[A-Za-z0-9_-]{43}/.exec(mail)![0];

      // The link is opened where nobody is signed in: it asks first.
      const elsewhere = await newAppContext(e2e.browser, { viewport: size, baseURL: e2e.baseUrl });
      try {
        const visitor = await elsewhere.newPage();
        await visitor.goto(unfollowPath);
        await visitor.getByText(FOLLOW_TEXT.unfollowQuestion(words), { exact: false }).waitFor();
        await expectAccessible(visitor, 'the unfollow link');
        await expectNoSidewaysScroll(visitor, 'the unfollow link');
        await visitor.getByRole('button', { name: FOLLOW_TEXT.unfollowButton }).click();
        // Confirmed on the link's own page, never a page the person may not open.
        await visitor.getByText(FOLLOW_TEXT.unfollowDone(words), { exact: true }).waitFor();
        expect(new URL(visitor.url()).pathname).toBe(unfollowPath);
        // A second click on the same link: spent, and it says so.
        await visitor.goto(unfollowPath);
        await visitor.getByText(FOLLOW_MESSAGES.linkGone, { exact: false }).waitFor();
        expect(await pageHeading(visitor).innerText()).toBe(FOLLOW_TEXT.unfollowPageTitle);
        await expectAccessible(visitor, 'a spent unfollow link');
      } finally {
        await elsewhere.close();
      }

      await page.reload();
      await digests.getByText(FOLLOW_TEXT.nothingFollowed).waitFor();
    });
  });
});
