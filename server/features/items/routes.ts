import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { canAffirm, canDeleteRelation, canRelateItems, isSignedIn, type Viewer } from '../../access/policy';
import { forbidden, notFound } from '../../lib/http-errors';
import { findAffirmationOptionId, setAffirmation } from './affirmations';
import { openItemPage } from './detail';
import { itemPageProps } from './page';
import { findItemRecordById, openItemForViewer, viewerCanList, viewerCanOpen } from './queries';
import { addRelation, deleteRelation, findRelation, itemsAreRelated } from './relations';
import { AFFIRMATION_ERRORS, affirmationBody, refParams, RELATION_ERRORS, relationParams, validationErrors } from './schemas';
import { isCountedView, refreshRecentViewCountsPeriodically } from './views';
import { sharingExplanationProp } from '../sharing/explanation';
import { cachedReadsFor } from '../discovery/library-cache';

const itemPath = (ref: string) => `/i/${ref}`;

/** Signed-in viewers only; anonymous visitors are told to sign in. */
function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { id: number; ref: string } {
  if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
}

/** The item page (member-library §2 "Item page"), its affirmations and related items (§7). */
export const itemRoutes: FastifyPluginAsync = async (app) => {
  refreshRecentViewCountsPeriodically(app);

  app.get('/i/:ref', async (request, reply) => {
    const { ref } = refParams.parse(request.params);
    const now = new Date();
    const viewer = request.viewer;
    // A counted view is a full visit, which shows every part: `openItemPage` loads them with the record.
    if (isCountedView(request, 'items/Show')) {
      const { record, parts } = await openItemPage(app.db, viewer, ref, now, await cachedReadsFor(request), { withOwnView: true });
      app.itemViews.record({ itemId: record.id, userId: viewer.id, viewedAt: now });
      return showItem(reply, itemPageProps(app.db, app.drive, viewer, record, now, parts), sharingExplanationProp(request, record, now));
    }
    const record = await openItemForViewer(app.db, viewer, ref, now);
    return showItem(reply, itemPageProps(app.db, app.drive, viewer, record, now), sharingExplanationProp(request, record, now));
  });

  function showItem(reply: FastifyReply, props: ReturnType<typeof itemPageProps>, sharingExplanation: ReturnType<typeof sharingExplanationProp>) {
    // The page holds what this viewer may see: no shared cache may keep it.
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('items/Show', { ...props, sharingExplanation });
  }

  app.post('/i/:ref/affirmation', async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    if (!canAffirm(viewer)) throw forbidden();
    const { ref } = refParams.parse(request.params);
    const item = await openItemForViewer(app.db, viewer, ref);
    const body = affirmationBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(validationErrors(body.error), itemPath(ref));
    const optionId = await findAffirmationOptionId(app.db, body.data.affirmation);
    if (optionId === null) return reply.redirectWithErrors({ affirmation: AFFIRMATION_ERRORS.affirmation }, itemPath(ref));
    await setAffirmation(app.db, { itemId: item.id, affirmationOptionId: optionId, userId: viewer.id }, body.data.value);
    return reply.redirectBack(itemPath(ref));
  });

  app.post('/i/:ref/relation/:itemRef', async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    if (!canRelateItems(viewer)) throw forbidden();
    const params = relationParams.parse(request.params);
    const item = await openItemForViewer(app.db, viewer, params.ref);
    const related = await openItemForViewer(app.db, viewer, params.itemRef);
    if (related.id === item.id) return relationRefused(reply, RELATION_ERRORS.self, params.ref);
    if (!(await viewerCanList(app.db, viewer, related))) return relationRefused(reply, RELATION_ERRORS.unlisted, params.ref);
    if (await itemsAreRelated(app.db, item.id, related.id)) return relationRefused(reply, RELATION_ERRORS.duplicate, params.ref);
    await addRelation(app.db, viewer, item.id, related.id);
    return reply.notify(`Related “${related.title}”.`).redirectBack(itemPath(params.ref));
  });

  app.delete('/relation/:ref', async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    const relation = await findRelation(app.db, refParams.parse(request.params).ref);
    if (!relation) throw notFound();
    const [item, related] = await Promise.all([findItemRecordById(app.db, relation.itemId), findItemRecordById(app.db, relation.relatedItemId)]);
    if (!item || !related) throw notFound();
    const mayOpenBoth = (await viewerCanOpen(app.db, viewer, item)) && (await viewerCanOpen(app.db, viewer, related));
    if (!mayOpenBoth || !canDeleteRelation(viewer, relation)) throw forbidden();
    await deleteRelation(app.db, relation.id);
    return reply.redirectBack(itemPath(item.ref));
  });
};

function relationRefused(reply: FastifyReply, message: string, ref: string) {
  return reply.redirectWithErrors({ item: message }, itemPath(ref));
}
