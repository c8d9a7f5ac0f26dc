/**
 * Tasks: adding a task on an item, Mark as Done and
 * Re-Open, and My Tasks, the signed-in person's paged list.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_STATES } from '../../../shared/messages';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { ROUTES } from '../../../shared/routes';
import { TASK_ERRORS, TASK_MESSAGES, TASK_REOPEN_PARAM, TASK_TEXTS } from '../../../shared/tasks';
import { signedIn, signedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { canAssignTaskTo, canCreateItemTask, canSettleTask } from '../../access/policy';
import { forbidden } from '../../lib/http-errors';
import { paginated } from '../../lib/pagination';
import { paramsOf } from '../../lib/validation';
import { findItemRecord, findItemRecordById, OPENS_ITEM } from '../../items';
import type { Database } from '../../db/client';
import { assigneeMayOpen, createTask, findTaskByRef, findUserIdByRef, listMyTasks, setTaskCompleted } from './queries';
import { myTasksQuery, taskBody } from './schemas';

const MY_TASKS_PATH = '/task';

/**
 * A new task's item: one the viewer may open and add tasks to. Whom it may be assigned to depends on the body, so the
 * handler checks canAssignTaskTo.
 */
const taskedItem = loads('item', findItemRecord, {
  ...OPENS_ITEM,
  may: canCreateItemTask,
  rule: 'mayOpenItem + canCreateItemTask (assignee: canAssignTaskTo)',
});

/** A task with its item (none when the item is gone), to mark it done or re-open it. */
async function findTaskWithItem(db: Database, ref: string) {
  const task = await findTaskByRef(db, ref);
  if (!task) return null;
  return { task, item: task.itemId === null ? null : await findItemRecordById(db, task.itemId) };
}
const settledTask = loads('task', findTaskWithItem, { may: (viewer, { task, item }) => canSettleTask(viewer, task, item), rule: 'canSettleTask' });

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ROUTES.itemTask.pattern,
    { preValidation: [signedIn, taskedItem], schema: { params: paramsOf(ROUTES.itemTask), body: taskBody } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const item = loaded(request, taskedItem);
      const back = ROUTES.item.path({ ref: item.ref });
      const { task, notes, priority, due_date, for_user_ref } = request.body;
      const forUserId = for_user_ref === undefined ? viewer.id : await findUserIdByRef(app.db, for_user_ref);
      if (forUserId === null) return reply.redirectWithErrors({ for_user_ref: TASK_ERRORS.for_user_ref }, back);
      // The body names the assignee, so this rule is the handler's, after the route's (taskedItem).
      if (!canAssignTaskTo(viewer, { id: forUserId })) throw forbidden();
      if (!(await assigneeMayOpen(app.db, forUserId, item))) return reply.redirectWithErrors({ for_user_ref: TASK_ERRORS.assigneeCannotOpen }, back);
      await createTask(app.db, { itemId: item.id, task, notes, priority, dueDate: due_date ?? null, forUserId, byUserId: viewer.id });
      return reply.notify(TASK_MESSAGES.created).redirectBack(back);
    },
  );

  app.post(ROUTES.taskComplete.pattern, { preValidation: [signedIn, settledTask], schema: { params: paramsOf(ROUTES.taskComplete) } }, async (request, reply) =>
    settleTask(request, reply, true),
  );
  app.post(
    ROUTES.taskIncomplete.pattern,
    { preValidation: [signedIn, settledTask], schema: { params: paramsOf(ROUTES.taskIncomplete) } },
    async (request, reply) => settleTask(request, reply, false),
  );

  app.get(MY_TASKS_PATH, { preValidation: signedIn, schema: { querystring: myTasksQuery } }, async (request, reply) => {
    const { page, [TASK_REOPEN_PARAM]: reopenMode } = request.query;
    const perPage = DEFAULT_PAGE_SIZE;
    const { tasks, total } = await listMyTasks(app.db, signedInViewer(request), { reopenMode, page, perPage });
    return reply.inertia('task/Index', {
      tasks: paginated(tasks, { path: MY_TASKS_PATH, query: reopenMode ? { [TASK_REOPEN_PARAM]: '1' } : {}, page, perPage, total }),
      reopenMode,
      emptyText: EMPTY_STATES.tasks,
      title: TASK_TEXTS.myTasks,
      breadcrumbs: [{ label: TASK_TEXTS.myTasks }],
    });
  });
};

/** Mark as Done (`completed`) or Re-Open; a task already in that state is left as it is, and the answer is the same. */
async function settleTask(request: FastifyRequest, reply: FastifyReply, completed: boolean) {
  const { task } = loaded(request, settledTask);
  await setTaskCompleted(request.server.db, task.id, completed);
  return reply.notify(completed ? TASK_MESSAGES.completed : TASK_MESSAGES.reopened).redirectBack(MY_TASKS_PATH);
}
