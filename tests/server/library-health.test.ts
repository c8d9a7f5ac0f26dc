/** Library health (issue 19 §7): the admins' page of problems, tasks made from them, and the scheduled checks. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  LIBRARY_HEALTH_ALL_TASKS_URL,
  LIBRARY_HEALTH_ERRORS,
  LIBRARY_HEALTH_SCHEDULE_URL,
  LIBRARY_HEALTH_TASK_URL,
  LIBRARY_HEALTH_URL,
  type HealthProblemKind,
} from '../../shared/library-health';
import { brokenExternalLinkAlerts, contents, items, libraryHealthSchedules, tasks } from '../../server/db/schema';
import { runDueHealthChecks, runHealthCheck } from '../../server/features/library-health/checks';
import { isNonPublicAddress, STRICT_ADDRESS_POLICY, type AddressPolicy } from '../../server/features/admin-advanced/url-guard';
import { pageProps } from '../../server/inertia/testing';
import { LEVEL } from '../../shared/levels';
import { useSessionTestApp } from '../support/sessions';
import { visit } from '../support/http';
import { ADMIN, MAINTAINER, OTHER_MEMBER, createItem, nextPage, seedEditingLibrary, send, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function health(query = '', email: string | null = ADMIN) {
  const { response } = await visit(context.app, `${LIBRARY_HEALTH_URL}${query}`, await as(email));
  return { response, props: response.statusCode === 200 ? pageProps(response.json(), 'admin/health/Index') : null };
}

async function problemTasks(itemId: number) {
  return db().select().from(tasks).where(eq(tasks.itemId, itemId));
}

/** An item that has every required tag and content, so it only has the problems a test gives it. */
async function healthyItem(title: string, extra: Partial<typeof items.$inferInsert> = {}) {
  const item = await createItem(db(), { title, tagLabels: ['Resource'] });
  await db().insert(contents).values({ itemId: item.id, label: 'Guide' });
  if (Object.keys(extra).length > 0) await db().update(items).set(extra).where(eq(items.id, item.id));
  return item;
}

/** The checks that must not ask the drive. */
const noDrive = () => Promise.reject(new Error('This check must not ask the drive.'));

const countOf = (props: { summaries: { kind: HealthProblemKind; count: number }[] }, kind: HealthProblemKind) =>
  props.summaries.find((summary) => summary.kind === kind)!.count;

describe('GET /admin/health', () => {
  it('is for admins only: a maintainer, a member and a visitor are refused, and so are their posts', async () => {
    expect((await health('', MAINTAINER)).response.statusCode).toBe(403);
    expect((await health('', OTHER_MEMBER)).response.statusCode).toBe(403);
    expect((await health('', null)).response.statusCode).toBe(403);
    const item = await createItem(db(), { title: 'Refused item' });
    const jar = await as(MAINTAINER);
    expect((await send(context.app, jar, 'POST', LIBRARY_HEALTH_TASK_URL, { kind: 'no_content', item_ref: item.ref })).statusCode).toBe(403);
    expect((await send(context.app, jar, 'POST', LIBRARY_HEALTH_ALL_TASKS_URL, { kind: 'no_content' })).statusCode).toBe(403);
    expect((await send(context.app, jar, 'POST', LIBRARY_HEALTH_SCHEDULE_URL, { check: 'links', period: 'daily' })).statusCode).toBe(403);
    expect(await problemTasks(item.id)).toEqual([]);
    expect(await db().select().from(libraryHealthSchedules)).toEqual([]);
  });

  it('gives a kind with no problems its empty state on any page, not a page past the end', async () => {
    const { props } = await health('?kind=broken_link&page=3');
    expect(countOf(props!, 'broken_link')).toBe(0);
    expect(props!.problems.data).toEqual([]);
    expect(props!.problems).not.toHaveProperty('pastLastPage');
  });

  it('lists each kind of problem with its count and a page of its items', async () => {
    const now = Date.now();
    const untagged = await createItem(db(), { title: 'Health untagged' });
    const pastReview = await healthyItem('Health past review', { reviewAfter: '2020-01-01' });
    const notYet = await healthyItem('Health review later', { reviewAfter: '2999-01-01' });
    const expiring = await healthyItem('Health expiring', { expiresAt: new Date(now + 5 * 86_400_000) });
    const expiringLater = await healthyItem('Health expiring later', { expiresAt: new Date(now + 60 * 86_400_000) });
    const twinA = await healthyItem('Health Twin');
    const twinB = await healthyItem('health twin');
    const linked = await healthyItem('Health linked', { availableExternalLink: 'https://example.org/gone' });
    // Failed again a day or more after its first failure: a problem. A single failure is not one yet.
    const twoDaysAgo = new Date(now - 2 * 86_400_000);
    await db()
      .insert(brokenExternalLinkAlerts)
      .values({ itemId: linked.id, url: 'https://example.org/gone', statusCode: 404, message: 'HTTP 404', firstFailedAt: twoDaysAgo, failures: 2 });
    const onceBroken = await healthyItem('Health link failed once', { availableExternalLink: 'https://example.org/blip' });
    await db()
      .insert(brokenExternalLinkAlerts)
      .values({ itemId: onceBroken.id, url: 'https://example.org/blip', statusCode: null, message: 'Unreachable from here' });
    const oldLink = await healthyItem('Health link changed', { availableExternalLink: 'https://example.org/new' });
    await db().insert(brokenExternalLinkAlerts).values({ itemId: oldLink.id, url: 'https://example.org/old', statusCode: 404, message: 'HTTP 404' });

    const refsOf = async (kind: HealthProblemKind) => {
      const refs: string[] = [];
      for (let page = 1; page < 20; page += 1) {
        const { props } = await health(`?kind=${kind}&page=${page}`);
        refs.push(...props!.problems.data.map((row) => row.item.ref));
        if (props!.problems.data.length < 25) return { refs, props: props! };
      }
      throw new Error('too many pages');
    };
    const missing = await refsOf('missing_tag');
    expect(missing.refs).toContain(untagged.ref);
    expect(missing.refs).not.toContain(pastReview.ref);
    expect(missing.props.problems.data.find((row) => row.item.ref === untagged.ref)).toMatchObject({
      detail: 'Missing: Type',
      maintainer: expect.any(String),
      openTask: false,
    });
    expect(countOf(missing.props, 'missing_tag')).toBe(missing.refs.length);

    const review = await refsOf('past_review');
    expect(review.refs).toEqual([pastReview.ref]);
    expect(review.props.problems.data[0]!.detail).toBe('Review after 2020-01-01');
    expect(review.refs).not.toContain(notYet.ref);
    expect(review.props.problems).not.toHaveProperty('pastLastPage');
    // A page past the end says where the last one is, keeping the kind, so the page does not claim there are no problems.
    const pastEnd = (await health('?kind=past_review&page=3')).props!;
    expect(pastEnd.problems.data).toEqual([]);
    expect(pastEnd.problems.pastLastPage).toEqual({ page: 3, lastPage: 1, lastPageUrl: `${LIBRARY_HEALTH_URL}?kind=past_review` });
    expect((await refsOf('expiring_soon')).refs).toEqual([expiring.ref]);
    expect((await refsOf('expiring_soon')).refs).not.toContain(expiringLater.ref);
    expect((await refsOf('duplicate_title')).refs.sort()).toEqual([twinA.ref, twinB.ref].sort());
    const broken = await refsOf('broken_link');
    expect(broken.refs).toEqual([linked.ref]);
    expect(broken.props.problems.data[0]!.detail).toBe('https://example.org/gone (HTTP 404)');
    const empty = await refsOf('no_content');
    expect(empty.refs).toContain(untagged.ref);
    expect(empty.refs).not.toContain(linked.ref);
  });

  it('reads an unknown kind or page as the first', async () => {
    const { response, props } = await health('?kind=nonsense&page=abc&kind=x');
    expect(response.statusCode).toBe(200);
    expect(props!.kind).toBe('missing_tag');
  });
});

describe('POST /admin/health/tasks', () => {
  it("makes one task for the item's maintainer, who sees it in My Tasks; the same problem never gets a second", async () => {
    const item = await createItem(db(), { title: 'Health one task', tagLabels: ['Resource'] });
    const jar = await as(ADMIN);
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_TASK_URL, { kind: 'no_content', item_ref: item.ref });
    expect((await nextPage(context.app, jar)).notices).toContain('Task made for the item’s maintainer.');
    const [task, ...others] = await problemTasks(item.id);
    expect(others).toEqual([]);
    expect(task).toMatchObject({
      task: 'Add content to this item',
      notes: 'No content',
      forUserId: await userId(db(), MAINTAINER),
      byUserId: await userId(db(), ADMIN),
      problemKey: `no_content:${item.id}`,
      completedAt: null,
    });
    expect(task!.ref).toMatch(/^[0-9a-f]{16}$/);

    const { props } = await health('?kind=no_content&page=1');
    const row = props!.problems.data.find((entry) => entry.item.ref === item.ref);
    // The row may be on a later page when many items lack content; the task's key is what counts.
    if (row) expect(row.openTask).toBe(true);

    await send(context.app, jar, 'POST', LIBRARY_HEALTH_TASK_URL, { kind: 'no_content', item_ref: item.ref });
    expect((await nextPage(context.app, jar)).errors).toMatchObject({ item_ref: LIBRARY_HEALTH_ERRORS.taskOpen });
    expect(await problemTasks(item.id)).toHaveLength(1);

    const myTasks = await visit(context.app, '/task', await as(MAINTAINER));
    expect(JSON.stringify(myTasks.page.props.tasks.data)).toContain('Add content to this item');
  });

  it('refuses an item without the problem, without a maintainer, unknown or crafted, and an unknown kind, changing nothing', async () => {
    const healthy = await healthyItem('Health healthy');
    const orphan = await createItem(db(), { title: 'Health orphan', owner: null });
    const jar = await as(ADMIN);
    const cases: [unknown, string][] = [
      [{ kind: 'no_content', item_ref: healthy.ref }, LIBRARY_HEALTH_ERRORS.notAProblem],
      [{ kind: 'no_content', item_ref: orphan.ref }, LIBRARY_HEALTH_ERRORS.noMaintainer],
      [{ kind: 'no_content', item_ref: 'zzzzzzzzzzzz' }, LIBRARY_HEALTH_ERRORS.item],
      [{ kind: 'no_content', item_ref: "x' or 1=1 --" }, LIBRARY_HEALTH_ERRORS.item],
      [{ kind: 'no_content', item_ref: ['a', 'b'] }, LIBRARY_HEALTH_ERRORS.item],
    ];
    for (const [body, error] of cases) {
      const response = await send(context.app, jar, 'POST', LIBRARY_HEALTH_TASK_URL, body);
      expect(response.statusCode).toBeLessThan(500);
      expect((await nextPage(context.app, jar)).errors).toMatchObject({ item_ref: error });
    }
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_TASK_URL, { kind: 'drop_table', item_ref: healthy.ref });
    expect(Object.keys((await nextPage(context.app, jar)).errors)).toContain('kind');
    expect([...(await problemTasks(healthy.id)), ...(await problemTasks(orphan.id))]).toEqual([]);
  });

  it('makes the tasks of every row of a kind at once, re-opening one marked done while the problem lasts', async () => {
    const first = await healthyItem('Health all first', { reviewAfter: '2001-01-01' });
    const second = await healthyItem('Health all second', { reviewAfter: '2001-01-02' });
    const orphan = await healthyItem('Health all orphan', { reviewAfter: '2001-01-03', createdByUserId: null });
    const jar = await as(ADMIN);
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_ALL_TASKS_URL, { kind: 'past_review' });
    expect((await nextPage(context.app, jar)).notices.join()).toMatch(/\d+ tasks? made or re-opened\./);
    expect(await problemTasks(first.id)).toHaveLength(1);
    expect(await problemTasks(second.id)).toHaveLength(1);
    expect(await problemTasks(orphan.id)).toEqual([]);

    await db().update(tasks).set({ completedAt: new Date() }).where(eq(tasks.itemId, first.id));
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_ALL_TASKS_URL, { kind: 'past_review' });
    expect((await nextPage(context.app, jar)).notices).toContain('1 task made or re-opened.');
    const [reopened, ...none] = await problemTasks(first.id);
    expect(none).toEqual([]);
    expect(reopened!.completedAt).toBeNull();
  });
});

describe('the checks and their schedules', () => {
  let server: Server;
  let base = '';
  let linkWorks = false;
  const LOCAL_TEST_POLICY: AddressPolicy = {
    resolve: STRICT_ADDRESS_POLICY.resolve,
    isRefused: (address) => address !== '127.0.0.1' && isNonPublicAddress(address),
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.statusCode = request.url === '/page' && linkWorks ? 200 : 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the link check makes a task for a link broken a day after it first failed, keeps it while the link stays broken, and closes it when it works', async () => {
    const item = await healthyItem('Health checked link', { availableExternalLink: `${base}/page` });
    // Only this item keeps a link: the check reaches the local server and nothing else (no internet in tests).
    await db().update(items).set({ availableExternalLink: null }).where(ne(items.id, item.id));
    const run = (at: string) => runHealthCheck('links', { db: db(), now: new Date(at), links: { policy: LOCAL_TEST_POLICY }, drive: noDrive });
    // One failure is not yet a problem: an outage of this side's network fails every link once.
    await run('2030-01-01T00:00:00Z');
    expect(await problemTasks(item.id)).toEqual([]);
    await run('2030-01-01T12:00:00Z');
    expect(await problemTasks(item.id)).toEqual([]);
    await run('2030-01-02T00:00:00Z');
    const open = await db()
      .select()
      .from(tasks)
      .where(eq(tasks.problemKey, `broken_link:${item.id}`));
    expect(open).toMatchObject([{ task: 'Fix the broken external link', completedAt: null, byUserId: null }]);
    expect(open[0]!.notes).toContain('HTTP 404');

    await run('2030-01-03T00:00:00Z');
    expect(await problemTasks(item.id)).toHaveLength(1);

    linkWorks = true;
    await run('2030-01-04T00:00:00Z');
    const [closed] = await problemTasks(item.id);
    expect(closed!.completedAt).toEqual(new Date('2030-01-04T00:00:00Z'));
    expect(
      await db()
        .select()
        .from(brokenExternalLinkAlerts)
        .where(and(eq(brokenExternalLinkAlerts.itemId, item.id), isNull(brokenExternalLinkAlerts.resolvedAt))),
    ).toEqual([]);
  });

  it('the library check closes the task of a problem fixed in the meantime', async () => {
    const item = await healthyItem('Health fixed review', { reviewAfter: '2002-02-02' });
    const jar = await as(ADMIN);
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_TASK_URL, { kind: 'past_review', item_ref: item.ref });
    expect((await problemTasks(item.id))[0]!.completedAt).toBeNull();
    await db().update(items).set({ reviewAfter: '2999-01-01' }).where(eq(items.id, item.id));
    const outcome = await runHealthCheck('library', { db: db(), now: new Date(), links: {}, drive: noDrive });
    expect(outcome.closed).toBeGreaterThanOrEqual(1);
    expect((await problemTasks(item.id))[0]!.completedAt).not.toBeNull();
  });

  it('the drive check lists a missing file and a too-wide share, makes their tasks, and closes them once fixed', async () => {
    const drive = context.app.drive;
    const folder = await drive.createFolder('Health drive folder');
    const item = await createItem(db(), { title: 'Health drive item', tagLabels: ['Resource'], minimumAccessLevel: 2 });
    await db().update(items).set({ googleDriveFolderId: folder.id }).where(eq(items.id, item.id));
    const anyone = await drive.addPermission(folder.id, { type: 'anyone', role: 'reader' });
    const [content] = await db().insert(contents).values({ itemId: item.id, label: 'Lost file', googleDriveFileId: 'gone0000000000000000' }).returning();
    const run = (at: string) =>
      runHealthCheck('drive', {
        db: db(),
        now: new Date(at),
        links: {},
        drive: async () => ({ db: db(), drive, imagesDir: '/nonexistent', now: new Date(at), organisationLevel: LEVEL.STAFF }),
      });

    expect(await run('2032-01-01T00:00:00Z')).toEqual({ made: 2, closed: 0 });
    const missing = await health('?kind=drive_missing');
    expect(missing.props!.problems.data).toMatchObject([
      { item: { ref: item.ref }, detail: 'Content "Lost file": file gone0000000000000000 is missing from the drive' },
    ]);
    const sharing = await health('?kind=drive_sharing');
    expect(sharing.props!.problems.data).toMatchObject([{ item: { ref: item.ref }, detail: expect.stringContaining("The folder: 'anyone with the link'") }]);
    expect((await problemTasks(item.id)).map((task) => task.problemKey).sort()).toEqual([`drive_missing:${item.id}`, `drive_sharing:${item.id}`]);

    expect(await run('2032-01-02T00:00:00Z')).toEqual({ made: 0, closed: 0 });
    await drive.removePermission(folder.id, anyone.id);
    await db().update(contents).set({ googleDriveFileId: null }).where(eq(contents.id, content!.id));
    expect(await run('2032-01-03T00:00:00Z')).toEqual({ made: 0, closed: 2 });
    expect((await problemTasks(item.id)).every((task) => task.completedAt !== null)).toBe(true);
    expect((await health('?kind=drive_missing')).props!.problems.data).toEqual([]);
  });

  it('saves a schedule, runs a scheduled check once a period, and refuses a bad schedule', async () => {
    const jar = await as(ADMIN);
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_SCHEDULE_URL, { check: 'library', period: 'weekly' });
    expect((await nextPage(context.app, jar)).notices).toContain('Schedule saved.');
    expect((await health()).props!.schedules).toEqual({ links: 'off', library: 'weekly', drive: 'off' });

    await send(context.app, jar, 'POST', LIBRARY_HEALTH_SCHEDULE_URL, { check: 'library', period: 'hourly' });
    expect(Object.keys((await nextPage(context.app, jar)).errors)).toContain('period');
    await send(context.app, jar, 'POST', LIBRARY_HEALTH_SCHEDULE_URL, { check: 'everything', period: 'daily' });
    expect(Object.keys((await nextPage(context.app, jar)).errors)).toContain('check');
    expect((await health()).props!.schedules).toEqual({ links: 'off', library: 'weekly', drive: 'off' });

    const at = (day: string) => runDueHealthChecks({ db: db(), now: new Date(`${day}T00:00:00Z`), links: {}, drive: noDrive });
    expect(Object.keys(await at('2031-01-01'))).toEqual(['library']);
    expect(await at('2031-01-03')).toEqual({});
    expect(Object.keys(await at('2031-01-08'))).toEqual(['library']);

    await send(context.app, jar, 'POST', LIBRARY_HEALTH_SCHEDULE_URL, { check: 'library', period: 'off' });
    expect(await at('2031-02-01')).toEqual({});
  });
});
