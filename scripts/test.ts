/**
 * `npm test` and `npm run test:fast`: the server tests on PostgreSQL whenever one answers, since that is what a
 * deployment runs and its transaction-retry, concurrency, outage and health tests skip on PGlite; the files of
 * tests/pglite-slice.txt on PGlite as well; then the page tests (and for `npm test`, the production-install and browser
 * tests). It says first which engine each part uses.
 *
 * TEST_DATABASE_URL names the PostgreSQL server; without it the local one of the README (127.0.0.1:5432, user
 * postgres) is tried. TEST_ENGINE=pglite runs every server test on PGlite. Arguments after `--` go to every part
 * (a file filter, `--reporter`…).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const PGLITE_SLICE = 'tests/pglite-slice.txt';

const [mode = 'all', ...passedOn] = process.argv.slice(2);
if (mode !== 'all' && mode !== 'fast') throw new Error(`scripts/test.ts all|fast [-- vitest arguments], not ${mode}`);

/** The PostgreSQL server the server tests use, or why there is none. */
async function postgresServer(): Promise<{ url: string } | { reason: string }> {
  if (process.env.TEST_ENGINE === 'pglite') return { reason: 'TEST_ENGINE=pglite' };
  const url = process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url };
  } catch (error) {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL does not answer: ${(error as Error).message}`, { cause: error });
    return { reason: `no PostgreSQL answered at 127.0.0.1:5432; README, "Running on PostgreSQL"` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Part {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** File filters among the arguments passed on: the PGlite part runs only the files of its slice they name. */
const filters = passedOn.filter((arg) => !arg.startsWith('-'));
const options = passedOn.filter((arg) => arg.startsWith('-'));

/** Runs one part with its output shown as it comes; resolves whether it passed. */
function run(part: Part): Promise<boolean> {
  console.log(`\n=== ${part.name} ===`);
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...part.args, '--passWithNoTests', ...options], { stdio: 'inherit', env: part.env });
    child.on('exit', (code) => resolve(code === 0));
  });
}

const server = await postgresServer();
const { TEST_DATABASE_URL: _unused, ...withoutServer } = process.env;
const sliceFiles = readFileSync(PGLITE_SLICE, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)));
const otherProjects = mode === 'all' ? ['pages', 'production', 'e2e'] : ['pages'];

const parts: Part[] =
  'url' in server
    ? [
        {
          name: `server tests on PostgreSQL (${new URL(server.url).host})`,
          args: ['--project', 'server', ...filters],
          env: { ...process.env, TEST_DATABASE_URL: server.url },
        },
        ...(sliceFiles.length > 0
          ? [
              {
                name: `server tests on PGlite: ${sliceFiles.length} ${sliceFiles.length === 1 ? 'file' : 'files'} of ${PGLITE_SLICE}`,
                args: ['--project', 'server', ...sliceFiles],
                env: withoutServer,
              },
            ]
          : []),
      ]
    : [{ name: `server tests on PGlite (${server.reason}; the PostgreSQL-only tests skip)`, args: ['--project', 'server', ...filters], env: withoutServer }];
parts.push({
  name: `${otherProjects.join(', ')} tests`,
  args: [...otherProjects.flatMap((project) => ['--project', project]), ...filters],
  env: withoutServer,
});

console.log('Engines:');
for (const part of parts) console.log(`- ${part.name}`);

const failed: string[] = [];
for (const part of parts) if (!(await run(part))) failed.push(part.name);
console.log(failed.length === 0 ? '\nEvery part passed.' : `\nFailed: ${failed.join('; ')}`);
process.exit(failed.length === 0 ? 0 : 1);
