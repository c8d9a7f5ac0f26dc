/** `npm run seed` (tsx server/db/seed/run.ts): the seed's command line, apart from the modules the app imports. */
import { runSeedCli } from './cli';

runSeedCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
