import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { createDrive } from './drive/plugin';
import { stopGracefully } from './features/health-checks/shutdown';
import { backupSources } from './features/backup/backup';
import { answersAt, backupSocketPath, listenForBackups } from './features/backup/backup-socket';
import { checkPortIsFree, databaseStartupProblem, listenStartupProblem, StartupProblem } from './startup-problems';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  // Said at once, not after the migrations: the port is the first thing an operator may have wrong.
  await checkPortIsFree(config);
  if (!config.DATABASE_URL && (await answersAt(backupSocketPath(config.DATA_DIR)))) {
    throw new StartupProblem(`Another Equip process is using the embedded database in ${config.DATA_DIR}: stop it first, or set DATA_DIR to another folder.`);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDataDir: config.pgliteDataDir });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw databaseStartupProblem(error, config.DATABASE_URL) ?? error;
  }
  const drive = await createDrive(config);
  // The demo library is planted only into a new embedded database, never into PostgreSQL unasked.
  if (config.seedOnEmpty && database.kind === 'pglite' && (await seedIfEmpty(database.db, { drive }))) {
    console.log('Seeded the demo library into the new embedded database.');
  }
  const app = await buildApp(config, { database, drive });
  // `npm run backup` asks this process, which alone may read the embedded database.
  const stopServingBackups =
    database.kind === 'pglite' ? await listenForBackups(backupSocketPath(config.DATA_DIR), backupSources(config, database), app.log) : null;

  // The database closes after the app, so requests in flight and the background work's last round can still use it.
  closeWithGrace({ delay: (config.SHUTDOWN_DRAIN_SECONDS + 10) * 1000 }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'shutting down after an error');
      await app.close();
    } else {
      app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
      await stopGracefully(app);
    }
    await stopServingBackups?.();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST }).catch((error: unknown) => {
    throw listenStartupProblem(error, config) ?? error;
  });
  // Sends queued mail (server/mail/outbox.ts); tests flush it themselves.
  app.mailOutbox.start();
}

/** Reads ./.env when present; variables already in the environment win. */
function loadDotEnv() {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof StartupProblem) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
