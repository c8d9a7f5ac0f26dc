import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localDrive } from '../../server/drive/local';
import type { DrivePort } from '../../server/drive/port';
import { freshDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** A local drive of the file's own, in a temporary folder. */
  drive: DrivePort;
  driveRoot: string;
}

/** A local drive in a new temporary folder (no PDF converter, whatever is installed). */
export async function temporaryLocalDrive(): Promise<{ drive: DrivePort; root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'equip-drive-'));
  return { drive: localDrive({ root, pdfConverter: null }), root, remove: () => rm(root, { recursive: true, force: true }) };
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<AppConfig> = {}): AppConfig {
  // Server-side rendering is tested on its own (tests/server/ssr.test.ts) and in the browser journeys.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: './data/test', SERVER_RENDERING: 'false', ...env }, overrides);
}

/** Builds the app on a fresh database for one test file; closes both after the file. */
export function useTestApp(
  options: { env?: Record<string, string>; config?: Partial<AppConfig>; seed?: (handle: DatabaseHandle) => Promise<void> } = {},
): TestApp {
  const context = {} as TestApp;
  beforeAll(async () => {
    context.database = await freshDatabase();
    if (options.seed) await options.seed(context.database);
    context.config = testConfig(options.env, options.config);
    const drive = await temporaryLocalDrive();
    context.drive = drive.drive;
    context.driveRoot = drive.root;
    context.app = await buildApp(context.config, { database: context.database, drive: drive.drive });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.driveRoot) await rm(context.driveRoot, { recursive: true, force: true });
  });
  return context;
}

/** Cookie jar for chaining app.inject calls like a browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const c of response.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
