/**
 * The server log file read by Server Logs (/admin/advanced/log-viewer): pino writes JSON lines to standard output and,
 * through a second transport target, to LOG_FILE. Tests never write one unless they set LOG_FILE themselves.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../../config';

/** The log file in use, or null when the log goes to standard output only. */
export function logFilePath(config: Pick<AppConfig, 'LOG_FILE' | 'DATA_DIR' | 'isTest'>): string | null {
  if (config.LOG_FILE !== undefined) return config.LOG_FILE.toLowerCase() === 'off' ? null : config.LOG_FILE;
  return config.isTest ? null : path.join(config.DATA_DIR, 'logs', 'equip.log');
}

type LoggerOutput = Pick<Exclude<FastifyServerOptions['logger'], boolean | undefined>, 'transport'>;

/**
 * Where the logger writes: readable lines while developing at a terminal, else JSON lines on standard output;
 * plus the log file (JSON lines) when there is one.
 */
export function loggerOutput(config: AppConfig): LoggerOutput {
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  const file = logFilePath(config);
  if (!file) return pretty ? { transport: { target: 'pino-pretty' } } : {};
  const level = config.LOG_LEVEL;
  return {
    transport: {
      targets: [
        pretty ? { target: 'pino-pretty', level, options: {} } : { target: 'pino/file', level, options: { destination: 1 } },
        { target: 'pino/file', level, options: { destination: path.resolve(file), mkdir: true } },
      ],
    },
  };
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
