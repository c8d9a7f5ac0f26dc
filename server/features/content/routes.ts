/**
 * Item folders and content files (member-library §2 /i/{ref}/folder and /content/{ref}, §5, §7): creating and
 * opening the folder, linking and uploading content, editing, ordering and removing rows, and opening a file.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_FIELDS, CONTENT_MESSAGES, contentUrl } from '../../../shared/content';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { canCreateDriveFolder, canManageContent, canOpenDriveFolder, canSeeContent, isAdmin, isSignedIn, type Viewer } from '../../access/policy';
import { FOLDER_MIME_TYPE, type DriveEntry } from '../../drive/port';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import { assertViewerMayOpen, findItemRecord, grantedLevelFor, openItemForViewer, type ItemRecord } from '../items/queries';
import { singleField } from '../item-editing/update-field';
import { addUploadedContents, linkExistingFile, sampleTarget, type FieldErrors } from './adding';
import { updateContentField } from './fields';
import { driveEntryOrNull, ensureItemFolder, folderEntriesFor, itemOwningEntry } from './folder';
import { contentDownload, sendContentFile } from './open';
import { countContentOpen, deleteContent, findContentByDriveFile, findContentWithItem, repositionContent, type ContentRecord } from './queries';
import { driveIdParams, linkBody, refParams, repositionBody } from './schemas';
import { checkContentFiles, contentMultipartOptions, receiveContentUpload } from './uploads';

const itemPath = (item: Pick<ItemRecord, 'ref'>) => `/i/${item.ref}`;
const folderPath = (item: Pick<ItemRecord, 'ref'>) => `/i/${item.ref}/folder`;

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  // Registered here, not app-wide, so only the upload route accepts multipart bodies.
  await app.register(multipart, contentMultipartOptions(app.config.CONTENT_MAX_BYTES));
  const uploadRateLimit = { max: app.config.RATE_LIMIT_UPLOAD_MAX, timeWindow: '1 minute' };

  app.post('/i/:ref/folder', async (request, reply) => {
    const item = await findItemOr404(request);
    if (!canCreateDriveFolder(request.viewer)) throw forbidden();
    const { created } = await ensureItemFolder(app.db, app.drive, item, request.log);
    return reply.notify(created ? CONTENT_MESSAGES.folderCreated : CONTENT_MESSAGES.folderExists, created ? 'success' : 'info').redirectBack(itemPath(item));
  });

  app.get('/i/:ref/folder', async (request, reply) => {
    const now = new Date();
    const item = await openItemForViewer(app.db, request.viewer, parseRef(request), now);
    if (!canOpenDriveFolder(request.viewer, item, await grantedLevelFor(app.db, request.viewer, item.id, now))) throw forbidden();
    const folder = item.googleDriveFolderId ? await driveEntryOrNull(app.drive, item.googleDriveFolderId) : null;
    if (!folder) throw notFound();
    if (app.drive.kind !== 'local') return reply.redirect(folder.webViewUrl, 302);
    return renderFolder(request, reply, item, folder, now);
  });

  /** The local drive's web view: what the drive's `webViewUrl` points at. */
  app.get('/drive/local/:id', async (request, reply) => {
    if (app.drive.kind !== 'local') throw notFound();
    const parsed = driveIdParams.safeParse(request.params);
    const entry = parsed.success ? await driveEntryOrNull(app.drive, parsed.data.id) : null;
    if (!entry) throw notFound();
    const item = await itemOwningEntry(app.db, app.drive, entry);
    if (entry.mimeType === FOLDER_MIME_TYPE) return openLocalFolder(request, reply, entry, item);
    return openLocalFile(request, reply, entry, item);
  });

  app.post('/i/:ref/content', async (request, reply) => {
    const item = await managedItem(request);
    const body = linkBody.safeParse(request.body ?? {});
    if (!body.success) return reply.redirectWithErrors({ [CONTENT_FIELDS.driveFile]: CONTENT_MESSAGES.selectFile }, itemPath(item));
    const linked = await linkExistingFile(app.db, app.drive, item, body.data.google_drive_file_id, body.data.label ?? null);
    if (!linked.ok) return reply.redirectWithErrors(linked.errors, itemPath(item));
    return reply.notify(CONTENT_MESSAGES.linked).redirectBack(itemPath(item));
  });

  app.post('/i/:ref/content/upload', { config: { rateLimit: uploadRateLimit } }, async (request, reply) => {
    const item = await managedItem(request);
    const back = itemPath(item);
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
  });

  app.patch('/content/:ref', async (request, reply) => {
    const { content, item } = await managedContent(request);
    const [name, value] = singleField(request.body);
    const result = await updateContentField(app.db, app.drive, request.viewer, content, name, value);
    if (!result.ok) return reply.redirectWithErrors(result.errors, itemPath(item));
    return reply.notify(CONTENT_MESSAGES.saved).redirectBack(itemPath(item));
  });

  app.post('/content/:ref/reposition', async (request, reply) => {
    const { content, item } = await managedContent(request);
    const body = repositionBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, 'Send increase: true to move the content down, false to move it up.');
    await repositionContent(app.db, content, body.data.increase);
    return reply.redirectBack(itemPath(item));
  });

  app.delete('/content/:ref', async (request, reply) => {
    const { content, item } = await managedContent(request);
    // The row only: the file stays in the drive folder, where it can be linked again.
    await deleteContent(app.db, content.id);
    return reply.notify(CONTENT_MESSAGES.deleted).redirectBack(itemPath(item));
  });

  app.get('/content/:ref', async (request, reply) => {
    const { content } = await openableContent(request);
    const entry = content.googleDriveFileId ? await driveEntryOrNull(app.drive, content.googleDriveFileId) : null;
    if (!entry) throw notFound();
    const download = await contentDownload(app.drive, entry, content.exportMode);
    if (request.method === 'GET') await countContentOpen(app.db, content.id);
    if (!download) return reply.redirect(entry.webViewUrl, 302);
    return sendContentFile(reply, download.file, download.presentation);
  });
}

function parseRef(request: FastifyRequest): string {
  const parsed = refParams.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data.ref;
}

async function findItemOr404(request: FastifyRequest): Promise<ItemRecord> {
  const item = await findItemRecord(request.server.db, parseRef(request));
  if (!item) throw notFound();
  return item;
}

/** The item in the URL, when the viewer manages its content: 404 for an unknown ref, 403 otherwise. */
async function managedItem(request: FastifyRequest): Promise<ItemRecord> {
  const item = await findItemOr404(request);
  if (!canManageContent(request.viewer, item)) throw forbidden();
  return item;
}

async function managedContent(request: FastifyRequest): Promise<{ content: ContentRecord; item: ItemRecord }> {
  const found = await findContentWithItem(request.server.db, parseRef(request));
  if (!found) throw notFound();
  if (!canManageContent(request.viewer, found.item)) throw forbidden();
  return found;
}

/** A refusal that tells anonymous visitors signing in may help, as the item page does. */
function refused(viewer: Viewer): HttpError {
  return forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}

/**
 * The content row in the URL, when the viewer may open it: the item's own rules first (404, 403, 410), then the
 * row's (unpublished rows for editors only, the minimum access level, a share's level).
 */
async function openableContent(request: FastifyRequest, now: Date = new Date()): Promise<{ content: ContentRecord; item: ItemRecord }> {
  const found = await findContentWithItem(request.server.db, parseRef(request));
  if (!found) throw notFound();
  await assertMayOpenContent(request, found.item, found.content, now);
  return found;
}

async function assertMayOpenContent(request: FastifyRequest, item: ItemRecord, content: ContentRecord, now: Date): Promise<void> {
  const { db } = request.server;
  const viewer = request.viewer;
  await assertViewerMayOpen(db, viewer, item, now);
  if (canSeeContent(viewer, item, content)) return;
  if (!canSeeContent(viewer, item, content, await grantedLevelFor(db, viewer, item.id, now))) throw refused(viewer);
}

function perFileErrors(errors: Map<number, string>): FieldErrors {
  const result: FieldErrors = { [CONTENT_FIELDS.upload]: CONTENT_MESSAGES.someFilesRefused };
  for (const [index, message] of errors) result[`${CONTENT_FIELDS.upload}.${index}`] = message;
  return result;
}

async function renderFolder(request: FastifyRequest, reply: FastifyReply, item: ItemRecord, folder: DriveEntry, now: Date) {
  const entries = await folderEntriesFor(request.server.db, request.server.drive, request.viewer, item, folder.id, now);
  reply.header('Cache-Control', 'private, no-store');
  return reply.inertia('drive/Folder', {
    item: { ref: item.ref, title: item.title },
    folder: { name: folder.name, isItemFolder: folder.id === item.googleDriveFolderId },
    entries,
    title: folder.name,
    breadcrumbs: [{ label: 'All Items', href: '/item' }, { label: item.title, href: itemPath(item) }, { label: 'Drive folder' }],
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
  if (folder.id === item.googleDriveFolderId) return reply.redirect(folderPath(item), 302);
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
    return reply.redirect(contentUrl(linked.content.ref), 302);
  }
  const owner = item && canManageContent(request.viewer, item);
  if (!owner && !isAdmin(request.viewer)) throw item ? refused(request.viewer) : notFound();
  const download = await contentDownload(drive, entry, null);
  if (!download) throw notFound();
  return sendContentFile(reply, download.file, download.presentation);
}
