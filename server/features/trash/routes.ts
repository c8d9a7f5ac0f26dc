/**
 * /admin/trash: what was deleted, by whom and with what; Restore puts it back whole, Delete for good
 * purges it at once. Admins (the admin area's guard, and canManageTrash on every route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_LABEL, ADMIN_URL } from '../../../shared/admin';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { ROUTES } from '../../../shared/routes';
import { TRASH_ERRORS, TRASH_KIND_NAMES, TRASH_MESSAGES, TRASH_TEXTS, type TrashFilter } from '../../../shared/trash';
import { TRASH_URL } from '../../../shared/navigation';
import { allowedBy } from '../../access/guards';
import { canManageTrash } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import { offsetAndLimit, pageQuery, paginated } from '../../lib/pagination';
import { firstValue, paramsOf } from '../../lib/validation';
import { unbinDriveFolder } from './drive-bin';
import { lostPartsText } from './kinds';
import { purgeOne, type RemoveImageFiles } from './purge';
import { countTrash, trashPage } from './queries';
import { restoreFromTrash, type RestoreOutcome } from './trash';

/** An unknown kind shows everything, as a junk page number shows the first page. */
const trashQuery = pageQuery.extend({
  kind: z.preprocess(firstValue, z.enum(['all', ...TRASH_KIND_NAMES])).catch('all'),
});

/**
 * The trash entry the path names, by its ref alone: whether it is still in the trash is for the restore or the purge
 * to say in its own transaction (two admins at once: one restores it, the other is told it is gone), so an entry no
 * longer there is told with a flash rather than a 404.
 */
const namedTrashEntry = loads('trash entry', async (_db, ref) => ref, { rule: 'any, as canManageTrash allows (one gone already: a flash)' });

function refusal(outcome: Extract<RestoreOutcome, { ok: false }>): string {
  if (outcome.reason === 'gone') return TRASH_ERRORS.gone;
  if (outcome.reason === 'parent-gone') return TRASH_ERRORS.parentGone(outcome.parent);
  return TRASH_ERRORS.clash;
}

export const trashRoutes: FastifyPluginAsyncZod<{ removeImageFiles: RemoveImageFiles }> = async (app, options) => {
  const allowed = allowedBy(canManageTrash);

  app.get(TRASH_URL, { preValidation: allowed, schema: { querystring: trashQuery } }, async (request, reply) => {
    const kind = request.query.kind as TrashFilter;
    const { page } = request.query;
    const retentionDays = app.config.TRASH_RETENTION_DAYS;
    const { offset, limit } = offsetAndLimit(page, DEFAULT_PAGE_SIZE);
    const [total, rows] = await Promise.all([countTrash(app.db, kind), trashPage(app.db, kind, offset, limit, retentionDays)]);
    return reply.inertia('admin/trash/Index', {
      kind,
      entries: paginated(rows, { path: TRASH_URL, query: kind === 'all' ? {} : { kind }, page, perPage: DEFAULT_PAGE_SIZE, total }),
      retentionDays,
      title: TRASH_TEXTS.title,
      breadcrumbs: [{ label: ADMIN_LABEL, href: ADMIN_URL }, { label: TRASH_TEXTS.title }],
    });
  });

  app.post(
    ROUTES.adminTrashRestore.pattern,
    { preValidation: [allowed, namedTrashEntry], schema: { params: paramsOf(ROUTES.adminTrashRestore) } },
    async (request, reply) => {
      const outcome = await restoreFromTrash(app.db, loaded(request, namedTrashEntry));
      if (!outcome.ok) return reply.notify(refusal(outcome), 'danger').redirectBack(TRASH_URL);
      const filesBack = await unbinDriveFolder(app.drive, outcome.driveFolderId, request.log);
      const lost = lostPartsText(outcome.lost);
      reply.notify(lost ? TRASH_MESSAGES.partlyRestored(outcome.title, lost) : TRASH_MESSAGES.restored(outcome.title), lost ? 'warning' : 'success');
      if (!filesBack) reply.notify(TRASH_MESSAGES.driveNotRestored, 'warning');
      return reply.redirectBack(TRASH_URL);
    },
  );

  app.delete(
    ROUTES.adminTrashEntry.pattern,
    { preValidation: [allowed, namedTrashEntry], schema: { params: paramsOf(ROUTES.adminTrashEntry) } },
    async (request, reply) => {
      const title = await purgeOne(app, { drive: app.drive, removeImageFiles: options.removeImageFiles, log: request.log }, loaded(request, namedTrashEntry));
      if (title === null) return reply.notify(TRASH_ERRORS.gone, 'danger').redirectBack(TRASH_URL);
      return reply.notify(TRASH_MESSAGES.deletedForGood(title)).redirectBack(TRASH_URL);
    },
  );
};
