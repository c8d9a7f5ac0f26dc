/**
 * `npm run drive:health -- <action>`: runs one drive health action of Admin Advanced against the configured
 * database, drive and image folder, and prints its report. For superadmins with shell access until the admin
 * page offers the same actions.
 */
import { existsSync } from 'node:fs';
import { DRIVE_HEALTH_ACTIONS, isDriveHealthAction } from '../shared/enums';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createDrive } from '../server/drive/plugin';
import { runDriveHealthAction } from '../server/features/drive-health/actions';
import { organisationMemberLevel } from '../server/features/drive-health/context';
import { imagesDirIn } from '../server/features/images/storage';

const USAGE = `Usage: npm run drive:health -- <action>
Actions: ${DRIVE_HEALTH_ACTIONS.join(', ')}
The embedded database (PGlite) and the local drive belong to one process: stop the app before running this against them.`;

async function main(action: string | undefined): Promise<void> {
  if (!isDriveHealthAction(action)) {
    console.log(USAGE);
    process.exitCode = action === '--help' || action === '-h' ? 0 : 1;
    return;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDataDir: config.pgliteDataDir, poolSize: 2 });
  try {
    const context = {
      db: database.db,
      drive: await createDrive(config),
      imagesDir: imagesDirIn(config.DATA_DIR),
      now: new Date(),
      organisationLevel: await organisationMemberLevel(database.db, config.ORGANISATION_USER_TYPE),
    };
    console.log(await runDriveHealthAction(action, context));
  } finally {
    await database.close();
  }
}

/** SQLSTATE 42P01: no such table. */
const UNDEFINED_TABLE = '42P01';

function explanationOf(error: unknown): unknown {
  if (error instanceof ConfigError) return error.message;
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause?.code === UNDEFINED_TABLE) return 'The database has no Equip tables yet: start the app once (it migrates the database), then run this again.';
  return error;
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(explanationOf(error));
  process.exitCode = 1;
});
