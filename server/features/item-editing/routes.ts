/**
 * Editing an item: PATCH /i/{ref} one field at a time, characteristic
 * values, tags by taxonomy and quick tagging, duplicate, delete, and the user search that
 * the maintainer picker uses.
 */
import type { FieldSaveResult } from '../../lib/single-field';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VISIBILITY } from '../../../shared/enums';
import { ROUTES } from '../../../shared/routes';
import { signedIn, signedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { canDeleteItem, canDuplicateItem, canEditCharacteristicValue, canEditItem, canSeeTaxonomy, isSignedIn } from '../../access/policy';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { binDriveFolder, moveToTrash } from '../trash';
import { findItemRecord, OPENS_ITEM } from '../../items';
import { duplicateItem } from './duplicate';
import { ITEM_EDIT_NOTICES } from './messages';
import { findCharacteristic, findEditableItem, findTaxonomy, removeCharacteristicValue, touchItem, type EditableItem } from './queries';
import { taxonomyTagsBody } from './schemas';
import { addItemTag, clearTaxonomyTags, removeItemTag, setTaxonomyTags, taxonomyField } from './tagging';
import { itemFieldOf, updateItemField } from './update-field';
import { userSearchRoutes } from './user-search';

/** The item an edit names: 404 when there is none; 403 when the viewer may not edit it. */
const editedItem = loads('item', findEditableItem, { may: canEditItem });
const deletedItem = loads('item', findEditableItem, { may: canDeleteItem });
/** Duplicate answers as the item page does first (404, 403, 410): nothing is copied from an item one may not open. */
const duplicatedItem = loads('item', findItemRecord, {
  ...OPENS_ITEM,
  may: (viewer, item) => isSignedIn(viewer) && canDuplicateItem(viewer, item),
  rule: 'mayOpenItem + canDuplicateItem',
});

function afterTagging(reply: FastifyReply, item: EditableItem, result: FieldSaveResult, notice: string): FastifyReply {
  if (!result.ok) return reply.redirectWithErrors(result.errors, ROUTES.item.path({ ref: item.ref }));
  return reply.notify(notice).redirectBack(ROUTES.item.path({ ref: item.ref }));
}

/**
 * Every edit is for signed-in viewers, so anonymous visitors are told to sign in before any item is looked up;
 * duplicate answers as the item page does first (404, 403, 410).
 */
export const itemEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(ROUTES.item.pattern, { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.item) } }, async (request, reply) => {
    const item = loaded(request, editedItem);
    // The body names one field, the item's or a characteristic-{ref}: a malformed one is a 400, not a field error.
    const [name, value] = itemFieldOf(request.body);
    const result = await updateItemField(app.db, request.viewer, item, name, value);
    if (!result.ok) return reply.redirectWithErrors(result.errors, ROUTES.item.path({ ref: item.ref }));
    return reply.notify(ITEM_EDIT_NOTICES.saved).redirectBack(ROUTES.item.path({ ref: item.ref }));
  });

  app.delete(
    ROUTES.itemCharacteristic.pattern,
    { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemCharacteristic) } },
    async (request, reply) => {
      const item = loaded(request, editedItem);
      const characteristic = await findCharacteristic(app.db, request.params.characteristicRef);
      if (!characteristic) throw notFound();
      if (!canEditCharacteristicValue(request.viewer, item, characteristic)) throw forbidden();
      await app.db.transaction(async (tx) => {
        await removeCharacteristicValue(tx, item.id, characteristic.id);
        await touchItem(tx, item.id);
      });
      return reply.notify(ITEM_EDIT_NOTICES.characteristicRemoved).redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  /** Saves the item's tags in one taxonomy: body `tags`, a list of tag refs (one at most unless multiselect). */
  app.post(
    ROUTES.itemTaxonomy.pattern,
    { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemTaxonomy) } },
    async (request, reply) => {
      const item = loaded(request, editedItem);
      const taxonomy = await findTaxonomy(app.db, request.params.taxonomyRef);
      if (!taxonomy || !canSeeTaxonomy(request.viewer, taxonomy)) throw notFound();
      const body = taxonomyTagsBody.safeParse(request.body);
      if (!body.success) throw new HttpError(400, `Send the tags of ${taxonomyField(taxonomy)} as a list of tag refs.`);
      const result = await setTaxonomyTags(app.db, item.id, taxonomy, body.data.tags);
      return afterTagging(reply, item, result, ITEM_EDIT_NOTICES.tagsSaved);
    },
  );

  app.delete(
    ROUTES.itemTaxonomy.pattern,
    { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemTaxonomy) } },
    async (request, reply) => {
      const item = loaded(request, editedItem);
      const taxonomy = await findTaxonomy(app.db, request.params.taxonomyRef);
      if (!taxonomy || !canSeeTaxonomy(request.viewer, taxonomy)) throw notFound();
      return afterTagging(reply, item, await clearTaxonomyTags(app.db, item.id, taxonomy), ITEM_EDIT_NOTICES.tagsSaved);
    },
  );

  app.post(ROUTES.itemTag.pattern, { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemTag) } }, async (request, reply) => {
    const item = loaded(request, editedItem);
    const added = await addItemTag(app.db, request.viewer, item.id, request.params.tagRef);
    return afterTagging(reply, item, added, added.notice);
  });

  app.delete(ROUTES.itemTag.pattern, { preValidation: [signedIn, editedItem], schema: { params: paramsOf(ROUTES.itemTag) } }, async (request, reply) => {
    const item = loaded(request, editedItem);
    return afterTagging(reply, item, await removeItemTag(app.db, request.viewer, item.id, request.params.tagRef), ITEM_EDIT_NOTICES.tagRemoved);
  });

  app.post(ROUTES.item.pattern, { preValidation: duplicatedItem, schema: { params: paramsOf(ROUTES.item) } }, async (request, reply) => {
    const copy = await duplicateItem(app.db, signedInViewer(request), loaded(request, duplicatedItem).id);
    reply.notify(ITEM_EDIT_NOTICES.duplicated(copy.title));
    return reply.redirect(ROUTES.item.path({ ref: copy.ref }), 303);
  });

  app.delete(ROUTES.item.pattern, { preValidation: [signedIn, deletedItem], schema: { params: paramsOf(ROUTES.item) } }, async (request, reply) => {
    const item = loaded(request, deletedItem);
    // To the trash with everything that hangs off it; its files wait in the drive's bin and the image store.
    const trashed = await app.db.transaction((tx) => moveToTrash(tx, 'item', item.id));
    await binDriveFolder(app.drive, trashed, request.log);
    reply.notify(ITEM_EDIT_NOTICES.deleted(item.title));
    return reply.redirect(item.visibility <= VISIBILITY.PENDING ? '/draft' : '/item', 303);
  });

  await app.register(userSearchRoutes);
};
