/**
 * Backups of the embedded database and the local drive, and their restore into a new data folder.
 *
 * A backup is a folder: `database.tar.gz` (the PGlite data directory as PGlite dumps it, between two statements, so
 * it opens as a database that stopped at that instant: what had committed is there, what had not is not),
 * `images/` and, with the local drive, `drive/` (copies of those folders of DATA_DIR, taken after the database, so
 * every file a saved row names is in them) and `manifest.json`. It is written under `<folder>.partial` and renamed when whole, so a folder with that name is
 * always a complete backup. On PostgreSQL the database part is `database.pgdump` from pg_dump (scripts/backup.ts).
 */
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { localDriveRoot } from '../../drive/plugin';
import { imagesDirIn } from '../images';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'equip-backup/1';
export const PGLITE_DUMP_FILE = 'database.tar.gz';
export const POSTGRES_DUMP_FILE = 'database.pgdump';
/** The folders of DATA_DIR a backup copies besides the database. */
type FileFolder = 'images' | 'drive';
const MANIFEST_FILE = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  databaseFile: string;
  databaseBytes: number;
  /** Files copied from each folder: images always; the drive only when it is local (Google Drive keeps its own history). */
  files: Partial<Record<FileFolder, number>>;
}

export interface BackupSources {
  engine: BackupManifest['engine'];
  /** Writes the database's dump to the given file. */
  dumpDatabase(file: string): Promise<void>;
  /** The folders to copy, by their name in DATA_DIR. */
  folders: Partial<Record<FileFolder, string>>;
}

/** The PGlite dump, gzipped into `file`. */
export async function writePgliteDump(dump: Blob, file: string): Promise<void> {
  await pipeline(Readable.from(Buffer.from(await dump.arrayBuffer())), createGzip(), createWriteStream(file));
}

/** What a backup of this app reads: its database (PGlite's dump, or pg_dump's) and its local drive. */
export function backupSources(config: Pick<AppConfig, 'DATA_DIR' | 'DRIVE' | 'DATABASE_URL'>, database: Pick<DatabaseHandle, 'dumpDataDir'>): BackupSources {
  const folders: BackupSources['folders'] = { images: imagesDirIn(config.DATA_DIR) };
  if (config.DRIVE === 'local') folders.drive = localDriveRoot(config);
  const url = config.DATABASE_URL;
  if (url) return { engine: 'postgres', folders, dumpDatabase: (file) => runPgDump(url, file) };
  const dump = database.dumpDataDir;
  if (!dump) throw new Error('this database cannot dump itself');
  return { engine: 'pglite', folders, dumpDatabase: async (file) => writePgliteDump(await dump(), file) };
}

/** pg_dump's own consistent snapshot, in its custom format (for pg_restore). */
async function runPgDump(url: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
}

/** A backup into the folder `into`, which must not exist yet. */
export async function writeBackup(sources: BackupSources, into: string): Promise<BackupManifest> {
  if (existsSync(into)) throw new Error(`${into} exists already: a backup goes into a new folder`);
  const partial = `${into}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const databaseFile = sources.engine === 'pglite' ? PGLITE_DUMP_FILE : POSTGRES_DUMP_FILE;
    await sources.dumpDatabase(path.join(partial, databaseFile));
    const files: BackupManifest['files'] = {};
    for (const [name, dir] of Object.entries(sources.folders) as [FileFolder, string][]) {
      const copy = path.join(partial, name);
      if (existsSync(dir)) await cp(dir, copy, { recursive: true });
      else await mkdir(copy);
      files[name] = await countFiles(copy);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      engine: sources.engine,
      createdAt: new Date().toISOString(),
      databaseFile,
      databaseBytes: (await stat(path.join(partial, databaseFile))).size,
      files,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, into);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function readManifest(backup: string): Promise<BackupManifest> {
  const file = path.join(backup, MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${backup} is not a complete backup: it has no ${MANIFEST_FILE}`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${backup}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** Whether `dir` holds anything: a restore never writes over a database or files in use. */
async function hasContents(dir: string): Promise<boolean> {
  return existsSync(dir) && (await readdir(dir)).length > 0;
}

/**
 * Restores an embedded-database backup into `dataDir` (a new or empty folder): the database into `pglite/`, the
 * pictures and the drive beside it. Start the app with DATA_DIR set to it.
 */
export async function restorePgliteBackup(backup: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await readManifest(backup);
  if (manifest.engine !== 'pglite') throw new Error(`${backup} is a PostgreSQL backup: restore it with pg_restore (README "Backups")`);
  const pgliteDir = path.join(dataDir, 'pglite');
  for (const dir of [pgliteDir, ...Object.keys(manifest.files).map((name) => path.join(dataDir, name))]) {
    if (await hasContents(dir)) throw new Error(`${dir} is not empty: restore into a new data folder`);
  }
  await mkdir(pgliteDir, { recursive: true });
  const dump = gunzipSync(await readFile(path.join(backup, manifest.databaseFile)));
  const client = await PGlite.create(pgliteDir, { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(dump)]) });
  // Opening replays what the dump's log holds; a checkpoint writes it out before the folder is handed over.
  await client.query('checkpoint');
  await client.close();
  await restoreFolders(backup, manifest, dataDir);
  return manifest;
}

async function restoreFolders(backup: string, manifest: BackupManifest, dataDir: string): Promise<void> {
  for (const name of Object.keys(manifest.files)) await cp(path.join(backup, name), path.join(dataDir, name), { recursive: true });
}

/**
 * Restores a PostgreSQL backup into the empty database `url` (create it first: `createdb`), and its folders into
 * `dataDir`.
 */
export async function restorePostgresBackup(backup: string, url: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await readManifest(backup);
  if (manifest.engine !== 'postgres') throw new Error(`${backup} is an embedded-database backup: restore it without DATABASE_URL`);
  for (const name of Object.keys(manifest.files)) {
    if (await hasContents(path.join(dataDir, name))) throw new Error(`${path.join(dataDir, name)} is not empty: restore into a new data folder`);
  }
  const { stdout } = await run('psql', [
    '--no-psqlrc',
    '--tuples-only',
    '--no-align',
    `--dbname=${url}`,
    '--command=select count(*) from pg_tables where schemaname = current_schema()',
  ]);
  if (Number(stdout.trim()) > 0) throw new Error('the database is not empty: restore into a new database (createdb)');
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, path.join(backup, manifest.databaseFile)]);
  await restoreFolders(backup, manifest, dataDir);
  return manifest;
}

async function countFiles(dir: string): Promise<number> {
  let files = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) files += 1;
  return files;
}
