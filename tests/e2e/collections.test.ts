import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADD_TO_COLLECTION_TITLE, COLLECTION_MESSAGES, COLLECTION_TEXTS, NEW_COLLECTION_TITLE } from '../../shared/collections';
import { ERROR_PAGES } from '../../shared/messages';
import { drag, pageHeading, signInWithEmail, useWatchedBrowser } from './support';
import { newAppContext } from './browser';

const { e2e, open } = useWatchedBrowser();

/** An affiliate (level 2): the two items come from what they see in the library. */
const OWNER = 'affiliate@example.org';

const sectionList = (page: Page, name: string) => page.getByRole('list', { name, exact: true });
const entryTitles = async (page: Page, section: string) =>
  sectionList(page, section)
    .getByRole('listitem')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));

/** Two items from the first page of the library as the page's viewer sees it: their titles and paths. */
async function twoItems(page: Page): Promise<{ title: string; path: string }[]> {
  await page.goto('/item');
  const links = page.getByRole('list', { name: 'Items' }).getByRole('article').getByRole('link');
  await links.first().waitFor();
  const found: { title: string; path: string }[] = [];
  for (let index = 0; found.length < 2; index += 1) {
    const link = links.nth(index);
    const title = (await link.innerText()).trim();
    if (!found.some((item) => item.title === title)) found.push({ title, path: (await link.getAttribute('href'))! });
  }
  return found;
}

async function addToCollection(page: Page, itemPath: string, collectionTitle: string, section: string): Promise<void> {
  await page.goto(itemPath);
  await page.getByRole('toolbar', { name: 'Item actions' }).getByRole('button', { name: ADD_TO_COLLECTION_TITLE }).click();
  const dialog = page.getByRole('dialog', { name: ADD_TO_COLLECTION_TITLE });
  // The viewer's collections load when the dialog opens.
  await dialog.getByRole('option', { name: collectionTitle }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Collection').selectOption({ label: collectionTitle });
  await dialog.getByLabel('Section').fill(section);
  await dialog.getByRole('button', { name: COLLECTION_TEXTS.addToCollection }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(COLLECTION_MESSAGES.added(collectionTitle)).first().waitFor();
}

describe.skipIf(Boolean(e2e.skipReason))('Collections in a browser', () => {
  it('creates a collection, adds two items into two sections, drags one across, makes it public and opens it anonymously', async () => {
    const page = await open('/');
    // Items anyone may open, so the anonymous visitor at the end sees them too.
    const [first, second] = await twoItems(page);
    await signInWithEmail(page, OWNER);
    const title = `Camp Week ${Date.now()}`;

    await page.goto('/collection');
    await page.getByRole('button', { name: COLLECTION_TEXTS.createNew }).click();
    const create = page.getByRole('dialog', { name: NEW_COLLECTION_TITLE });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Description').fill('Everything for the week away');
    await create.getByRole('button', { name: 'OK' }).click();
    await pageHeading(page).filter({ hasText: title }).waitFor();
    // A new collection opens in edit mode (the flash).
    await page.getByRole('button', { name: 'Stop Editing' }).waitFor();
    const collectionPath = new URL(page.url()).pathname;
    expect(collectionPath).toMatch(/^\/collection\/[0-9a-z]{12}$/);

    await addToCollection(page, first!.path, title, 'Morning');
    await addToCollection(page, second!.path, title, 'Evening');

    await page.goto(collectionPath);
    expect(await entryTitles(page, 'Morning')).toEqual([first!.title]);
    expect(await entryTitles(page, 'Evening')).toEqual([second!.title]);
    await sectionList(page, 'Evening').getByRole('link', { name: second!.title }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // The mouse works on what is on screen: the handle may start below the fold.
    await page.getByLabel(`Drag ${first!.title}`).scrollIntoViewIfNeeded();
    const handle = await page.getByLabel(`Drag ${first!.title}`).boundingBox();
    const target = await sectionList(page, 'Evening').getByRole('listitem', { name: second!.title }).boundingBox();
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/collection_item/'));
    await drag(page, handle!, target!);
    await saved;
    const dropped = await entryTitles(page, 'Evening');
    expect([...dropped].sort()).toEqual([first!.title, second!.title].sort());

    // Section and position were saved: the reloaded page shows the same order.
    await page.reload();
    await pageHeading(page).filter({ hasText: title }).waitFor();
    expect(await entryTitles(page, 'Evening')).toEqual(dropped);
    expect(await sectionList(page, 'Morning').count()).toBe(0);

    // Private so far: an anonymous visitor is refused.
    const anonymousContext = await newAppContext(e2e.browser, { baseURL: e2e.baseUrl });
    const visitor = await anonymousContext.newPage();
    await visitor.goto(collectionPath);
    await pageHeading(visitor).filter({ hasText: ERROR_PAGES[403].title }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: `Edit ${COLLECTION_TEXTS.public}` }).click();
    await page.getByLabel(COLLECTION_TEXTS.public, { exact: true }).selectOption('true');
    await page.getByRole('button', { name: `Save ${COLLECTION_TEXTS.public}` }).click();
    await page.getByRole('img', { name: `${COLLECTION_TEXTS.public} saved` }).waitFor();

    await visitor.goto(collectionPath);
    await pageHeading(visitor).filter({ hasText: title }).waitFor();
    expect(await entryTitles(visitor, 'Evening')).toEqual(dropped);
    await anonymousContext.close();
  });
});
