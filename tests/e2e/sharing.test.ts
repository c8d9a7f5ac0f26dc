import { describe, expect, it } from 'vitest';
import { ERROR_PAGES } from '../../shared/messages';
import { SHARE_TEXTS } from '../../shared/share-texts';
import { cardLink, itemHeader, pageHeading, signInWithEmail, useWatchedBrowser } from './support';
import { newAppContext } from './browser';

const { e2e, open } = useWatchedBrowser();

/** A DISCOVERABLE staff-level (4) item of the seeded library, with a title no other item has. */
const STAFF_ITEM = 'Honesty Prayer Stations';
const SHARER = 'staff@example.org';
/** A leader (level 3) no other browser test signs in as, so granting them this item changes nothing elsewhere. */
const RECIPIENT = 'usermanager@example.org';

describe.skipIf(Boolean(e2e.skipReason))('Sharing in a browser', () => {
  it('grants a staff-level item to a leader’s e-mail for 7 days from the Share dialog; the leader then opens it', async () => {
    const sharer = await open('/');
    await signInWithEmail(sharer, SHARER);
    await sharer.goto(`/item?${new URLSearchParams({ search: STAFF_ITEM })}`);
    const itemPath = await cardLink(sharer, STAFF_ITEM).getAttribute('href');
    expect(itemPath).toMatch(/^\/i\/[0-9a-z]+$/);

    // Before the grant the leader may not open it.
    const before = await newAppContext(e2e.browser, { baseURL: e2e.baseUrl });
    const leaderBefore = await before.newPage();
    await signInWithEmail(leaderBefore, RECIPIENT);
    await leaderBefore.goto(itemPath!);
    await pageHeading(leaderBefore).filter({ hasText: ERROR_PAGES[403].title }).waitFor();
    await before.close();

    await sharer.goto(itemPath!);
    await pageHeading(sharer).filter({ hasText: STAFF_ITEM }).waitFor();
    await itemHeader(sharer).getByRole('button', { name: SHARE_TEXTS.shareButton, exact: true }).click();
    const dialog = sharer.getByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    // Nothing opens below level 4, so the form opens there once the explanation has loaded.
    await dialog.getByText('Level 4: Staff', { exact: true }).waitFor();
    await dialog.getByLabel('Email').fill(RECIPIENT);
    await dialog.getByLabel('Valid for').selectOption({ label: '7 days' });
    await dialog.getByRole('button', { name: SHARE_TEXTS.grantAccess }).click();
    await dialog.getByText(SHARE_TEXTS.granted).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The Share button stays for another grant (issue 15).
    expect(await itemHeader(sharer).getByRole('button', { name: SHARE_TEXTS.shareButton, exact: true }).count()).toBe(1);

    // The shared link, as Shared By Me lists it.
    await sharer.goto('/sent');
    const entry = sharer
      .getByRole('listitem')
      .filter({ hasText: `To ${RECIPIENT}` })
      .filter({ hasText: STAFF_ITEM });
    const link = await entry.getByRole('link', { name: STAFF_ITEM }).getAttribute('href');
    expect(link).toMatch(new RegExp(`^${itemPath}\\?share=[0-9a-z]+$`));
    await e2e.context.close();

    const leader = await open('/');
    await signInWithEmail(leader, RECIPIENT);
    await leader.goto(link!);
    await pageHeading(leader).filter({ hasText: STAFF_ITEM }).waitFor();
    await leader.goto('/share');
    // The sidebar may list the item too (recently opened), so look in the page's own list.
    await leader.getByRole('list', { name: 'Shared With Me' }).getByRole('link', { name: STAFF_ITEM }).waitFor();
  });
});
