/**
 * /admin/health: the library's problems with counts and a page of each kind, a task for the item's
 * maintainer from one row or every row of a kind, and the schedules of the checks. Admins (the admin area's guard, and
 * canSeeLibraryHealth on every route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_LABEL, ADMIN_URL } from '../../../shared/admin';
import {
  LIBRARY_HEALTH_ALL_TASKS_URL,
  LIBRARY_HEALTH_ERRORS,
  LIBRARY_HEALTH_MESSAGES,
  LIBRARY_HEALTH_PAGE_SIZE,
  LIBRARY_HEALTH_SCHEDULE_URL,
  LIBRARY_HEALTH_TASK_URL,
  LIBRARY_HEALTH_TEXTS,
  LIBRARY_HEALTH_URL,
  type HealthProblemKind,
} from '../../../shared/library-health';
import { allowedBy, signedInViewer } from '../../access/guards';
import { canSeeLibraryHealth } from '../../access/policy';
import { findItemRecord } from '../../items';
import { offsetAndLimit, paginated } from '../../lib/pagination';
import { readSchedules, saveSchedule } from './checks';
import { hasOpenProblemTask, makeProblemTasks } from './problem-tasks';
import { problemRows, problemSummaries } from './problems';
import { healthQuery, problemKindBody, problemTaskBody, scheduleBody } from './schemas';

const kindPage = (kind: HealthProblemKind) => `${LIBRARY_HEALTH_URL}?kind=${kind}`;

export const libraryHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowed = allowedBy(canSeeLibraryHealth);

  app.get(LIBRARY_HEALTH_URL, { preValidation: allowed, schema: { querystring: healthQuery } }, async (request, reply) => {
    const { kind, page } = request.query;
    const now = new Date();
    const summaries = await problemSummaries(app.db, now);
    const total = summaries.find((summary) => summary.kind === kind)!.count;
    const { offset, limit } = offsetAndLimit(page, LIBRARY_HEALTH_PAGE_SIZE);
    const [rows, schedules] = await Promise.all([problemRows(app.db, kind, now, offset, limit), readSchedules(app.db)]);
    return reply.inertia('admin/health/Index', {
      summaries,
      kind,
      problems: paginated(rows, { path: LIBRARY_HEALTH_URL, query: { kind }, page, perPage: LIBRARY_HEALTH_PAGE_SIZE, total }),
      schedules,
      title: LIBRARY_HEALTH_TEXTS.title,
      breadcrumbs: [{ label: ADMIN_LABEL, href: ADMIN_URL }, { label: LIBRARY_HEALTH_TEXTS.title }],
    });
  });

  app.post(LIBRARY_HEALTH_TASK_URL, { preValidation: allowed, schema: { body: problemTaskBody } }, async (request, reply) => {
    const { kind, item_ref } = request.body;
    const back = kindPage(kind);
    const item = await findItemRecord(app.db, item_ref);
    if (!item) return reply.redirectWithErrors({ item_ref: LIBRARY_HEALTH_ERRORS.item }, back);
    if (item.createdByUserId === null) return reply.redirectWithErrors({ item_ref: LIBRARY_HEALTH_ERRORS.noMaintainer }, back);
    const viewer = signedInViewer(request);
    const made = await makeProblemTasks(app.db, { kind, now: new Date(), byUserId: viewer.id, itemId: item.id });
    if (made === 0) {
      const error = (await hasOpenProblemTask(app.db, kind, item.id)) ? LIBRARY_HEALTH_ERRORS.taskOpen : LIBRARY_HEALTH_ERRORS.notAProblem;
      return reply.redirectWithErrors({ item_ref: error }, back);
    }
    return reply.notify(LIBRARY_HEALTH_MESSAGES.taskMade).redirectBack(back);
  });

  app.post(LIBRARY_HEALTH_ALL_TASKS_URL, { preValidation: allowed, schema: { body: problemKindBody } }, async (request, reply) => {
    const { kind } = request.body;
    const made = await makeProblemTasks(app.db, { kind, now: new Date(), byUserId: signedInViewer(request).id });
    return reply.notify(LIBRARY_HEALTH_MESSAGES.tasksMade(made)).redirectBack(kindPage(kind));
  });

  app.post(LIBRARY_HEALTH_SCHEDULE_URL, { preValidation: allowed, schema: { body: scheduleBody } }, async (request, reply) => {
    await saveSchedule(app.db, request.body.check, request.body.period);
    return reply.notify(LIBRARY_HEALTH_MESSAGES.scheduled).redirectBack(LIBRARY_HEALTH_URL);
  });
};
