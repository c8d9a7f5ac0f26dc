process.env.NODE_ENV ??= 'test';
import { ensurePostgresTemplate } from './database';
import { ensurePgliteTemplate } from './pglite-template';

/** Global setup of the server tests: the migrated template database every test file copies, on either engine. */
export default async function prepareTemplateDatabase(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await ensurePostgresTemplate(serverUrl);
  else await ensurePgliteTemplate();
}
