/**
 * A migrated PGlite database, dumped once per test run and loaded by every test file: creating a PGlite database
 * runs initdb (3–4 s on CI's machines) while loading a dump takes about 1 s. The file name carries a hash of the
 * migrations and of the PGlite version, so a changed schema never loads an old dump.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../server/db/migrate';

const CACHE_DIR = path.resolve('node_modules/.cache/equip-tests');

/** A hash of the migrations and of the PGlite version: a changed schema never reuses an old template. */
export async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    hash.update(path.relative(MIGRATIONS_FOLDER, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function templatePath(): Promise<string> {
  return path.join(CACHE_DIR, `pglite-${await migrationsFingerprint()}.tar`);
}

/** Writes the migrated template unless this schema's template is already there. */
export async function ensurePgliteTemplate(): Promise<void> {
  const file = await templatePath();
  if (existsSync(file)) return;
  const handle = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await migrateDatabase(handle);
    const dump = await handle.dumpDataDir!();
    await mkdir(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await handle.close();
  }
}

/** The template for this schema, or null when none was written (a single test file run outside the projects). */
export async function loadPgliteTemplate(): Promise<Blob | null> {
  const file = await templatePath();
  if (!existsSync(file)) return null;
  return new Blob([await readFile(file)]);
}
