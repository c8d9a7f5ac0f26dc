import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { createDrive } from '../../drive/plugin';
import { openDatabase, type Database } from '../client';
import { migrateDatabase } from '../migrate';
import { items, users } from '../schema';
import { countRows, truncateAllTables } from './batches';
import { DEFAULT_ITEM_COUNT, seedDemoLibrary } from './seed';
import { formatSummary } from './summary';

const USAGE = `Usage: npm run seed -- [--items N] [--force]

Seeds the demo library into the database the app uses (DATABASE_URL, or PGlite in DATA_DIR).
  --items N   how many items to create (default ${DEFAULT_ITEM_COUNT})
  --force     wipe every table first when the database already has data`;

export interface SeedArguments {
  items: number;
  force: boolean;
  help: boolean;
}

export function parseSeedArguments(argv: string[]): SeedArguments {
  const { values } = parseArgs({
    args: argv,
    options: { items: { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  const items = values.items === undefined ? DEFAULT_ITEM_COUNT : Number(values.items);
  if (!Number.isInteger(items) || items < 1) throw new RangeError(`--items must be a positive whole number, not '${values.items}'`);
  return { items, force: values.force, help: values.help };
}

async function hasData(db: Database): Promise<boolean> {
  return (await countRows(db, items)) > 0 || (await countRows(db, users)) > 0;
}

/** Returns the process exit code. */
export async function runSeedCli(argv: string[]): Promise<number> {
  const args = parseSeedArguments(argv);
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDataDir: config.pgliteDataDir });
  try {
    await migrateDatabase(handle);
    if (await hasData(handle.db)) {
      if (!args.force) {
        console.error('The database already has users or items; nothing was changed. Run again with --force to wipe it and seed afresh.');
        return 1;
      }
      await truncateAllTables(handle.db);
      console.log('Wiped every table (--force).');
    }
    const started = performance.now();
    const drive = await createDrive(config);
    const summary = await seedDemoLibrary(handle.db, { items: args.items, drive, log: (message) => console.log(message) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded the demo library into ${handle.kind === 'pglite' ? `PGlite (${config.pgliteDataDir})` : 'PostgreSQL'} in ${seconds} s:\n${formatSummary(summary)}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
