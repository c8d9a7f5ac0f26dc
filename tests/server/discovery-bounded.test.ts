/**
 * Issue 16: lists, searches, tag counts and the type-ahead do work bounded by what they show, not by the library:
 * counts stop above EXACT_COUNT_LIMIT ("1,000+"), a search ranks a bounded candidate set (titles first), and the
 * end of a list still knows exactly how long it was. Access holds throughout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, PAGE_SIZE } from '../../shared/constants';
import { VISIBILITY } from '../../shared/enums';
import type { ItemSummary, ItemsPagination, SearchResult } from '../../shared/items';
import type { DatabaseHandle } from '../../server/db/client';
import { items, itemTags, tags, taxonomies } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';

/** More title matches than the bound, a few blurb-only ones, other items, and a restricted one that matches. */
const TITLE_MATCHES = EXACT_COUNT_LIMIT + 30;
const OTHERS = 20;
const RESTRICTED_TITLE = 'Lantern Secret Plans';
/** Letters outside the Basic Multilingual Plane (two UTF-16 units each), as a title's first word. */
const OUTSIDE_BMP_WORD = '\u{20000}\u{20001}';

async function seedLargeLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const [type] = await db.insert(taxonomies).values({ title: 'Type', position: 0, multiselect: true }).returning();
  const [resource] = await db.insert(tags).values({ taxonomyId: type!.id, label: 'Resource', position: 0 }).returning();
  const rows = [
    ...Array.from({ length: TITLE_MATCHES }, (_, index) => ({ title: `Lantern Game ${String(index).padStart(4, '0')}`, blurb: '' })),
    ...Array.from({ length: OTHERS }, (_, index) => ({ title: `Quiet Walk ${index}`, blurb: index < 3 ? 'Carry a lantern.' : 'Outdoors.' })),
  ].map((row, index) => ({ ...row, code: `EQ-${String(index + 1).padStart(5, '0')}`, visibility: VISIBILITY.DISCOVERABLE }));
  const inserted = await db.insert(items).values(rows).returning({ id: items.id });
  await db.insert(itemTags).values(inserted.map((row) => ({ itemId: row.id, tagId: resource!.id })));
  await db.insert(items).values({ code: 'EQ-99999', title: RESTRICTED_TITLE, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 });
  await db.insert(items).values({ code: 'EQ-99998', title: `${OUTSIDE_BMP_WORD} Songs`, visibility: VISIBILITY.DISCOVERABLE });
}

const ctx = useTestApp({ seed: seedLargeLibrary });
let resourceRef: string;

beforeAll(async () => {
  const [row] = await ctx.database.db.select({ ref: tags.ref }).from(tags);
  resourceRef = row!.ref;
});

interface IndexPage {
  props: { items: { data: ItemSummary[] }; itemsPagination: ItemsPagination; matchCount: number; tagCounts: Record<string, number> };
}

async function indexPage(url: string): Promise<IndexPage> {
  const { response, page } = await visit(ctx.app, url);
  expect(response.statusCode, url).toBe(200);
  return page;
}

const BEYOND = EXACT_COUNT_LIMIT + 1;

describe('counts stop above the limit', () => {
  it('says "more than the limit" for a large list while paging on, and counts its tags only once it is narrowed', async () => {
    const page = await indexPage('/item');
    expect(page.props.items.data).toHaveLength(PAGE_SIZE);
    expect(page.props.itemsPagination).toMatchObject({ nextPage: 2 });
    expect(page.props.matchCount).toBe(BEYOND);
    expect(page.props.tagCounts).toEqual({});
    const filtered = await indexPage(`/item?tags=${resourceRef}`);
    expect(filtered.props.matchCount).toBe(BEYOND);
    const narrowed = await indexPage('/item?search=quiet');
    expect(narrowed.props.tagCounts).toEqual({ [resourceRef]: OTHERS });
  });

  it('ends on the last page of the list', async () => {
    const listed = TITLE_MATCHES + OTHERS;
    const lastPage = Math.ceil(listed / PAGE_SIZE);
    const page = await indexPage(`/item?tags=${resourceRef}&page=${lastPage}`);
    expect(page.props.items.data).toHaveLength(listed - (lastPage - 1) * PAGE_SIZE);
    expect(page.props.itemsPagination).toMatchObject({ nextPage: null });
  });

  it('counts exactly below the limit', async () => {
    const page = await indexPage('/item?search=quiet');
    expect(page.props.matchCount).toBe(OTHERS);
    expect(page.props.itemsPagination.nextPage).toBe(null);
  });
});

describe('a search ranks a bounded set of candidates', () => {
  it('shows its best matches (titles first), says "1,000+", and ends after the limit', async () => {
    const first = await indexPage('/item?search=lantern');
    expect(first.props.matchCount).toBe(BEYOND);
    expect(first.props.items.data.every((item) => item.title.startsWith('Lantern Game'))).toBe(true);
    const lastPage = Math.ceil(EXACT_COUNT_LIMIT / PAGE_SIZE);
    const last = await indexPage(`/item?search=lantern&page=${lastPage}`);
    expect(last.props.items.data).toHaveLength(EXACT_COUNT_LIMIT - (lastPage - 1) * PAGE_SIZE);
    expect(last.props.itemsPagination.nextPage).toBe(null);
    expect((await indexPage(`/item?search=lantern&page=${lastPage + 1}`)).props.items.data).toEqual([]);
  });

  it('finds words outside titles, equally viewed ones newest first', async () => {
    const page = await indexPage('/item?search=carry');
    expect(page.props.items.data.map((item) => item.title)).toEqual(['Quiet Walk 2', 'Quiet Walk 1', 'Quiet Walk 0']);
  });

  it('pages on after the last card’s key, walked or among a filtered search’s candidates, as by page number (issue 35 §3)', async () => {
    for (const url of ['/item?search=lantern', `/item?search=lantern&tags=${resourceRef}`, `/item?search=game%20lantern&tags=${resourceRef}`]) {
      const first = (await visit(ctx.app, url)).page;
      const next = first.scrollProps.items.nextPage;
      expect(next, url).toMatch(/^2~/);
      const byKey = await indexPage(`${url}&page=${encodeURIComponent(next)}`);
      const byNumber = await indexPage(`${url}&page=2`);
      expect(
        byKey.props.items.data.map((item) => item.ref),
        url,
      ).toEqual(byNumber.props.items.data.map((item) => item.ref));
      expect(byKey.props.items.data.length, url).toBeGreaterThan(0);
    }
  });

  it('never lists a match the viewer may not open, on any page', async () => {
    const lastPage = Math.ceil(EXACT_COUNT_LIMIT / PAGE_SIZE);
    for (const page of [1, lastPage]) {
      const titles = (await indexPage(`/item?search=lantern&page=${page}`)).props.items.data.map((item) => item.title);
      expect(titles).not.toContain(RESTRICTED_TITLE);
    }
  });
});

describe('the type-ahead', () => {
  it('answers its best few matches from a bounded set, for what the viewer may list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/item?search=lant&simplejson=true', headers: { accept: 'application/json' } });
    const { data } = response.json() as { data: SearchResult[] };
    expect(data).toHaveLength(8);
    expect(data.every((result) => result.title.startsWith('Lantern Game'))).toBe(true);
  });

  it('finds a title beginning with letters outside the Basic Multilingual Plane', async () => {
    const url = `/item?${new URLSearchParams({ search: OUTSIDE_BMP_WORD, simplejson: 'true' })}`;
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect((response.json() as { data: SearchResult[] }).data.map((result) => result.title)).toEqual([`${OUTSIDE_BMP_WORD} Songs`]);
  });
});
