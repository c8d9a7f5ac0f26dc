import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedBy, signedIn, signedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import type { Database } from '../../db/client';
import { canAffirm, canDeleteRelation, canRelateItems } from '../../access/policy';
import { ROUTES } from '../../../shared/routes';
import { paramsOf } from '../../lib/validation';
import {
  findAffirmationOptionId,
  findItemRecord,
  findItemRecordById,
  mayOpenItem,
  OPENS_ITEM,
  setAffirmation,
  viewerCanList,
  viewerCanOpen,
  type ItemRecord,
} from '../../items';
import { openItemPage, type ItemParts } from './detail';
import { itemPageProps } from './page';
import { addRelation, deleteRelation, findRelation, itemsAreRelated } from './relations';
import { AFFIRMATION_ERRORS, affirmationBody, RELATION_ERRORS } from './schemas';
import { refreshRecentViewCountsPeriodically } from './views';
import { isCountedView } from '../../lib/counted-visit';
import { checkSharedItemLink, itemGrantsProp, sharingExplanationProp } from '../sharing';
import { cachedReadsFor } from '../discovery';
import { previewerOf } from '../../auth/view-as';
import { itemDocumentHead } from '../seo';

/** The item a route names, as its page opens it (404, 403, 410). */
const openedItem = loads('item', findItemRecord, OPENS_ITEM);
/** The other item of a new relation, as its page opens it. */
const relatedItem = loads('related item', findItemRecord, { ...OPENS_ITEM, param: 'itemRef' });

/**
 * The item page's visit: a counted view is a full visit, which shows every part, so `openItemPage` loads them with the
 * record in one statement (answering 404, 403 and 410 as the rule does); any other visit loads the record alone.
 */
async function findItemVisit(db: Database, ref: string, request: FastifyRequest): Promise<ItemVisit | null> {
  const now = new Date();
  if (!isCountedView(request, 'items/Show')) {
    const record = await findItemRecord(db, ref);
    return record && { record, parts: null, now };
  }
  const { record, parts } = await openItemPage(db, request.viewer, ref, now, await cachedReadsFor(request), { withOwnView: true });
  return { record, parts, now };
}
interface ItemVisit {
  record: ItemRecord;
  parts: ItemParts | null;
  now: Date;
}
const itemVisit = loads('item', findItemVisit, {
  opens: (viewer, visit, request) => mayOpenItem(viewer, visit.record, request),
  askForAccessTo: (visit) => visit.record.id,
  goneDetail: (visit) => visit.record.expiresNote,
  rule: 'mayOpenItem',
});

/** A relation with both its items, to remove it. */
async function findRelationWithItems(db: Database, ref: string) {
  const relation = await findRelation(db, ref);
  if (!relation) return null;
  const [item, related] = await Promise.all([findItemRecordById(db, relation.itemId), findItemRecordById(db, relation.relatedItemId)]);
  return item && related ? { relation, item, related } : null;
}
const removedRelation = loads('relation', findRelationWithItems, {
  may: async (viewer, { relation, item, related }, request) =>
    (await viewerCanOpen(request.server.db, viewer, item)) && (await viewerCanOpen(request.server.db, viewer, related)) && canDeleteRelation(viewer, relation),
  rule: 'mayOpenItem of both items + canDeleteRelation',
});

/** The item page, its affirmations and related items. */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  refreshRecentViewCountsPeriodically(app);

  app.get(ROUTES.item.pattern, { preValidation: [checkSharedItemLink, itemVisit], schema: { params: paramsOf(ROUTES.item) } }, async (request, reply) => {
    const viewer = request.viewer;
    const { record, parts, now } = loaded(request, itemVisit);
    if (parts) {
      // A preview is not a visit: it counts no view nor open (and its synthetic viewer has no user row to count one for).
      if (!previewerOf(request)) {
        app.itemViews.record({ itemId: record.id, userId: viewer.id, viewedAt: now });
        app.openCounts.record({ kind: 'item', ref: record.ref, userTypeId: viewer.userTypeId, at: now });
      }
      return showItem(reply, record, now, itemPageProps(app.db, app.drive, viewer, record, now, parts));
    }
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
    { preValidation: [allowedBy(canAffirm), openedItem], schema: { params: paramsOf(ROUTES.itemAffirmation), body: affirmationBody } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { ref } = request.params;
      const item = loaded(request, openedItem);
      const optionId = await findAffirmationOptionId(app.db, request.body.affirmation);
      if (optionId === null) return reply.redirectWithErrors({ affirmation: AFFIRMATION_ERRORS.affirmation }, ROUTES.item.path({ ref }));
      await setAffirmation(app.db, { itemId: item.id, affirmationOptionId: optionId, userId: viewer.id }, request.body.value);
      return reply.redirectBack(ROUTES.item.path({ ref }));
    },
  );

  app.post(
    ROUTES.itemRelation.pattern,
    { preValidation: [allowedBy(canRelateItems), openedItem, relatedItem], schema: { params: paramsOf(ROUTES.itemRelation) } },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { ref } = request.params;
      const item = loaded(request, openedItem);
      const related = loaded(request, relatedItem);
      if (related.id === item.id) return relationRefused(reply, RELATION_ERRORS.self, ref);
      if (!(await viewerCanList(app.db, viewer, related))) return relationRefused(reply, RELATION_ERRORS.unlisted, ref);
      if (await itemsAreRelated(app.db, item.id, related.id)) return relationRefused(reply, RELATION_ERRORS.duplicate, ref);
      await addRelation(app.db, viewer, item.id, related.id);
      return reply.notify(`Related “${related.title}”.`).redirectBack(ROUTES.item.path({ ref }));
    },
  );

  app.delete(ROUTES.relation.pattern, { preValidation: [signedIn, removedRelation], schema: { params: paramsOf(ROUTES.relation) } }, async (request, reply) => {
    const { relation, item } = loaded(request, removedRelation);
    await deleteRelation(app.db, relation.id);
    return reply.redirectBack(ROUTES.item.path({ ref: item.ref }));
  });
};

function relationRefused(reply: FastifyReply, message: string, ref: string) {
  return reply.redirectWithErrors({ item: message }, ROUTES.item.path({ ref }));
}
