/**
 * Item folders and content files: creating and
 * opening the folder, linking and uploading content, editing, ordering and removing rows, and opening a file.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_FIELDS, CONTENT_MESSAGES } from '../../../shared/content';
import { ROUTES } from '../../../shared/routes';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { allowedBy, requireAllowed } from '../../access/guards';
import { loaded, loads } from '../../access/record-guard';
import { previewerOf } from '../../auth/view-as';
import {
  canCreateDriveFolder,
  canCurateContent,
  canManageContent,
  canOpenDriveFolder,
  canOpenUnlinkedDriveFile,
  isSignedIn,
  type Viewer,
} from '../../access/policy';
import { FOLDER_MIME_TYPE, type DriveEntry } from '../../drive/port';
import { forbidden, notFound, type HttpError } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import {
  assertViewerMayOpen,
  contentRowOpensFor,
  findContentWithItem,
  findItemRecord,
  grantedLevelFor,
  mayOpenItem,
  OPENS_ITEM,
  type ContentRecord,
  type ItemRecord,
} from '../../items';
import { addUploadedContents, linkExistingFile, sampleTarget, type FieldErrors } from './adding';
import { CONTENT_FIELD_RULES, isCuratorField, updateContentField } from './fields';
import { driveEntryOrNull, ensureItemFolder, folderEntriesFor, itemOwningEntry } from './folder';
import { contentDownload, sendContentFile } from './open';
import { countContentOpen, deleteContent, findContentByDriveFile, repositionContent } from './queries';
import { linkBody, localDriveId, repositionBody } from './schemas';
import { checkContentFiles, contentMultipartOptions, receiveContentUpload } from './uploads';
import { perMinute } from '../../web/rate-limit';
import { checkSharedContentLink } from '../sharing';
import { isPrefetch } from '../../inertia';

/**
 * Route option of PATCH /content/{ref}: the body names exactly one content field (400 otherwise), and a curators'
 * field is for curators only (403), before its value is read.
 */
async function oneFieldTheViewerMayChange(request: FastifyRequest): Promise<void> {
  const [name] = CONTENT_FIELD_RULES.pick(request.body);
  if (isCuratorField(name)) requireAllowed(request.viewer, canCurateContent);
}

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide, so only the upload route accepts multipart bodies.
  await app.register(multipart, contentMultipartOptions(app.config.CONTENT_MAX_BYTES));
  const uploadRateLimit = perMinute(app.config.RATE_LIMIT_UPLOAD_MAX);

  app.post(
    ROUTES.itemFolder.pattern,
    { preValidation: [allowedBy(canCreateDriveFolder), folderItem], schema: { params: paramsOf(ROUTES.itemFolder) } },
    async (request, reply) => {
      const item = loaded(request, folderItem);
      const { created } = await ensureItemFolder(app.db, app.drive, item, request.log);
      return reply
        .notify(created ? CONTENT_MESSAGES.folderCreated : CONTENT_MESSAGES.folderExists, created ? 'success' : 'info')
        .redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  app.get(ROUTES.itemFolder.pattern, { preValidation: openedFolderItem, schema: { params: paramsOf(ROUTES.itemFolder) } }, async (request, reply) => {
    const now = new Date();
    const item = loaded(request, openedFolderItem);
    const folder = item.googleDriveFolderId ? await driveEntryOrNull(app.drive, item.googleDriveFolderId) : null;
    if (!folder) throw notFound();
    if (app.drive.kind !== 'local') return reply.redirect(folder.webViewUrl, 302);
    return renderFolder(request, reply, item, folder, now);
  });

  /** The local drive's web view: what the drive's `webViewUrl` points at. */
  app.get(
    ROUTES.localDriveFile.pattern,
    { preValidation: localDriveEntry, schema: { params: paramsOf(ROUTES.localDriveFile, { id: localDriveId }) } },
    async (request, reply) => {
      const { entry, item } = loaded(request, localDriveEntry);
      if (entry.mimeType === FOLDER_MIME_TYPE) return openLocalFolder(request, reply, entry, item);
      return openLocalFile(request, reply, entry, item);
    },
  );

  app.post(
    ROUTES.itemContent.pattern,
    { preValidation: managedItem, schema: { params: paramsOf(ROUTES.itemContent), body: linkBody } },
    async (request, reply) => {
      const item = loaded(request, managedItem);
      const linked = await linkExistingFile(app.db, app.drive, item, request.body.google_drive_file_id, request.body.label ?? null);
      if (!linked.ok) return reply.redirectWithErrors(linked.errors, ROUTES.item.path({ ref: item.ref }));
      return reply.notify(CONTENT_MESSAGES.linked).redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  // A multipart body is read part by part in the handler (./uploads.ts), so only the path is declared.
  app.post(
    ROUTES.itemContentUpload.pattern,
    { config: { rateLimit: uploadRateLimit }, preValidation: managedItem, schema: { params: paramsOf(ROUTES.itemContentUpload) } },
    async (request, reply) => {
      const item = loaded(request, managedItem);
      const back = ROUTES.item.path({ ref: item.ref });
      if (!request.isMultipart()) return reply.redirectWithErrors({ [CONTENT_FIELDS.upload]: CONTENT_MESSAGES.nothingUploaded }, back);
      const received = await receiveContentUpload(request);
      if (!received.ok) return reply.redirectWithErrors({ [CONTENT_FIELDS.upload]: received.message }, back);
      const { files, fields, discard } = received.upload;
      try {
        if (files.length === 0) return reply.redirectWithErrors({ [CONTENT_FIELDS.upload]: CONTENT_MESSAGES.nothingUploaded }, back);
        const checked = await checkContentFiles(files, app.config.CONTENT_MAX_BYTES);
        if (!checked.ok) return reply.redirectWithErrors(perFileErrors(checked.errors), back);
        const sample = await sampleTarget(app.db, item, fields);
        if (!sample.ok) return reply.redirectWithErrors(sample.errors, back);
        const refs = await addUploadedContents(app.db, app.drive, item, checked.files, sample.value, request.log);
        return reply.notify(CONTENT_MESSAGES.uploaded(refs.length)).redirectBack(back);
      } finally {
        await discard();
      }
    },
  );

  app.patch(
    ROUTES.content.pattern,
    { preValidation: [oneFieldTheViewerMayChange, managedContent], schema: { params: paramsOf(ROUTES.content), body: CONTENT_FIELD_RULES.body } },
    async (request, reply) => {
      const { content, item } = loaded(request, managedContent);
      const result = await updateContentField(app.db, app.drive, content, request.body);
      if (!result.ok) return reply.redirectWithErrors(result.errors, ROUTES.item.path({ ref: item.ref }));
      return reply.notify(CONTENT_MESSAGES.saved).redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  app.post(
    ROUTES.contentReposition.pattern,
    { preValidation: managedContent, schema: { params: paramsOf(ROUTES.contentReposition), body: repositionBody } },
    async (request, reply) => {
      const { content, item } = loaded(request, managedContent);
      await repositionContent(app.db, content, request.body.increase);
      return reply.redirectBack(ROUTES.item.path({ ref: item.ref }));
    },
  );

  app.delete(ROUTES.content.pattern, { preValidation: managedContent, schema: { params: paramsOf(ROUTES.content) } }, async (request, reply) => {
    const { content, item } = loaded(request, managedContent);
    // The row only: the file stays in the drive folder, where it can be linked again.
    await deleteContent(app.db, content.id);
    return reply.notify(CONTENT_MESSAGES.deleted).redirectBack(ROUTES.item.path({ ref: item.ref }));
  });

  app.get(
    ROUTES.content.pattern,
    { preValidation: [checkSharedContentLink, openedContent], schema: { params: paramsOf(ROUTES.content) } },
    async (request, reply) => {
      const { content } = loaded(request, openedContent);
      const entry = content.googleDriveFileId ? await driveEntryOrNull(app.drive, content.googleDriveFileId) : null;
      if (!entry) throw notFound();
      const download = await contentDownload(app.drive, entry, content.exportMode);
      if (request.method === 'GET' && !isPrefetch(request)) {
        await countContentOpen(app.db, content.id);
        // A preview as level N is no one opening it.
        if (!previewerOf(request)) app.openCounts.record({ kind: 'content', ref: content.ref, userTypeId: request.viewer.userTypeId, at: new Date() });
      }
      if (!download) return reply.redirect(entry.webViewUrl, 302);
      return sendContentFile(reply, download.file, download.presentation);
    },
  );
};

/**
 * An entry of the local drive with the item whose folder holds it. Whether the viewer may open it depends on what it
 * is (a folder, a file a content row links, a file none does), so the handler asks the rule of each.
 */
const localDriveEntry = loads(
  'local drive entry',
  async (db, id, request) => {
    const { drive } = request.server;
    const entry = drive.kind === 'local' ? await driveEntryOrNull(drive, id) : null;
    return entry && { entry, item: await itemOwningEntry(db, drive, entry) };
  },
  { param: 'id', pattern: /^[\s\S]{0,128}$/, rule: 'its item’s page, its content row’s rules or canOpenUnlinkedDriveFile (by what it is)' },
);

/** The item whose folder is created (canCreateDriveFolder is the route's own rule): 404 for an unknown ref. */
const folderItem = loads('item', findItemRecord, { rule: 'any (404 when unknown)' });

/** The item whose folder is opened: as its page opens it, then the folder's own rule. */
const openedFolderItem = loads('item', findItemRecord, {
  ...OPENS_ITEM,
  may: async (viewer, item, request) => canOpenDriveFolder(viewer, item, await grantedLevelFor(request.server.db, viewer, item.id)),
  rule: 'mayOpenItem + canOpenDriveFolder',
});

/** The item whose content the viewer manages (its editors). */
const managedItem = loads('item', findItemRecord, { may: canManageContent });

/** A content row the viewer manages, with its item. */
const managedContent = loads('content', findContentWithItem, { may: (viewer, found) => canManageContent(viewer, found.item), rule: 'canManageContent' });

/**
 * A content row the viewer may open: the item's own rules first (404, 403, 410), then the row's (unpublished rows
 * for editors only, the minimum access level, a share's level).
 */
const openedContent = loads('content', findContentWithItem, {
  opens: (viewer, found, request) => mayOpenItem(viewer, found.item, request),
  askForAccessTo: (found) => found.item.id,
  goneDetail: (found) => found.item.expiresNote,
  may: (viewer, found, request) => contentRowOpensFor(request.server.db, viewer, found.item, found.content, new Date()),
  rule: 'mayOpenItem + contentRowOpensFor',
});

/** A refusal that tells anonymous visitors signing in may help, as the item page does. */
function refused(viewer: Viewer): HttpError {
  return forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}

async function assertMayOpenContent(request: FastifyRequest, item: ItemRecord, content: ContentRecord, now: Date): Promise<void> {
  const { db } = request.server;
  const viewer = request.viewer;
  await assertViewerMayOpen(db, viewer, item, now);
  if (!(await contentRowOpensFor(db, viewer, item, content, now))) throw refused(viewer);
}

function perFileErrors(errors: Map<number, string>): FieldErrors {
  const result: FieldErrors = { [CONTENT_FIELDS.upload]: CONTENT_MESSAGES.someFilesRefused };
  for (const [index, message] of errors) result[`${CONTENT_FIELDS.upload}.${index}`] = message;
  return result;
}

async function renderFolder(request: FastifyRequest, reply: FastifyReply, item: ItemRecord, folder: DriveEntry, now: Date) {
  const entries = await folderEntriesFor(request.server.db, request.server.drive, request.viewer, item, folder.id, now);
  return reply.inertia('drive/Folder', {
    item: { ref: item.ref, title: item.title },
    folder: { name: folder.name, isItemFolder: folder.id === item.googleDriveFolderId },
    entries,
    title: folder.name,
    breadcrumbs: [{ label: 'All Items', href: '/item' }, { label: item.title, href: ROUTES.item.path({ ref: item.ref }) }, { label: 'Drive folder' }],
  });
}

/**
 * A folder of the local drive opens as its item's folder view; a subfolder as a folder view for the item's editors.
 * Either names the item, so both answer as its page does (403, 410) first.
 */
async function openLocalFolder(request: FastifyRequest, reply: FastifyReply, folder: DriveEntry, item: ItemRecord | null) {
  if (!item) throw notFound();
  const now = new Date();
  await assertViewerMayOpen(request.server.db, request.viewer, item, now);
  if (folder.id === item.googleDriveFolderId) return reply.redirect(ROUTES.itemFolder.path({ ref: item.ref }), 302);
  if (!canManageContent(request.viewer, item)) throw forbidden();
  return renderFolder(request, reply, item, folder, now);
}

/**
 * A file of the local drive opens through its content row when it has one the viewer may open; the item's
 * editors (and admins) may also open files no row uses yet, to see what they would link.
 */
async function openLocalFile(request: FastifyRequest, reply: FastifyReply, entry: DriveEntry, item: ItemRecord | null) {
  const { db, drive } = request.server;
  const linked = await findContentByDriveFile(db, entry.id);
  if (linked) {
    await assertMayOpenContent(request, linked.item, linked.content, new Date());
    return reply.redirect(ROUTES.content.path({ ref: linked.content.ref }), 302);
  }
  if (!canOpenUnlinkedDriveFile(request.viewer, item)) throw item ? refused(request.viewer) : notFound();
  const download = await contentDownload(drive, entry, null);
  if (!download) throw notFound();
  return sendContentFile(reply, download.file, download.presentation);
}
