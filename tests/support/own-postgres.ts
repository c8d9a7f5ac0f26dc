/**
 * A PostgreSQL server of a test's own, for faults that must never touch the shared server on 5432: initdb into a
 * temporary folder (as the postgres user, since initdb refuses root), started on a free loopback port, restarted and
 * its connections terminated by the test, stopped and removed in its teardown.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port';

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  serverUrl: string;
  port: number;
  /** `pg_ctl -m fast restart`: every connection is terminated, and the server accepts connections again on return. */
  restart(): Promise<void>;
  /** `pg_terminate_backend` on every connection to `database` but the caller's; resolves with how many went. */
  terminateConnections(database: string): Promise<number>;
  /** What the server wrote to its log, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/** The newest PostgreSQL whose binaries Debian installed (/usr/lib/postgresql/N/bin). */
function postgresBin(): string {
  const versions = existsSync('/usr/lib/postgresql') ? execFileSync('ls', ['/usr/lib/postgresql']).toString().split(/\s+/).filter(Boolean) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** Runs a PostgreSQL program as the postgres user when this process is root (initdb and pg_ctl refuse root). */
function runAsPostgres(program: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : program;
  const commandArgs = asRoot ? ['-u', 'postgres', '--', program, ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(program)} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'equip-own-postgres-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    chownSync(folder, uid, gid);
  }
  chmodSync(folder, 0o700);
  runAsPostgres(`${bin}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  // fsync stays on: the fault test asks whether acknowledged writes survive, and a fast restart is a clean shutdown.
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const pgCtl = (...args: string[]) => runAsPostgres(`${bin}/pg_ctl`, ['-D', dataDir, '-l', logFile, '-o', serverOptions, ...args]);
  pgCtl('-w', 'start');
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    serverUrl,
    port,
    async restart() {
      pgCtl('-m', 'fast', '-w', 'restart');
    },
    async terminateConnections(database) {
      const client = new pg.Client({ connectionString: serverUrl });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ terminated: boolean }>(
          `select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [database],
        );
        return rows.filter((row) => row.terminated).length;
      } finally {
        await client.end();
      }
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`No user ${name}`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
