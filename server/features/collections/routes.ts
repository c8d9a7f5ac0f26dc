/**
 * Collections (with Add to Collection's POST /collection/{collection}/item/{ref}): My Collections, one collection with its sections, editing it one field at a
 * time, deleting it, adding items from their pages, and each entry's note, section and place. Sharing a collection
 * is in features/sharing (POST /collection/{ref}/share).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COLLECTION_EDIT_MODE_FLASH, COLLECTION_MESSAGES, COLLECTION_TEXTS, COLLECTIONS_TITLE, CREATED_COLLECTION_FLASH } from '../../../shared/collections';
import { ROUTES } from '../../../shared/routes';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { allowedBy, allowedForJson, signedIn, signedInViewer } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { pageRef, sharedLinkRef } from '../../access/shared-link';
import {
  canCreateCollection,
  canDeleteCollection,
  canFeedCollection,
  canFollowCollection,
  canSaveForOffline,
  canEditCollection,
  canOpenCollection,
  canSeeLockedEntryNote,
  collectionCan,
  isShareValid,
  ownsCollection,
  type CollectionAccessFacts,
  type Viewer,
} from '../../access/policy';
import { forbidden, gone } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { findItemRecord, OPENS_ITEM, type ItemRecord } from '../../items';
import { sectionsOf, toCollectionDetail, toEntry } from './present';
import { collectionSharingExplanationProp } from './sharing-explanation';
import { offlineCopyOf } from './offline';
import {
  addItemToCollection,
  collectionEntries,
  createCollection,
  deleteCollection,
  findCollectionByRef,
  findCollectionEntry,
  findCollectionShare,
  isCollectionSharedWith,
  listOwnCollections,
  removeCollectionEntry,
  updateCollection,
  updateCollectionEntry,
  type CollectionEntryRecord,
} from './queries';
import { addItemBody, chosenCollectionRef, COLLECTION_FIELD_RULES, createCollectionBody, entryBody } from './schemas';
import { collectionDocumentHead } from '../seo';
import { followOffer } from '../follows';
import type { InertiaProp } from '../../inertia';
import type { ResourceGrants } from '../../../shared/sharing';

const LIST_URL = '/collection';

/** Route option: an edit names exactly one collection field (400 otherwise), before its value is validated. */
async function namesOneCollectionField(request: FastifyRequest): Promise<void> {
  COLLECTION_FIELD_RULES.pick(request.body);
}

/** Whether the viewer may open it, asking for shares only when being public, the owner or an admin is not enough. */
export async function mayOpenCollection(viewer: Viewer, collection: CollectionAccessFacts & { id: number }, request: FastifyRequest): Promise<boolean> {
  if (canOpenCollection(viewer, collection)) return true;
  return canOpenCollection(viewer, collection, await isCollectionSharedWith(request.server.db, viewer, collection.id));
}

/** An entry's collection, as the collection rules read it. */
const collectionOf = (entry: CollectionEntryRecord) => ({ id: entry.collectionId, userId: entry.userId, public: entry.public });

const openedCollection = loads('collection', findCollectionByRef, { opens: mayOpenCollection });
const editedCollection = loads('collection', findCollectionByRef, { opens: mayOpenCollection, may: canEditCollection });
const deletedCollection = loads('collection', findCollectionByRef, { opens: mayOpenCollection, may: canDeleteCollection });
const editedEntry = loads('collection entry', findCollectionEntry, {
  opens: (viewer, entry, request) => mayOpenCollection(viewer, collectionOf(entry), request),
  may: (viewer, entry) => canEditCollection(viewer, collectionOf(entry)),
  rule: 'mayOpenCollection + canEditCollection of its collection',
});
/** Add to Collection: the item, as its page opens it; the chosen collection is the viewer's own (checked in addItem). */
const itemToAdd = loads('item', findItemRecord, OPENS_ITEM);

/**
 * A collection's grants for its access panel, an on-demand prop (the sharing feature's, which imports this one, so
 * server/app.ts hands it over).
 */
type CollectionGrantsProp = (request: FastifyRequest, collection: { id: number; userId: number; public: boolean }) => InertiaProp<ResourceGrants>;

export const collectionRoutes: FastifyPluginAsyncZod<{ grantsProp: CollectionGrantsProp }> = async (app, { grantsProp }) => {
  app.get(LIST_URL, { preValidation: signedIn }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const collections = await listOwnCollections(app.db, viewer);
    return reply.inertia('collection/Index', {
      collections,
      can: collectionCan(viewer, null),
      title: COLLECTIONS_TITLE,
      breadcrumbs: [{ label: COLLECTIONS_TITLE }],
    });
  });

  app.post(LIST_URL, { preValidation: allowedBy(canCreateCollection), schema: { body: createCollectionBody } }, async (request, reply) => {
    const { stay, ...values } = request.body;
    const created = await createCollection(app.db, signedInViewer(request).id, values);
    reply.notify(COLLECTION_MESSAGES.created(created.title));
    // Add to Collection stays open and chooses the new collection.
    if (stay) return reply.flash(CREATED_COLLECTION_FLASH, created.ref).redirectBack(ROUTES.collection.path({ ref: created.ref }));
    // Otherwise it opens in edit mode, ready for its items' notes and sections.
    return reply.flash(COLLECTION_EDIT_MODE_FLASH, true).redirect(ROUTES.collection.path({ ref: created.ref }), 303);
  });

  app.get(
    ROUTES.collection.pattern,
    { preValidation: [checkSharedCollectionLink, openedCollection], schema: { params: paramsOf(ROUTES.collection) } },
    async (request, reply) => {
      const viewer = request.viewer;
      const collection = loaded(request, openedCollection);
      const showLockedNotes = canSeeLockedEntryNote(viewer, collection);
      return reply.inertia(
        'collection/Show',
        {
          collection: toCollectionDetail(collection),
          // Lazy: a partial reload for something else (the Share dialog) does not read the entries.
          sections: async () => sectionsOf((await collectionEntries(app.db, viewer, collection.id)).map((row) => toEntry(row, showLockedNotes))),
          can: collectionCan(viewer, collection),
          follow: async () =>
            followOffer(
              app.db,
              viewer,
              { kind: 'collection', collectionId: collection.id },
              { collection: collection.ref },
              canFeedCollection(collection) ? ROUTES.collectionFeed.path({ ref: collection.ref }) : null,
              // A share link opens the collection for this visit only; following needs a share addressed to the viewer.
              canFollowCollection(viewer, collection, false) || (await isCollectionSharedWith(app.db, viewer, collection.id)),
            ),
          // On demand: the Share dialog asks for it when it opens, the access panel for the grants.
          sharingExplanation: collectionSharingExplanationProp(request, collection),
          grants: grantsProp(request, collection),
          title: collection.title,
          breadcrumbs: ownsCollection(viewer, collection)
            ? [{ label: COLLECTIONS_TITLE, href: LIST_URL }, { label: collection.title }]
            : [{ label: collection.title }],
        },
        { head: () => collectionDocumentHead(app.db, collection, new Date()) },
      );
    },
  );

  // Save for offline: JSON for the page's own script, which stores what it lists.
  const maySaveForOffline = allowedForJson(canSaveForOffline, { signIn: SIGN_IN_HINT });
  app.get(
    ROUTES.collectionOffline.pattern,
    { preValidation: [maySaveForOffline, openedCollection], schema: { params: paramsOf(ROUTES.collectionOffline) } },
    async (request, reply) => {
      const collection = loaded(request, openedCollection);
      return reply.type('application/json; charset=utf-8').send(await offlineCopyOf(app.db, request.viewer, collection));
    },
  );

  app.patch(
    ROUTES.collection.pattern,
    { preValidation: [namesOneCollectionField, editedCollection], schema: { params: paramsOf(ROUTES.collection), body: COLLECTION_FIELD_RULES.body } },
    async (request, reply) => {
      const collection = loaded(request, editedCollection);
      await updateCollection(app.db, collection.id, request.body);
      return reply.notify(COLLECTION_MESSAGES.saved).redirectBack(ROUTES.collection.path({ ref: collection.ref }));
    },
  );

  app.delete(ROUTES.collection.pattern, { preValidation: deletedCollection, schema: { params: paramsOf(ROUTES.collection) } }, async (request, reply) => {
    const collection = loaded(request, deletedCollection);
    await deleteCollection(app.db, collection.id);
    reply.notify(COLLECTION_MESSAGES.deleted(collection.title));
    return reply.redirect(LIST_URL, 303);
  });

  app.post(
    ROUTES.collectionAddItem.pattern,
    {
      preValidation: [signedIn, itemToAdd],
      schema: { params: paramsOf(ROUTES.collectionAddItem, { collection: chosenCollectionRef }), body: addItemBody },
    },
    async (request, reply) => addItem(request, reply, loaded(request, itemToAdd), request.params.collection, request.body),
  );

  app.patch(
    ROUTES.collectionEntry.pattern,
    { preValidation: editedEntry, schema: { params: paramsOf(ROUTES.collectionEntry), body: entryBody } },
    async (request, reply) => {
      const entry = loaded(request, editedEntry);
      await updateCollectionEntry(app.db, entry, request.body);
      // A drag saves quietly; the note and section editor says it saved.
      if (request.body.note !== undefined) reply.notify(COLLECTION_MESSAGES.itemSaved);
      return reply.redirectBack(ROUTES.collection.path({ ref: entry.collectionRef }));
    },
  );

  app.delete(ROUTES.collectionEntry.pattern, { preValidation: editedEntry, schema: { params: paramsOf(ROUTES.collectionEntry) } }, async (request, reply) => {
    const entry = loaded(request, editedEntry);
    await removeCollectionEntry(app.db, entry);
    return reply.notify(COLLECTION_MESSAGES.removed).redirectBack(ROUTES.collection.path({ ref: entry.collectionRef }));
  });
};

/**
 * Route guard of the collection page (`preValidation`, server/access/shared-link.ts), as sharing's checkSharedItemLink
 * for an item: an expired share of this collection answers 410, unless the viewer may open it anyway.
 */
async function checkSharedCollectionLink(request: FastifyRequest): Promise<void> {
  const shareRef = sharedLinkRef(request);
  if (shareRef === null) return;
  const { db } = request.server;
  const share = await findCollectionShare(db, shareRef);
  if (!share || share.collectionRef !== pageRef(request) || isShareValid(share.expiresAt)) return;
  const collection = await findCollectionByRef(db, share.collectionRef);
  const viewer = request.viewer;
  if (collection && canOpenCollection(viewer, collection, await isCollectionSharedWith(db, viewer, collection.id))) return;
  throw gone();
}

/**
 * Add to Collection from an item page: only an item the viewer may open, only into a collection of their own. No
 * collection chosen (an empty or malformed path segment, or no such collection) and an item already there come back
 * as field errors under `collection`.
 */
async function addItem(request: FastifyRequest, reply: FastifyReply, item: ItemRecord, collectionRef: string | null, entry: { note: string; section: string }) {
  const viewer = signedInViewer(request);
  const db = request.server.db;
  const back = ROUTES.item.path({ ref: item.ref });
  const collection = collectionRef === null ? null : await findCollectionByRef(db, collectionRef);
  if (!collection) return reply.redirectWithErrors({ collection: COLLECTION_MESSAGES.collectionRequired }, back);
  if (!canEditCollection(viewer, collection)) throw forbidden();
  const outcome = await addItemToCollection(db, collection.id, item.id, entry);
  if (outcome === 'duplicate') return reply.redirectWithErrors({ collection: COLLECTION_MESSAGES.alreadyInCollection }, back);
  const link = { href: ROUTES.collection.path({ ref: collection.ref }), label: COLLECTION_TEXTS.openCollection };
  return reply.notify(COLLECTION_MESSAGES.added(collection.title), 'success', { link }).redirectBack(back);
}
