/**
 * Several instances of the production build (`node dist/server/main.js`, NODE_ENV=production) on one new PostgreSQL
 * database and the machine's Redis, behind HAProxy, with the real peers a deployment has: a Drive v3 server (the
 * google adapter, the multi-instance choice), an SMTP server and an OpenID Connect provider for sign-in. Everything
 * listens on loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { seedDemoLibrary } from '../../../server/db/seed';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../support/fake-google-drive';
import { startOidcProvider, type TestOidcProvider } from '../../support/oidc';
import { freePort } from '../../../scripts/lib/free-port';
import { stopChild, waitForAnswer } from '../../../scripts/lib/child-process';
import { ensureProductionBuild } from '../../support/production-server';
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp';
import { throwawayPostgresDatabase } from '../../support/database';
import { Browser } from './browser';
import { startBalancer, type Balancer } from '../../../scripts/lib/haproxy';

const POSTGRES_SERVER_URL = process.env.CLUSTER_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Items in the demo library every cluster starts with. */
export const CLUSTER_ITEMS = 120;

export interface Instance {
  name: string;
  url: string;
  /** Everything the instance printed (JSON log lines), across its restarts. */
  output(): string;
  start(): Promise<void>;
  /** SIGTERM, as a rolling deploy stops an instance; resolves with the exit code once it has drained and exited. */
  stop(): Promise<number | null>;
  /** SIGKILL: the instance dies with whatever it was doing. */
  kill(): Promise<void>;
  /** Whether its process is running (started and not exited). */
  running(): boolean;
}

export interface Cluster {
  url: string;
  /** When the instances were started (Date.now()). */
  startedAt: number;
  instances: Instance[];
  balancer: Balancer;
  /** The cluster's database, for checks from outside the app. */
  database: pg.Pool;
  /** Its name on the PostgreSQL server. */
  databaseName: string;
  oidc: TestOidcProvider;
  smtp: TestSmtpServer;
  /** The Drive v3 server the instances keep content files in. */
  drive: FakeGoogleDrive;
  /** A new browser pointed at the balancer. */
  browser(): Browser;
  /** A browser signed in as this person through the OpenID Connect provider, every step through the balancer. */
  signIn(email: string): Promise<Browser>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** Settings of every instance, on top of the cluster's own. */
  env?: Record<string, string>;
  /** The PostgreSQL server the cluster's database is made on (default: the machine's, or CLUSTER_TEST_DATABASE_URL). */
  postgresServerUrl?: string;
}

function instanceProcess(name: string, port: number, env: Record<string, string>, folder: string) {
  let child: ChildProcess | null = null;
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    url,
    output: () => output,
    async start() {
      child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
        env: { PATH: process.env.PATH, ...env, PORT: String(port), DATA_DIR: path.join(folder, name) },
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForAnswer(`${url}/readyz`, child, { output: () => output });
    },
    stop: async () => (child ? stopChild(child) : null),
    async kill() {
      if (child) await stopChild(child, 'SIGKILL');
    },
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
  };
  return instance;
}

export async function startCluster({ instances: count, env = {}, postgresServerUrl = POSTGRES_SERVER_URL }: ClusterOptions): Promise<Cluster> {
  ensureProductionBuild();
  // What has started, stopped in reverse order by close(), or at once when a later part fails to start.
  const started: (() => Promise<unknown>)[] = [];
  const stopStarted = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
  };
  try {
    return await startParts(count, env, postgresServerUrl, started, stopStarted);
  } catch (error) {
    await stopStarted();
    throw error;
  }
}

async function startParts(
  count: number,
  env: Record<string, string>,
  postgresServerUrl: string,
  started: (() => Promise<unknown>)[],
  stopStarted: () => Promise<void>,
): Promise<Cluster> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'equip-cluster-'));
  started.push(async () => rmSync(folder, { recursive: true, force: true }));
  const balancerPort = await freePort();
  const appUrl = `http://127.0.0.1:${balancerPort}`;
  const database = await throwawayPostgresDatabase(postgresServerUrl);
  started.push(() => database.drop());
  const [drive, smtp, oidc] = await Promise.all([startFakeGoogleDrive(), startSmtpServer(), startOidcProvider(appUrl)]);
  started.push(
    () => drive.close(),
    () => smtp.close(),
    () => oidc.close(),
  );
  const sharedEnv: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    INSTANCES: String(count),
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: `equip-cluster-${path.basename(folder)}:`,
    SESSION_SECRET: 'cluster-test-session-secret-0123456789abcdef',
    // The balancer speaks plain HTTP on loopback; a deployment terminates TLS in front of it and keeps cookies secure.
    COOKIE_SECURE: 'false',
    TRUST_PROXY: '1',
    DRIVE: 'google',
    DRIVE_ROOT_FOLDER_ID: drive.rootFolderId,
    DRIVE_GOOGLE_CREDENTIALS_JSON: JSON.stringify(drive.serviceAccountKey),
    DRIVE_GOOGLE_API_URL: drive.url,
    SMTP_URL: smtp.url,
    MAIL_OUTBOX_INTERVAL_SECONDS: '1',
    LOG_FILE: 'off',
    LOG_LEVEL: 'info',
    // Every test client is 127.0.0.1: the per-address limits would count them all as one visitor.
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_SIGN_IN_MAX: '1000',
    ...oidc.env,
    ...env,
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const instances = ports.map((port, n) => instanceProcess(`i${n + 1}`, port, sharedEnv, folder));
  started.push(() => Promise.all(instances.map((instance) => instance.kill())));
  const startedAt = Date.now();
  // All at once on an empty database: one migrates, the others wait for its advisory lock.
  await Promise.all(instances.map((instance) => instance.start()));
  await seedLibrary(database.url);
  const balancer = await startBalancer(
    folder,
    balancerPort,
    await freePort(),
    instances.map((instance, n) => ({ name: instance.name, port: ports[n]! })),
  );
  started.push(() => balancer.close());
  await balancer.waitForServersUp(instances.map((instance) => instance.name));
  const checks = new pg.Pool({ connectionString: database.url, max: 2 });
  // A fault test restarts the server under it: a dropped connection must not stop the test's process either.
  checks.on('connect', (client) => client.on('error', () => undefined));
  checks.on('error', () => undefined);
  started.push(() => checks.end());

  return {
    url: appUrl,
    startedAt,
    instances,
    balancer,
    database: checks,
    databaseName: new URL(database.url).pathname.slice(1),
    oidc,
    smtp,
    drive,
    browser: () => new Browser(appUrl),
    async signIn(email) {
      const browser = new Browser(appUrl);
      oidc.nextSignIn({ sub: `cluster-${email}`, email, email_verified: true, name: email });
      const start = await browser.open('/auth/google/redirect');
      if (start.status !== 302 || !start.location) throw new Error(`sign-in did not start: ${start.status}`);
      const callback = await oidc.authorize(start.location);
      const signedIn = await browser.open(callback.pathname + callback.search);
      if (signedIn.status !== 302 && signedIn.status !== 303)
        throw new Error(`sign-in as ${email} answered ${signedIn.status}: ${signedIn.body.slice(0, 300)}`);
      return browser;
    },
    close: stopStarted,
  };
}

/** The demo library, written from outside as an import would be: the instances see it through their version checks. */
async function seedLibrary(url: string): Promise<void> {
  const handle = await openDatabase({ url, pgliteDataDir: 'memory://', poolSize: 2 });
  try {
    await seedDemoLibrary(handle.db, { items: CLUSTER_ITEMS });
  } finally {
    await handle.close();
  }
}

/** One cluster for a test file, started before its tests and stopped after them. */
export function useCluster(options: ClusterOptions): Cluster {
  let started: Cluster | null = null;
  beforeAll(async () => {
    started = await startCluster(options);
  });
  afterAll(async () => started?.close());
  return new Proxy({} as Cluster, {
    get(_target, property) {
      if (!started) throw new Error('the cluster starts in beforeAll');
      return started[property as keyof Cluster];
    },
  });
}

/** Every instance's log lines (pino JSON) with this message. */
export function logLines(cluster: Cluster, message: string): Record<string, unknown>[] {
  return cluster.instances.flatMap((instance) =>
    instance
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === message),
  );
}
