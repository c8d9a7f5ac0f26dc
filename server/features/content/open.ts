/**
 * Opening a content file (/content/{ref}): the bytes stream from the drive as
 * the row's export mode says. An uploaded file must never run as part of Equip: every response says `nosniff`,
 * and inline ones other than PDFs are sandboxed (no script, no same-origin access).
 */
import type { FastifyReply } from 'fastify';
import { isNativeGoogleDocument, DriveExportUnavailableError, FOLDER_MIME_TYPE, type DriveDownload, type DriveEntry, type DrivePort } from '../../drive/port';
import { notFound } from '../../lib/http-errors';
import { asExportMode } from './detail-part';

export type Presentation = 'inline' | 'attachment';

/**
 * Browsers show PDFs in their own isolated viewer, which a sandboxed document may not load (Chromium shows an empty
 * page), so PDFs keep the app's strict CSP instead of `sandbox`; their scripts never run in Equip's origin anyway.
 */
const PDF_MIME_TYPE = 'application/pdf';

/** The bytes to send and how, for the row's export mode; null means "open the folder's view" instead. */
export async function contentDownload(
  drive: DrivePort,
  entry: DriveEntry,
  exportMode: string | null,
): Promise<{ file: DriveDownload; presentation: Presentation } | null> {
  if (entry.mimeType === FOLDER_MIME_TYPE) return null;
  const mode = asExportMode(exportMode);
  if (mode === 'doc_pdf' && drive.canExportPdf(entry)) return { file: await drive.exportPdf(entry.id), presentation: 'inline' };
  // Native Google documents have no original bytes: their PDF is what opens or downloads.
  const native = isNativeGoogleDocument(entry.mimeType);
  const file = native ? await exportOrNotFound(drive, entry.id) : await drive.download(entry.id);
  return { file, presentation: mode === 'download' ? 'attachment' : 'inline' };
}

async function exportOrNotFound(drive: DrivePort, id: string): Promise<DriveDownload> {
  try {
    return await drive.exportPdf(id);
  } catch (error) {
    if (error instanceof DriveExportUnavailableError) throw notFound();
    throw error;
  }
}

/** Streams the file with headers that keep it from acting as a page of Equip. */
export function sendContentFile(reply: FastifyReply, file: DriveDownload, presentation: Presentation): FastifyReply {
  reply
    .header('Content-Type', contentTypeHeader(file.mimeType))
    .header('X-Content-Type-Options', 'nosniff')
    // Access depends on the viewer and may change: no shared cache keeps it, and no browser reuses it.
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', contentDisposition(presentation, file.name));
  if (presentation === 'inline' && file.mimeType !== PDF_MIME_TYPE) reply.header('Content-Security-Policy', 'sandbox');
  if (file.size !== null) reply.header('Content-Length', String(file.size));
  return reply.send(file.body);
}

function contentTypeHeader(mimeType: string): string {
  return mimeType.startsWith('text/') && !mimeType.includes('charset') ? `${mimeType}; charset=utf-8` : mimeType;
}

/** RFC 6266 with the RFC 5987 `filename*` for any name, and a plain ASCII fallback for old clients. */
export function contentDisposition(presentation: Presentation, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${presentation}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
