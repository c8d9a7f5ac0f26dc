import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { EMPTY_STATES } from '../../shared/messages';
import { DESKTOP, expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES, PHONE } from './journey';
import { itemCards, matchCount, pageHeading, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** The longest word of a title, typed with a letter left out ('Forgiveness' → 'Forgivness'). */
function withSlip(title: string): { typo: string; word: string } {
  const word = (title.match(/\p{L}+/gu) ?? []).reduce((longest, candidate) => (candidate.length > longest.length ? candidate : longest), '');
  const cut = Math.floor(word.length / 2);
  return { typo: word.slice(0, cut) + word.slice(cut + 1), word };
}

const tagsInUrl = (page: Page) => (new URL(page.url()).searchParams.get('tags') ?? '').split('-').filter(Boolean).length;

/** A tag's checkbox, named '{label} ({count})'; returns the box and the count it shows. */
async function tagBox(scope: Locator, label: string): Promise<{ box: Locator; count: number }> {
  const box = scope.getByRole('checkbox', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  await box.waitFor();
  const name = (await box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim();
  return { box, count: Number(/\((\d+)\)$/.exec(name)?.[1]) };
}

/** Where a taxonomy's tags are: in the Filters sheet on a phone, in the taxonomy's own menu from 768 px. */
async function taxonomyScope(page: Page, phone: boolean, taxonomy: string): Promise<Locator> {
  if (phone) return page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: taxonomy });
  const filters = page.getByRole('region', { name: 'Filters' });
  const toggle = filters.getByRole('button', { name: new RegExp(`^${taxonomy}( \\(\\d+\\))?$`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return filters.getByRole('group', { name: taxonomy });
}

/** Ticks a tag and waits for the list to follow; returns what the match count became. */
async function tick(page: Page, scope: Locator, label: string, tagsAfter: number): Promise<number> {
  const { box } = await tagBox(scope, label);
  await box.check();
  await page.waitForURL(() => tagsInUrl(page) === tagsAfter);
  await page.getByRole('main').getByRole('status').filter({ hasText: /match/ }).waitFor();
  await expect.poll(() => box.isChecked()).toBe(true);
  return matchCount(page);
}

describe.skipIf(Boolean(e2e.skipReason)).each(JOURNEY_SIZES)('search and filter on a phone, at %s', (_, size) => {
  const phone = size.width === PHONE.width;

  it('unions tags of one taxonomy, intersects another, counts, clears, forgives a typo and suggests on an empty result', async () => {
    const page = await open('/item', size);
    await pageHeading(page).filter({ hasText: 'All Items' }).waitFor();
    const { typo, word } = withSlip(await itemCards(page).first().getByRole('heading').innerText());
    expect(word.length).toBeGreaterThanOrEqual(6);

    if (phone) {
      // On a phone the filters fold into one button; no taxonomy control fills the first screen.
      expect(await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Type', exact: true }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filters (0)' }).click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    }
    const age = await taxonomyScope(page, phone, 'Age Group');
    await expectAccessible(page, phone ? 'the open Filters sheet' : 'an open filter menu');
    const children = (await tagBox(age, 'Children')).count;
    const youth = (await tagBox(age, 'Youth')).count;
    expect(children).toBeGreaterThan(0);
    expect(youth).toBeGreaterThan(0);

    // Two tags of one taxonomy: their union.
    const onlyChildren = await tick(page, age, 'Children', 1);
    expect(onlyChildren).toBe(children);
    const union = await tick(page, age, 'Youth', 2);
    expect(union).toBeGreaterThanOrEqual(Math.max(children, youth));
    expect(union).toBeLessThanOrEqual(children + youth);

    // A tag of another taxonomy narrows the union; its count said by how much before it was ticked.
    const type = await taxonomyScope(page, phone, 'Type');
    const resource = (await tagBox(type, 'Resource')).count;
    expect(resource).toBeGreaterThan(0);
    expect(resource).toBeLessThan(union);
    expect(await tick(page, type, 'Resource', 3)).toBe(resource);
    await pageHeading(page).filter({ hasText: 'Children, Youth, Resource' }).waitFor();

    if (phone) {
      await page.getByRole('button', { name: 'Filters (3)' }).waitFor({ state: 'attached' });
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: `Show ${resource} matches` })
        .click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor({ state: 'detached' });
    } else {
      await page.keyboard.press('Escape');
    }
    expect(await itemCards(page).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the filtered results');
    await expectNoSidewaysScroll(page, 'the filtered results');

    // Clear all.
    if (phone) {
      await page.getByRole('button', { name: 'Filters (3)' }).click();
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Clear all' }).click();
      await page.waitForURL(() => tagsInUrl(page) === 0);
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Close filters' }).click();
      // The sheet keeps focus inside it until it is gone.
      await page.getByRole('dialog', { name: 'Filters' }).waitFor({ state: 'detached' });
    } else {
      await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Clear all' }).click();
      await page.waitForURL(() => tagsInUrl(page) === 0);
    }
    await pageHeading(page).filter({ hasText: 'All Items' }).waitFor();

    // A search with a typo still finds the item.
    const search = page.getByRole('region', { name: 'Filters' }).getByRole('searchbox', { name: 'Search titles and blurbs' });
    await search.fill(typo);
    await search.press('Enter');
    await pageHeading(page)
      .filter({ hasText: `Search: "${typo}"` })
      .waitFor();
    await itemCards(page)
      .getByRole('link', { name: new RegExp(word) })
      .first()
      .waitFor();
    await expectNoSidewaysScroll(page, 'the typo search');

    // Nothing matches (an old /tag/{label} link with a search): the empty state, and popular items of that tag instead.
    await page.goto(new URL('/tag/resource?search=xyzzy+plugh', page.url()).toString());
    await page.getByText(EMPTY_STATES.items).waitFor();
    const suggested = page.getByRole('list', { name: 'Popular in these filters' });
    await suggested.waitFor();
    expect(await suggested.getByRole('article').count()).toBeGreaterThan(0);
    // Checked with the navbar's search box open and filled, as a searched list shows it.
    await expectAccessible(page, 'the empty result with suggestions');
    await expectNoSidewaysScroll(page, 'the empty result with suggestions');
  });
});

describe.skipIf(Boolean(e2e.skipReason))('a tag page filtered on a wide screen', () => {
  it('keeps its address and a taxonomy menu open, with the focus on the box, while several tags are ticked (issue 36 §4)', async () => {
    const page = await open('/tag/resource', DESKTOP);
    await pageHeading(page).waitFor();
    const age = await taxonomyScope(page, false, 'Age Group');
    const menuToggle = page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: /^Age Group( \(\d+\))?$/ });
    // The page's own tag is its path; the ones ticked go in the query.
    for (const [label, inQuery] of [
      ['Children', 1],
      ['Youth', 2],
    ] as const) {
      const { box } = await tagBox(age, label);
      await box.check();
      await page.waitForURL(() => tagsInUrl(page) === inQuery);
      await expect.poll(() => box.isChecked()).toBe(true);
      // Still the tag's page, the menu still open and the focus where the person ticked, not thrown to the heading.
      expect(new URL(page.url()).pathname).toBe('/tag/resource');
      expect(await menuToggle.getAttribute('aria-expanded')).toBe('true');
      expect(await box.evaluate((node) => node === document.activeElement)).toBe(true);
    }
    await expectAccessible(page, 'a tag page with an open taxonomy menu');
  });
});
