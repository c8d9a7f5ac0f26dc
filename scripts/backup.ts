/**
 * `npm run backup [-- --to <folder>]`: a consistent backup of the database and the files (README "Backups"), while
 * the app runs or not. On the embedded database a running app takes it (the database is its process's alone); with
 * none running, this script opens the database itself. On PostgreSQL pg_dump takes it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { backupSources, writeBackup, type BackupManifest } from '../server/features/backup/backup';
import { backupSocketPath, requestBackup } from '../server/features/backup/backup-socket';

const USAGE = 'Usage: npm run backup [-- --to <new folder>]   (default: backups/equip-<date and time>)';

function targetFolder(args: string[]): string | null {
  if (args.length === 0) return path.resolve('backups', `equip-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (args.length === 2 && args[0] === '--to') return path.resolve(args[1]!);
  return null;
}

async function backUp(into: string): Promise<BackupManifest> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const fromApp = await requestBackup(backupSocketPath(config.DATA_DIR), into);
    if (fromApp) return fromApp;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDataDir: config.pgliteDataDir, poolSize: 1 });
  try {
    return await writeBackup(backupSources(config, database), into);
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<void> {
  const into = targetFolder(args);
  if (!into) {
    console.log(USAGE);
    process.exitCode = 1;
    return;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const manifest = await backUp(into);
  const files = Object.entries(manifest.files).map(([folder, count]) => `${count} in ${folder}/`);
  console.log(
    `Backup written to ${into}: the ${manifest.engine === 'pglite' ? 'embedded' : 'PostgreSQL'} database (${manifest.databaseBytes} bytes), files: ${files.join(', ')}.`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
