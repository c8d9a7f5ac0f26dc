import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { newRef } from '../../lib/ref';
import { prepareUpload, type PreparedImage } from './processing';
import { appendItemImages, type NewItemImage } from './queries';
import { uploadKeys, type ImageStore } from './storage';
import { INPUT_REFUSED } from '../../../shared/messages';
import { hasUnstorableCharacters } from '../../lib/text-input';

/** At most this many files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 10;

const UPLOAD_FIELD = /^imageUpload(\[\d*\])?$/;

export interface ReceivedFile {
  name: string;
  data: Buffer;
}

export type UploadOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Options for @fastify/multipart: a file over the size limit is cut short, never buffered whole. */
export function multipartOptions(maxBytes: number) {
  return { limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: MAX_FILES_PER_UPLOAD + 20 }, throwFileSizeLimit: false };
}

/**
 * Reads the `imageUpload` files (the Inertia client names several `imageUpload[]`); a file the
 * parser cut short at `maxBytes` is refused with a message rather than an error page.
 */
export async function receiveImageFiles(request: FastifyRequest, maxBytes: number): Promise<UploadOutcome<ReceivedFile[]>> {
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      // Multipart bodies are read here, not by the input guard (docs/decisions/access.md "Hostile input"): refused alike.
      if (part.type !== 'file') {
        if (hasUnstorableCharacters(String(part.value))) return { ok: false, message: INPUT_REFUSED.unstorable };
        continue;
      }
      const data = await part.toBuffer();
      if (hasUnstorableCharacters(part.filename)) return { ok: false, message: INPUT_REFUSED.unstorable };
      if (!UPLOAD_FIELD.test(part.fieldname) || part.filename === '') continue;
      if (part.file.truncated) return { ok: false, message: `"${part.filename}" is larger than ${megabytes(maxBytes)}` };
      files.push({ name: part.filename, data });
    }
  } catch (error) {
    if (hasCode(error, 'FST_FILES_LIMIT')) return { ok: false, message: `Please upload at most ${MAX_FILES_PER_UPLOAD} images at a time` };
    // Everything else read here is the request body: a broken or interrupted upload, not a fault of ours.
    request.log.info({ err: error, reqId: request.id }, 'image upload could not be parsed');
    return { ok: false, message: 'The upload could not be read. Please try again' };
  }
  return { ok: true, value: files };
}

/** Checks every file before anything is stored: one bad file refuses the whole upload. */
export async function prepareAll(files: readonly ReceivedFile[]): Promise<UploadOutcome<PreparedImage[]>> {
  const prepared: PreparedImage[] = [];
  for (const file of files) {
    const check = await prepareUpload(file.name, file.data);
    if (!check.ok) return check;
    prepared.push(check.image);
  }
  return { ok: true, value: prepared };
}

/** Stores the files, then records them in one transaction; if the database refuses, the files go again. */
export async function addUploadedImages(db: Database, store: ImageStore, itemId: number, images: readonly PreparedImage[]): Promise<void> {
  const written: string[] = [];
  try {
    const rows: NewItemImage[] = [];
    for (const image of images) {
      const ref = newRef();
      const keys = uploadKeys(ref, image.extension);
      written.push(keys.original, keys.large);
      await store.write(keys.original, image.original);
      await store.write(keys.large, image.large);
      rows.push({ ref, extension: image.extension, source: 'upload', storageKey: keys.original });
    }
    await appendItemImages(db, itemId, rows);
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
