/**
 * The server log and its file, read by Server Logs (/admin/advanced/log-viewer): pino writes JSON lines to standard
 * output and, through a second transport target, to LOG_FILE. Tests log nothing unless they set LOG_FILE and a level
 * themselves, and then only to that file.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { AppConfig } from '../../config';
import { redactUrlsIn } from '../../lib/redact';

/** The log holds paths, addresses and errors: only the server's own account reads the file. */
export const LOG_FILE_MODE = 0o600;

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The Fastify logger, or false for none. Every line is written with the secrets of any URL in it redacted
 * (lib/redact.ts): request URLs, error messages and stacks, and whatever else a log call passes.
 */
export function serverLogger(config: AppConfig): LoggerOptions | false {
  const file = logFilePath(config);
  if (config.LOG_LEVEL === 'silent' || (config.isTest && file === null)) return false;
  if (file !== null) preparePrivateLogFile(file);
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]'],
    serializers: { err: (error: Error) => stdSerializers.err(withoutQueryParameters(error)) },
    hooks: { streamWrite: redactUrlsIn },
    // Readable lines while developing; JSON lines (for log collectors) in production; and LOG_FILE for Server Logs.
    ...loggerOutput(config),
  };
}

/** A failed query as the log shows it: its statement and the driver's error, named as drizzle names it. */
class DrizzleQueryFailure extends Error {
  override name = 'DrizzleQueryError';
}

/**
 * A failed query's parameters are what people typed and the keys they hold (a session id, when the database is away
 * as a session is read): the log keeps the statement and the driver's error, and leaves the parameters out of the
 * message and the stack, where drizzle writes them.
 */
export function withoutQueryParameters(error: Error): Error {
  if (!(error instanceof DrizzleQueryError)) return error;
  const failure = new DrizzleQueryFailure(`Failed query: ${error.query}`, { cause: error.cause });
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  failure.stack = [`${failure.name}: ${failure.message}`, ...frames].join('\n');
  return failure;
}

/** Creates the log file (and its folder) private to this account, and narrows the mode of a file made earlier. */
export function preparePrivateLogFile(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', LOG_FILE_MODE));
  try {
    chmodSync(file, LOG_FILE_MODE);
  } catch (error) {
    // Another account's file: this one may write to it but not change its mode, which is then its owner's choice.
    if (!(error instanceof Error && 'code' in error && error.code === 'EPERM')) throw error;
  }
}

/** The log file in use, or null when the log goes to standard output only. */
export function logFilePath(config: Pick<AppConfig, 'LOG_FILE' | 'DATA_DIR' | 'isTest'>): string | null {
  if (config.LOG_FILE !== undefined) return config.LOG_FILE.toLowerCase() === 'off' ? null : config.LOG_FILE;
  return config.isTest ? null : path.join(config.DATA_DIR, 'logs', 'equip.log');
}

type LoggerOutput = Pick<LoggerOptions, 'transport'>;

/**
 * Where the logger writes: readable lines while developing at a terminal, else JSON lines on standard output;
 * plus the log file (JSON lines) when there is one. Tests write to their file only.
 */
export function loggerOutput(config: AppConfig): LoggerOutput {
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  const file = logFilePath(config);
  if (!file) return pretty ? { transport: { target: 'pino-pretty' } } : {};
  const level = config.LOG_LEVEL;
  const toFile = { target: 'pino/file', level, options: { destination: path.resolve(file), mkdir: true, mode: LOG_FILE_MODE } };
  if (config.isTest) return { transport: { targets: [toFile] } };
  const toStandardOutput = pretty ? { target: 'pino-pretty', level, options: {} } : { target: 'pino/file', level, options: { destination: 1 } };
  return { transport: { targets: [toStandardOutput, toFile] } };
}

/** Bytes read from the end of the file by Server Logs: older lines are not shown. */
export const TAIL_BYTES = 4 * 1024 * 1024;

export interface LogTail {
  /** The lines, oldest first. */
  lines: string[];
  /** The file is larger than what was read. */
  truncated: boolean;
}

/** The lines in the last `maxBytes` of the file (null when it does not exist). */
export async function readLogTail(file: string, maxBytes = TAIL_BYTES): Promise<LogTail | null> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return null;
  }
  const start = Math.max(0, size - maxBytes);
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const lines = buffer.toString('utf8').split('\n');
    // A read that starts mid-file starts mid-line: that first piece is dropped.
    if (start > 0) lines.shift();
    return { lines: lines.filter((line) => line.trim() !== ''), truncated: start > 0 };
  } finally {
    await handle.close();
  }
}
