import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedBy, signedIn, signedInViewer } from '../../access/guards';
import { canAffirm, canDeleteRelation, canRelateItems } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { ROUTES } from '../../../shared/routes';
import { paramsOf } from '../../lib/validation';
import { findAffirmationOptionId, findItemRecordById, openItemForViewer, setAffirmation, viewerCanList, viewerCanOpen, type ItemRecord } from '../../items';
import { openItemPage } from './detail';
import { itemPageProps } from './page';
import { addRelation, deleteRelation, findRelation, itemsAreRelated } from './relations';
import { AFFIRMATION_ERRORS, affirmationBody, RELATION_ERRORS } from './schemas';
import { refreshRecentViewCountsPeriodically } from './views';
import { isCountedView } from '../../lib/counted-visit';
import { checkSharedItemLink, itemGrantsProp, sharingExplanationProp } from '../sharing';
import { cachedReadsFor } from '../discovery';
import { previewerOf } from '../../auth/view-as';
import { itemDocumentHead } from '../seo';

/** The item page (member-library §2 "Item page"), its affirmations and related items (§7). */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  refreshRecentViewCountsPeriodically(app);

  app.get(ROUTES.item.pattern, { preValidation: checkSharedItemLink, schema: { params: paramsOf(ROUTES.item) } }, async (request, reply) => {
    const { ref } = request.params;
    const now = new Date();
    const viewer = request.viewer;
    // A counted view is a full visit, which shows every part: `openItemPage` loads them with the record.
    if (isCountedView(request, 'items/Show')) {
      const { record, parts } = await openItemPage(app.db, viewer, ref, now, await cachedReadsFor(request), { withOwnView: true });
      // A preview is not a visit: it counts no view nor open (and its synthetic viewer has no user row to count one for).
      if (!previewerOf(request)) {
        app.itemViews.record({ itemId: record.id, userId: viewer.id, viewedAt: now });
        app.openCounts.record({ kind: 'item', ref: record.ref, userTypeId: viewer.userTypeId, at: now });
      }
      return showItem(reply, record, now, itemPageProps(app.db, app.drive, viewer, record, now, parts));
    }
    const record = await openItemForViewer(app.db, viewer, ref, now);
    return showItem(reply, record, now, itemPageProps(app.db, app.drive, viewer, record, now));
  });

  function showItem(reply: FastifyReply, record: ItemRecord, now: Date, props: ReturnType<typeof itemPageProps>) {
    return reply.inertia(
      'items/Show',
      { ...props, sharingExplanation: sharingExplanationProp(reply.request, record, now), grants: itemGrantsProp(reply.request, record) },
      { head: () => itemDocumentHead(app.db, record, now) },
    );
  }

  app.post(
    ROUTES.itemAffirmation.pattern,
    { preValidation: allowedBy(canAffirm), schema: { params: paramsOf(ROUTES.itemAffirmation), body: affirmationBody } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { ref } = request.params;
      const item = await openItemForViewer(app.db, viewer, ref);
      const optionId = await findAffirmationOptionId(app.db, request.body.affirmation);
      if (optionId === null) return reply.redirectWithErrors({ affirmation: AFFIRMATION_ERRORS.affirmation }, ROUTES.item.path({ ref }));
      await setAffirmation(app.db, { itemId: item.id, affirmationOptionId: optionId, userId: viewer.id }, request.body.value);
      return reply.redirectBack(ROUTES.item.path({ ref }));
    },
  );

  app.post(
    ROUTES.itemRelation.pattern,
    { preValidation: allowedBy(canRelateItems), schema: { params: paramsOf(ROUTES.itemRelation) } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { ref, itemRef } = request.params;
      const item = await openItemForViewer(app.db, viewer, ref);
      const related = await openItemForViewer(app.db, viewer, itemRef);
      if (related.id === item.id) return relationRefused(reply, RELATION_ERRORS.self, ref);
      if (!(await viewerCanList(app.db, viewer, related))) return relationRefused(reply, RELATION_ERRORS.unlisted, ref);
      if (await itemsAreRelated(app.db, item.id, related.id)) return relationRefused(reply, RELATION_ERRORS.duplicate, ref);
      await addRelation(app.db, viewer, item.id, related.id);
      return reply.notify(`Related “${related.title}”.`).redirectBack(ROUTES.item.path({ ref }));
    },
  );

  app.delete(ROUTES.relation.pattern, { preValidation: signedIn, schema: { params: paramsOf(ROUTES.relation) } }, async (request, reply) => {
    const viewer = request.viewer;
    const relation = await findRelation(app.db, request.params.ref);
    if (!relation) throw notFound();
    const [item, related] = await Promise.all([findItemRecordById(app.db, relation.itemId), findItemRecordById(app.db, relation.relatedItemId)]);
    if (!item || !related) throw notFound();
    const mayOpenBoth = (await viewerCanOpen(app.db, viewer, item)) && (await viewerCanOpen(app.db, viewer, related));
    if (!mayOpenBoth || !canDeleteRelation(viewer, relation)) throw forbidden();
    await deleteRelation(app.db, relation.id);
    return reply.redirectBack(ROUTES.item.path({ ref: item.ref }));
  });
};

function relationRefused(reply: FastifyReply, message: string, ref: string) {
  return reply.redirectWithErrors({ item: message }, ROUTES.item.path({ ref }));
}
