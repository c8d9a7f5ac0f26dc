/** The activity feed (issue 19 §2): every recorded change for admins, filtered, paginated and exported as CSV. */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_DOWNLOAD_URL, ACTIVITY_PAGE_SIZE, ACTIVITY_URL, type ActivityEntry } from '../../shared/history';
import { changeHistory } from '../../server/db/schema';
import { expectInertia, pageProps } from '../../server/inertia/testing';
import { useSessionTestApp } from '../support/sessions';
import { visit } from '../support/http';
import { ADMIN, MAINTAINER, createItem, seedEditingLibrary, send } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function activity(query: string, email = ADMIN) {
  const { response } = await visit(context.app, `${ACTIVITY_URL}${query}`, await as(email));
  return { response, props: response.statusCode === 200 ? pageProps(response.json(), 'admin/history/Index') : null };
}

const summaries = (entries: ActivityEntry[]) => entries.map((entry) => entry.summary);

describe('GET /admin/history', () => {
  it('is for admins only: a maintainer and a visitor are refused', async () => {
    expect((await activity('', MAINTAINER)).response.statusCode).toBe(403);
    const { response } = await visit(context.app, ACTIVITY_URL);
    expect(response.statusCode).toBe(403);
    const download = await context.app.inject({ method: 'GET', url: ACTIVITY_DOWNLOAD_URL, headers: { cookie: (await as(MAINTAINER)).header() } });
    expect(download.statusCode).toBe(403);
    expect(download.body).not.toContain('PATCH');
  });

  it('lists changes newest first with who made them and the item, and filters by person and kind', async () => {
    const item = await createItem(db(), { title: 'Activity item' });
    await send(context.app, await as(MAINTAINER), 'PATCH', `/i/${item.ref}`, { topic: 'By the maintainer' });
    await send(context.app, await as(ADMIN), 'PATCH', `/i/${item.ref}`, { review: 'By the admin' });

    const all = await activity('');
    expectInertia((await visit(context.app, ACTIVITY_URL, await as(ADMIN))).response).component('admin/history/Index');
    expect(all.props!.entries.data.slice(0, 2)).toMatchObject([
      { summary: 'Changed review', kind: 'item', item: { ref: item.ref, title: 'Activity item' }, route: 'PATCH /i/:ref' },
      { summary: 'Changed topic', kind: 'item', item: { ref: item.ref } },
    ]);

    const byMaintainer = await activity('?person=STAFF@example');
    expect(summaries(byMaintainer.props!.entries.data)).toContain('Changed topic');
    expect(summaries(byMaintainer.props!.entries.data)).not.toContain('Changed review');
    expect(byMaintainer.props!.filters).toMatchObject({ person: 'STAFF@example', kind: null });

    const tags = await activity('?kind=item_tag');
    expect(tags.props!.entries.data.every((entry) => entry.kind === 'item_tag')).toBe(true);
  });

  it('reads junk filters as none, and a range with no changes as an empty page', async () => {
    const junk = await activity('?kind=nonsense&page=abc&person[]=x&from=2024-13-45');
    expect(junk.response.statusCode).toBe(200);
    expect(junk.props!.filters.kind).toBeNull();
    const empty = await activity('?from=2001-01-01&to=2001-01-02');
    expect(empty.props).toMatchObject({ total: 0, entries: { data: [] } });
    expect(empty.props!.entries).not.toHaveProperty('pastLastPage');
    // Empty on any page: its empty state is true, so no page is past an end.
    expect((await activity('?from=2001-01-01&to=2001-01-02&page=4')).props!.entries).not.toHaveProperty('pastLastPage');
  });

  it('says where the last page is when asked for one past the end, keeping the filters in its address', async () => {
    const at = new Date('2002-03-04T12:00:00Z');
    await db()
      .insert(changeHistory)
      .values(Array.from({ length: ACTIVITY_PAGE_SIZE + 1 }, (_, index) => ({ kind: 'item', operation: 'event', subjectId: index, createdAt: at })));
    const filters = '?kind=item&from=2002-03-04&to=2002-03-04';
    const second = await activity(`${filters}&page=2`);
    expect(second.props).toMatchObject({ total: ACTIVITY_PAGE_SIZE + 1 });
    expect(second.props!.entries.data).toHaveLength(1);
    expect(second.props!.entries).not.toHaveProperty('pastLastPage');
    const past = await activity(`${filters}&page=9`);
    expect(past.props!.entries.data).toEqual([]);
    expect(past.props!.entries.pastLastPage).toEqual({
      page: 9,
      lastPage: 2,
      lastPageUrl: `${ACTIVITY_URL}?person=&kind=item&from=2002-03-04&to=2002-03-04&page=2`,
    });
  });

  it('exports the filtered changes as CSV, with formula-like cells made harmless', async () => {
    const item = await createItem(db(), { title: 'Exported item' });
    await send(context.app, await as(ADMIN), 'PATCH', `/i/${item.ref}`, { topic: '=HYPERLINK("http://evil")' });
    const response = await context.app.inject({ method: 'GET', url: `${ACTIVITY_DOWNLOAD_URL}?kind=item`, headers: { cookie: (await as(ADMIN)).header() } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = response.body.trim().split('\r\n');
    expect(header).toBe('id,at,who,acting_as,kind,operation,summary,item_ref,item_title,route,changes');
    const line = lines.find((text) => text.includes(item.ref))!;
    expect(line).toContain('Changed topic');
    expect(line).toContain('Exported item');
    expect(line).toContain('HYPERLINK');
    expect(lines.every((text) => !text.split(',').some((cell) => cell.startsWith('=')))).toBe(true);
  });
});
