/**
 * Collections (admin-curation §2 "Collections list" and "Collection detail", §7; member-library §7 POST
 * /collection/{collection}/item/{ref}): My Collections, one collection with its sections, editing it one field at a
 * time, deleting it, adding items from their pages, and each entry's note, section and place. Sharing a collection
 * is in features/sharing (POST /collection/{ref}/share).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COLLECTION_EDIT_MODE_FLASH, COLLECTION_MESSAGES, COLLECTION_TEXTS, COLLECTIONS_TITLE, CREATED_COLLECTION_FLASH } from '../../../shared/collections';
import { ROUTES } from '../../../shared/routes';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { allowedBy, allowedForJson, signedIn, signedInViewer } from '../../access/guards';
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
  isSignedIn,
  ownsCollection,
  type CollectionAccessFacts,
  type Viewer,
} from '../../access/policy';
import { forbidden, gone, notFound } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { openItemForViewer } from '../../items';
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
  type CollectionRecord,
} from './queries';
import { addItemBody, chosenCollectionRef, COLLECTION_FIELD_RULES, createCollectionBody, entryBody } from './schemas';
import { collectionDocumentHead } from '../seo';
import { followOffer } from '../follows';
import type { InertiaProp } from '../../inertia';
import type { ResourceGrants } from '../../../shared/sharing';

const LIST_URL = '/collection';

/** 403 without a word about the collection; anonymous visitors are told to sign in. */
function refusal(viewer: Viewer) {
  return forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}

/** Route option: an edit names exactly one collection field (400 otherwise), before its value is validated. */
async function namesOneCollectionField(request: FastifyRequest): Promise<void> {
  COLLECTION_FIELD_RULES.pick(request.body);
}

/** Whether the viewer may open it, asking for shares only when being public, the owner or an admin is not enough. */
async function viewerMayOpen(request: FastifyRequest, collection: CollectionAccessFacts & { id: number }): Promise<boolean> {
  const viewer = request.viewer;
  if (canOpenCollection(viewer, collection)) return true;
  return canOpenCollection(viewer, collection, await isCollectionSharedWith(request.server.db, viewer, collection.id));
}

/** The collection `ref` names if this viewer may open it: unknown → 404, not for them → 403. */
async function collectionTheViewerOpens(request: FastifyRequest, ref: string): Promise<CollectionRecord> {
  const collection = await findCollectionByRef(request.server.db, ref);
  if (!collection) throw notFound();
  if (!(await viewerMayOpen(request, collection))) throw refusal(request.viewer);
  return collection;
}

/** As collectionTheViewerOpens, and then 403 unless `allowed` (the policy's edit or delete rule). */
async function collectionTheViewerChanges(
  request: FastifyRequest,
  ref: string,
  allowed: (viewer: Viewer, collection: CollectionAccessFacts) => boolean,
): Promise<CollectionRecord> {
  const collection = await collectionTheViewerOpens(request, ref);
  if (!allowed(request.viewer, collection)) throw forbidden();
  return collection;
}

/** The entry `ref` names, of a collection the viewer may edit: unknown → 404; someone else's → 403. */
async function entryTheViewerEdits(request: FastifyRequest, ref: string): Promise<CollectionEntryRecord> {
  const entry = await findCollectionEntry(request.server.db, ref);
  if (!entry) throw notFound();
  const collection = { id: entry.collectionId, userId: entry.userId, public: entry.public };
  if (!(await viewerMayOpen(request, collection))) throw refusal(request.viewer);
  if (!canEditCollection(request.viewer, collection)) throw forbidden();
  return entry;
}

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

  app.get(ROUTES.collection.pattern, { preValidation: checkSharedCollectionLink, schema: { params: paramsOf(ROUTES.collection) } }, async (request, reply) => {
    const viewer = request.viewer;
    const collection = await collectionTheViewerOpens(request, request.params.ref);
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
  });

  // Save for offline (issue 20 §3): JSON for the page's own script, which stores what it lists.
  const maySaveForOffline = allowedForJson(canSaveForOffline, { signIn: SIGN_IN_HINT });
  app.get(
    ROUTES.collectionOffline.pattern,
    { preValidation: maySaveForOffline, schema: { params: paramsOf(ROUTES.collectionOffline) } },
    async (request, reply) => {
      const collection = await collectionTheViewerOpens(request, request.params.ref);
      return reply.type('application/json; charset=utf-8').send(await offlineCopyOf(app.db, request.viewer, collection));
    },
  );

  app.patch(
    ROUTES.collection.pattern,
    { preValidation: namesOneCollectionField, schema: { params: paramsOf(ROUTES.collection), body: COLLECTION_FIELD_RULES.body } },
    async (request, reply) => {
      const collection = await collectionTheViewerChanges(request, request.params.ref, canEditCollection);
      await updateCollection(app.db, collection.id, request.body);
      return reply.notify(COLLECTION_MESSAGES.saved).redirectBack(ROUTES.collection.path({ ref: collection.ref }));
    },
  );

  app.delete(ROUTES.collection.pattern, { schema: { params: paramsOf(ROUTES.collection) } }, async (request, reply) => {
    const collection = await collectionTheViewerChanges(request, request.params.ref, canDeleteCollection);
    await deleteCollection(app.db, collection.id);
    reply.notify(COLLECTION_MESSAGES.deleted(collection.title));
    return reply.redirect(LIST_URL, 303);
  });

  app.post(
    ROUTES.collectionAddItem.pattern,
    { preValidation: signedIn, schema: { params: paramsOf(ROUTES.collectionAddItem, { collection: chosenCollectionRef }), body: addItemBody } },
    async (request, reply) => addItem(request, reply, request.params, request.body),
  );

  app.patch(ROUTES.collectionEntry.pattern, { schema: { params: paramsOf(ROUTES.collectionEntry), body: entryBody } }, async (request, reply) => {
    const entry = await entryTheViewerEdits(request, request.params.ref);
    await updateCollectionEntry(app.db, entry, request.body);
    // A drag saves quietly; the note and section editor says it saved.
    if (request.body.note !== undefined) reply.notify(COLLECTION_MESSAGES.itemSaved);
    return reply.redirectBack(ROUTES.collection.path({ ref: entry.collectionRef }));
  });

  app.delete(ROUTES.collectionEntry.pattern, { schema: { params: paramsOf(ROUTES.collectionEntry) } }, async (request, reply) => {
    const entry = await entryTheViewerEdits(request, request.params.ref);
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
async function addItem(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { collection: string | null; ref: string },
  entry: { note: string; section: string },
) {
  const viewer = signedInViewer(request);
  const db = request.server.db;
  const item = await openItemForViewer(db, viewer, params.ref);
  const back = ROUTES.item.path({ ref: item.ref });
  const collection = params.collection === null ? null : await findCollectionByRef(db, params.collection);
  if (!collection) return reply.redirectWithErrors({ collection: COLLECTION_MESSAGES.collectionRequired }, back);
  if (!canEditCollection(viewer, collection)) throw forbidden();
  const outcome = await addItemToCollection(db, collection.id, item.id, entry);
  if (outcome === 'duplicate') return reply.redirectWithErrors({ collection: COLLECTION_MESSAGES.alreadyInCollection }, back);
  const link = { href: ROUTES.collection.path({ ref: collection.ref }), label: COLLECTION_TEXTS.openCollection };
  return reply.notify(COLLECTION_MESSAGES.added(collection.title), 'success', { link }).redirectBack(back);
}
