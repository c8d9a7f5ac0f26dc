/**
 * Content analytics (issue 19 §8): opens of items and contents per user type, and searches that found nothing —
 * recorded off the request, nothing that identifies a person, shown on the admin stats, swept with the request log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { StatsOpenedGroup, UnmatchedSearchResult } from '../../shared/stats';
import { opensPerUserType, tags, taxonomies, unmatchedSearches, users, userTypes } from '../../server/db/schema';
import { normaliseSearchText } from '../../server/features/request-log/unmatched-searches';
import { sweepOldDailyCounts } from '../../server/features/request-log/sweep';
import { partialReloadHeaders } from '../../server/inertia/testing';
import { VIEW_AS_URL } from '../../shared/view-as';
import { send, visit } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { ADMIN, arrangeDrive, CONTENT, ITEMS, MEMBER, open, seedContentLibrary, STAFF } from './content-fixture';

const context = useSessionTestApp({ seed: seedContentLibrary });
beforeAll(async () => {
  await arrangeDrive(context.db(), context.drive);
});

const TODAY = new Date().toISOString().slice(0, 10);

async function flushed() {
  await context.app.openCounts.flush();
  await context.app.unmatchedSearches.flush();
}

async function typeIdOf(email: string): Promise<number> {
  const [row] = await context.db().select({ id: users.userTypeId }).from(users).where(eq(users.email, email));
  return row!.id!;
}

async function statsAs(email: string, url: string) {
  const { response, page } = await visit(context.app, url, await context.as(email));
  return { status: response.statusCode, props: page?.props as { mostOpened: StatsOpenedGroup[]; unmatchedSearches: UnmatchedSearchResult[] } };
}

async function search(email: string | null, text: string, headers: Record<string, string> = {}) {
  const jar = email ? await context.as(email) : undefined;
  const { response, page } = await visit(context.app, `/item?search=${encodeURIComponent(text)}`, jar, headers);
  expect(response.statusCode).toBe(200);
  return page.props as { matchCount: number | null };
}

describe('who may see them', () => {
  it.each(['/admin/stats/opened', '/admin/stats/unmatched_searches'])('%s is for admins only', async (url) => {
    expect((await visit(context.app, url)).response.statusCode).toBe(403);
    expect((await statsAs(MEMBER, url)).status).toBe(403);
    expect((await statsAs(STAFF, url)).status).toBe(403);
    expect((await statsAs(ADMIN, url)).status).toBe(200);
  });
});

describe('nothing that identifies a person is stored', () => {
  it('keeps day, kind, ref, user type and a count of opens; day, text, count and last seen of searches', () => {
    expect(Object.keys(getTableColumns(opensPerUserType)).sort()).toEqual(['day', 'id', 'kind', 'openCount', 'ref', 'userTypeId']);
    expect(Object.keys(getTableColumns(unmatchedSearches)).sort()).toEqual(['day', 'id', 'lastSearchedAt', 'searchCount', 'searchText']);
  });
});

describe('opens per user type', () => {
  it('counts a full visit of an item page and each open of a content with the viewer’s user type, not partial reloads or prefetches', async () => {
    const member = await context.as(MEMBER);
    await visit(context.app, `/i/${ITEMS.guide}`, member);
    await visit(context.app, `/i/${ITEMS.guide}`, member);
    await visit(context.app, `/i/${ITEMS.guide}`, member, partialReloadHeaders('items/Show', { only: ['comments'] }));
    await visit(context.app, `/i/${ITEMS.guide}`, member, { purpose: 'prefetch' });
    await visit(context.app, `/i/${ITEMS.bare}`, await context.as(STAFF));
    expect((await open(context.app, null, `/content/${CONTENT.open}`)).statusCode).toBe(200);
    expect((await open(context.app, member, `/content/${CONTENT.open}`)).statusCode).toBe(200);
    expect((await open(context.app, member, `/content/${CONTENT.staff}`)).statusCode).toBe(403);
    await flushed();
    const rows = await context.db().select().from(opensPerUserType).orderBy(opensPerUserType.kind, opensPerUserType.ref, opensPerUserType.userTypeId);
    const memberType = await typeIdOf(MEMBER);
    const staffType = await typeIdOf(STAFF);
    expect(rows.map(({ day, kind, ref, userTypeId, openCount }) => ({ day, kind, ref, userTypeId, openCount }))).toEqual(
      [
        { day: TODAY, kind: 'content', ref: CONTENT.open, userTypeId: memberType, openCount: 1 },
        { day: TODAY, kind: 'content', ref: CONTENT.open, userTypeId: null, openCount: 1 },
        { day: TODAY, kind: 'item', ref: ITEMS.bare, userTypeId: staffType, openCount: 1 },
        { day: TODAY, kind: 'item', ref: ITEMS.guide, userTypeId: memberType, openCount: 2 },
      ].sort((a, b) => (a.kind + a.ref + String(a.userTypeId ?? 'z') < b.kind + b.ref + String(b.userTypeId ?? 'z') ? -1 : 1)),
    );
  });

  it('adds later batches to the day’s row, and the page lists each user type’s most opened, titled, a deleted item as deleted', async () => {
    const member = await context.as(MEMBER);
    await visit(context.app, `/i/${ITEMS.guide}`, member);
    await flushed();
    const memberType = await typeIdOf(MEMBER);
    await context
      .db()
      .insert(opensPerUserType)
      .values([
        { day: '2017-05-02', kind: 'item', ref: 'deleteditem1', userTypeId: memberType, openCount: 7 },
        { day: '2017-05-03', kind: 'item', ref: ITEMS.guide, userTypeId: memberType, openCount: 2 },
        { day: '2017-05-03', kind: 'item', ref: ITEMS.draft, userTypeId: null, openCount: 1 },
        { day: '2017-05-04', kind: 'content', ref: CONTENT.staff, userTypeId: memberType, openCount: 4 },
        { day: '2017-06-01', kind: 'item', ref: ITEMS.bare, userTypeId: memberType, openCount: 50 },
      ]);
    const [memberTitle] = await context.db().select({ title: userTypes.title }).from(userTypes).where(eq(userTypes.id, memberType));
    const { props } = await statsAs(ADMIN, '/admin/stats/opened?from=2017-05-01&to=2017-05-31');
    expect(props.mostOpened).toEqual([
      {
        userTypeId: null,
        userTypeTitle: null,
        items: [{ path: `/i/${ITEMS.draft}`, title: 'Unfinished Trail', deleted: false, totalCount: 1 }],
        contents: [],
      },
      {
        userTypeId: memberType,
        userTypeTitle: memberTitle!.title,
        items: [
          { path: '/i/deleteditem1', title: null, deleted: true, totalCount: 7 },
          { path: `/i/${ITEMS.guide}`, title: 'Camp Leader Guide', deleted: false, totalCount: 2 },
        ],
        contents: [{ path: `/content/${CONTENT.staff}`, title: 'Staff Notes (Camp Leader Guide)', deleted: false, totalCount: 4 }],
      },
    ]);
    const today = await statsAs(ADMIN, `/admin/stats/opened?from=${TODAY}&to=${TODAY}`);
    const guide = today.props.mostOpened.find((group) => group.userTypeId === memberType)!.items.find((row) => row.path === `/i/${ITEMS.guide}`);
    expect(guide?.totalCount).toBe(3);
  });
});

describe('an admin previewing as level N (issue 19 §6)', () => {
  it('counts no open and records no search: a preview is no one opening or searching', async () => {
    await flushed();
    const opensBefore = await context.db().select().from(opensPerUserType);
    const searchesBefore = await context.db().select().from(unmatchedSearches);
    const admin = await context.as(ADMIN);
    expect((await send(context.app, admin, 'POST', VIEW_AS_URL, { as: '1' })).statusCode).toBe(303);
    expect((await visit(context.app, `/i/${ITEMS.guide}`, admin)).response.statusCode).toBe(200);
    expect((await visit(context.app, '/item?search=zqxwpreview', admin)).page.props.matchCount).toBe(0);
    expect((await open(context.app, admin, `/content/${CONTENT.open}`)).statusCode).toBe(200);
    await flushed();
    expect(await context.db().select().from(opensPerUserType)).toEqual(opensBefore);
    expect(await context.db().select().from(unmatchedSearches)).toEqual(searchesBefore);
  });
});

describe('searches that found nothing', () => {
  it('normalises the text: case, width and spacing, capped at 100 characters', () => {
    expect(normaliseSearchText('  Psalm\t\t23 \n')).toBe('psalm 23');
    expect(normaliseSearchText('ＰＳＡＬＭ')).toBe('psalm');
    expect(normaliseSearchText('   ')).toBe('');
    expect(normaliseSearchText('x'.repeat(150))).toHaveLength(100);
    expect(Array.from(normaliseSearchText('😀'.repeat(120)))).toHaveLength(100);
  });

  it('records the text of a search that found nothing, never who searched; not a search that found something, with tags, type-ahead or a partial reload', async () => {
    await context.db().delete(unmatchedSearches);
    const [taxonomy] = await context.db().insert(taxonomies).values({ title: 'Season' }).returning();
    const [tag] = await context.db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'summer' }).returning();
    expect((await search(MEMBER, 'Zqxw  Nonsense')).matchCount).toBe(0);
    expect((await search(null, 'zqxw nonsense')).matchCount).toBe(0);
    expect((await search(STAFF, 'ZQXW nonsense')).matchCount).toBe(0);
    expect((await search(MEMBER, 'camp')).matchCount).toBeGreaterThan(0);
    expect((await visit(context.app, `/item?search=zqxwtagged&tags=${tag!.ref}`)).page.props.matchCount).toBe(0);
    await search(MEMBER, 'zqxw partial', partialReloadHeaders('items/Index', { only: ['items'] }));
    await search(MEMBER, 'zqxw prefetch', { purpose: 'prefetch' });
    await context.app.inject({ method: 'GET', url: '/item?simplejson=true&search=zqxwtypeahead' });
    await visit(context.app, '/popular?search=zqxwpopular');
    await flushed();
    const rows = await context.db().select().from(unmatchedSearches);
    expect(rows.map(({ day, searchText, searchCount }) => ({ day, searchText, searchCount }))).toEqual([
      { day: TODAY, searchText: 'zqxw nonsense', searchCount: 3 },
    ]);
    const { props } = await statsAs(ADMIN, '/admin/stats/unmatched_searches');
    expect(props.unmatchedSearches).toEqual([{ searchText: 'zqxw nonsense', totalCount: 3, lastSearchedAt: rows[0]!.lastSearchedAt.toISOString() }]);
  });

  it('lists the range’s searches by count, then the latest, with when each was last seen', async () => {
    await context
      .db()
      .insert(unmatchedSearches)
      .values([
        { day: '2016-03-01', searchText: 'easter drama', searchCount: 2, lastSearchedAt: new Date('2016-03-01T09:00:00Z') },
        { day: '2016-03-02', searchText: 'easter drama', searchCount: 3, lastSearchedAt: new Date('2016-03-02T18:30:00Z') },
        { day: '2016-03-02', searchText: 'youth camp songs', searchCount: 4, lastSearchedAt: new Date('2016-03-02T10:00:00Z') },
        { day: '2016-03-03', searchText: 'advent', searchCount: 4, lastSearchedAt: new Date('2016-03-03T10:00:00Z') },
        { day: '2016-04-01', searchText: 'outside', searchCount: 40, lastSearchedAt: new Date('2016-04-01T10:00:00Z') },
      ]);
    const { props } = await statsAs(ADMIN, '/admin/stats/unmatched_searches?from=2016-03-01&to=2016-03-31');
    expect(props.unmatchedSearches).toEqual([
      { searchText: 'easter drama', totalCount: 5, lastSearchedAt: '2016-03-02T18:30:00.000Z' },
      { searchText: 'advent', totalCount: 4, lastSearchedAt: '2016-03-03T10:00:00.000Z' },
      { searchText: 'youth camp songs', totalCount: 4, lastSearchedAt: '2016-03-02T10:00:00.000Z' },
    ]);
  });
});

describe('retention', () => {
  it('sweeps the days that ended before the request log’s retention, in batches, and keeps the rest', async () => {
    const now = new Date('2030-06-10T12:00:00Z');
    await context
      .db()
      .insert(unmatchedSearches)
      .values([
        { day: '2029-06-09', searchText: 'just too old', searchCount: 1, lastSearchedAt: new Date('2029-06-09T23:00:00Z') },
        { day: '2029-06-08', searchText: 'older', searchCount: 1, lastSearchedAt: new Date('2029-06-08T10:00:00Z') },
        { day: '2029-06-10', searchText: 'kept', searchCount: 1, lastSearchedAt: new Date('2029-06-10T10:00:00Z') },
      ]);
    await context
      .db()
      .insert(opensPerUserType)
      .values([
        { day: '2029-06-09', kind: 'item', ref: 'olditem0001', userTypeId: null, openCount: 1 },
        { day: '2029-06-10', kind: 'item', ref: 'keptitem001', userTypeId: null, openCount: 1 },
      ]);
    const before = await context
      .db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(unmatchedSearches);
    const swept = await sweepOldDailyCounts(context.db(), 365, now, 1);
    const searchesLeft = await context.db().select({ text: unmatchedSearches.searchText }).from(unmatchedSearches);
    // Everything before 2029-06-10 goes (the earlier tests' rows of 2016 and 2017 too); today's and later stay.
    expect(searchesLeft.map((row) => row.text)).toContain('kept');
    expect(searchesLeft.map((row) => row.text)).not.toContain('just too old');
    expect(searchesLeft.map((row) => row.text)).not.toContain('easter drama');
    expect(swept.unmatchedSearches).toBe(before[0]!.n - searchesLeft.length);
    const opensLeft = await context.db().select({ ref: opensPerUserType.ref }).from(opensPerUserType);
    expect(opensLeft.map((row) => row.ref)).toContain('keptitem001');
    expect(opensLeft.map((row) => row.ref)).not.toContain('olditem0001');
    expect(opensLeft.map((row) => row.ref)).not.toContain('deleteditem1');
  });
});
