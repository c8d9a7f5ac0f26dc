/**
 * What stops Equip from starting, said in one line an operator can act on: the setting, the cause and the fix, instead
 * of a stack. The port is tried before the database is opened, so a taken port is said at once rather than after the
 * migrations; a database that cannot be reached, or does not exist, is named by its address without its password.
 */
import { createServer } from 'node:net';
import type { AppConfig } from './config';

/** A start-up problem with its one line; main.ts prints the line and exits 1. */
export class StartupProblem extends Error {}

/** Fails with a StartupProblem when HOST:PORT cannot be listened on (taken, or not an address of this machine). */
export async function checkPortIsFree(config: Pick<AppConfig, 'HOST' | 'PORT'>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(listenStartupProblem(error, config) ?? error));
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
}

/** The one line for a failure to listen on HOST:PORT, or null when it is another failure. */
export function listenStartupProblem(error: unknown, config: Pick<AppConfig, 'HOST' | 'PORT'>): StartupProblem | null {
  const where = `${config.HOST}:${config.PORT}`;
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return new StartupProblem(`PORT ${config.PORT}: another program already listens on ${where}. Stop it, or set PORT to a free port.`);
    case 'EADDRNOTAVAIL':
      return new StartupProblem(`HOST ${config.HOST}: this machine has no such address to listen on. Set HOST to one of its addresses (or 0.0.0.0).`);
    case 'EACCES':
      return new StartupProblem(`PORT ${config.PORT}: this account may not listen on ${where}. Set PORT to 1024 or above, or run with the right to bind it.`);
    default:
      return null;
  }
}

/** DATABASE_URL as it may be printed: its password replaced. */
export function printableDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a DATABASE_URL that is not a URL)';
  }
}

/** The codes and words that say why PostgreSQL could not be used, anywhere in an error and its causes. */
function codesOf(error: unknown): { codes: Set<string>; messages: string } {
  const codes = new Set<string>();
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Object && depth < 10; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.add(code);
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') messages.push(message);
    for (const inner of (e as { errors?: unknown[] }).errors ?? []) {
      const innerCode = (inner as { code?: unknown }).code;
      if (typeof innerCode === 'string') codes.add(innerCode);
    }
  }
  return { codes, messages: messages.join(' ') };
}

/** The one line for a failure to open or migrate the database at DATABASE_URL, or null when it is another failure. */
export function databaseStartupProblem(error: unknown, databaseUrl: string | undefined): StartupProblem | null {
  if (!databaseUrl) return null;
  const setting = `DATABASE_URL ${printableDatabaseUrl(databaseUrl)}`;
  const url = safeUrl(databaseUrl);
  const server = url ? `${url.hostname || 'localhost'}:${url.port || '5432'}` : 'the server';
  const database = url ? decodeURIComponent(url.pathname.slice(1)) || 'postgres' : 'the database';
  const { codes, messages } = codesOf(error);
  if (codes.has('ECONNREFUSED')) {
    return new StartupProblem(
      `${setting}: nothing answers at ${server} (connection refused). Start PostgreSQL there, or unset DATABASE_URL to use the embedded database.`,
    );
  }
  if (codes.has('ENOTFOUND') || codes.has('EAI_AGAIN')) {
    return new StartupProblem(`${setting}: the host ${url?.hostname ?? ''} cannot be found. Check the host in DATABASE_URL.`);
  }
  if (codes.has('3D000')) {
    return new StartupProblem(
      `${setting}: the database "${database}" does not exist on ${server}. Create it (createdb "${database}"), or point DATABASE_URL at one that does.`,
    );
  }
  if (codes.has('28P01') || codes.has('28000')) {
    return new StartupProblem(
      `${setting}: PostgreSQL refused the user "${url ? decodeURIComponent(url.username) : ''}" (${codes.has('28P01') ? 'wrong password' : 'not allowed in'}). Check the user and password in DATABASE_URL.`,
    );
  }
  if (codes.has('ETIMEDOUT') || /timeout exceeded when trying to connect/i.test(messages)) {
    return new StartupProblem(`${setting}: ${server} did not answer in time. Check that PostgreSQL runs there and that this machine may reach it.`);
  }
  if (codes.has('57P03')) {
    return new StartupProblem(`${setting}: PostgreSQL at ${server} is starting up or shutting down. Start Equip again once it accepts connections.`);
  }
  return null;
}

function safeUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
