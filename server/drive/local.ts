/**
 * The local drive: the default, embedded adapter of the drive port. Every file and folder is one entry under
 * `root/entries/`: `{id}.json` holds its metadata (name, type, parent, sharing permissions) and `{id}` beside
 * it holds a file's bytes. Ids never change, so renames and moves only rewrite metadata, as on Google Drive.
 * Equip serves these files itself, with its own access checks (webViewUrl points at Equip).
 *
 * One process owns a local drive: the metadata is read once and then kept in memory (decisions: "Drive").
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  DriveExportUnavailableError,
  DriveNotFoundError,
  FOLDER_MIME_TYPE,
  formatOfMimeType,
  type DriveDownload,
  type DriveEntry,
  type DrivePermission,
  type DrivePort,
  type DriveUpload,
  type NewDrivePermission,
} from './port';
import { ROUTES } from '../../shared/routes';

export interface LocalDriveOptions {
  /** The folder that holds the drive (DATA_DIR/drive). */
  root: string;
  /** Prefix of web view URLs (default: relative URLs on Equip itself). */
  webViewBase?: string;
  /**
   * The office-to-PDF converter, run as `{command} --headless --convert-to pdf --outdir {dir} {file}` (LibreOffice's
   * `soffice`). Undefined: `soffice` or `libreoffice` when found on PATH. Null: no conversion.
   */
  pdfConverter?: string | null;
  /** How long one conversion may take. */
  conversionTimeoutMs?: number;
}

interface StoredEntry {
  id: string;
  name: string;
  mimeType: string;
  parentId: string | null;
  size: number | null;
  modifiedAt: string;
  permissions: DrivePermission[];
  /** In the bin, with everything inside it. */
  trashed?: boolean;
}

const ROOT_FOLDER_NAME = 'Equip';
/** Ids look like Google's; anything else (a path, `..`) is simply not found. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** What the converter can turn into a PDF: office documents, plain text and the like. */
const CONVERTIBLE_FORMATS = new Set(['word', 'powerpoint', 'text']);
const execFileAsync = promisify(execFile);

export function localDrive(options: LocalDriveOptions): DrivePort {
  const entriesDir = path.join(options.root, 'entries');
  const rootIdFile = path.join(options.root, 'root-folder-id');
  const webViewBase = options.webViewBase ?? '';
  const converter = options.pdfConverter === undefined ? findConverterOnPath() : options.pdfConverter;
  let loaded: Promise<Map<string, StoredEntry>> | null = null;
  let rootId: Promise<string> | null = null;

  const entries = () => (loaded ??= loadEntries(entriesDir));
  const metaFile = (id: string) => path.join(entriesDir, `${id}.json`);
  const bytesFile = (id: string) => path.join(entriesDir, id);

  async function save(entry: StoredEntry): Promise<void> {
    // Written aside and renamed, so a crash never leaves half a metadata file.
    const temporary = `${metaFile(entry.id)}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(entry));
    await rename(temporary, metaFile(entry.id));
    (await entries()).set(entry.id, entry);
  }

  /** The entry, in the drive or in the bin. */
  async function anyEntry(id: string): Promise<StoredEntry> {
    const entry = ID_PATTERN.test(id) ? (await entries()).get(id) : undefined;
    if (!entry) throw new DriveNotFoundError(id);
    return entry;
  }

  /** Whether the entry, or a folder it is in, is in the bin. */
  async function inBin(entry: StoredEntry): Promise<boolean> {
    const all = await entries();
    for (let at: StoredEntry | undefined = entry; at; at = at.parentId ? all.get(at.parentId) : undefined) {
      if (at.trashed) return true;
    }
    return false;
  }

  async function stored(id: string): Promise<StoredEntry> {
    const entry = await anyEntry(id);
    if (await inBin(entry)) throw new DriveNotFoundError(id);
    return entry;
  }

  async function folder(id: string): Promise<StoredEntry> {
    const entry = await stored(id);
    if (entry.mimeType !== FOLDER_MIME_TYPE) throw new DriveNotFoundError(id);
    return entry;
  }

  function describe(entry: StoredEntry): DriveEntry {
    return {
      id: entry.id,
      name: entry.name,
      mimeType: entry.mimeType,
      format: formatOfMimeType(entry.mimeType),
      size: entry.size,
      parentId: entry.parentId,
      modifiedAt: new Date(entry.modifiedAt),
      webViewUrl: `${webViewBase}${ROUTES.localDriveFile.path({ id: entry.id })}`,
    };
  }

  async function newEntry(fields: Pick<StoredEntry, 'name' | 'mimeType' | 'parentId' | 'size'>): Promise<StoredEntry> {
    await mkdir(entriesDir, { recursive: true });
    return { id: newId(), modifiedAt: new Date().toISOString(), permissions: [], ...fields };
  }

  async function createFolder(name: string, parentId?: string): Promise<DriveEntry> {
    const parent = await folder(parentId ?? (await drive.rootFolderId()));
    const entry = await newEntry({ name, mimeType: FOLDER_MIME_TYPE, parentId: parent.id, size: null });
    await save(entry);
    return describe(entry);
  }

  async function openBytes(entry: StoredEntry): Promise<DriveDownload> {
    if (entry.mimeType === FOLDER_MIME_TYPE) throw new DriveExportUnavailableError(entry.id, `${entry.name} is a folder, not a file.`);
    return { name: entry.name, mimeType: entry.mimeType, size: entry.size, body: createReadStream(bytesFile(entry.id)) };
  }

  async function convertToPdf(entry: StoredEntry): Promise<DriveDownload> {
    const command = converter;
    if (!command) throw new DriveExportUnavailableError(entry.id, 'No PDF converter is installed (install LibreOffice or set DRIVE_PDF_CONVERTER).');
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'equip-pdf-'));
    try {
      const source = path.join(workDir, `document${path.extname(entry.name) || '.txt'}`);
      await writeFile(source, await readFile(bytesFile(entry.id)));
      await execFileAsync(command, ['--headless', '--convert-to', 'pdf', '--outdir', workDir, source], {
        timeout: options.conversionTimeoutMs ?? 120_000,
      });
      const pdf = await readFile(path.join(workDir, 'document.pdf'));
      return { name: `${path.parse(entry.name).name}.pdf`, mimeType: 'application/pdf', size: pdf.length, body: Readable.from([pdf]) };
    } catch (error) {
      if (error instanceof DriveExportUnavailableError) throw error;
      throw new DriveExportUnavailableError(entry.id, `${entry.name} could not be converted to PDF.`);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  async function descendantsOf(id: string): Promise<StoredEntry[]> {
    const all = [...(await entries()).values()];
    const found: StoredEntry[] = [];
    const queue = [id];
    while (queue.length > 0) {
      const parentId = queue.shift();
      for (const child of all.filter((entry) => entry.parentId === parentId)) {
        found.push(child);
        queue.push(child.id);
      }
    }
    return found;
  }

  async function forget(entry: StoredEntry): Promise<void> {
    await rm(metaFile(entry.id), { force: true });
    await rm(bytesFile(entry.id), { force: true });
    (await entries()).delete(entry.id);
  }

  const drive: DrivePort = {
    kind: 'local',

    rootFolderId() {
      rootId ??= ensureRootFolder();
      return rootId;
    },

    createFolder,

    async get(id) {
      return describe(await stored(id));
    },

    async list(folderId) {
      await folder(folderId);
      return [...(await entries()).values()]
        .filter((entry) => entry.parentId === folderId && !entry.trashed)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(describe);
    },

    async rename(id, name) {
      const entry = { ...(await stored(id)), name };
      await save(entry);
      return describe(entry);
    },

    async move(id, newParentId) {
      const [entry, parent] = await Promise.all([stored(id), folder(newParentId)]);
      if (parent.id === entry.id || (await descendantsOf(entry.id)).some((d) => d.id === parent.id)) {
        throw new Error(`Cannot move ${entry.name} into itself`);
      }
      const moved = { ...entry, parentId: parent.id };
      await save(moved);
      return describe(moved);
    },

    async upload(file: DriveUpload) {
      const parent = await folder(file.parentId);
      const entry = await newEntry({ name: file.name, mimeType: file.mimeType, parentId: parent.id, size: null });
      const partial = `${bytesFile(entry.id)}.part`;
      try {
        await pipeline(Buffer.isBuffer(file.body) ? Readable.from([file.body]) : file.body, createWriteStream(partial));
        await rename(partial, bytesFile(entry.id));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      const saved = { ...entry, size: (await stat(bytesFile(entry.id))).size };
      await save(saved);
      return describe(saved);
    },

    async download(id) {
      return openBytes(await stored(id));
    },

    canExportPdf(entry) {
      return entry.format === 'pdf' || (CONVERTIBLE_FORMATS.has(entry.format) && converter !== null);
    },

    async exportPdf(id) {
      const entry = await stored(id);
      const format = formatOfMimeType(entry.mimeType);
      if (format === 'pdf') return openBytes(entry);
      if (!CONVERTIBLE_FORMATS.has(format)) throw new DriveExportUnavailableError(id, `${entry.name} is not a document that can be exported as PDF.`);
      return convertToPdf(entry);
    },

    async remove(id) {
      if (!ID_PATTERN.test(id)) return;
      const entry = (await entries()).get(id);
      if (!entry) return;
      for (const descendant of await descendantsOf(id)) await forget(descendant);
      await forget(entry);
      if (rootId && (await rootId) === id) rootId = null;
    },

    async trash(id) {
      const entry = ID_PATTERN.test(id) ? (await entries()).get(id) : undefined;
      if (entry && !entry.trashed) await save({ ...entry, trashed: true });
    },

    async untrash(id) {
      const entry = await anyEntry(id);
      if (entry.trashed) await save({ ...entry, trashed: false });
    },

    async listPermissions(id) {
      return (await stored(id)).permissions;
    },

    async addPermission(id, permission: NewDrivePermission) {
      const entry = await stored(id);
      const added: DrivePermission = { ...permission, id: newId() };
      await save({ ...entry, permissions: [...entry.permissions, added] });
      return added;
    },

    async removePermission(id, permissionId) {
      const entry = await stored(id);
      await save({ ...entry, permissions: entry.permissions.filter((p) => p.id !== permissionId) });
    },

    async storageUsage() {
      let usedBytes = 0;
      for (const entry of (await entries()).values()) usedBytes += entry.size ?? 0;
      return { usedBytes, limitBytes: null };
    },
  };

  async function ensureRootFolder(): Promise<string> {
    const known = await readFile(rootIdFile, 'utf8').then(
      (id) => id.trim(),
      () => null,
    );
    if (known && (await entries()).has(known)) return known;
    const entry = await newEntry({ name: ROOT_FOLDER_NAME, mimeType: FOLDER_MIME_TYPE, parentId: null, size: null });
    await save(entry);
    await writeFile(rootIdFile, entry.id);
    return entry.id;
  }

  return drive;
}

async function loadEntries(entriesDir: string): Promise<Map<string, StoredEntry>> {
  const entries = new Map<string, StoredEntry>();
  const names = await readdir(entriesDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const entry = JSON.parse(await readFile(path.join(entriesDir, name), 'utf8')) as StoredEntry;
    entries.set(entry.id, entry);
  }
  return entries;
}

function newId(): string {
  return randomBytes(18).toString('base64url');
}

/** Looked up once, when the drive is made, so `canExportPdf` can answer at once. */
function findConverterOnPath(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
