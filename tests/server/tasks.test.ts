import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TASK_COMPLETED_CUTOFF } from '../../shared/constants';
import type { ItemTask } from '../../shared/items';
import { EMPTY_STATES, SIGN_IN_HINT } from '../../shared/messages';
import { isTaskShown, TASK_ERRORS, TASK_MESSAGES } from '../../shared/tasks';
import { tasks, users } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { csrfJar, inertiaHeaders, visit, xsrfHeader } from '../support/http';
import { REFS, TITLES, callFromItemPage, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary, env: { RATE_LIMIT_SIGN_IN_MAX: '10000' } });
const jarOf = signedInJars(ctx);
const DAY_MS = 24 * 60 * 60 * 1000;

async function userOf(who: Exclude<Who, 'anonymous'>) {
  const [row] = await ctx.database.db
    .select({ id: users.id, ref: users.ref, name: users.name })
    .from(users)
    .where(eq(users.email, `${who}@example.org`));
  return row;
}

async function addTask(who: Who, ref: string, payload: object) {
  const jar = who === 'anonymous' ? await csrfJar(ctx.app) : await jarOf(who);
  return callFromItemPage(ctx, jar, 'POST', `/i/${ref}/task`, ref, payload);
}

async function settle(who: Who, taskRef: string, action: 'complete' | 'incomplete', from = '/task') {
  const jar = who === 'anonymous' ? await csrfJar(ctx.app) : await jarOf(who);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/task/${taskRef}/${action}`,
    headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar!), referer: `http://localhost${from}` },
  });
  jar?.store(response);
  return response;
}

async function taskCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ total: count() }).from(tasks);
  return row.total;
}

async function storedTask(text: string) {
  const [row] = await ctx.database.db.select().from(tasks).where(eq(tasks.task, text));
  return row ?? null;
}

async function storedTaskByRef(ref: string) {
  const [row] = await ctx.database.db.select().from(tasks).where(eq(tasks.ref, ref));
  return row;
}

async function insertTask(values: Partial<typeof tasks.$inferInsert> & { task: string }) {
  const [row] = await ctx.database.db.insert(tasks).values(values).returning({ ref: tasks.ref });
  return row.ref;
}

async function itemTasksAs(who: Who, ref: string): Promise<ItemTask[]> {
  return (await visit(ctx.app, `/i/${ref}`, await jarOf(who))).page.props.item.tasks;
}

async function myTasks(who: Who, query = '') {
  return visit(ctx.app, `/task${query}`, await jarOf(who));
}

async function errorsAfter(who: Who) {
  return (await visit(ctx.app, '/', await jarOf(who))).page.props.errors as Record<string, string>;
}

describe('POST /i/{ref}/task', () => {
  it('refuses anonymous visitors with a hint to sign in, and members who may not edit the item', async () => {
    const before = await taskCount();
    const anonymous = await addTask('anonymous', REFS.public, { task: 'Anonymous task' });
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    expect((await addTask('member', REFS.public, { task: 'Member task' })).statusCode).toBe(403);
    // The staff member is assigned a task on this item, but does not edit it.
    expect((await addTask('staff', REFS.public, { task: 'Staff task' })).statusCode).toBe(403);
    expect((await addTask('member', REFS.staff, { task: 'Hidden item task' })).statusCode).toBe(403);
    expect((await addTask('team', 'nosuchitem99', { task: 'Nowhere task' })).statusCode).toBe(404);
    expect(await taskCount()).toBe(before);
  });

  it("lets the item's maintainer add a task, assigned to themselves, Medium by default", async () => {
    const response = await addTask('team', REFS.public, { task: 'Renew the licence', notes: 'Ask the publisher.', due_date: '2031-05-01' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    const team = await userOf('team');
    expect(await storedTask('Renew the licence')).toMatchObject({
      itemId: await itemIdOf(ctx.database, REFS.public),
      notes: 'Ask the publisher.',
      priority: 2,
      dueDate: '2031-05-01',
      forUserId: team.id,
      byUserId: team.id,
      completedAt: null,
    });
    const { page } = await visit(ctx.app, `/i/${REFS.public}`, await jarOf('team'));
    expect(page.flash.notifications.map((notice: { message: string }) => notice.message)).toContain(TASK_MESSAGES.created);
    expect(page.props.item.tasks.find((task: ItemTask) => task.task === 'Renew the licence')).toMatchObject({
      priority: 2,
      forUserName: team.name,
      byUserName: team.name,
      completed: false,
      completed_at: null,
    });
    expectInertia(page).prop('taskCan', { create: true, assignOthers: false });
  });

  it('lets a maintainer of a draft add tasks to it, as a plain form posts them', async () => {
    const jar = (await jarOf('member'))!;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/i/${REFS.draft}/task`,
      headers: {
        ...(await inertiaHeaders(ctx.app)),
        ...xsrfHeader(jar),
        referer: `http://localhost/i/${REFS.draft}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ task: 'Finish the trail', notes: '', priority: '3', due_date: '', for_user_ref: '' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(await storedTask('Finish the trail')).toMatchObject({ priority: 3, dueDate: null, forUserId: (await userOf('member')).id });
  });

  it('lets admins add tasks to any item and assign them to anyone who may open it', async () => {
    const team = await userOf('team');
    expect((await addTask('admin', REFS.staff, { task: 'Review the procedures', priority: 1, for_user_ref: team.ref })).statusCode).toBe(303);
    expect(await storedTask('Review the procedures')).toMatchObject({ priority: 1, forUserId: team.id, byUserId: (await userOf('admin')).id });
    expectInertia((await visit(ctx.app, `/i/${REFS.staff}`, await jarOf('admin'))).page).prop('taskCan', { create: true, assignOthers: true });
  });

  it.each([
    ['a level below the item’s minimum', 'member', REFS.staff],
    ['only an expired grant', 'leader', REFS.shared],
    ['a grant below the item’s minimum', 'staff', REFS.shared],
    ['an expired item they do not maintain', 'member', REFS.expired],
    ['a draft they do not maintain', 'leader', REFS.draft],
  ] as const)('refuses an assignee with %s under for_user_ref, writing nothing', async (_, who, ref) => {
    const task = `Cannot open: ${who} on ${ref}`;
    const response = await addTask('admin', ref, { task, for_user_ref: (await userOf(who)).ref });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${ref}`);
    expect(await errorsAfter('admin')).toEqual({ for_user_ref: TASK_ERRORS.assigneeCannotOpen });
    expect(await storedTask(task)).toBeNull();
  });

  it.each([
    ['a valid grant to their verified address', 'member', REFS.shared],
    ['the expired item they maintain', 'leader', REFS.expired],
    ['the draft they maintain', 'member', REFS.draft],
  ] as const)('assigns a task to someone who opens the item by %s', async (_, who, ref) => {
    const task = `Can open: ${who} on ${ref}`;
    expect((await addTask('admin', ref, { task, for_user_ref: (await userOf(who)).ref })).statusCode).toBe(303);
    expect(await storedTask(task)).toMatchObject({ forUserId: (await userOf(who)).id });
    // Out of the way of the My Tasks lists below.
    await ctx.database.db.delete(tasks).where(eq(tasks.task, task));
  });

  it('refuses a maintainer assigning a task to someone else, writing nothing', async () => {
    const response = await addTask('team', REFS.public, { task: 'Someone else should do this', for_user_ref: (await userOf('leader')).ref });
    expect(response.statusCode).toBe(403);
    expect(await storedTask('Someone else should do this')).toBeNull();
  });

  it.each([
    [{ task: '' }, 'task', TASK_ERRORS.task],
    [{ task: '   ' }, 'task', TASK_ERRORS.task],
    [{ notes: 'No task text' }, 'task', TASK_ERRORS.task],
    [{ task: 'x'.repeat(501) }, 'task', TASK_ERRORS.task],
    [{ task: 'Bad priority', priority: 4 }, 'priority', TASK_ERRORS.priority],
    [{ task: 'Bad priority', priority: 'high' }, 'priority', TASK_ERRORS.priority],
    [{ task: 'Bad priority', priority: 1.5 }, 'priority', TASK_ERRORS.priority],
    [{ task: 'Bad date', due_date: 'tomorrow' }, 'due_date', TASK_ERRORS.due_date],
    [{ task: 'Bad date', due_date: '2031-02-30' }, 'due_date', TASK_ERRORS.due_date],
    [{ task: 'Bad notes', notes: ['a'] }, 'notes', TASK_ERRORS.notes],
    [{ task: 'Unknown assignee', for_user_ref: 'nosuchuser99' }, 'for_user_ref', TASK_ERRORS.for_user_ref],
    [{ task: 'Junk assignee', for_user_ref: '<script>' }, 'for_user_ref', TASK_ERRORS.for_user_ref],
  ])('sends %j back with errors.%s and writes nothing', async (payload, field, message) => {
    const before = await taskCount();
    const response = await addTask('admin', REFS.public, payload);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    expect((await errorsAfter('admin'))[field]).toBe(message);
    expect(await taskCount()).toBe(before);
  });

  it('needs the CSRF token', async () => {
    const before = await taskCount();
    const jar = (await jarOf('team'))!;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/i/${REFS.public}/task`,
      headers: { ...(await inertiaHeaders(ctx.app)), cookie: jar.header(), 'content-type': 'application/json' },
      payload: JSON.stringify({ task: 'No token' }),
    });
    expect(response.statusCode).toBe(403);
    expect(await taskCount()).toBe(before);
  });
});

describe('POST /task/{ref}/complete and /task/{ref}/incomplete', () => {
  it('lets the assignee mark a task done and re-open it, also without editing its item', async () => {
    // tasksoon0001 is the staff member's, on an item the team maintains.
    const done = await settle('staff', 'tasksoon0001', 'complete');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/task');
    const completedAt = (await storedTaskByRef('tasksoon0001')).completedAt;
    expect(completedAt).toBeInstanceOf(Date);
    // Completing a completed task changes nothing and still succeeds.
    expect((await settle('staff', 'tasksoon0001', 'complete')).statusCode).toBe(303);
    expect((await storedTaskByRef('tasksoon0001')).completedAt).toEqual(completedAt);
    expect((await settle('staff', 'tasksoon0001', 'incomplete')).statusCode).toBe(303);
    expect((await storedTaskByRef('tasksoon0001')).completedAt).toBeNull();
  });

  it("lets the creator, the item's maintainer and admins settle a task, and returns to the page it came from", async () => {
    const ref = await insertTask({
      itemId: await itemIdOf(ctx.database, REFS.related),
      task: 'Creator settles',
      forUserId: (await userOf('leader')).id,
      byUserId: (await userOf('affiliate')).id,
    });
    const byCreator = await settle('affiliate', ref, 'complete', `/i/${REFS.related}`);
    expect(byCreator.statusCode).toBe(303);
    expect(byCreator.headers.location).toBe(`/i/${REFS.related}`);
    expect((await storedTaskByRef(ref)).completedAt).not.toBeNull();
    // The staff member maintains the related item.
    expect((await settle('staff', ref, 'incomplete')).statusCode).toBe(303);
    expect((await storedTaskByRef(ref)).completedAt).toBeNull();
    expect((await settle('admin', ref, 'complete')).statusCode).toBe(303);
    expect((await storedTaskByRef(ref)).completedAt).not.toBeNull();
  });

  it('refuses anyone else, anonymous visitors and unknown tasks, changing nothing', async () => {
    const anonymous = await settle('anonymous', 'taskoverdue1', 'complete');
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    expect((await settle('member', 'taskoverdue1', 'complete')).statusCode).toBe(403);
    expect((await settle('leader', 'taskdone0001', 'incomplete')).statusCode).toBe(403);
    expect((await storedTaskByRef('taskoverdue1')).completedAt).toBeNull();
    expect((await storedTaskByRef('taskdone0001')).completedAt).not.toBeNull();
    expect((await settle('admin', 'nosuchtask99', 'complete')).statusCode).toBe(404);
    expect((await settle('admin', 'NOT-A-REF', 'complete')).statusCode).toBe(404);
  });
});

describe('completed tasks and the cutoff', () => {
  const beforeCutoff = new Date(new Date(TASK_COMPLETED_CUTOFF).getTime() - 10 * DAY_MS);

  it('sends the completion time, so a task completed before the cutoff shows only in Re-Open mode', async () => {
    const team = await userOf('team');
    await insertTask({
      itemId: await itemIdOf(ctx.database, REFS.public),
      task: 'Completed long ago',
      forUserId: team.id,
      byUserId: team.id,
      completedAt: beforeCutoff,
    });
    const onItem = (await itemTasksAs('team', REFS.public)).find((task) => task.task === 'Completed long ago')!;
    expect(onItem).toMatchObject({ completed: true, completed_at: beforeCutoff.toISOString() });
    expect(isTaskShown(onItem, false)).toBe(false);
    expect(isTaskShown(onItem, true)).toBe(true);
    const recent = (await itemTasksAs('team', REFS.public)).find((task) => task.task === 'Proofread the script')!;
    expect(isTaskShown(recent, false)).toBe(true);

    const titles = async (query: string) => ((await myTasks('team', query)).page.props.tasks.data as ItemTask[]).map((task) => task.task);
    expect(await titles('')).not.toContain('Completed long ago');
    expect(await titles('?reopen=1')).toContain('Completed long ago');
    expectInertia((await myTasks('team', '?reopen=1')).page).prop('reopenMode', true);
  });

  it('gives the tasks of an item only to those who may see them', async () => {
    expect(await itemTasksAs('staff', REFS.public)).toEqual([]);
    expect(await itemTasksAs('member', REFS.public)).toEqual([]);
    const { page } = await visit(ctx.app, `/i/${REFS.public}`);
    expectInertia(page).prop('item.tasks', []).prop('taskCan', { create: false, assignOthers: false });
    expectInertia((await visit(ctx.app, `/i/${REFS.public}`, await jarOf('staff'))).page).prop('taskCan', { create: false, assignOthers: false });
  });
});

describe('GET /task (My Tasks)', () => {
  it('refuses anonymous visitors with a hint to sign in', async () => {
    const { response, page } = await visit(ctx.app, '/task');
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', SIGN_IN_HINT);
  });

  it("says 'No tasks' when nobody gave the viewer any", async () => {
    const { response, page } = await myTasks('affiliate');
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('task/Index')
      .props({ tasks: { data: [] }, emptyText: EMPTY_STATES.tasks, title: 'My Tasks' });
    expect(page.props.tasks.links).toHaveLength(3);
    // An empty list is empty on any page: its empty state is true, so no page is past its end.
    expect((await myTasks('affiliate', '?page=4')).page.props.tasks).not.toHaveProperty('pastLastPage');
  });

  it("lists only the viewer's own tasks, naming each item they may open", async () => {
    const staff = (await myTasks('staff')).page.props.tasks.data as ItemTask[];
    expect(staff.map((task) => task.task)).toEqual(['Add a Welsh translation']);
    expect(staff[0]).toMatchObject({
      item_ref: REFS.public,
      item_title: TITLES.public,
      forUserName: 'James Whitfield',
      byUserName: 'Grace Adeyemi',
      due_soon: true,
    });
  });

  it('leaves out the item of a task whose item the viewer may no longer open', async () => {
    // Assigned when the member could open it; the item is staff-level now.
    const [admin, member] = [await userOf('admin'), await userOf('member')];
    await insertTask({ itemId: await itemIdOf(ctx.database, REFS.staff), task: 'Review the procedures', forUserId: member.id, byUserId: admin.id });
    const { response, page } = await myTasks('member');
    const task = (page.props.tasks.data as ItemTask[]).find((entry) => entry.task === 'Review the procedures')!;
    expect(task).toMatchObject({ item_ref: null, item_title: null });
    expect(response.body).not.toContain(TITLES.staff);
    expect(response.body).not.toContain(REFS.staff);
  });

  it('pages the list, open tasks first by priority then due date, completed ones after', async () => {
    const leader = await userOf('leader');
    const itemId = await itemIdOf(ctx.database, REFS.counted);
    const today = Date.now();
    await ctx.database.db.insert(tasks).values([
      ...Array.from({ length: 26 }, (_, index) => ({
        itemId,
        task: `Low task ${String(index).padStart(2, '0')}`,
        priority: 1,
        dueDate: new Date(today + (index + 1) * DAY_MS).toISOString().slice(0, 10),
        forUserId: leader.id,
      })),
      { itemId, task: 'High task later', priority: 3, dueDate: new Date(today + 40 * DAY_MS).toISOString().slice(0, 10), forUserId: leader.id },
      { itemId, task: 'High task sooner', priority: 3, dueDate: new Date(today + 20 * DAY_MS).toISOString().slice(0, 10), forUserId: leader.id },
      { itemId, task: 'Done recently', priority: 3, completedAt: new Date(today - DAY_MS), forUserId: leader.id },
    ]);
    const first = (await myTasks('leader')).page.props.tasks;
    // The leader also has 'Creator settles' (completed above).
    expect(first.data).toHaveLength(24);
    expect(first.data.slice(0, 3).map((task: ItemTask) => task.task)).toEqual(['High task sooner', 'High task later', 'Low task 00']);
    expect(first.links.map((link: { label: string }) => link.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
    expect(first.links[3].url).toBe('/task?page=2');

    const second = (await myTasks('leader', '?page=2')).page.props.tasks;
    const titles = second.data.map((task: ItemTask) => task.task);
    expect(titles).toHaveLength(6);
    expect(titles.slice(0, 4)).toEqual(['Low task 22', 'Low task 23', 'Low task 24', 'Low task 25']);
    expect(second.data.slice(4).every((task: ItemTask) => task.completed)).toBe(true);
    expect(second.links.find((link: { active: boolean }) => link.active).label).toBe('2');
    expect(second).not.toHaveProperty('pastLastPage');

    const reopen = (await myTasks('leader', '?reopen=1')).page.props.tasks;
    expect(reopen.links[2].url).toBe('/task?reopen=1&page=2');

    const past = await myTasks('leader', '?page=9');
    expect(past.response.statusCode).toBe(200);
    // A page past the end says where the last one is, so the page does not claim there are no tasks; Re-Open mode is kept.
    expectInertia(past.page).prop('tasks.data', []).prop('tasks.pastLastPage', { page: 9, lastPage: 2, lastPageUrl: '/task?page=2' });
    expectInertia((await myTasks('leader', '?reopen=1&page=5')).page).prop('tasks.pastLastPage', {
      page: 5,
      lastPage: 2,
      lastPageUrl: '/task?reopen=1&page=2',
    });
    expect((await myTasks('leader', '?page=junk')).page.props.tasks.data).toHaveLength(24);
  });
});
