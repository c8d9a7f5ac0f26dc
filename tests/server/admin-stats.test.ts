/** Admin stats (admin-curation §2 "Admin Stats", §3, §7, §9): access, top lists, over-time lists, range, CSV. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SIGN_IN_HINT } from '../../shared/messages';
import { STATS_LINKS, type StatsOverTimeResult, type StatsTopResult } from '../../shared/stats';
import { VISIBILITY } from '../../shared/enums';
import { LEVEL } from '../../shared/levels';
import { ANONYMOUS } from '../../server/access/policy';
import { contents, httpRequests, items, userTypes } from '../../server/db/schema';
import { targetTitles } from '../../server/features/admin-stats/titles';
import { requestsCsv } from '../../server/features/admin-stats/csv';
import { csvCell } from '../../server/lib/csv';
import { defaultRange, parseRange } from '../../server/features/admin-stats/schemas';
import { useTestApp } from '../support/app';
import { signInAs, visit } from '../support/http';
import type { CookieJar } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedDemoAccounts });
const jars = new Map<string, CookieJar>();
async function jarOf(who: 'anonymous' | 'member' | 'staff' | 'admin'): Promise<CookieJar | undefined> {
  if (who === 'anonymous') return undefined;
  if (!jars.has(who)) jars.set(who, await signInAs(ctx.app, `${who}@example.org`));
  return jars.get(who);
}

const PAGE_ROUTES = [
  '/admin/stats',
  '/admin/stats/url',
  '/admin/stats/referer',
  '/admin/stats/user_type_id',
  '/admin/stats/method',
  '/admin/stats/response_code',
  '/admin/stats/time',
  '/admin/stats/time/month',
  '/admin/stats/time/year',
  '/admin/stats/opened',
  '/admin/stats/unmatched_searches',
];
const MARCH = '?from=2024-03-01&to=2024-03-31';

type Row = { method?: string; url?: string; referer?: string | null; responseCode?: number; userTypeId?: number | null; at: string };
async function log(rows: Row[]): Promise<void> {
  await ctx.database.db.insert(httpRequests).values(
    rows.map((row) => ({
      method: row.method ?? 'GET',
      url: row.url ?? '/',
      referer: row.referer ?? null,
      responseCode: row.responseCode ?? 200,
      userTypeId: row.userTypeId ?? null,
      createdAt: new Date(row.at),
    })),
  );
}
const times = (count: number, row: Row): Row[] => Array.from({ length: count }, () => row);

async function statsPage(url: string) {
  const { response, page } = await visit(ctx.app, url, await jarOf('admin'));
  expect(response.statusCode).toBe(200);
  return page.props as {
    topByParameter: string | null;
    topResults: StatsTopResult[];
    overTimeResults: StatsOverTimeResult[];
    range: { from: string; to: string };
    path: string;
    breadcrumbs: unknown;
  };
}

describe('who may see the stats', () => {
  it.each(PAGE_ROUTES)('%s refuses anonymous visitors with the 403 page and the sign-in hint, members and staff with the 403 page', async (url) => {
    const anonymous = await visit(ctx.app, url);
    expect(anonymous.response.statusCode).toBe(403);
    expectInertia(anonymous.page).component('errors/Error').prop('detail', SIGN_IN_HINT);
    const member = await visit(ctx.app, url, await jarOf('member'));
    expect(member.response.statusCode).toBe(403);
    expectInertia(member.page).prop('detail', null);
    const staff = await visit(ctx.app, url, await jarOf('staff'));
    expect(staff.response.statusCode).toBe(403);
    expectInertia(staff.page).prop('detail', null);
    const admin = await visit(ctx.app, url, await jarOf('admin'));
    expect(admin.response.statusCode).toBe(200);
    expectInertia(admin.page).component('admin/stats/Index');
  });

  it('refuses the download to anonymous visitors, members and staff', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/admin/stats/download_http' });
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    const member = await ctx.app.inject({ method: 'GET', url: '/admin/stats/download_http', headers: { cookie: (await jarOf('member'))!.header() } });
    expect(member.statusCode).toBe(403);
    expect(member.headers['content-disposition']).toBeUndefined();
    const staff = await ctx.app.inject({ method: 'GET', url: '/admin/stats/download_http', headers: { cookie: (await jarOf('staff'))!.header() } });
    expect(staff.statusCode).toBe(403);
    expect(staff.headers['content-disposition']).toBeUndefined();
  });

  it('answers 404 for a parameter that is not one of the five', async () => {
    const { response } = await visit(ctx.app, '/admin/stats/user_id', await jarOf('admin'));
    expect(response.statusCode).toBe(404);
  });
});

describe('the stats page', () => {
  it('shows Equip > Admin > Stats with no lists, over the last 90 days by default', async () => {
    const props = await statsPage('/admin/stats');
    expect(props).toMatchObject({ topByParameter: null, topResults: [], overTimeResults: [], path: '/admin/stats', range: defaultRange() });
    expect(props.breadcrumbs).toEqual([{ label: 'Admin', href: '/admin' }, { label: 'Stats' }]);
    expect(STATS_LINKS.map((link) => link.href)).toEqual([...PAGE_ROUTES.slice(1, 6), '/admin/stats/download_http', ...PAGE_ROUTES.slice(6)]);
    expect(props).toMatchObject({ mostOpened: [], unmatchedSearches: [] });
  });

  it('reads the range from the query string; junk falls back to the default, a backwards range is turned round', () => {
    const now = new Date('2025-05-20T10:00:00Z');
    expect(defaultRange(now)).toEqual({ from: '2025-02-20', to: '2025-05-20' });
    expect(parseRange({ from: '2024-03-01', to: '2024-03-31' }, now)).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(parseRange({ from: 'yesterday', to: '2024-02-30' }, now)).toEqual({ from: '2025-02-20', to: '2025-05-20' });
    expect(parseRange({ from: ['2024-01-01', '2024-02-01'], to: '1999-12-31' }, now)).toEqual({ from: '2025-02-20', to: '2025-05-20' });
    expect(parseRange({ from: '2024-03-31', to: '2024-03-01' }, now)).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(parseRange({ from: '2025-05-01' }, now)).toEqual({ from: '2025-05-01', to: '2025-05-20' });
  });
});

describe('top lists', () => {
  it('groups the range’s requests by the parameter, largest count first, ties by key, and leaves out other dates', async () => {
    await log([
      ...times(3, { url: '/items', method: 'GET', responseCode: 200, referer: 'https://www.google.com/', at: '2024-03-02T08:00:00Z' }),
      ...times(5, { url: '/i/abc', method: 'POST', responseCode: 303, at: '2024-03-15T23:59:59Z' }),
      ...times(2, { url: '/collection', method: 'GET', responseCode: 404, referer: 'https://www.google.com/', at: '2024-03-31T12:00:00Z' }),
      ...times(2, { url: '/admin', method: 'DELETE', responseCode: 403, at: '2024-03-20T12:00:00Z' }),
      ...times(9, { url: '/outside', at: '2024-02-29T23:59:59Z' }),
      ...times(9, { url: '/outside', at: '2024-04-01T00:00:00Z' }),
    ]);
    const urls = await statsPage(`/admin/stats/url${MARCH}`);
    expect(urls.topByParameter).toBe('url');
    expect(urls.range).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(urls.topResults).toEqual([
      { param_key: '/i/abc', total_count: 5, param_label: null, deleted: false },
      { param_key: '/items', total_count: 3, param_label: null, deleted: false },
      { param_key: '/admin', total_count: 2, param_label: null, deleted: false },
      { param_key: '/collection', total_count: 2, param_label: null, deleted: false },
    ]);
    const methods = await statsPage(`/admin/stats/method${MARCH}`);
    expect(methods.topResults.map((r) => [r.param_key, r.total_count])).toEqual([
      ['GET', 5],
      ['POST', 5],
      ['DELETE', 2],
    ]);
    const codes = await statsPage(`/admin/stats/response_code${MARCH}`);
    expect(codes.topResults.map((r) => [r.param_key, r.total_count])).toEqual([
      [303, 5],
      [200, 3],
      [403, 2],
      [404, 2],
    ]);
    const referers = await statsPage(`/admin/stats/referer${MARCH}`);
    expect(referers.topResults.map((r) => [r.param_key, r.total_count])).toEqual([
      [null, 7],
      ['https://www.google.com/', 5],
    ]);
    const oneDay = await statsPage('/admin/stats/url?from=2024-03-15&to=2024-03-15');
    expect(oneDay.topResults.map((r) => [r.param_key, r.total_count])).toEqual([['/i/abc', 5]]);
  });

  it('names each user type beside its id', async () => {
    const [member] = await ctx.database.db.select().from(userTypes).where(eq(userTypes.title, 'Member'));
    await log([...times(4, { userTypeId: member.id, at: '2023-07-04T10:00:00Z' }), ...times(1, { userTypeId: null, at: '2023-07-04T11:00:00Z' })]);
    const types = await statsPage('/admin/stats/user_type_id?from=2023-07-01&to=2023-07-31');
    expect(types.topResults).toEqual([
      { param_key: member.id, total_count: 4, param_label: 'Member', deleted: false },
      { param_key: null, total_count: 1, param_label: null, deleted: false },
    ]);
  });
});

describe('titles beside item and content paths (issue 19 §8)', () => {
  beforeAll(async () => {
    const [open, staffOnly] = await ctx.database.db
      .insert(items)
      .values([
        { ref: 'statsitem001', code: 'ST-1', title: 'Psalm Study', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 },
        { ref: 'statsitem002', code: 'ST-2', title: 'Staff Retreat Plan', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: LEVEL.STAFF },
      ])
      .returning();
    await ctx.database.db.insert(contents).values([
      { ref: 'statscontent1', itemId: open.id, label: 'Leader Notes' },
      { ref: 'statscontent2', itemId: open.id, label: 'Staff Answers', minimumAccessLevel: LEVEL.STAFF },
      { ref: 'statscontent3', itemId: staffOnly.id, label: 'Timetable' },
    ]);
  });

  it('names the items and contents Top URLs count by their titles, and says which ones are deleted', async () => {
    await log([
      ...times(4, { url: '/i/statsitem001', at: '2018-06-02T10:00:00Z' }),
      ...times(3, { url: '/content/statscontent1', at: '2018-06-03T10:00:00Z' }),
      ...times(2, { url: '/i/goneitem0001', at: '2018-06-04T10:00:00Z' }),
      ...times(2, { url: '/i/statsitem001/folder', at: '2018-06-04T10:00:00Z' }),
      ...times(1, { url: '/content/gonecontent1', at: '2018-06-05T10:00:00Z' }),
    ]);
    const urls = await statsPage('/admin/stats/url?from=2018-06-01&to=2018-06-30');
    expect(urls.topResults).toEqual([
      { param_key: '/i/statsitem001', total_count: 4, param_label: 'Psalm Study', deleted: false },
      { param_key: '/content/statscontent1', total_count: 3, param_label: 'Leader Notes (Psalm Study)', deleted: false },
      { param_key: '/i/goneitem0001', total_count: 2, param_label: null, deleted: true },
      { param_key: '/i/statsitem001/folder', total_count: 2, param_label: null, deleted: false },
      { param_key: '/content/gonecontent1', total_count: 1, param_label: null, deleted: true },
    ]);
  });

  it('names the referers of the site’s own item and content pages too, not another site’s', async () => {
    const own = new URL(ctx.app.config.APP_URL).origin;
    await log([
      ...times(3, { url: '/x', referer: `${own}/i/statsitem001`, at: '2018-07-02T10:00:00Z' }),
      ...times(2, { url: '/x', referer: 'https://elsewhere.example/i/statsitem001', at: '2018-07-02T10:00:00Z' }),
      ...times(1, { url: '/x', referer: `${own}/content/gonecontent1`, at: '2018-07-02T10:00:00Z' }),
    ]);
    const referers = await statsPage('/admin/stats/referer?from=2018-07-01&to=2018-07-31');
    expect(referers.topResults).toEqual([
      { param_key: `${own}/i/statsitem001`, total_count: 3, param_label: 'Psalm Study', deleted: false },
      { param_key: 'https://elsewhere.example/i/statsitem001', total_count: 2, param_label: null, deleted: false },
      { param_key: `${own}/content/gonecontent1`, total_count: 1, param_label: null, deleted: true },
    ]);
  });

  it('gives titles only of what the viewer may open (the policy), so a member would see the paths alone', async () => {
    const paths = [
      '/i/statsitem001',
      '/i/statsitem002',
      '/content/statscontent1',
      '/content/statscontent2',
      '/content/statscontent3',
      '/i/goneitem0001',
      '/items',
    ];
    const member = { ...ANONYMOUS, id: -1, level: LEVEL.LOGGED_IN };
    const asMember = await targetTitles(ctx.database.db, member, paths);
    expect([...asMember.values()]).toEqual([
      { path: '/i/statsitem001', title: 'Psalm Study', deleted: false },
      { path: '/i/statsitem002', title: null, deleted: false },
      { path: '/content/statscontent1', title: 'Leader Notes (Psalm Study)', deleted: false },
      { path: '/content/statscontent2', title: null, deleted: false },
      { path: '/content/statscontent3', title: null, deleted: false },
      { path: '/i/goneitem0001', title: null, deleted: true },
    ]);
    const asStaff = await targetTitles(ctx.database.db, { ...member, level: LEVEL.STAFF }, paths);
    expect([...asStaff.values()].map((target) => target.title)).toEqual([
      'Psalm Study',
      'Staff Retreat Plan',
      'Leader Notes (Psalm Study)',
      'Staff Answers (Psalm Study)',
      'Timetable (Staff Retreat Plan)',
      null,
    ]);
  });
});

describe('over-time lists', () => {
  it('counts requests by day, month and year (UTC) of the range, with empty buckets in between', async () => {
    await log([
      ...times(2, { at: '2022-01-30T00:00:00Z' }),
      ...times(1, { at: '2022-01-30T23:59:59Z' }),
      ...times(4, { at: '2022-02-01T10:00:00Z' }),
      ...times(5, { at: '2022-12-31T10:00:00Z' }),
      ...times(6, { at: '2021-12-31T23:59:59Z' }),
    ]);
    const days = await statsPage('/admin/stats/time?from=2022-01-29&to=2022-02-02');
    expect(days.topByParameter).toBeNull();
    expect(days.overTimeResults).toEqual([
      { date: '2022-01-30', total_count: 3 },
      { date: '2022-01-31', total_count: 0 },
      { date: '2022-02-01', total_count: 4 },
    ]);
    const months = await statsPage('/admin/stats/time/month?from=2022-01-01&to=2022-12-31');
    expect(months.overTimeResults.filter((r) => r.total_count > 0)).toEqual([
      { date: '2022-01-01', total_count: 3 },
      { date: '2022-02-01', total_count: 4 },
      { date: '2022-12-01', total_count: 5 },
    ]);
    expect(months.overTimeResults).toHaveLength(12);
    const years = await statsPage('/admin/stats/time/year?from=2021-06-01&to=2022-12-31');
    expect(years.overTimeResults).toEqual([
      { date: '2021-01-01', total_count: 6 },
      { date: '2022-01-01', total_count: 12 },
    ]);
    const clipped = await statsPage('/admin/stats/time/year?from=2022-02-01&to=2022-02-28');
    expect(clipped.overTimeResults).toEqual([{ date: '2022-01-01', total_count: 4 }]);
    const empty = await statsPage('/admin/stats/time?from=2010-01-01&to=2010-12-31');
    expect(empty.overTimeResults).toEqual([]);
  });
});

describe('the CSV download', () => {
  it('guards formulas and quotes cells that need it', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('/a,b')).toBe('"/a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(404)).toBe('404');
  });

  it('downloads the range’s requests as a dated attachment with a header row, escaped and formula safe', async () => {
    await log([
      { url: '/first', method: 'GET', at: '2020-05-01T09:00:00Z' },
      { url: '/with,comma', referer: '=cmd|"/c calc"', method: 'POST', responseCode: 302, at: '2020-05-02T09:30:00.250Z' },
      { url: '/outside', at: '2020-06-01T00:00:00Z' },
    ]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/admin/stats/download_http?from=2020-05-01&to=2020-05-31',
      headers: { cookie: (await jarOf('admin'))!.header() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="equip-http-requests-2020-05-01-to-2020-05-31.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,method,url,referer,response_code,user_type_id,duration_ms,created_at');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\d+,GET,\/first,,200,,0,2020-05-01T09:00:00\.000Z$/);
    expect(lines[2]).toMatch(/^\d+,POST,"\/with,comma","'=cmd\|""\/c calc""",302,,0,2020-05-02T09:30:00\.250Z$/);
    expect(lines[3]).toBe('');
  });

  it('streams thousands of rows in keyset batches, each row once, oldest first', async () => {
    const count = 3000;
    await ctx.database.db.execute(sql`
      insert into http_requests (method, url, response_code, created_at)
      select 'GET', '/bulk/' || g, 200, timestamptz '2019-01-01 00:00:00+00' + (g % 1000) * interval '1 minute' from generate_series(1, ${count}) as g`);
    const range = { from: '2019-01-01', to: '2019-01-01' };
    const chunks: string[] = [];
    for await (const chunk of requestsCsv(ctx.database.db, range, 7)) chunks.push(chunk);
    expect(chunks.length).toBe(1 + Math.ceil(count / 7));
    const rows = chunks
      .join('')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[2])).size).toBe(count);
    const stamps = rows.map((row) => row[8]);
    expect([...stamps].sort()).toEqual(stamps);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/admin/stats/download_http?from=2019-01-01&to=2019-01-01',
      headers: { cookie: (await jarOf('admin'))!.header() },
    });
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(count + 1);
  });
});
