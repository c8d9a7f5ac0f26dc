/**
 * Tasks (member-library §2 /task, §4 Task states, §5 Task form, §7): adding a task on an item, Mark as Done and
 * Re-Open, and My Tasks, the signed-in person's paged list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_STATES, SIGN_IN_HINT } from '../../../shared/messages';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { TASK_ERRORS, TASK_MESSAGES, TASK_REOPEN_PARAM, TASK_TEXTS } from '../../../shared/tasks';
import { canAssignTaskTo, canCreateItemTask, canSettleTask, isSignedIn, type Viewer } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { paginationLinks } from '../../lib/pagination';
import { findItemRecordById, openItemForViewer } from '../items/queries';
import { createTask, findTaskByRef, findUserIdByRef, listMyTasks, setTaskCompleted } from './queries';
import { fieldErrors, myTasksQuery, pageQuery, refParams, taskBody } from './schemas';

const MY_TASKS_PATH = '/task';
const itemPath = (ref: string) => `/i/${ref}`;

function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { id: number; ref: string } {
  if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
}

function parseRef(request: FastifyRequest): string {
  const parsed = refParams.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data.ref;
}

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  app.post('/i/:ref/task', async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    const item = await openItemForViewer(app.db, viewer, parseRef(request));
    if (!canCreateItemTask(viewer, item)) throw forbidden();
    const back = itemPath(item.ref);
    const body = taskBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), back);
    const { task, notes, priority, due_date, for_user_ref } = body.data;
    const forUserId = for_user_ref === undefined ? viewer.id : await findUserIdByRef(app.db, for_user_ref);
    if (forUserId === null) return reply.redirectWithErrors({ for_user_ref: TASK_ERRORS.for_user_ref }, back);
    if (!canAssignTaskTo(viewer, { id: forUserId })) throw forbidden();
    await createTask(app.db, { itemId: item.id, task, notes, priority, dueDate: due_date ?? null, forUserId, byUserId: viewer.id });
    return reply.notify(TASK_MESSAGES.created).redirectBack(back);
  });

  app.post('/task/:ref/complete', async (request, reply) => settleTask(request, reply, true));
  app.post('/task/:ref/incomplete', async (request, reply) => settleTask(request, reply, false));

  app.get(MY_TASKS_PATH, async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { page } = pageQuery.parse(query);
    const { [TASK_REOPEN_PARAM]: reopenMode } = myTasksQuery.parse(query);
    const perPage = DEFAULT_PAGE_SIZE;
    const { tasks, total } = await listMyTasks(app.db, viewer, { reopenMode, page, perPage });
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('task/Index', {
      tasks: { data: tasks, links: paginationLinks({ path: MY_TASKS_PATH, query: reopenMode ? { [TASK_REOPEN_PARAM]: '1' } : {}, page, perPage, total }) },
      reopenMode,
      emptyText: EMPTY_STATES.tasks,
      title: TASK_TEXTS.myTasks,
      breadcrumbs: [{ label: TASK_TEXTS.myTasks }],
    });
  });
}

/** Mark as Done (`completed`) or Re-Open; a task already in that state is left as it is, and the answer is the same. */
async function settleTask(request: FastifyRequest, reply: FastifyReply, completed: boolean) {
  const viewer = request.viewer;
  requireSignedIn(viewer);
  const { db } = request.server;
  const task = await findTaskByRef(db, parseRef(request));
  if (!task) throw notFound();
  const item = task.itemId === null ? null : await findItemRecordById(db, task.itemId);
  if (!canSettleTask(viewer, task, item)) throw forbidden();
  await setTaskCompleted(db, task.id, completed);
  return reply.notify(completed ? TASK_MESSAGES.completed : TASK_MESSAGES.reopened).redirectBack(MY_TASKS_PATH);
}
