/**
 * Upload Content: files arrive as multipart parts and go to temporary files, never into
 * memory whole; each is checked by its name AND its bytes before any of them reaches the drive.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { CONTENT_MESSAGES, formatBytes } from '../../../shared/content';
import { INPUT_REFUSED } from '../../../shared/messages';
import { hasUnstorableCharacters } from '../../lib/text-input';
import { UPLOAD_TYPES } from '../../../shared/constants';

/** At most this many files in one upload request. */
export const MAX_CONTENT_FILES = 10;

type UploadType = (typeof UPLOAD_TYPES)[number];

const UPLOAD_FIELD = /^fileUpload(\[\d*\])?$/;
const FIELD_NAMES = new Set(['sample', 'sampleOfRef']);

/** What the bytes of each type must sniff as (file-type's extensions), and the MIME type the drive stores. */
const SNIFFED_AS: Record<Exclude<UploadType, 'txt'>, { extensions: readonly string[]; mimeType: string }> = {
  pdf: { extensions: ['pdf'], mimeType: 'application/pdf' },
  docx: { extensions: ['docx'], mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  pptx: { extensions: ['pptx'], mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  jpg: { extensions: ['jpg'], mimeType: 'image/jpeg' },
  png: { extensions: ['png'], mimeType: 'image/png' },
  mp4: { extensions: ['mp4', 'm4v'], mimeType: 'video/mp4' },
  mp3: { extensions: ['mp3'], mimeType: 'audio/mpeg' },
  mov: { extensions: ['mov'], mimeType: 'video/quicktime' },
};
const TEXT_MIME_TYPE = 'text/plain';
/** Other names people give the accepted types. */
const EXTENSION_ALIASES: Record<string, UploadType> = { jpeg: 'jpg' };

/** A file as received: on disk in a temporary folder until the request ends. */
export interface ReceivedContentFile {
  name: string;
  path: string;
  size: number;
  /** The parser stopped at the size limit: the file is larger. */
  truncated: boolean;
}

export interface ReceivedUpload {
  files: ReceivedContentFile[];
  fields: Record<string, string>;
  /** Removes the temporary files. */
  discard(): Promise<void>;
}

/** A file that passed every check, with the MIME type its bytes showed. */
export interface CheckedContentFile extends ReceivedContentFile {
  mimeType: string;
}

export type Received = { ok: true; upload: ReceivedUpload } | { ok: false; message: string };

/** Options for @fastify/multipart: a file over the limit is cut short (and refused), never buffered whole. */
export function contentMultipartOptions(maxBytes: number) {
  return {
    limits: { fileSize: maxBytes, files: MAX_CONTENT_FILES, fields: 10, parts: MAX_CONTENT_FILES + 10 },
    throwFileSizeLimit: false,
  };
}

/** Reads the `fileUpload` files (the Inertia client names several `fileUpload[]`) and the `sample` fields. */
export async function receiveContentUpload(request: FastifyRequest): Promise<Received> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'equip-upload-'));
  const discard = () => rm(directory, { recursive: true, force: true });
  // Multipart bodies are read here, not by the input guard (docs/decisions/access.md "Hostile input"): refused alike.
  const refuseUnstorable = async (): Promise<Received> => {
    await discard();
    return { ok: false, message: INPUT_REFUSED.unstorable };
  };
  const files: ReceivedContentFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (FIELD_NAMES.has(part.fieldname)) fields[part.fieldname] = String(part.value);
        if (hasUnstorableCharacters(String(part.value))) return refuseUnstorable();
        continue;
      }
      if (hasUnstorableCharacters(part.filename)) {
        part.file.resume();
        return refuseUnstorable();
      }
      if (!UPLOAD_FIELD.test(part.fieldname) || part.filename === '') {
        part.file.resume();
        continue;
      }
      const file = path.join(directory, String(files.length));
      await pipeline(part.file, createWriteStream(file));
      files.push({ name: path.basename(part.filename), path: file, size: (await stat(file)).size, truncated: part.file.truncated });
    }
  } catch (error) {
    await discard();
    if (hasCode(error, 'FST_FILES_LIMIT')) return { ok: false, message: CONTENT_MESSAGES.tooManyFiles(MAX_CONTENT_FILES) };
    // Everything read here is the request body: a broken or interrupted upload, not a fault of ours.
    request.log.info({ err: error, reqId: request.id }, 'content upload could not be parsed');
    return { ok: false, message: CONTENT_MESSAGES.unreadableUpload };
  }
  return { ok: true, upload: { files, fields, discard } };
}

/**
 * Checks every file: its extension is an accepted type, its bytes are what the extension says, and it is within
 * the size limit. Answers the checked files, or a message per refused file (by its index).
 */
export async function checkContentFiles(
  files: readonly ReceivedContentFile[],
  maxBytes: number,
): Promise<{ ok: true; files: CheckedContentFile[] } | { ok: false; errors: Map<number, string> }> {
  const checked: CheckedContentFile[] = [];
  const errors = new Map<number, string>();
  for (const [index, file] of files.entries()) {
    const outcome = await checkContentFile(file, maxBytes);
    if (typeof outcome === 'string') errors.set(index, outcome);
    else checked.push(outcome);
  }
  return errors.size > 0 ? { ok: false, errors } : { ok: true, files: checked };
}

async function checkContentFile(file: ReceivedContentFile, maxBytes: number): Promise<CheckedContentFile | string> {
  if (file.truncated || file.size > maxBytes) return CONTENT_MESSAGES.tooLarge(file.name, formatBytes(maxBytes)!);
  const type = uploadTypeOf(file.name);
  if (!type) return CONTENT_MESSAGES.wrongType(file.name);
  if (type === 'txt') return (await isPlainUtf8Text(file.path)) ? { ...file, mimeType: TEXT_MIME_TYPE } : CONTENT_MESSAGES.contentMismatch(file.name);
  const expected = SNIFFED_AS[type];
  const sniffed = await fileTypeFromFile(file.path);
  if (!sniffed || !expected.extensions.includes(sniffed.ext)) return CONTENT_MESSAGES.contentMismatch(file.name);
  return { ...file, mimeType: expected.mimeType };
}

export function uploadTypeOf(name: string): UploadType | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if ((UPLOAD_TYPES as readonly string[]).includes(extension)) return extension as UploadType;
  return EXTENSION_ALIASES[extension] ?? null;
}

/** Text is valid UTF-8 without NUL bytes (binaries nearly always hold some), read a chunk at a time. */
async function isPlainUtf8Text(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
