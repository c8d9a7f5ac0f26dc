/**
 * Collections (admin-curation §2 "Collections list" and "Collection detail", §7; member-library §7 POST
 * /collection/{collection}/item/{ref}): My Collections, one collection with its sections, editing it one field at a
 * time, deleting it, adding items from their pages, and each entry's note, section and place. Sharing a collection
 * is in features/sharing (POST /collection/{ref}/share).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COLLECTION_EDIT_MODE_FLASH, COLLECTION_MESSAGES, COLLECTIONS_TITLE, collectionUrl } from '../../../shared/collections';
import { SIGN_IN_HINT } from '../../../shared/messages';
import {
  canCreateCollection,
  canDeleteCollection,
  canEditCollection,
  canOpenCollection,
  canSeeLockedEntryNote,
  collectionCan,
  isSignedIn,
  ownsCollection,
  type CollectionAccessFacts,
  type Viewer,
} from '../../access/policy';
import { singleField } from '../../lib/form-input';
import { forbidden, notFound } from '../../lib/http-errors';
import { openItemForViewer } from '../items/queries';
import { sectionsOf, toCollectionDetail, toEntry } from './present';
import {
  addItemToCollection,
  collectionEntries,
  createCollection,
  deleteCollection,
  findCollectionByRef,
  findCollectionEntry,
  isCollectionSharedWith,
  listOwnCollections,
  removeCollectionEntry,
  updateCollection,
  updateCollectionEntry,
  type CollectionEntryRecord,
  type CollectionRecord,
} from './queries';
import { addItemBody, addItemParams, collectionFieldSchemas, createCollectionBody, entryBody, fieldErrors, isCollectionField, refParams } from './schemas';

const LIST_URL = '/collection';
const BAD_EDIT_REQUEST = 'Send exactly one of title, description or public.';

function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { id: number; ref: string } {
  if (!isSignedIn(viewer)) throw forbidden(SIGN_IN_HINT);
}

/** 403 without a word about the collection; anonymous visitors are told to sign in. */
function refusal(viewer: Viewer) {
  return forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}

function parsedRef(request: FastifyRequest): string {
  const params = refParams.safeParse(request.params);
  if (!params.success) throw notFound();
  return params.data.ref;
}

/** Whether the viewer may open it, asking for shares only when being public, the owner or an admin is not enough. */
async function viewerMayOpen(request: FastifyRequest, collection: CollectionAccessFacts & { id: number }): Promise<boolean> {
  const viewer = request.viewer;
  if (canOpenCollection(viewer, collection)) return true;
  return canOpenCollection(viewer, collection, await isCollectionSharedWith(request.server.db, viewer, collection.id));
}

/** The collection behind the URL if this viewer may open it: unknown → 404, not for them → 403. */
async function collectionTheViewerOpens(request: FastifyRequest): Promise<CollectionRecord> {
  const collection = await findCollectionByRef(request.server.db, parsedRef(request));
  if (!collection) throw notFound();
  if (!(await viewerMayOpen(request, collection))) throw refusal(request.viewer);
  return collection;
}

/** As collectionTheViewerOpens, and then 403 unless `allowed` (the policy's edit or delete rule). */
async function collectionTheViewerChanges(request: FastifyRequest, allowed: (viewer: Viewer, collection: CollectionAccessFacts) => boolean): Promise<CollectionRecord> {
  const collection = await collectionTheViewerOpens(request);
  if (!allowed(request.viewer, collection)) throw forbidden();
  return collection;
}

/** An entry of a collection the viewer may edit: unknown → 404; someone else's → 403. */
async function entryTheViewerEdits(request: FastifyRequest): Promise<CollectionEntryRecord> {
  const entry = await findCollectionEntry(request.server.db, parsedRef(request));
  if (!entry) throw notFound();
  const collection = { id: entry.collectionId, userId: entry.userId, public: entry.public };
  if (!(await viewerMayOpen(request, collection))) throw refusal(request.viewer);
  if (!canEditCollection(request.viewer, collection)) throw forbidden();
  return entry;
}

export async function collectionRoutes(app: FastifyInstance): Promise<void> {
  app.get(LIST_URL, async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    const collections = await listOwnCollections(app.db, viewer.id);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('collection/Index', {
      collections,
      can: collectionCan(viewer, null),
      title: COLLECTIONS_TITLE,
      breadcrumbs: [{ label: COLLECTIONS_TITLE }],
    });
  });

  app.post(LIST_URL, async (request, reply) => {
    const viewer = request.viewer;
    requireSignedIn(viewer);
    if (!canCreateCollection(viewer)) throw forbidden();
    const body = createCollectionBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), LIST_URL);
    const created = await createCollection(app.db, viewer.id, body.data);
    // A new collection opens in edit mode, ready for its items' notes and sections.
    reply.notify(COLLECTION_MESSAGES.created(created.title)).flash(COLLECTION_EDIT_MODE_FLASH, true);
    return reply.redirect(collectionUrl(created.ref), 303);
  });

  app.get('/collection/:ref', async (request, reply) => {
    const viewer = request.viewer;
    const collection = await collectionTheViewerOpens(request);
    const showLockedNotes = canSeeLockedEntryNote(viewer, collection);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('collection/Show', {
      collection: toCollectionDetail(collection),
      // Lazy: a partial reload for something else (the Share dialog) does not read the entries.
      sections: async () => sectionsOf((await collectionEntries(app.db, viewer, collection.id)).map((row) => toEntry(row, showLockedNotes))),
      can: collectionCan(viewer, collection),
      title: collection.title,
      breadcrumbs: ownsCollection(viewer, collection) ? [{ label: COLLECTIONS_TITLE, href: LIST_URL }, { label: collection.title }] : [{ label: collection.title }],
    });
  });

  app.patch('/collection/:ref', async (request, reply) => {
    const collection = await collectionTheViewerChanges(request, canEditCollection);
    const back = collectionUrl(collection.ref);
    const [name, value] = singleField(request.body, isCollectionField, BAD_EDIT_REQUEST);
    const parsed = collectionFieldSchemas[name].safeParse(value);
    if (!parsed.success) return reply.redirectWithErrors({ [name]: parsed.error.issues[0]!.message }, back);
    await updateCollection(app.db, collection.id, { [name]: parsed.data });
    return reply.notify(COLLECTION_MESSAGES.saved).redirectBack(back);
  });

  app.delete('/collection/:ref', async (request, reply) => {
    const collection = await collectionTheViewerChanges(request, canDeleteCollection);
    await deleteCollection(app.db, collection.id);
    reply.notify(COLLECTION_MESSAGES.deleted(collection.title));
    return reply.redirect(LIST_URL, 303);
  });

  app.post('/collection/:collection/item/:ref', async (request, reply) => addItem(request, reply));

  app.patch('/collection_item/:ref', async (request, reply) => {
    const entry = await entryTheViewerEdits(request);
    const back = collectionUrl(entry.collectionRef);
    const body = entryBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), back);
    await updateCollectionEntry(app.db, entry, body.data);
    // A drag saves quietly; the note and section editor says it saved.
    if (body.data.note !== undefined) reply.notify(COLLECTION_MESSAGES.itemSaved);
    return reply.redirectBack(back);
  });

  app.delete('/collection_item/:ref', async (request, reply) => {
    const entry = await entryTheViewerEdits(request);
    await removeCollectionEntry(app.db, entry);
    return reply.notify(COLLECTION_MESSAGES.removed).redirectBack(collectionUrl(entry.collectionRef));
  });
}

/**
 * Add to Collection from an item page: only an item the viewer may open, only into a collection of their own. No
 * collection chosen (an empty or malformed path segment, or no such collection) and an item already there come back
 * as field errors under `collection`.
 */
async function addItem(request: FastifyRequest, reply: FastifyReply) {
  const viewer = request.viewer;
  const db = request.server.db;
  requireSignedIn(viewer);
  const params = addItemParams.safeParse(request.params);
  if (!params.success) throw notFound();
  const item = await openItemForViewer(db, viewer, params.data.ref);
  const back = `/i/${item.ref}`;
  const body = addItemBody.safeParse(request.body ?? {});
  if (!body.success) return reply.redirectWithErrors(fieldErrors(body.error), back);
  const collection = await findCollectionByRef(db, params.data.collection);
  if (!collection) return reply.redirectWithErrors({ collection: COLLECTION_MESSAGES.collectionRequired }, back);
  if (!canEditCollection(viewer, collection)) throw forbidden();
  const outcome = await addItemToCollection(db, collection.id, item.id, body.data);
  if (outcome === 'duplicate') return reply.redirectWithErrors({ collection: COLLECTION_MESSAGES.alreadyInCollection }, back);
  return reply.notify(COLLECTION_MESSAGES.added(collection.title)).redirectBack(back);
}
