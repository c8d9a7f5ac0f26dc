/**
 * `npm run restore -- <backup folder> [--data-dir <new folder>]`: puts a backup back (README "Backups"). The embedded
 * database and the files go into a new data folder (DATA_DIR unless given), then start the app with DATA_DIR set to
 * it. A PostgreSQL backup goes into the empty database DATABASE_URL names (create it first) and its files into the
 * data folder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { readManifest, restorePgliteBackup, restorePostgresBackup } from '../server/features/backup/backup';

const USAGE = 'Usage: npm run restore -- <backup folder> [--data-dir <new data folder>]';

async function main(args: string[]): Promise<void> {
  const [backup, flag, dataDirArg] = args;
  if (!backup || (flag !== undefined && (flag !== '--data-dir' || !dataDirArg)) || args.length > 3) {
    console.log(USAGE);
    process.exitCode = 1;
    return;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const dataDir = path.resolve(dataDirArg ?? config.DATA_DIR);
  const manifest = await readManifest(backup);
  if (manifest.engine === 'postgres') {
    if (!config.DATABASE_URL) throw new Error('a PostgreSQL backup: set DATABASE_URL to the new, empty database');
    await restorePostgresBackup(backup, config.DATABASE_URL, dataDir);
  } else {
    await restorePgliteBackup(backup, dataDir);
  }
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${manifest.engine === 'postgres' ? 'the database and ' : ''}${dataDir}. Start the app with DATA_DIR=${dataDir}.`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
