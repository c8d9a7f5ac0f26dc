import { ensurePgliteTemplate } from './pglite-template';

/** Global setup of the server tests: the migrated PGlite template every test file loads (not needed on PostgreSQL). */
export default async function preparePgliteTemplate(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteTemplate();
}
